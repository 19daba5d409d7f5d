package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): two capitalised words in no word list. */
final class TwoUnknownCapsCue extends NameCue {
    static final TwoUnknownCapsCue INSTANCE = new TwoUnknownCapsCue();

    private TwoUnknownCapsCue() {}

    @Override
    public String name() {
        return "names.two-unknown-caps";
    }

    @Override
    public String rule() {
        return "two capitalised words in no word list";
    }

    @Override
    public boolean applies(NameToken a) {
        String text = a.text;
        List<Tok> toks = a.toks;
        int n = a.n;
        int i = a.i;
        Tok t = a.t;
        String k = a.k;
        boolean german = a.german;
        return unknownCap(t, k)
                && !german // "Sozialpsychiatrischer Dienst": in German an adjective and a noun
                && (given(k) || surname(k) || !NameLists.CITIES.contains(k)) // "to Manchester Piccadilly"
                && i + 1 < n
                && adjacent(text, t, toks.get(i + 1))
                && (unknownCap(toks.get(i + 1), key(toks.get(i + 1).lower()))
                        || (toks.get(i + 1).cap()
                                && surname(key(toks.get(i + 1).lower()))
                                && !common(key(toks.get(i + 1).lower()))));
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "Ananya Krishnamurthy": two capitalised words in no word list
    }
}
