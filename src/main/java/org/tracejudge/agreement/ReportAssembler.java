package org.tracejudge.agreement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Turns point estimates and bootstrap intervals into an {@link AgreementReport} with warnings. */
final class ReportAssembler {
    static final int MIN_N = 30;
    static final double MAX_HALF_WIDTH = 0.1;

    private ReportAssembler() {}

    /**
     * @param intervals  per {@link Coefficients#vector} index, or null when no bootstrap was run
     */
    /** When κ and AC1 part by more than 0.2, why (calibration.md: the kappa paradox). */
    static String prevalenceNote(Double kappa, Double ac1) {
        if (kappa == null || ac1 == null || Math.abs(kappa - ac1) <= 0.2) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "kappa %.3f and AC1 %.3f differ by more than 0.2: one label dominates, which "
                        + "lowers kappa's chance-corrected figure while the raters mostly agree (the kappa paradox)",
                kappa,
                ac1);
    }

    static AgreementReport assemble(PointEstimates pe, Interval[] intervals, AgreementReport.BootstrapInfo info) {
        int p = pe.pairwise().size();
        int l = pe.labels().size();
        List<AgreementReport.Warning> warnings = new ArrayList<>();
        List<AgreementReport.Pair> pairs = new ArrayList<>();
        for (int q = 0; q < p; q++) {
            CohenResult r = pe.pairwise().get(q);
            Interval iv = at(intervals, q);
            pairs.add(pair(r, iv, true));
            warn(warnings, "kappa " + r.raterA() + "/" + r.raterB(), r.n(), r.kappa(), iv, r.se());
        }
        FleissResult f = pe.fleiss();
        Interval fi = at(intervals, p);
        Interval ac1i = intervals == null ? null : at(intervals, intervals.length - 1);
        AgreementReport.Fleiss fleiss = new AgreementReport.Fleiss(
                f.raters(),
                f.n(),
                f.kappa(),
                ci(fi, f.kappa()),
                f.note(),
                pe.ac1(),
                ci(ac1i, pe.ac1()),
                prevalenceNote(f.kappa(), pe.ac1()));
        warn(warnings, "Fleiss kappa " + f.raters(), f.n(), f.kappa(), fi, null);
        AlphaResult a = pe.alpha();
        Interval ai = at(intervals, p + 1);
        AgreementReport.Alpha alpha = new AgreementReport.Alpha(a.n(), a.value(), ci(ai, a.value()), a.note());
        warn(warnings, "alpha", a.n(), a.value(), ai, null);
        List<AgreementReport.Label> labels = new ArrayList<>();
        for (int k = 0; k < l; k++) {
            PerLabelResult pl = pe.perLabel().get(k);
            int base = p + 2 + k * (p + 1);
            List<AgreementReport.Pair> lp = new ArrayList<>();
            for (int q = 0; q < p; q++) {
                lp.add(pair(pl.pairwise().get(q), at(intervals, base + q), false));
            }
            FleissResult lf = pl.fleiss();
            labels.add(new AgreementReport.Label(
                    pl.label(),
                    pl.prevalence(),
                    lf.kappa(),
                    ci(at(intervals, base + p), lf.kappa()),
                    lf.note(),
                    lp,
                    pl.lowPrevalenceEffect(),
                    pl.lowPrevalenceNote()));
        }
        List<AgreementReport.Weighted> weighted = new ArrayList<>();
        int wBase = p + 2 + l * (p + 1);
        for (int j = 0; j < pe.weighted().size(); j++) {
            WeightedKappaResult w = pe.weighted().get(j);
            Interval wi = at(intervals, wBase + j);
            weighted.add(new AgreementReport.Weighted(
                    w.raterA(),
                    w.raterB(),
                    w.weighting().name().toLowerCase(Locale.ROOT),
                    w.n(),
                    w.kappa(),
                    ci(wi, w.kappa()),
                    w.note()));
        }
        return new AgreementReport(pe.raters(), pe.nItems(), pairs, fleiss, alpha, labels, weighted, warnings, info);
    }

    private static Interval at(Interval[] intervals, int i) {
        return intervals == null || i >= intervals.length ? null : intervals[i];
    }

    private static double[] ci(Interval iv, Double value) {
        return iv == null || value == null ? null : iv.asArray();
    }

    private static AgreementReport.Pair pair(CohenResult r, Interval iv, boolean withConfusion) {
        return new AgreementReport.Pair(
                r.raterA(),
                r.raterB(),
                r.n(),
                r.agreement(),
                r.kappa(),
                r.se(),
                ci(iv, r.kappa()),
                r.note(),
                withConfusion ? r.confusion() : null);
    }

    /**
     * Adds a warning when n &lt; 30 or the 95% half-width exceeds 0.1. The half-width is the
     * bootstrap interval's, else 1.96·SE. With SE ∝ 1/√n, reaching half-width h* = 0.1 needs
     * n·(h/h*)² items, i.e. ⌈n·((h/h*)² − 1)⌉ more.
     */
    static void warn(
            List<AgreementReport.Warning> out, String coefficient, long n, Double value, Interval iv, Double se) {
        if (value == null) {
            return;
        }
        Double h = iv != null ? Double.valueOf(iv.halfWidth()) : se != null ? Double.valueOf(1.96 * se) : null;
        boolean small = n < MIN_N;
        boolean wide = h != null && h > MAX_HALF_WIDTH;
        if (!small && !wide) {
            return;
        }
        Long more = null;
        if (wide && n > 0) {
            double ratio = h / MAX_HALF_WIDTH;
            more = (long) Math.ceil(n * (ratio * ratio - 1));
        }
        StringBuilder msg = new StringBuilder(coefficient);
        if (small) {
            msg.append(String.format(Locale.ROOT, ": only n = %d items (< %d)", n, MIN_N));
        }
        if (wide) {
            msg.append(String.format(
                    Locale.ROOT,
                    "%s 95%% half-width %.3f > %.1f; about %d more doubly-labelled "
                            + "items would bring it under %.1f",
                    small ? ";" : ":",
                    h,
                    MAX_HALF_WIDTH,
                    more,
                    MAX_HALF_WIDTH));
        }
        out.add(new AgreementReport.Warning(coefficient, n, h, more, msg.toString()));
    }
}
