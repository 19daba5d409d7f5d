package org.tracejudge.metrics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Where a scatter plot writes each point's name: every point gets its label, no two labels overlap, no label covers a
 * dot or one of the given obstacles, and each label stays as close to its point as the others allow (beside it when
 * there is room, further off with a leader line when not). Pure geometry in pixels with y pointing down, so the
 * dashboard's chart and a report's SVG place their names the same way.
 *
 * <p>Greedy in the points' order: a point's label takes the first free place among the eight beside its dot (right,
 * left, above, below, then the corners), else the free place nearest the dot on a grid around it, inside the plot
 * when one is free there; a plot too crowded for that gets the label under everything placed, still clear of it.
 */
public final class LabelPlacement {
    private LabelPlacement() {}

    /** A rectangle: top-left corner, width and height, in pixels. */
    public record Box(double x, double y, double w, double h) {
        public boolean overlaps(Box o) {
            return x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h;
        }

        /** The distance from a point to this box (0 inside it). */
        public double distanceTo(double px, double py) {
            double dx = Math.max(Math.max(x - px, 0), px - (x + w));
            double dy = Math.max(Math.max(y - py, 0), py - (y + h));
            return Math.hypot(dx, dy);
        }

        boolean inside(double width, double height) {
            return x >= 0 && y >= 0 && x + w <= width && y + h <= height;
        }
    }

    /** A point to label: its centre and its label's size. */
    public record Anchor(double x, double y, double labelWidth, double labelHeight) {}

    /** Where a point's label went, and whether it is far enough off its dot to need a line back to it. */
    public record Placed(Box label, boolean leader) {}

    /** The space between a dot's rim and its label. */
    static final double GAP = 3;

    /** How far (in grid steps either way) the search looks around a dot before giving up on the plot. */
    private static final int REACH = 40;

    /**
     * Places one label per anchor, in the anchors' order.
     *
     * @param anchors the points and their labels' sizes
     * @param radius the dots' radius (every dot is kept clear)
     * @param width the plot's width; labels stay inside it when there is room
     * @param height the plot's height
     * @param obstacles other marks to keep clear (may be empty)
     */
    public static List<Placed> place(
            List<Anchor> anchors, double radius, double width, double height, List<Box> obstacles) {
        List<Box> taken = new ArrayList<>(obstacles);
        for (Anchor a : anchors) {
            taken.add(new Box(a.x() - radius, a.y() - radius, 2 * radius, 2 * radius));
        }
        List<Placed> out = new ArrayList<>();
        for (Anchor a : anchors) {
            Box chosen = null;
            for (boolean inPlot : new boolean[] {true, false}) {
                for (Box c : candidates(a, radius)) {
                    if ((!inPlot || c.inside(width, height)) && free(c, taken)) {
                        chosen = c;
                        break;
                    }
                }
                if (chosen != null) {
                    break;
                }
            }
            if (chosen == null) { // under everything placed so far: clear of all of it by construction
                double bottom =
                        taken.stream().mapToDouble(b -> b.y() + b.h()).max().orElse(a.y());
                chosen = new Box(a.x() - a.labelWidth() / 2, bottom + GAP, a.labelWidth(), a.labelHeight());
            }
            taken.add(chosen);
            out.add(new Placed(chosen, chosen.distanceTo(a.x(), a.y()) > radius + GAP + 2));
        }
        return out;
    }

    private static boolean free(Box c, List<Box> taken) {
        for (Box b : taken) {
            if (c.overlaps(b)) {
                return false;
            }
        }
        return true;
    }

    /** The eight places beside the dot, then a grid around it nearest first. */
    static List<Box> candidates(Anchor a, double radius) {
        double w = a.labelWidth();
        double h = a.labelHeight();
        double cx = a.x();
        double cy = a.y();
        double off = radius + GAP;
        List<Box> out = new ArrayList<>(List.of(
                new Box(cx + off, cy - h / 2, w, h),
                new Box(cx - off - w, cy - h / 2, w, h),
                new Box(cx - w / 2, cy - off - h, w, h),
                new Box(cx - w / 2, cy + off, w, h),
                new Box(cx + off, cy - off - h, w, h),
                new Box(cx - off - w, cy - off - h, w, h),
                new Box(cx + off, cy + off, w, h),
                new Box(cx - off - w, cy + off, w, h)));
        double stepX = Math.max(4, w / 8);
        double stepY = Math.max(2, h / 2);
        List<Box> grid = new ArrayList<>();
        for (int i = -REACH; i <= REACH; i++) {
            for (int j = -REACH; j <= REACH; j++) {
                grid.add(new Box(cx - w / 2 + i * stepX, cy - h / 2 + j * stepY, w, h));
            }
        }
        grid.sort(Comparator.comparingDouble((Box b) -> b.distanceTo(cx, cy))
                .thenComparingDouble(b -> Math.abs(b.y() + h / 2 - cy)));
        out.addAll(grid);
        return out;
    }
}
