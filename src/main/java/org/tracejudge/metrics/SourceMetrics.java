package org.tracejudge.metrics;

import java.util.List;

/** The metrics of every model from one label source (a rater, {@code ensemble} or {@code final}). */
public record SourceMetrics(String source, List<ModelMetrics> models) {
    public ModelMetrics model(String name) {
        for (ModelMetrics m : models) {
            if (m.model().equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("no model '" + name + "'; models: "
                + String.join(", ", models.stream().map(ModelMetrics::model).toList()));
    }

    /** A two-proportion z-test of one rate between two models; null when either denominator is empty. */
    public Proportions.ZTest compare(String modelA, String modelB, String rate) {
        Rate a = model(modelA).rate(rate);
        Rate b = model(modelB).rate(rate);
        return Proportions.twoProportion(a.count(), a.denominator(), b.count(), b.denominator());
    }
}
