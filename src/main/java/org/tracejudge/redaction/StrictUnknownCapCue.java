package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): strict: a capitalised word in no word list. */
final class StrictUnknownCapCue extends NameCue {
    static final StrictUnknownCapCue INSTANCE = new StrictUnknownCapCue();

    private StrictUnknownCapCue() {}

    @Override
    public String name() {
        return "names.strict-unknown-cap";
    }

    @Override
    public String rule() {
        return "strict: a capitalised word in no word list";
    }

    @Override
    public boolean applies(NameToken a) {
        Scan h = a.scan;
        Tok t = a.t;
        String k = a.k;
        boolean sentenceStart = a.sentenceStart;
        return h.strict && t.cap() && !sentenceStart && !common(k) && k.length() >= 2;
    }

    @Override
    public boolean starts(NameToken a) {
        return true;
    }
}
