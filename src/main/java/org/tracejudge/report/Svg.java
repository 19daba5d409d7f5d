package org.tracejudge.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tracejudge.metrics.LabelPlacement;

/**
 * The report's charts as inline SVG: a fixed view box that scales to the page's width (never wider), a title and a
 * description for screen readers, direct labels on points and bars, and patterns beside colours so that they read
 * in black and white. Every chart is drawn from plain values; the page puts a data table under each.
 */
final class Svg {
    private Svg() {}

    static final int WIDTH = 640;

    /** Colour-blind-safe colours (Okabe-Ito) with a pattern each, for the parts of a stacked bar. */
    static final String[] COLOURS = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"};

    /** One row of an interval chart: a value with its 95% interval, and optionally a second, hollow marker. */
    record Interval(String name, Double value, Double lo, Double hi, Double other) {}

    /** One point of a scatter chart. */
    record XY(String name, double x, double y) {}

    /** One bar of a stacked bar chart: parts in the chart's order, fractions of 1. */
    record Stack(String name, double[] parts) {}

    private static int ids;

    private static synchronized String id(String stem) {
        return stem + "-" + (++ids);
    }

    static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    static String num(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String pct(double f) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * f);
    }

    /** Width of {@code s} in the charts' 12px sans-serif, generously estimated. */
    static double textWidth(String s, double size) {
        return s.length() * size * 0.6 + 2;
    }

    private static StringBuilder open(StringBuilder b, String title, String desc, int height) {
        String t = id("t");
        String d = id("d");
        b.append("<svg class=\"chart\" role=\"img\" viewBox=\"0 0 ")
                .append(WIDTH)
                .append(' ')
                .append(height)
                .append("\" aria-labelledby=\"")
                .append(t)
                .append(' ')
                .append(d)
                .append("\" xmlns=\"http://www.w3.org/2000/svg\">");
        b.append("<title id=\"").append(t).append("\">").append(esc(title)).append("</title>");
        b.append("<desc id=\"").append(d).append("\">").append(esc(desc)).append("</desc>");
        return b;
    }

    private static void text(StringBuilder b, double x, double y, String anchor, String cls, String s) {
        b.append("<text x=\"")
                .append(num(x))
                .append("\" y=\"")
                .append(num(y))
                .append("\" text-anchor=\"")
                .append(anchor)
                .append('"');
        if (cls != null) {
            b.append(" class=\"").append(cls).append('"');
        }
        b.append('>').append(esc(s)).append("</text>");
    }

    private static void line(StringBuilder b, double x1, double y1, double x2, double y2, String cls) {
        b.append("<line x1=\"")
                .append(num(x1))
                .append("\" y1=\"")
                .append(num(y1))
                .append("\" x2=\"")
                .append(num(x2))
                .append("\" y2=\"")
                .append(num(y2))
                .append("\" class=\"")
                .append(cls)
                .append("\"/>");
    }

    /** The x axis from 0 to {@code max} (a fraction) with percent ticks. */
    private static void xAxis(StringBuilder b, double left, double right, double y, double max, String label) {
        line(b, left, y, right, y, "axis");
        int ticks = 5;
        for (int i = 0; i <= ticks; i++) {
            double f = max * i / ticks;
            double x = left + (right - left) * i / ticks;
            line(b, x, y, x, y + 4, "axis");
            text(b, x, y + 16, "middle", "tick", String.format(Locale.ROOT, "%.0f%%", 100 * f));
        }
        text(b, (left + right) / 2, y + 32, "middle", "axis-label", label);
    }

    /** A nice upper end of an axis for values up to {@code v} (fractions). */
    static double niceMax(double v) {
        for (double m : new double[] {0.05, 0.1, 0.2, 0.25, 0.5, 0.75, 1.0}) {
            if (v <= m) {
                return m;
            }
        }
        return 1.0;
    }

    /**
     * A dot-and-whisker chart: one row per entry, the value as a filled dot with its interval, {@code other} (e.g.
     * the judge-only value) as a hollow diamond, and each row's value written at its right.
     */
    static String intervals(String title, String desc, String axis, List<Interval> rows, String otherName) {
        double labelW = 12;
        for (Interval r : rows) {
            labelW = Math.max(labelW, textWidth(r.name(), 12));
        }
        labelW = Math.min(labelW, 200);
        double left = labelW + 12;
        double right = WIDTH - 90;
        double rowH = 26;
        int height = (int) (20 + rows.size() * rowH + 44 + (otherName != null ? 18 : 0));
        double max = 0;
        for (Interval r : rows) {
            max = Math.max(max, r.hi() == null ? (r.value() == null ? 0 : r.value()) : r.hi());
            if (r.other() != null) {
                max = Math.max(max, r.other());
            }
        }
        max = niceMax(max);
        StringBuilder b = open(new StringBuilder(), title, desc, height);
        double y0 = 20;
        double axisY = y0 + rows.size() * rowH;
        for (int i = 0; i <= 5; i++) {
            double x = left + (right - left) * i / 5;
            line(b, x, y0 - 10, x, axisY, "grid");
        }
        for (int i = 0; i < rows.size(); i++) {
            Interval r = rows.get(i);
            double y = y0 + i * rowH + rowH / 2;
            text(b, left - 8, y + 4, "end", "name", r.name());
            if (r.value() == null) {
                text(b, left + 4, y + 4, "start", "note", "no value (no traces)");
                continue;
            }
            double xs = (right - left) / max;
            if (r.lo() != null && r.hi() != null) {
                line(b, left + r.lo() * xs, y, left + r.hi() * xs, y, "whisker");
                line(b, left + r.lo() * xs, y - 5, left + r.lo() * xs, y + 5, "whisker");
                line(b, left + r.hi() * xs, y - 5, left + r.hi() * xs, y + 5, "whisker");
            }
            if (r.other() != null) {
                double ox = left + r.other() * xs;
                b.append("<path class=\"other\" d=\"M")
                        .append(num(ox))
                        .append(' ')
                        .append(num(y - 6))
                        .append(" l6 6 l-6 6 l-6 -6 z\"/>");
            }
            b.append("<circle class=\"dot\" cx=\"")
                    .append(num(left + r.value() * xs))
                    .append("\" cy=\"")
                    .append(num(y))
                    .append("\" r=\"4.5\"/>");
            text(b, right + 8, y + 4, "start", "value", pct(r.value()));
        }
        xAxis(b, left, right, axisY, max, axis);
        if (otherName != null) {
            double ly = axisY + 50;
            b.append("<circle class=\"dot\" cx=\"")
                    .append(num(left))
                    .append("\" cy=\"")
                    .append(num(ly - 4));
            b.append("\" r=\"4.5\"/>");
            text(b, left + 10, ly, "start", "tick", "estimate with 95% interval");
            double lx = left + 200;
            b.append("<path class=\"other\" d=\"M")
                    .append(num(lx))
                    .append(' ')
                    .append(num(ly - 10))
                    .append(" l6 6 l-6 6 l-6 -6 z\"/>");
            text(b, lx + 10, ly, "start", "tick", otherName);
        }
        return b.append("</svg>").toString();
    }

    /** A scatter chart of fractions with a direct label on every point, placed by {@link LabelPlacement}. */
    static String scatter(String title, String desc, String xLabel, String yLabel, List<XY> points) {
        int height = 360;
        double left = 56;
        double right = WIDTH - 16;
        double top = 12;
        double bottom = height - 48;
        double mx = 0;
        double my = 0;
        for (XY p : points) {
            mx = Math.max(mx, p.x());
            my = Math.max(my, p.y());
        }
        mx = niceMax(mx);
        my = niceMax(my);
        StringBuilder b = open(new StringBuilder(), title, desc, height);
        for (int i = 0; i <= 5; i++) {
            double y = bottom - (bottom - top) * i / 5;
            line(b, left, y, right, y, "grid");
            text(b, left - 6, y + 4, "end", "tick", String.format(Locale.ROOT, "%.0f%%", 100 * my * i / 5));
        }
        line(b, left, top, left, bottom, "axis");
        xAxis(b, left, right, bottom, mx, xLabel);
        b.append("<text class=\"axis-label\" transform=\"translate(14 ")
                .append(num((top + bottom) / 2))
                .append(") rotate(-90)\" text-anchor=\"middle\">")
                .append(esc(yLabel))
                .append("</text>");
        List<LabelPlacement.Anchor> lp = new ArrayList<>();
        double w = right - left;
        double h = bottom - top;
        for (XY p : points) {
            lp.add(new LabelPlacement.Anchor(p.x() / mx * w, h - p.y() / my * h, textWidth(p.name(), 12), 14));
        }
        // the dashboard's placement: every point labelled, no label over another or over a dot
        List<LabelPlacement.Placed> placed = LabelPlacement.place(lp, 4.5, w, h, List.of());
        for (int i = 0; i < points.size(); i++) {
            LabelPlacement.Anchor p = lp.get(i);
            LabelPlacement.Box bx = placed.get(i).label();
            if (placed.get(i).leader()) {
                double cx = Math.max(bx.x(), Math.min(p.x(), bx.x() + bx.w()));
                double cy = Math.max(bx.y(), Math.min(p.y(), bx.y() + bx.h()));
                line(b, left + p.x(), top + p.y(), left + cx, top + cy, "leader");
            }
        }
        for (int i = 0; i < points.size(); i++) {
            LabelPlacement.Anchor p = lp.get(i);
            b.append("<circle class=\"dot\" cx=\"")
                    .append(num(left + p.x()))
                    .append("\" cy=\"")
                    .append(num(top + p.y()))
                    .append("\" r=\"4.5\"/>");
            LabelPlacement.Box bx = placed.get(i).label();
            text(
                    b,
                    left + bx.x() + 1,
                    top + bx.y() + 11,
                    "start",
                    "name",
                    points.get(i).name());
        }
        return b.append("</svg>").toString();
    }

    /**
     * Horizontal stacked bars of shares (summing to 1), one pattern and colour per part, each segment labelled with
     * its percent where it is wide enough, and a legend with the same patterns.
     */
    static String stacked(String title, String desc, List<String> parts, List<Stack> bars) {
        double labelW = 12;
        for (Stack s : bars) {
            labelW = Math.max(labelW, textWidth(s.name(), 12));
        }
        labelW = Math.min(labelW, 200);
        double left = labelW + 12;
        double right = WIDTH - 16;
        double rowH = 30;
        int height = (int) (14 + bars.size() * rowH + 44 + 24);
        StringBuilder b = open(new StringBuilder(), title, desc, height);
        String stem = id("p");
        b.append("<defs>");
        for (int k = 0; k < parts.size(); k++) {
            b.append("<pattern id=\"")
                    .append(stem)
                    .append('-')
                    .append(k)
                    .append("\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\"")
                    .append(
                            k % 3 == 1
                                    ? " patternTransform=\"rotate(45)\""
                                    : k % 3 == 2 ? " patternTransform=\"rotate(-45)\"" : "")
                    .append("><rect width=\"8\" height=\"8\" fill=\"")
                    .append(COLOURS[k % COLOURS.length])
                    .append("\"/>");
            if (k % 3 != 0) {
                b.append("<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"#fff\" stroke-width=\"")
                        .append(k < 3 ? "2" : "4")
                        .append("\"/>");
            } else if (k > 0) {
                b.append("<circle cx=\"4\" cy=\"4\" r=\"1.5\" fill=\"#fff\"/>");
            }
            b.append("</pattern>");
        }
        b.append("</defs>");
        double y0 = 14;
        for (int i = 0; i < bars.size(); i++) {
            Stack s = bars.get(i);
            double y = y0 + i * rowH;
            text(b, left - 8, y + rowH / 2 + 2, "end", "name", s.name());
            double x = left;
            for (int k = 0; k < parts.size(); k++) {
                double wdt = (right - left) * s.parts()[k];
                if (wdt <= 0) {
                    continue;
                }
                b.append("<rect x=\"")
                        .append(num(x))
                        .append("\" y=\"")
                        .append(num(y + 3))
                        .append("\" width=\"")
                        .append(num(wdt))
                        .append("\" height=\"")
                        .append(num(rowH - 8))
                        .append("\" fill=\"url(#")
                        .append(stem)
                        .append('-')
                        .append(k)
                        .append(")\" stroke=\"#fff\"/>");
                String label = String.format(Locale.ROOT, "%.0f%%", 100 * s.parts()[k]);
                if (wdt > textWidth(label, 11) + 8) {
                    b.append("<text class=\"seg\" x=\"")
                            .append(num(x + wdt / 2))
                            .append("\" y=\"")
                            .append(num(y + rowH / 2 + 2))
                            .append("\" text-anchor=\"middle\">")
                            .append(label)
                            .append("</text>");
                }
                x += wdt;
            }
        }
        double axisY = y0 + bars.size() * rowH;
        xAxis(b, left, right, axisY, 1.0, "share of the tool-required traces");
        double lx = left;
        double ly = axisY + 52;
        for (int k = 0; k < parts.size(); k++) {
            b.append("<rect x=\"")
                    .append(num(lx))
                    .append("\" y=\"")
                    .append(num(ly - 11))
                    .append("\" width=\"14\" height=\"14\" fill=\"url(#")
                    .append(stem)
                    .append('-')
                    .append(k)
                    .append(")\"/>");
            text(b, lx + 18, ly, "start", "tick", parts.get(k));
            lx += 28 + textWidth(parts.get(k), 11);
        }
        return b.append("</svg>").toString();
    }

    /** One bar of a bar chart of counts. */
    record Bar(String name, long count) {}

    /**
     * Horizontal bars of counts, one row per entry, each count written at its bar's end: the bars need no colour or
     * legend to read.
     */
    static String bars(String title, String desc, String axis, List<Bar> rows) {
        double labelW = 12;
        for (Bar r : rows) {
            labelW = Math.max(labelW, textWidth(r.name(), 12));
        }
        labelW = Math.min(labelW, 220);
        double left = labelW + 12;
        double right = WIDTH - 60;
        double rowH = 24;
        int height = (int) (14 + rows.size() * rowH + 44);
        long max = 1;
        for (Bar r : rows) {
            max = Math.max(max, r.count());
        }
        long top = niceCount(max);
        StringBuilder b = open(new StringBuilder(), title, desc, height);
        double y0 = 10;
        double axisY = y0 + rows.size() * rowH;
        for (int i = 0; i <= 4; i++) {
            double x = left + (right - left) * i / 4;
            line(b, x, y0 - 4, x, axisY, "grid");
        }
        for (int i = 0; i < rows.size(); i++) {
            Bar r = rows.get(i);
            double y = y0 + i * rowH;
            String name = r.name();
            while (textWidth(name, 12) > 220 && name.length() > 4) {
                name = name.substring(0, name.length() - 2);
            }
            text(b, left - 8, y + rowH / 2 + 4, "end", "name", name.equals(r.name()) ? name : name + "…");
            double w = (right - left) * r.count() / top;
            if (w > 0) {
                b.append("<rect class=\"bar\" x=\"")
                        .append(num(left))
                        .append("\" y=\"")
                        .append(num(y + 4))
                        .append("\" width=\"")
                        .append(num(w))
                        .append("\" height=\"")
                        .append(num(rowH - 8))
                        .append("\"/>");
            }
            text(b, left + w + 6, y + rowH / 2 + 4, "start", "value", Long.toString(r.count()));
        }
        line(b, left, axisY, right, axisY, "axis");
        for (int i = 0; i <= 4; i++) {
            double x = left + (right - left) * i / 4;
            line(b, x, axisY, x, axisY + 4, "axis");
            text(b, x, axisY + 16, "middle", "tick", Long.toString(top * i / 4));
        }
        text(b, (left + right) / 2, axisY + 32, "middle", "axis-label", axis);
        return b.append("</svg>").toString();
    }

    /** A round upper end (a multiple of 4, so the quarter ticks are whole) for counts up to {@code v}. */
    static long niceCount(long v) {
        long step = 1;
        while (step * 4 < v) {
            long[] mult = {2, 5, 10};
            long base = step;
            for (long m : mult) {
                step = base * m;
                if (step * 4 >= v) {
                    break;
                }
            }
            if (step * 4 >= v) {
                break;
            }
        }
        return step * 4;
    }
}
