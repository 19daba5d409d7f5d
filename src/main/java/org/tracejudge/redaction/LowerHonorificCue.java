package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): a lower-case given name before a respect word. */
final class LowerHonorificCue extends NameCue {
    static final LowerHonorificCue INSTANCE = new LowerHonorificCue();

    private LowerHonorificCue() {}

    @Override
    public String name() {
        return "names.lower-honorific";
    }

    @Override
    public String rule() {
        return "a lower-case given name before a respect word";
    }

    @Override
    public boolean applies(NameToken a) {
        String text = a.text;
        Tok t = a.t;
        String k = a.k;
        return !t.cap()
                && k.length() >= 3
                && given(k)
                && !VERBLIKE.contains(k)
                && !place(k)
                && HONORIFIC_AFTER.matcher(text).region(t.end(), text.length()).lookingAt();
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "asha aunty", "ritu di": a respect word after a lower-case given name
    }
}
