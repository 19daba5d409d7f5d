package org.tracejudge.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tracejudge.metrics.LabelPlacement.Anchor;
import org.tracejudge.metrics.LabelPlacement.Box;
import org.tracejudge.metrics.LabelPlacement.Placed;

/** The scatter plots' names: one per point, none over another name or a dot, beside the dot when there is room. */
class LabelPlacementTest {
    private static final double R = 5;

    private static void assertClear(List<Anchor> anchors, List<Placed> placed, List<Box> obstacles) {
        assertEquals(anchors.size(), placed.size(), "every point has its label");
        for (int i = 0; i < placed.size(); i++) {
            Box b = placed.get(i).label();
            assertEquals(anchors.get(i).labelWidth(), b.w(), 1e-9, "the label keeps its size");
            assertEquals(anchors.get(i).labelHeight(), b.h(), 1e-9);
            for (int j = i + 1; j < placed.size(); j++) {
                assertFalse(b.overlaps(placed.get(j).label()), "labels " + i + " and " + j + " overlap: " + b);
            }
            for (Anchor a : anchors) {
                assertFalse(b.overlaps(new Box(a.x() - R, a.y() - R, 2 * R, 2 * R)), "label " + i + " covers a dot");
            }
            for (Box o : obstacles) {
                assertFalse(b.overlaps(o), "label " + i + " covers an obstacle");
            }
        }
    }

    @Test
    void spreadPointsGetTheirNamesBesideThemInsideThePlot() {
        List<Anchor> anchors =
                List.of(new Anchor(50, 50, 80, 13), new Anchor(300, 120, 120, 13), new Anchor(480, 250, 90, 13));
        List<Placed> placed = LabelPlacement.place(anchors, R, 520, 300, List.of());
        assertClear(anchors, placed, List.of());
        for (Placed p : placed) {
            assertFalse(p.leader(), "room beside every dot: no leader line");
            assertTrue(p.label().x() >= 0 && p.label().x() + p.label().w() <= 520, "inside the plot: " + p);
        }
        // the first place tried is to the right of the dot, on its line
        assertEquals(50 + R + LabelPlacement.GAP, placed.get(0).label().x(), 1e-9);
        // the dot at the right edge writes its name to the left
        assertTrue(placed.get(2).label().x() + 90 <= 480, placed.get(2).toString());
    }

    @Test
    void modelsOnTheSamePointAllGetTheirNamesClearOfEachOther() {
        List<Anchor> anchors = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            anchors.add(new Anchor(260, 150, 70 + 10 * i, 13));
        }
        List<Box> obstacles = List.of(new Box(240, 170, 40, 40));
        List<Placed> placed = LabelPlacement.place(anchors, R, 520, 300, obstacles);
        assertClear(anchors, placed, obstacles);
        assertTrue(placed.stream().anyMatch(Placed::leader), "names moved off their dot point back to it");
    }

    @Test
    void randomCrowdedPlotsNeverOverlap() {
        Random rnd = new Random(48);
        for (int round = 0; round < 40; round++) {
            int n = 2 + rnd.nextInt(25);
            List<Anchor> anchors = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                // clustered: half the points within 30 px of one place
                double x = i % 2 == 0 ? 200 + rnd.nextDouble() * 30 : rnd.nextDouble() * 400;
                double y = i % 2 == 0 ? 100 + rnd.nextDouble() * 30 : rnd.nextDouble() * 240;
                anchors.add(new Anchor(x, y, 40 + rnd.nextDouble() * 120, 13));
            }
            assertClear(anchors, LabelPlacement.place(anchors, R, 400, 240, List.of()), List.of());
        }
    }

    @Test
    void aPlotTooSmallForTheNamesStillLabelsEveryPointWithoutOverlap() {
        List<Anchor> anchors = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            anchors.add(new Anchor(20 + i, 20, 200, 13));
        }
        List<Placed> placed = LabelPlacement.place(anchors, R, 60, 40, List.of());
        assertClear(anchors, placed, List.of());
    }
}
