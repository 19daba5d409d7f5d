package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): a given name and a surname. */
final class GivenAndSurnameCue extends NameCue {
    static final GivenAndSurnameCue INSTANCE = new GivenAndSurnameCue();

    private GivenAndSurnameCue() {}

    @Override
    public String name() {
        return "names.given-and-surname";
    }

    @Override
    public String rule() {
        return "a given name and a surname";
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
        return t.cap()
                && given(k)
                && i + 1 < n
                && adjacent(text, t, toks.get(i + 1))
                && surnameLike(toks.get(i + 1))
                && toks.get(i + 1).cap()
                && (!sentenceStart
                        || (surname(key(toks.get(i + 1).lower()))
                                && !common(key(toks.get(i + 1).lower()))
                                && !place(key(toks.get(i + 1).lower())))
                        || (!VERBLIKE.contains(k)
                                && (!common(k) || FREQUENT.contains(k))
                                && unknownCap(
                                        toks.get(i + 1), key(toks.get(i + 1).lower())))
                        || (i + 2 < n
                                && adjacent(text, toks.get(i + 1), toks.get(i + 2))
                                && !common(key(toks.get(i + 1).lower()))
                                && VERBISH.contains(toks.get(i + 2).lower())
                                && !toks.get(i + 2).cap()));
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "Will Turner", "Ben Salah", "Hope Ogundipe is my mum"
    }
}
