package org.tracejudge.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Labels on points: never on each other, never on a point, never outside the plot. */
class LabelPlacementTest {
    static final double W = 568;
    static final double H = 300;

    private static void assertClean(List<LabelPlacement.Point> pts, List<LabelPlacement.Box> boxes) {
        assertEquals(pts.size(), boxes.size());
        for (int i = 0; i < boxes.size(); i++) {
            LabelPlacement.Box a = boxes.get(i);
            assertTrue(a.x() >= 0 && a.y() >= 0 && a.x() + a.width() <= W && a.y() + a.height() <= H, "inside: " + a);
            for (int j = i + 1; j < boxes.size(); j++) {
                LabelPlacement.Box b = boxes.get(j);
                assertFalse(
                        a.overlaps(b.x(), b.y(), b.width(), b.height()),
                        "labels " + i + " and " + j + ": " + a + " " + b);
            }
            for (LabelPlacement.Point p : pts) {
                double m = LabelPlacement.MARKER;
                assertFalse(a.overlaps(p.x() - m, p.y() - m, 2 * m, 2 * m), "label " + i + " covers point " + p);
            }
        }
    }

    @Test
    void aLonePointIsLabelledToItsRightWithoutALeader() {
        List<LabelPlacement.Point> pts = List.of(new LabelPlacement.Point(100, 100, 60, 14));
        List<LabelPlacement.Box> b = LabelPlacement.place(pts, W, H);
        assertClean(pts, b);
        assertTrue(b.get(0).x() > 100 && !b.get(0).leader(), b.get(0).toString());
        assertEquals(100, b.get(0).y() + b.get(0).height() / 2, 1e-9, "centred on the point");
    }

    @Test
    void aPointAtTheRightEdgeIsLabelledToItsLeft() {
        List<LabelPlacement.Point> pts = List.of(new LabelPlacement.Point(W - 2, 150, 80, 14));
        List<LabelPlacement.Box> b = LabelPlacement.place(pts, W, H);
        assertClean(pts, b);
        assertTrue(b.get(0).x() + b.get(0).width() < W - 2, b.get(0).toString());
    }

    @Test
    void pointsOnTopOfEachOtherGetSeparateLabels() {
        // several models at nearly the same CTUR and UTR
        List<LabelPlacement.Point> pts = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            pts.add(new LabelPlacement.Point(300 + i * 0.5, 120, 120, 14));
        }
        List<LabelPlacement.Box> b = LabelPlacement.place(pts, W, H);
        assertClean(pts, b);
        assertTrue(b.stream().anyMatch(LabelPlacement.Box::leader), "moved labels get a leader line");
    }

    @Test
    void randomClustersNeverOverlap() {
        Random r = new Random(7);
        for (int round = 0; round < 200; round++) {
            int n = 2 + r.nextInt(11);
            double cx = r.nextDouble() * W;
            double cy = r.nextDouble() * H;
            double spread = 5 + r.nextDouble() * 80;
            List<LabelPlacement.Point> pts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                double x = Math.max(0, Math.min(W, cx + r.nextGaussian() * spread));
                double y = Math.max(0, Math.min(H, cy + r.nextGaussian() * spread));
                pts.add(new LabelPlacement.Point(x, y, 40 + r.nextInt(100), 14));
            }
            assertClean(pts, LabelPlacement.place(pts, W, H));
        }
    }
}
