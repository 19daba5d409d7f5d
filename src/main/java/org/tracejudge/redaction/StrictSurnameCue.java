package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): strict: a capitalised surname. */
final class StrictSurnameCue extends NameCue {
    static final StrictSurnameCue INSTANCE = new StrictSurnameCue();

    private StrictSurnameCue() {}

    @Override
    public String name() {
        return "names.strict-surname";
    }

    @Override
    public String rule() {
        return "strict: a capitalised surname";
    }

    @Override
    public boolean applies(NameToken a) {
        Scan h = a.scan;
        Tok t = a.t;
        String k = a.k;
        return h.strict
                && t.cap()
                && !t.allCaps()
                && k.length() >= 3
                && surname(k)
                && !given(k)
                && !common(k)
                && !place(k);
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // a capitalised surname alone ("Okafor")
    }
}
