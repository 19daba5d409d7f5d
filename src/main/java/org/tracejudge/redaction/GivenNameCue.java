package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): a given name that is nothing else. */
final class GivenNameCue extends NameCue {
    static final GivenNameCue INSTANCE = new GivenNameCue();

    private GivenNameCue() {}

    @Override
    public String name() {
        return "names.given-name";
    }

    @Override
    public String rule() {
        return "a given name that is nothing else";
    }

    @Override
    public boolean applies(NameToken a) {
        String text = a.text;
        List<Tok> toks = a.toks;
        int n = a.n;
        int i = a.i;
        Tok t = a.t;
        String k = a.k;
        boolean sentenceStart = a.sentenceStart;
        boolean shouting = a.shouting;
        boolean foreign = a.foreign;
        boolean lowerNames = a.lowerNames;
        Set<String> stops = a.stops;
        return strongGiven(k)
                && !(t.allCaps() && !shouting)
                && (!foreign
                        || (lowerNames && NameLists.GIVEN_CORE.contains(k)) // not the US baby names
                        || (t.cap() && !sentenceStart)
                        || (t.cap()
                                && i + 1 < n
                                && adjacent(text, t, toks.get(i + 1))
                                && stops.contains(toks.get(i + 1).lower())
                                && !NameLists.WORDS.contains(k)));
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // in French, Spanish, German text a listed name in lower case may be a word there
    }
}
