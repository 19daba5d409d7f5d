package org.tracejudge.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Places the text labels of a chart's points so that no two labels overlap, no label covers a point and every label
 * stays inside the plot. Each label tries spots around its point (right, left, above, below, then the diagonals), at
 * growing distances; the first free spot wins, points placed in order of their {@code y} then {@code x}; when none
 * of those is free, a free spot near the point anywhere in the plot. A label moved away from its point is marked
 * {@code leader}, for a line back to it. Pure geometry, no drawing.
 */
public final class LabelPlacement {
    private LabelPlacement() {}

    /** A point to label at ({@code x}, {@code y}) with a label of {@code width} × {@code height}. */
    public record Point(double x, double y, double width, double height) {}

    /** A label's box: its top-left corner and size; {@code leader} when it stands away from its point. */
    public record Box(double x, double y, double width, double height, boolean leader) {
        boolean overlaps(double ox, double oy, double ow, double oh) {
            return x < ox + ow && ox < x + width && y < oy + oh && oy < y + height;
        }
    }

    /** Marker radius every label keeps clear of, and the gap between a point and its label. */
    static final double MARKER = 5;

    static final double GAP = 4;

    /**
     * The boxes of {@code points}' labels, in the points' order, inside [0, width] × [0, height]. A label that finds
     * no free spot anywhere takes the one that overlaps least (never outside the plot).
     */
    public static List<Box> place(List<Point> points, double width, double height) {
        Integer[] order = new Integer[points.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> {
            int c = Double.compare(points.get(a).y(), points.get(b).y());
            return c != 0 ? c : Double.compare(points.get(a).x(), points.get(b).x());
        });
        Box[] out = new Box[points.size()];
        List<Box> placed = new ArrayList<>();
        for (int i : order) {
            Point p = points.get(i);
            Box best = null;
            double bestCost = Double.MAX_VALUE;
            search:
            for (int ring = 0; ring < 12; ring++) {
                double d = MARKER + GAP + ring * (p.height() * 0.8);
                for (double[] c : candidates(p, d)) {
                    double bx = clamp(c[0], 0, width - p.width());
                    double by = clamp(c[1], 0, height - p.height());
                    Box b = new Box(bx, by, p.width(), p.height(), ring > 0);
                    double cost = cost(b, placed, points);
                    if (cost == 0) {
                        best = b;
                        bestCost = 0;
                        break search;
                    }
                    if (cost < bestCost) {
                        bestCost = cost;
                        best = b;
                    }
                }
            }
            if (bestCost > 0) {
                Box free = nearestFree(p, placed, points, width, height);
                if (free != null) {
                    best = free;
                }
            }
            out[i] = best;
            placed.add(best);
        }
        return List.of(out);
    }

    /**
     * A free spot near {@code p}: the label's corner walks square rings of growing size (2 units apart) around the
     * spot right of the point, so the first free one found is about the nearest; null when none is free anywhere.
     */
    private static Box nearestFree(Point p, List<Box> placed, List<Point> points, double width, double height) {
        double x0 = Math.max(0, Math.min(width - p.width(), p.x() + MARKER + GAP));
        double y0 = Math.max(0, Math.min(height - p.height(), p.y() - p.height() / 2));
        double maxX = width - p.width();
        double maxY = height - p.height();
        int rings = (int) (Math.max(width, height) / 2) + 1;
        for (int k = 1; k <= rings; k++) {
            double d = 2.0 * k;
            boolean inside = false;
            for (int side = 0; side < 4; side++) {
                for (double t = -d; t < d; t += 2) {
                    double x;
                    double y;
                    switch (side) {
                        case 0 -> {
                            x = x0 + t;
                            y = y0 - d;
                        }
                        case 1 -> {
                            x = x0 + d;
                            y = y0 + t;
                        }
                        case 2 -> {
                            x = x0 - t;
                            y = y0 + d;
                        }
                        default -> {
                            x = x0 - d;
                            y = y0 - t;
                        }
                    }
                    if (x < 0 || y < 0 || x > maxX || y > maxY) {
                        continue;
                    }
                    inside = true;
                    Box b = new Box(x, y, p.width(), p.height(), true);
                    if (free(b, placed, points)) {
                        return b;
                    }
                }
            }
            if (!inside) {
                return null;
            }
        }
        return null;
    }

    private static boolean free(Box b, List<Box> placed, List<Point> points) {
        for (Box o : placed) {
            if (b.overlaps(o.x(), o.y(), o.width(), o.height())) {
                return false;
            }
        }
        for (Point q : points) {
            if (b.overlaps(q.x() - MARKER, q.y() - MARKER, 2 * MARKER, 2 * MARKER)) {
                return false;
            }
        }
        return true;
    }

    private static double[][] candidates(Point p, double d) {
        double w = p.width();
        double h = p.height();
        return new double[][] {
            {p.x() + d, p.y() - h / 2}, // right
            {p.x() - d - w, p.y() - h / 2}, // left
            {p.x() - w / 2, p.y() - d - h}, // above
            {p.x() - w / 2, p.y() + d}, // below
            {p.x() + d * 0.7, p.y() - d * 0.7 - h}, // upper right
            {p.x() + d * 0.7, p.y() + d * 0.7}, // lower right
            {p.x() - d * 0.7 - w, p.y() - d * 0.7 - h}, // upper left
            {p.x() - d * 0.7 - w, p.y() + d * 0.7} // lower left
        };
    }

    /** The area this box shares with placed labels and point markers (0: free). */
    static double cost(Box b, List<Box> placed, List<Point> points) {
        double cost = 0;
        for (Box o : placed) {
            cost += overlap(b.x(), b.y(), b.width(), b.height(), o.x(), o.y(), o.width(), o.height());
        }
        for (Point q : points) {
            cost += overlap(
                    b.x(), b.y(), b.width(), b.height(), q.x() - MARKER, q.y() - MARKER, 2 * MARKER, 2 * MARKER);
        }
        return cost;
    }

    static double overlap(double ax, double ay, double aw, double ah, double bx, double by, double bw, double bh) {
        double w = Math.min(ax + aw, bx + bw) - Math.max(ax, bx);
        double h = Math.min(ay + ah, by + bh) - Math.max(ay, by);
        return w > 0 && h > 0 ? w * h : 0;
    }

    private static double clamp(double v, double lo, double hi) {
        return hi < lo ? lo : Math.max(lo, Math.min(hi, v));
    }
}
