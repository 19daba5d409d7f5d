package org.tracejudge.ui.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The failure profile's names: models at (nearly) the same point get their names on different lines. */
class ProfileLabelsTest {
    @Test
    void namesOfCloseModelsGoOnDifferentLines() {
        List<double[]> placed = new ArrayList<>();
        int a = ProfileChart.freeLine(40, 20, 90, false, placed);
        int b = ProfileChart.freeLine(40.5, 20.3, 90, false, placed);
        int c = ProfileChart.freeLine(41, 19.8, 90, false, placed);
        assertEquals(0, a, "the first name beside its dot");
        assertNotEquals(a, b);
        assertNotEquals(a, c);
        assertNotEquals(b, c);
        // a model far away keeps its own line
        assertEquals(0, ProfileChart.freeLine(80, 80, 90, true, placed));
    }
}
