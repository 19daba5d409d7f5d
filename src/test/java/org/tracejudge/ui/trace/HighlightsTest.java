package org.tracejudge.ui.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tracejudge.rules.Evidence;
import org.tracejudge.rules.Span;

/** Issue 48: a compat substring hit is not shown as the value itself. */
class HighlightsTest {
    static Evidence compat(String answer, String... must) {
        List<Evidence.MustContain> mc = new java.util.ArrayList<>();
        String lower = answer.toLowerCase(java.util.Locale.ROOT);
        for (String m : must) {
            int at = lower.indexOf(m.toLowerCase(java.util.Locale.ROOT));
            mc.add(new Evidence.MustContain(m, at >= 0, at < 0 ? null : new Span(at, at + m.length()), null));
        }
        return new Evidence(
                "compat", null, List.of(), false, false, List.of(), "any", true, mc, 0, 0, null, List.of(), List.of(),
                null, null, null, null);
    }

    static Set<Highlights.Kind> kindsOf(List<Highlights.Segment> segs, String text) {
        return segs.stream()
                .filter(s -> s.text().equals(text))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no segment " + text + " in " + segs))
                .kinds();
    }

    @Test
    void aHitInsideALongerWordIsMarkedApartFromAMatch() {
        String answer = "The extra heat comes from the copper coils.";
        Evidence e = compat(answer, "COP");
        assertEquals(
                "copper", Evidence.enclosingWord(answer, e.mustContain().get(0).span()));
        assertEquals(Set.of(Highlights.Kind.INSIDE_WORD), kindsOf(Highlights.of(answer, e), "cop"));
    }

    @Test
    void aNumberThatIsAWholePartOfADateIsAMatch() {
        String answer = "It is expected back on 2026-11-19.";
        Evidence e = compat(answer, "19");
        assertNull(Evidence.enclosingWord(answer, e.mustContain().get(0).span()));
        assertEquals(Set.of(Highlights.Kind.MUST), kindsOf(Highlights.of(answer, e), "19"));
        String year = "Built in 2019.";
        assertEquals(
                "2019",
                Evidence.enclosingWord(
                        year, compat(year, "19").mustContain().get(0).span()));
    }
}
