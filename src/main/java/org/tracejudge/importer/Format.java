package org.tracejudge.importer;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The file formats {@code import} understands (see shared/spec/formats.md). */
public enum Format {
    AUTO("auto"),
    TOOLFAILBENCH_TASKS("toolfailbench-tasks"),
    TOOLFAILBENCH_RESULTS("toolfailbench-results"),
    TOOLFAILBENCH_JUDGE("toolfailbench-judge"),
    OPENAI("openai"),
    ANTHROPIC("anthropic"),
    TOOLHAYSTACK("toolhaystack"),
    DIABENCH("diabench"),
    TRACEJUDGE("tracejudge"),
    NLT_SCENARIO("nlt-scenario"),
    NLT("nlt"),
    OTLP("otlp"),
    LANGFUSE("langfuse"),
    INSPECT("inspect"),
    ATIF("atif"),
    SWE_AGENT("swe-agent");

    private final String code;

    Format(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    @Override
    public String toString() {
        return code;
    }

    public static Format fromCode(String code) {
        for (Format f : values()) {
            if (f.code.equalsIgnoreCase(code)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown format '" + code + "' (expected one of " + codes() + ")");
    }

    public static String codes() {
        return Arrays.stream(values()).map(Format::code).collect(Collectors.joining(", "));
    }

    /** Phase in which files of this format are written: tasks, then traces, then verdicts about traces. */
    int phase() {
        return switch (this) {
            case TOOLFAILBENCH_TASKS, NLT_SCENARIO -> 0;
            case TOOLFAILBENCH_JUDGE -> 2;
            default -> 1;
        };
    }
}
