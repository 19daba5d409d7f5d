package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): a lower-case word after a verb for people. */
final class LowerAfterVerbCue extends NameCue {
    static final LowerAfterVerbCue INSTANCE = new LowerAfterVerbCue();

    private LowerAfterVerbCue() {}

    @Override
    public String name() {
        return "names.lower-after-verb";
    }

    @Override
    public String rule() {
        return "a lower-case word after a verb for people";
    }

    @Override
    public boolean applies(NameToken a) {
        Tok t = a.t;
        String k = a.k;
        String before = a.before;
        int[] starts = a.starts;
        boolean german = a.german;
        return !t.cap()
                && k.length() >= 3
                && !common(k)
                && (!place(k) || given(k))
                && !SLANG.contains(k)
                && !drug(k)
                && k.chars().allMatch(Character::isLetter)
                && !german // "die Nummer vom Weißen Ring gegeben"
                && cue(PEOPLE_VERB_LOWER, before, starts);
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "tell kwame", "text chidi": an unknown word in lower case after a verb for people
    }
}
