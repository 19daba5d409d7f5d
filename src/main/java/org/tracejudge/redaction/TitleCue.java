package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.regex.Pattern;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): after a title. */
final class TitleCue extends NameCue {
    static final TitleCue INSTANCE = new TitleCue();

    private TitleCue() {}

    @Override
    public String name() {
        return "names.title";
    }

    @Override
    public String rule() {
        return "after a title";
    }

    @Override
    public boolean applies(NameToken a) {
        boolean titled = a.titled;
        return titled;
    }

    @Override
    public boolean starts(NameToken a) {
        Tok t = a.t;
        String k = a.k;
        String before = a.before;
        boolean gaz = a.gaz;
        return !NOT_AFTER_TITLE.contains(k)
                && !(!t.cap() && common(k) && ROLE_TITLE_BEFORE.matcher(before).find()) // "nurse held my hand"
                && (gaz || (!common(k) && !place(k)) || (t.cap() && !common(k)));
    }

    /** A role written in lower case as a title ("the night nurse held"): a lower-case word after it is a verb. */
    static final Pattern ROLE_TITLE_BEFORE = Pattern.compile(
            "(?iu)(?<![\\p{L}])(?:nurse|doctor|sister|coach|officer|pastor|matron|midwife|teacher)\\s+$");
}
