package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): a given name after a greeting or a verb. */
final class GreetingOrVerbCue extends NameCue {
    static final GreetingOrVerbCue INSTANCE = new GreetingOrVerbCue();

    private GreetingOrVerbCue() {}

    @Override
    public String name() {
        return "names.greeting-or-verb";
    }

    @Override
    public String rule() {
        return "a given name after a greeting or a verb";
    }

    @Override
    public boolean applies(NameToken a) {
        Tok t = a.t;
        String k = a.k;
        String before = a.before;
        int[] starts = a.starts;
        boolean sentenceStart = a.sentenceStart;
        boolean foreign = a.foreign;
        return (cue(WEAK, before, starts) || cue(VERB, before, starts))
                && given(k)
                && ((t.cap() && !sentenceStart) || !common(k))
                && !place(k)
                && (!foreign || t.cap() || NameLists.GIVEN.contains(k));
    }

    @Override
    public boolean starts(NameToken a) {
        return true;
    }
}
