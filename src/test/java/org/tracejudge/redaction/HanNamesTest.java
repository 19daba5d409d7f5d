package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link HanNames}: the Han characters after a Chinese self-introduction are a name, wherever they recur. */
class HanNamesTest {
    private final Redactor r = new Redactor();

    @Test
    void aChineseSelfIntroductionIsTakenWhereverTheNameRecurs() {
        String text = "你好，我叫王小明。王小明很难过。";
        Redactor.Result res = RedactionAsserts.hides(r, text, "王小明");
        assertTrue(res.count(Redactor.Kind.NAME) >= 2, res.spans().toString());
        assertTrue(!res.text().contains("王小明"), res.text());
    }
}
