package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): strict: a capitalised given name. */
final class StrictGivenNameCue extends NameCue {
    static final StrictGivenNameCue INSTANCE = new StrictGivenNameCue();

    private StrictGivenNameCue() {}

    @Override
    public String name() {
        return "names.strict-given-name";
    }

    @Override
    public String rule() {
        return "strict: a capitalised given name";
    }

    @Override
    public boolean applies(NameToken a) {
        Scan h = a.scan;
        Tok t = a.t;
        String k = a.k;
        return h.strict && given(k) && t.cap();
    }

    @Override
    public boolean starts(NameToken a) {
        return true;
    }
}
