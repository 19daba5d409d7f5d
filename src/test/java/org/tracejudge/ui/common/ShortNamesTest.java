package org.tracejudge.ui.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tracejudge.model.LabelSet;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.TaskType;

/** A label's chip must tell it from every other label of its set, and fit a narrow column. */
class ShortNamesTest {
    @Test
    void everyBuiltInLabelSetHasDistinctShortChips() {
        for (TaskType type : TaskType.values()) {
            LabelSet ls = LabelSets.forType(type);
            Set<String> seen = new HashSet<>();
            for (String l : ls.labels()) {
                String chip = ShortNames.label(l);
                assertTrue(seen.add(chip), ls.name() + ": '" + chip + "' stands for two labels (" + l + ")");
                assertTrue(chip.length() <= 7, l + " -> " + chip + " is too long for a chip");
            }
        }
        // the two that collided in the call-level set (both were "CC"), and a long single word that was cut off
        assertEquals(
                List.of("CC", "CLR", "AB"),
                List.of(
                        ShortNames.label("correct_call"),
                        ShortNames.label("correct_clarification"),
                        ShortNames.label("abstained")));
    }
}
