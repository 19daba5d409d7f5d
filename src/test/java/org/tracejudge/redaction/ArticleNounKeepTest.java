package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** ArticleNounKeep: a lower-case noun after an article; the decision names the keep. */
class ArticleNounKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(ArticleNounKeep.INSTANCE, "a bit of a wobble", "wobble");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(ArticleNounKeep.INSTANCE.name(), "Mrs Patel rang me");
    }
}
