package org.tracejudge.model;

import java.util.List;

/** A named set of labels a rater may give. Label sets are data: a project can define its own. */
public record LabelSet(String name, String description, List<String> labels) {
    public LabelSet {
        labels = List.copyOf(labels);
    }

    public boolean allows(String label) {
        return labels.contains(label);
    }
}
