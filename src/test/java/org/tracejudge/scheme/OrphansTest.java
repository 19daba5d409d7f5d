package org.tracejudge.scheme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which stored answers a new version orphans, found by checking every stored value against the new question: a
 * question removed, an option dropped, a kind changed, a scale narrowed; a renamed option maps, it does not orphan.
 */
class OrphansTest {
    @Test
    void everyWayOfOrphaningIsFoundAndARenameIsNot() throws Exception {
        Scheme v1 = SchemeFile.parse(SchemeChangeTest.V1, "v1.yaml").withVersion(1);
        Scheme v2 = SchemeFile.parse(SchemeChangeTest.V2, "v2.yaml").withVersion(2);
        Map<String, Integer> entries = Map.of("verdict", 5, "tone", 3, "cost", 2, "note", 1);
        Map<String, Set<String>> values = Map.of(
                "verdict", Set.of("\"right\"", "\"wrong\"", "\"unclear\""),
                "tone", Set.of("2", "5"),
                "cost", Set.of("12.0", "3.5"),
                "note", Set.of("\"fine\""));
        List<Orphans.Orphan> o = Orphans.of(v1, v2, entries, values);
        String all = o.toString();
        // "right" was renamed to "correct": mapped; "unclear" was dropped: orphaned
        assertTrue(all.contains("verdict (5 answers): stored answers no longer fit: \"unclear\""), all);
        assertTrue(!all.contains("\"right\""), all);
        // the scale 1-5 became 1-3: a 5 no longer fits, a 2 does
        assertTrue(all.contains("tone (3 answers): stored answers no longer fit: 5 ("), all);
        assertTrue(!all.contains("tone (3 answers): stored answers no longer fit: 2"), all);
        for (Orphans.Orphan x : o) {
            if (x.question().equals("cost") || x.question().equals("note")) {
                assertTrue(v2.question(x.question()).isEmpty() || !x.why().contains("fit"), x.toString());
            }
        }
        // no current version: nothing to orphan; the same version: nothing either
        assertEquals(List.of(), Orphans.of(null, v2, entries, values));
        assertEquals(List.of(), Orphans.of(v1, v1, entries, values));
    }

    @Test
    void aKindChangedOrphansEveryAnswerOfItsQuestion() throws Exception {
        Scheme a = SchemeFile.parse("scheme: s\nquestions:\n  - key: q\n    prompt: Q?\n    kind: text\n", "a.yaml");
        Scheme b = SchemeFile.parse("scheme: s\nquestions:\n  - key: q\n    prompt: Q?\n    kind: number\n", "b.yaml");
        List<Orphans.Orphan> o = Orphans.of(a, b, Map.of("q", 4), Map.of("q", Set.of("\"x\"")));
        assertEquals(1, o.size());
        assertEquals(
                "q (4 answers): its kind changes from text to number", o.get(0).toString());
    }
}
