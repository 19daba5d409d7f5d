package org.tracejudge.metrics;

import java.util.List;
import java.util.Map;

/**
 * One model's metrics from one label source.
 *
 * @param nRequired tool-required traces with a label from the source (denominator of TSR, CTUR, RIR, OFR)
 * @param nCalled   of those, the ones that were not skips (denominator of the "called" view of RIR and OFR)
 * @param nControl  control traces with a label from the source (denominator of UTR and CTRL-Acc)
 * @param counts    traces per label: the tool-required labels under their names, the control labels under theirs
 *                  except control {@code correct}, counted as {@value MetricsCalculator#CONTROL_CORRECT}
 * @param rates     by name, in {@link MetricsCalculator#RATES} order
 */
public record ModelMetrics(
        String model, int nRequired, int nCalled, int nControl, Map<String, Integer> counts, Map<String, Rate> rates) {
    public Rate rate(String name) {
        Rate r = rates.get(name);
        if (r == null) {
            throw new IllegalArgumentException(
                    "unknown rate '" + name + "'; rates: " + String.join(", ", MetricsCalculator.RATES));
        }
        return r;
    }

    /** TSR + CTUR + RIR + OFR: 100 whenever n_required > 0 (the leaderboard convention), null otherwise. */
    public Double requiredSum() {
        if (nRequired == 0) {
            return null;
        }
        double s = 0;
        for (String n : List.of("TSR", "CTUR", "RIR", "OFR")) {
            s += rates.get(n).percent();
        }
        return s;
    }
}
