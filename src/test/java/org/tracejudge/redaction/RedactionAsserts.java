package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Assertions the redaction tests share: a detail hidden whole, a text left alone. */
final class RedactionAsserts {
    private RedactionAsserts() {}

    /** Every letter and digit of {@code detail} (its first occurrence in {@code text}) lies inside a redacted span. */
    static Redactor.Result hides(Redactor r, String text, String detail) {
        Redactor.Result res = r.redact(text);
        int at = text.indexOf(detail);
        assertTrue(at >= 0, detail);
        for (int i = at; i < at + detail.length(); i++) {
            final int c = i;
            assertTrue(
                    !Character.isLetterOrDigit(text.charAt(i))
                            || res.spans().stream().anyMatch(s -> s.start() <= c && c < s.end()),
                    text + " -> " + res.text());
        }
        return res;
    }

    /** Nothing in {@code text} is redacted. */
    static void leaves(Redactor r, String text) {
        Redactor.Result res = r.redact(text);
        assertEquals(text, res.text(), res.spans().toString());
    }
}
