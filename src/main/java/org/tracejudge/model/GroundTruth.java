package org.tracejudge.model;

import java.util.List;

/** What a correct answer must (and must not) contain; {@code matchMode} is "all" or "any". */
public record GroundTruth(List<String> mustContain, String matchMode, List<String> mustNotContain) {
    public GroundTruth {
        mustContain = mustContain == null ? List.of() : List.copyOf(mustContain);
        mustNotContain = mustNotContain == null ? List.of() : List.copyOf(mustNotContain);
        matchMode = matchMode == null ? "all" : matchMode;
    }

    public static final GroundTruth NONE = new GroundTruth(List.of(), "all", List.of());
}
