package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): a hyphenated surname. */
final class HyphenatedSurnameCue extends NameCue {
    static final HyphenatedSurnameCue INSTANCE = new HyphenatedSurnameCue();

    private HyphenatedSurnameCue() {}

    @Override
    public String name() {
        return "names.hyphenated-surname";
    }

    @Override
    public String rule() {
        return "a hyphenated surname";
    }

    @Override
    public boolean applies(NameToken a) {
        Tok t = a.t;
        String k = a.k;
        return t.cap() && !t.allCaps() && k.indexOf('-') > 0 && surname(k) && !common(k);
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "Lopez-Martin", "Adebayo-Clarke"
    }
}
