package org.tracejudge.agreement;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Counts of items by (label given by rater a, label given by rater b): rows are rater a,
 * columns rater b, both in the order of {@code labels}.
 */
public record ConfusionMatrix(
        @JsonProperty("labels") List<String> labels,
        @JsonProperty("counts") long[][] counts) {
    public long count(String labelA, String labelB) {
        return counts[labels.indexOf(labelA)][labels.indexOf(labelB)];
    }

    static ConfusionMatrix of(List<String> labels, long[] flat) {
        int l = labels.size();
        long[][] c = new long[l][l];
        for (int i = 0; i < l; i++) {
            System.arraycopy(flat, i * l, c[i], 0, l);
        }
        return new ConfusionMatrix(List.copyOf(labels), c);
    }
}
