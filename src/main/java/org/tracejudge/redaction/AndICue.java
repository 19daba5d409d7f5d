package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): before \"and I\". */
final class AndICue extends NameCue {
    static final AndICue INSTANCE = new AndICue();

    private AndICue() {}

    @Override
    public String name() {
        return "names.and-i";
    }

    @Override
    public String rule() {
        return "before \"and I\"";
    }

    @Override
    public boolean applies(NameToken a) {
        String text = a.text;
        Tok t = a.t;
        String k = a.k;
        return (given(k)
                        || (unknownCap(t, k)
                                || (t.cap() && !t.allCaps() && k.length() >= 3 && !common(k) && !place(k) && !drug(k))))
                && (t.cap() || !common(k))
                && AND_I.matcher(text).region(t.end(), text.length()).lookingAt();
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "Will and I argued", "Aled and me had a row"
    }
}
