package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

/** A cue of the name recognizer ({@link NameCue}): a word no title makes a person (Dr Google). */
final class NotAfterTitleCue extends NameCue {
    static final NotAfterTitleCue INSTANCE = new NotAfterTitleCue();

    private NotAfterTitleCue() {}

    @Override
    public String name() {
        return "names.not-after-title";
    }

    @Override
    public String rule() {
        return "a word no title makes a person (Dr Google)";
    }

    @Override
    public boolean applies(NameToken a) {
        String k = a.k;
        boolean titled = a.titled;
        return titled && NOT_AFTER_TITLE.contains(k);
    }

    @Override
    public boolean starts(NameToken a) {
        return false; // "Dr. Phil", "Dr Google"
    }
}
