package org.tracejudge.agreement;

/**
 * Krippendorff's alpha (nominal) over every item with at least two labels.
 *
 * @param n                      items with ≥ 2 labels (pairable items)
 * @param pairableValues         labels on those items (Krippendorff's n..)
 * @param observedDisagreement   D_o
 * @param expectedDisagreement   D_e
 * @param value                  alpha, null when undefined (see {@code note})
 */
public record AlphaResult(
        long n,
        long pairableValues,
        Double observedDisagreement,
        Double expectedDisagreement,
        Double value,
        String note) {}
