package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): after a verb for people. */
final class PeopleVerbCue extends NameCue {
    static final PeopleVerbCue INSTANCE = new PeopleVerbCue();

    private PeopleVerbCue() {}

    @Override
    public String name() {
        return "names.people-verb";
    }

    @Override
    public String rule() {
        return "after a verb for people";
    }

    @Override
    public boolean applies(NameToken a) {
        Tok t = a.t;
        String k = a.k;
        String before = a.before;
        int[] starts = a.starts;
        boolean sentenceStart = a.sentenceStart;
        return cue(PEOPLE_VERB, before, starts)
                && t.cap()
                && !t.allCaps()
                && !sentenceStart
                && !common(k)
                && !drug(k)
                && !place(k)
                && k.length() >= 3;
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "ask Chidi", "with Wanjiru"
    }
}
