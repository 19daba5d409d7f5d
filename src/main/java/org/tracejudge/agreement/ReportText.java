package org.tracejudge.agreement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Plain-text tables for an {@link AgreementReport}. */
public final class ReportText {
    private ReportText() {}

    public static String render(AgreementReport r) {
        StringBuilder sb = new StringBuilder();
        sb.append("Raters: ")
                .append(String.join(", ", r.raters()))
                .append("   items: ")
                .append(r.nItems());
        if (r.bootstrap() != null) {
            sb.append("   95% CI: ")
                    .append(r.bootstrap().method())
                    .append(", ")
                    .append(r.bootstrap().resamples())
                    .append(" resamples, seed ")
                    .append(r.bootstrap().seed());
        }
        sb.append("\n\nPairwise\n");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"a", "b", "n", "p_o", "kappa", "SE", "95% CI", "note"});
        for (AgreementReport.Pair p : r.pairwise()) {
            rows.add(new String[] {
                p.a(),
                p.b(),
                Long.toString(p.n()),
                num(p.agreement()),
                num(p.kappa()),
                num(p.se()),
                ci(p.ci95()),
                nz(p.note())
            });
        }
        table(sb, rows);
        sb.append("\nFleiss' kappa and Gwet's AC1 (same items)\n");
        rows = new ArrayList<>();
        rows.add(new String[] {"raters", "n", "kappa", "95% CI", "AC1", "95% CI", "note"});
        AgreementReport.Fleiss f = r.fleiss();
        rows.add(new String[] {
            String.join(",", f.raters()),
            Long.toString(f.n()),
            num(f.kappa()),
            ci(f.ci95()),
            num(f.ac1()),
            ci(f.ac1Ci95()),
            nz(f.note())
        });
        table(sb, rows);
        if (f.prevalenceNote() != null) {
            sb.append("note: ").append(f.prevalenceNote()).append('\n');
        }
        sb.append("\nKrippendorff's alpha (nominal)\n");
        rows = new ArrayList<>();
        rows.add(new String[] {"n", "alpha", "95% CI", "note"});
        AgreementReport.Alpha a = r.alpha();
        rows.add(new String[] {Long.toString(a.n()), num(a.value()), ci(a.ci95()), nz(a.note())});
        table(sb, rows);
        sb.append("\nPer label (one vs rest)\n");
        rows = new ArrayList<>();
        rows.add(new String[] {"label", "prevalence", "Fleiss kappa", "95% CI", "pair", "p_o", "kappa", "95% CI", "note"
        });
        for (AgreementReport.Label l : r.perLabel()) {
            boolean first = true;
            for (AgreementReport.Pair p : l.pairwise()) {
                rows.add(new String[] {
                    first ? l.label() : "",
                    first ? String.format(Locale.ROOT, "%.1f%%", 100 * l.prevalence()) : "",
                    first ? num(l.fleissKappa()) : "",
                    first ? ci(l.fleissCi95()) : "",
                    p.a() + "/" + p.b(),
                    num(p.agreement()),
                    num(p.kappa()),
                    ci(p.ci95()),
                    nz(p.note())
                });
                first = false;
            }
            if (first) {
                rows.add(new String[] {
                    l.label(),
                    String.format(Locale.ROOT, "%.1f%%", 100 * l.prevalence()),
                    num(l.fleissKappa()),
                    ci(l.fleissCi95()),
                    "",
                    "",
                    "",
                    "",
                    nz(l.fleissNote())
                });
            }
        }
        table(sb, rows);
        for (AgreementReport.Label l : r.perLabel()) {
            if (l.lowPrevalenceEffect()) {
                sb.append("  ! ")
                        .append(l.label())
                        .append(": ")
                        .append(l.note())
                        .append('\n');
            }
        }
        if (!r.weighted().isEmpty()) {
            sb.append("\nWeighted kappa (ordinal scores)\n");
            rows = new ArrayList<>();
            rows.add(new String[] {"a", "b", "weights", "n", "kappa", "95% CI", "note"});
            for (AgreementReport.Weighted w : r.weighted()) {
                rows.add(new String[] {
                    w.a(), w.b(), w.weighting(), Long.toString(w.n()), num(w.kappa()), ci(w.ci95()), nz(w.note())
                });
            }
            table(sb, rows);
        }
        if (!r.warnings().isEmpty()) {
            sb.append("\nWarnings\n");
            for (AgreementReport.Warning w : r.warnings()) {
                sb.append("  - ").append(w.message()).append('\n');
            }
        }
        return sb.toString();
    }

    private static String num(Double d) {
        return d == null ? "—" : String.format(Locale.ROOT, "%.3f", d);
    }

    private static String ci(double[] c) {
        return c == null ? "—" : String.format(Locale.ROOT, "[%.3f, %.3f]", c[0], c[1]);
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    private static void table(StringBuilder sb, List<String[]> rows) {
        int cols = rows.get(0).length;
        int[] w = new int[cols];
        for (String[] row : rows) {
            for (int c = 0; c < cols; c++) {
                w[c] = Math.max(w[c], row[c].length());
            }
        }
        for (int i = 0; i < rows.size(); i++) {
            String[] row = rows.get(i);
            StringBuilder line = new StringBuilder("  ");
            for (int c = 0; c < cols; c++) {
                line.append(row[c]).append(" ".repeat(w[c] - row[c].length()));
                if (c < cols - 1) {
                    line.append("  ");
                }
            }
            sb.append(line.toString().stripTrailing()).append('\n');
            if (i == 0) {
                StringBuilder rule = new StringBuilder("  ");
                for (int c = 0; c < cols; c++) {
                    rule.append("-".repeat(w[c]));
                    if (c < cols - 1) {
                        rule.append("  ");
                    }
                }
                sb.append(rule).append('\n');
            }
        }
    }
}
