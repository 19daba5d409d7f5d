package org.tracejudge.model;

/** Where a rater's verdicts come from. */
public enum RaterKind {
    RULE("rule"),
    LLM_JUDGE("llm-judge"),
    HUMAN("human"),
    IMPORTED("imported");

    private final String code;

    RaterKind(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    public static RaterKind fromCode(String code) {
        for (RaterKind k : values()) {
            if (k.code.equals(code)) {
                return k;
            }
        }
        throw new IllegalArgumentException(
                "unknown rater kind '" + code + "' (expected rule, llm-judge, human or imported)");
    }
}
