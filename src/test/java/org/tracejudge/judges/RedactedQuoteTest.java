package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.redaction.Redactor;

/**
 * A span's quote of the redacted case mapped back to the trace's text ({@link SchemeJudging#unredacted}), with the
 * real redactor: placeholders inside and at the ends of a quote, the same redacted sentence standing for two
 * different originals, and a quote the judge was never shown.
 */
class RedactedQuoteTest {
    private static final Redactor NAMES = new Redactor(List.of("Ann Lee", "Bob Ray"));

    @Test
    void aQuoteWithPlaceholdersCoversTheOriginalNames() {
        String user = "## Answer\nAnn Lee met Bob Ray. Then Ann Lee left.\n";
        Redactor.Result r = NAMES.redact(user);
        assertEquals("## Answer\n[NAME] met [NAME]. Then [NAME] left.\n", r.text());
        String answer = "Ann Lee met Bob Ray. Then Ann Lee left.";
        assertArrayEquals(
                new int[] {8, answer.length()},
                SchemeJudging.unredacted(answer, "met [NAME]. Then [NAME] left.", user, r),
                "placeholders inside and at the end");
        assertArrayEquals(
                new int[] {0, 19}, SchemeJudging.unredacted(answer, "[NAME] met [NAME]", user, r), "at both ends");
        assertArrayEquals(
                new int[] {0, 7},
                SchemeJudging.unredacted(answer, "[NAME]", user, r),
                "a placeholder alone: the first name the judge saw in its place");
        assertArrayEquals(
                new int[] {8, 19},
                SchemeJudging.unredacted(answer, "met   [NAME]", user, r),
                "runs of whitespace counted as one");
    }

    @Test
    void theSameRedactedSentenceIsLookedUpWhereItStandsForTheTargetsText() {
        String user = "user: Bob Ray said hi.\nanswer: Ann Lee said hi.\n";
        Redactor.Result r = NAMES.redact(user);
        String answer = "Ann Lee said hi.";
        // the first place the judge saw it stands for Bob Ray, which the answer does not have: the second one is
        assertArrayEquals(new int[] {0, 16}, SchemeJudging.unredacted(answer, "[NAME] said hi.", user, r));
        assertNull(SchemeJudging.unredacted(answer, "Bob Ray said hi.", user, r), "never shown to the judge");
        assertNull(SchemeJudging.unredacted(answer, "[EMAIL] said hi.", user, r), "not what the judge saw");
    }

    @Test
    void positionsOutsidePlaceholdersShiftByWhatCameBefore() {
        String user = "Ann Lee and Bob Ray";
        Redactor.Result r = NAMES.redact(user);
        assertEquals("[NAME] and [NAME]", r.text());
        assertEquals(0, SchemeJudging.original(r, 0, true));
        assertEquals(7, SchemeJudging.original(r, 6, false), "the end of a placeholder: the end of its name");
        assertEquals(7, SchemeJudging.original(r, 6, true), "just after a placeholder");
        assertEquals(7, SchemeJudging.original(r, 3, false), "inside one, an end goes to the name's end");
        assertEquals(0, SchemeJudging.original(r, 3, true), "and a start to the name's start");
        assertEquals(12, SchemeJudging.original(r, 11, true), "the second name's start");
        assertEquals(12, SchemeJudging.original(r, 11, false), "an end right before a placeholder stays before it");
        assertEquals(user.length(), SchemeJudging.original(r, r.text().length(), false));
    }
}
