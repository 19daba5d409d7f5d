package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.regex.Pattern;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): after a self-introduction (I'm). */
final class SelfIntroductionCue extends NameCue {
    static final SelfIntroductionCue INSTANCE = new SelfIntroductionCue();

    private SelfIntroductionCue() {}

    @Override
    public String name() {
        return "names.self-introduction";
    }

    @Override
    public String rule() {
        return "after a self-introduction (I'm)";
    }

    @Override
    public boolean applies(NameToken a) {
        String text = a.text;
        Tok t = a.t;
        String k = a.k;
        String before = a.before;
        int[] starts = a.starts;
        return t.cap()
                && !t.allCaps()
                && k.length() >= 3
                && !common(k)
                && !place(k)
                && !drug(k)
                && !ADJECTIVE.matcher(k).find()
                && cue(SELF_INTRO, before, starts)
                && CLAUSE_END.matcher(text).region(t.end(), text.length()).lookingAt();
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "I'm Ayodele but...", "this is Kemi."
    }

    static final Pattern CLAUSE_END = Pattern.compile(
            "(?iu)\\s*(?:[,.!?;:)\\n]|$|-|—|\\s(?:but|and|here|btw|again|" + "from|again|x+|y|et|und|e)\\b)");
}
