package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import org.tracejudge.redaction.Names.Tok;

/** A keep rule of the name recognizer ({@link NameKeep}): a capitalised word after a count is what is counted ("30 Minuten", "3 Tabletten"). */
final class CountedThingKeep extends NameKeep {
    static final CountedThingKeep INSTANCE = new CountedThingKeep();

    private CountedThingKeep() {}

    @Override
    public String name() {
        return "names.keep.counted-thing";
    }

    @Override
    public String reason() {
        return "a capitalised word after a count is what is counted (\"30 Minuten\", \"3 Tabletten\")";
    }

    @Override
    public int next(NameToken a) {
        Tok t = a.t;
        int i = a.i;
        return !a.scan.strict
                        && t.cap()
                        && !given(a.k)
                        && i > 0
                        && digitsRightBefore(a.text, t.start())
                        && !strongCue(a.before, a.text, a.toks, i)
                ? i + 1
                : -1;
    }

    /** Whether a number and one space stand right before {@code at} ("30 Minuten"; not "Flat 3, Rose" nor "£30"). */
    static boolean digitsRightBefore(String text, int at) {
        return at >= 2
                && text.charAt(at - 1) == ' '
                && Character.isDigit(text.charAt(at - 2))
                && (at < 3
                        || Character.isDigit(text.charAt(at - 3))
                        || Character.isWhitespace(text.charAt(at - 3))
                        || at == 2);
    }
}
