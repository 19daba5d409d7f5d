package org.tracejudge.selection;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tracejudge.selection.SelectionStudy.Group;
import org.tracejudge.selection.SelectionStudy.Report;
import org.tracejudge.selection.SelectionStudy.Variance;

/**
 * The NLT study's figure: accuracy (x, %) against variance (y) per model and approach, with an arrow from each
 * model's structured point to its NLT point. The geometry (points, axes with round ticks) is shared by the SVG
 * written here (no JavaFX: the CLI writes it) and the dashboard's chart, which draws the same arrows.
 */
public final class SelectionPlot {
    private SelectionPlot() {}

    /** One model's shift; accuracies in percent. */
    public record Arrow(
            String model,
            double structuredAccuracy,
            double structuredVariance,
            double nltAccuracy,
            double nltVariance) {}

    /** Axis ranges and tick steps (x in percent, y in variance units). */
    public record Axes(double xMin, double xMax, double xStep, double yMin, double yMax, double yStep) {}

    /** The arrows of the models that have both approaches with the variance defined. */
    public static List<Arrow> arrows(Report r, Variance v) {
        List<Arrow> out = new ArrayList<>();
        for (String m : r.models()) {
            Group s = r.overall(m, SelectionStudy.STRUCTURED);
            Group n = r.overall(m, SelectionStudy.NLT);
            if (s == null || n == null || s.variance(v) == null || n.variance(v) == null) {
                continue;
            }
            out.add(new Arrow(m, 100 * s.accuracy(), s.variance(v), 100 * n.accuracy(), n.variance(v)));
        }
        return out;
    }

    /** Models left off the plot (an approach missing, or the variance undefined: fewer than two replications / cells). */
    public static List<String> leftOut(Report r, Variance v) {
        List<String> drawn = arrows(r, v).stream().map(Arrow::model).toList();
        return r.models().stream().filter(m -> !drawn.contains(m)).toList();
    }

    public static Axes axes(List<Arrow> arrows) {
        double lo = 100;
        double vmax = 0;
        for (Arrow a : arrows) {
            lo = Math.min(lo, Math.min(a.structuredAccuracy(), a.nltAccuracy()));
            vmax = Math.max(vmax, Math.max(a.structuredVariance(), a.nltVariance()));
        }
        double xMin = arrows.isEmpty() ? 0 : Math.max(0, Math.floor((lo - 5) / 10) * 10);
        double yStep = step(vmax <= 0 ? 0.01 : vmax * 1.1 / 5);
        double yMax = Math.max(yStep, Math.ceil(vmax * 1.1 / yStep) * yStep);
        return new Axes(xMin, 100, 100 - xMin > 50 ? 20 : 10, 0, yMax, yStep);
    }

    /** A round step (1, 2 or 5 times a power of ten) at least {@code raw}. */
    static double step(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= raw) {
                return m * p;
            }
        }
        return 10 * p;
    }

    /** The plot as a standalone SVG document. */
    public static String svg(Report r, Variance v) {
        List<Arrow> arrows = arrows(r, v);
        Axes ax = axes(arrows);
        int w = 760;
        int h = 520;
        double left = 80;
        double right = 180;
        double top = 50;
        double bottom = 60;
        double pw = w - left - right;
        double ph = h - top - bottom;
        StringBuilder sb = new StringBuilder();
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(w)
                .append("\" height=\"")
                .append(h)
                .append("\" viewBox=\"0 0 ")
                .append(w)
                .append(' ')
                .append(h)
                .append("\" font-family=\"sans-serif\" font-size=\"12\">\n");
        sb.append(
                "<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" "
                        + "orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#444\"/></marker></defs>\n");
        sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        sb.append("<text x=\"")
                .append(w / 2)
                .append("\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">")
                .append("Accuracy vs variance: structured → NLT per model</text>\n");
        // grid and ticks
        for (double x = ax.xMin(); x <= ax.xMax() + 1e-9; x += ax.xStep()) {
            double px = left + (x - ax.xMin()) / (ax.xMax() - ax.xMin()) * pw;
            sb.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>%n",
                    px,
                    top,
                    px,
                    top + ph));
            sb.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.0f</text>%n",
                    px,
                    top + ph + 18,
                    x));
        }
        int decimals = Math.max(0, (int) Math.ceil(-Math.log10(ax.yStep())));
        for (double y = ax.yMin(); y <= ax.yMax() + ax.yStep() / 1e6; y += ax.yStep()) {
            double py = top + ph - (y - ax.yMin()) / (ax.yMax() - ax.yMin()) * ph;
            sb.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>%n",
                    left,
                    py,
                    left + pw,
                    py));
            sb.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%." + decimals + "f</text>%n",
                    left - 6,
                    py + 4,
                    y));
        }
        sb.append(String.format(
                Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#888\"/>%n",
                left,
                top,
                pw,
                ph));
        sb.append(String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">Exact-match accuracy (%%)</text>%n",
                left + pw / 2,
                h - 18));
        sb.append(String.format(
                Locale.ROOT,
                "<text transform=\"translate(20,%.1f) rotate(-90)\" text-anchor=\"middle\">Variance (%s)</text>%n",
                top + ph / 2,
                v.key));
        for (Arrow a : arrows) {
            double sx = left + (a.structuredAccuracy() - ax.xMin()) / (ax.xMax() - ax.xMin()) * pw;
            double sy = top + ph - a.structuredVariance() / ax.yMax() * ph;
            double nx = left + (a.nltAccuracy() - ax.xMin()) / (ax.xMax() - ax.xMin()) * pw;
            double ny = top + ph - a.nltVariance() / ax.yMax() * ph;
            sb.append(String.format(
                    Locale.ROOT,
                    "<g><title>%s: structured %.1f%%, %.4f → NLT %.1f%%, %.4f</title>%n",
                    xml(a.model()),
                    a.structuredAccuracy(),
                    a.structuredVariance(),
                    a.nltAccuracy(),
                    a.nltVariance()));
            double len = Math.hypot(nx - sx, ny - sy);
            if (len > 12) { // from the edge of one dot to the edge of the other, so the head shows
                double ux = (nx - sx) / len;
                double uy = (ny - sy) / len;
                sb.append(String.format(
                        Locale.ROOT,
                        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#444\" "
                                + "stroke-width=\"1.5\" marker-end=\"url(#head)\"/>%n",
                        sx + 5 * ux,
                        sy + 5 * uy,
                        nx - 6 * ux,
                        ny - 6 * uy));
            }
            sb.append(
                    String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#d95f02\"/>%n", sx, sy));
            sb.append(
                    String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#1b9e77\"/>%n", nx, ny));
            boolean leftOfDot = nx + 8 + 7 * a.model().length() > left + pw; // keep the name inside the plot
            sb.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%.1f\"%s>%s</text></g>%n",
                    leftOfDot ? nx - 8 : nx + 8,
                    ny - 6,
                    leftOfDot ? " text-anchor=\"end\"" : "",
                    xml(a.model())));
        }
        double lx = left + pw + 16;
        sb.append(String.format(
                Locale.ROOT,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#d95f02\"/><text x=\"%.1f\" y=\"%.1f\">structured</text>%n",
                lx,
                top + 10,
                lx + 10,
                top + 14));
        sb.append(String.format(
                Locale.ROOT,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#1b9e77\"/><text x=\"%.1f\" y=\"%.1f\">NLT</text>%n",
                lx,
                top + 30,
                lx + 10,
                top + 34));
        List<String> out = leftOut(r, v);
        if (!out.isEmpty()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">not drawn: %s</text>%n",
                    lx,
                    top + 60,
                    xml(String.join(", ", out))));
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
