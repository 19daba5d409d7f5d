package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.regex.Pattern;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): after an introduction (my name is, called). */
final class IntroductionCue extends NameCue {
    static final IntroductionCue INSTANCE = new IntroductionCue();

    private IntroductionCue() {}

    @Override
    public String name() {
        return "names.introduction";
    }

    @Override
    public String rule() {
        return "after an introduction (my name is, called)";
    }

    @Override
    public boolean applies(NameToken a) {
        String before = a.before;
        int[] starts = a.starts;
        return cue(STRONG, before, starts);
    }

    @Override
    public boolean starts(NameToken a) {
        Tok t = a.t;
        String k = a.k;
        String before = a.before;
        int[] starts = a.starts;
        boolean loose = cue(LOOSE_INTRO, before, starts); // "called", "named": also said of things
        return loose
                ? (given(k) && (t.cap() || !common(k))) || (t.cap() && !common(k) && !place(k))
                : given(k) || (surname(k) && !common(k)) || (!common(k) && !place(k));
    }

    static final Pattern LOOSE_INTRO = Pattern.compile("(?iu)\\b(?:named|called|goes\\s+by|known\\s+as|"
            + "named\\s+(?:him|her|them)|called\\s+(?:him|her|them))" + S + "$");
}
