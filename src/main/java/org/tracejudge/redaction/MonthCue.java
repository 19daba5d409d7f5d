package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

/** A cue of the name recognizer ({@link NameCue}): a month with no cue. */
final class MonthCue extends NameCue {
    static final MonthCue INSTANCE = new MonthCue();

    private MonthCue() {}

    @Override
    public String name() {
        return "names.month";
    }

    @Override
    public String rule() {
        return "a month with no cue";
    }

    @Override
    public boolean applies(NameToken a) {
        boolean month = a.month;
        return month;
    }

    @Override
    public boolean starts(NameToken a) {
        return false; // a month is a name only after an introduction, title, sign-off or relation
    }
}
