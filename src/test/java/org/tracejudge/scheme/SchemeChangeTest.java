package org.tracejudge.scheme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The change between two versions of a scheme, its rendering and the answers it would orphan. */
class SchemeChangeTest {
    static final String V1 = """
            scheme: review
            version: 1
            questions:
              - key: verdict
                prompt: Is the answer right?
                kind: single_choice
                options:
                  - {value: right, label: right}
                  - {value: wrong, label: wrong}
                  - {value: unclear, label: unclear}
                  - {value: partly, label: partly}
              - key: tone
                prompt: Tone?
                kind: ordinal
                scale: {from: 1, to: 5}
                anchors:
                  - {step: 1, label: cold}
                  - {step: 5, label: warm}
              - key: cost
                prompt: Cost in cents?
                kind: number
                min: 0
              - key: note
                prompt: Note
                kind: text
                required: false
            """;

    static final String V2 = """
            scheme: review
            version: 2
            questions:
              - key: verdict
                prompt: Is the answer correct?
                kind: single_choice
                options:
                  - {value: correct, label: correct, renamed_from: right}
                  - {value: wrong, label: incorrect}
                  - {value: partly, label: partly}
                  - {value: off_topic, label: off topic}
              - key: tone
                prompt: Tone?
                kind: ordinal
                scale: {from: 1, to: 3}
                anchors:
                  - {step: 1, label: cold}
                  - {step: 3, label: warm}
              - key: cost
                prompt: Cost in cents?
                kind: ordinal
                scale: {from: 0, to: 3}
              - key: risk
                prompt: Risk?
                kind: yes_no_per_tool
            """;

    static Scheme scheme(String yaml) throws SchemeException {
        return SchemeFile.parse(yaml, "v.yaml");
    }

    @Test
    void listsWhatChanges() throws Exception {
        SchemeChange c = SchemeChange.between(scheme(V1), scheme(V2));
        assertEquals(List.of("risk"), c.questionsAdded());
        assertEquals(List.of("note"), c.questionsRemoved());
        assertEquals(List.of(new SchemeChange.KindChange("cost", Kind.NUMBER, Kind.ORDINAL)), c.kindsChanged());
        assertEquals(List.of(new SchemeChange.OptionRef("verdict", "off_topic")), c.optionsAdded());
        assertEquals(List.of(new SchemeChange.OptionRef("verdict", "unclear")), c.optionsRemoved());
        assertEquals(List.of(new SchemeChange.Rename("verdict", "right", "correct")), c.renamed());
        assertEquals(
                List.of(
                        new SchemeChange.Relabel("verdict", "correct", "right", "correct"),
                        new SchemeChange.Relabel("verdict", "wrong", "wrong", "incorrect")),
                c.relabelled());
        assertTrue(c.other().contains("'verdict': prompt changed"), c.other().toString());
        assertTrue(c.other().contains("'tone': scale 1–5 -> 1–3"), c.other().toString());
        assertTrue(
                c.other().contains("'tone': anchor for step 3 added"), c.other().toString());
        assertTrue(
                c.other().contains("'tone': anchor for step 5 removed"),
                c.other().toString());
        assertEquals("correct", c.mapped("verdict", "right"));
        assertEquals("wrong", c.mapped("verdict", "wrong"));
        assertEquals(Map.of("verdict", Map.of("right", "correct")), c.renames());
        assertFalse(c.isEmpty());
    }

    @Test
    void rendersTheChangeForPeople() throws Exception {
        String text = SchemeChange.between(scheme(V1), scheme(V2)).render();
        assertEquals("""
                scheme review: version 1 -> 2
                  + question 'risk' (yes/no per tool): Risk?
                  - question 'note' (text)
                  ~ 'cost': kind number -> ordinal
                  + 'verdict': option 'off_topic'
                  - 'verdict': option 'unclear'
                  ~ 'verdict': option 'right' renamed 'correct' (answers given as 'right' count as 'correct')
                  ~ 'verdict': option 'correct' label 'right' -> 'correct'
                  ~ 'verdict': option 'wrong' label 'wrong' -> 'incorrect'
                  ~ 'verdict': prompt changed
                  ~ 'tone': scale 1–5 -> 1–3
                  ~ 'tone': anchor for step 3 added
                  ~ 'tone': anchor for step 5 removed
                  ~ 'cost': scale none -> 0–3
                  ~ 'cost': range ≥ 0 -> any number
                """, text);
    }

    @Test
    void noChangeIsSaid() throws Exception {
        SchemeChange c = SchemeChange.between(scheme(V1), scheme(V1).withVersion(2));
        assertTrue(c.isEmpty());
        assertEquals("scheme review: version 1 -> 2\n  no change\n", c.render());
        assertEquals(List.of(), c.orphans(Map.of("verdict", Map.of("right", 3L))));
    }

    @Test
    void namesTheAnswersItWouldOrphan() throws Exception {
        SchemeChange c = SchemeChange.between(scheme(V1), scheme(V2));
        Map<String, Map<String, Long>> answers = Map.of(
                "verdict", Map.of("right", 5L, "wrong", 2L, "unclear", 3L, "partly", 0L),
                "tone", Map.of("1", 4L, "3", 1L, "4", 2L),
                "cost", Map.of("12.5", 1L),
                "note", Map.of("", 6L));
        List<SchemeChange.Orphan> orphans = c.orphans(answers);
        assertEquals(
                List.of(
                        new SchemeChange.Orphan("verdict", "unclear", 3, "option removed"),
                        new SchemeChange.Orphan("tone", "4", 2, "outside the scale 1–3"),
                        new SchemeChange.Orphan("cost", null, 1, "kind number -> ordinal"),
                        new SchemeChange.Orphan("note", null, 6, "question removed")),
                orphans);
        assertEquals("""
                this change orphans 12 answers:
                  'verdict' = 'unclear': 3 answers (option removed)
                  'tone' = '4': 2 answers (outside the scale 1–3)
                  'cost': 1 answer (kind number -> ordinal)
                  'note': 6 answers (question removed)
                """, SchemeChange.render(orphans));
    }

    @Test
    void aRenameOrphansNothingAndANumberRangeCanOrphan() throws Exception {
        Scheme a = scheme("""
                scheme: s
                questions:
                  - {key: n, prompt: n, kind: number, min: 0, max: 10}
                  - key: c
                    prompt: c
                    kind: multiple_choice
                    options: [{value: x}, {value: y}]
                """);
        Scheme b = scheme("""
                scheme: s
                questions:
                  - {key: n, prompt: n, kind: number, min: 0, max: 5}
                  - key: c
                    prompt: c
                    kind: multiple_choice
                    options: [{value: x2, renamed_from: x}, {value: y}]
                """);
        SchemeChange c = SchemeChange.between(a, b);
        assertEquals(List.of(), c.optionsRemoved());
        assertEquals(List.of(), c.optionsAdded());
        assertEquals(
                List.of(new SchemeChange.Orphan("n", "7.5", 1, "outside the range 0–5")),
                c.orphans(Map.of("n", Map.of("7.5", 1L, "5", 2L), "c", Map.of("x", 4L, "y", 1L))));
        assertEquals("x2", c.mapped("c", "x"));
    }

    @Test
    void reorderingIsShownButOrphansNothing() throws Exception {
        Scheme a = scheme("""
                scheme: s
                questions:
                  - {key: p, prompt: p, kind: text}
                  - {key: q, prompt: q, kind: single_choice, options: [{value: x}, {value: y}]}
                """);
        Scheme b = scheme("""
                scheme: s
                questions:
                  - {key: q, prompt: q, kind: single_choice, options: [{value: y}, {value: x}]}
                  - {key: p, prompt: p, kind: text}
                """);
        SchemeChange c = SchemeChange.between(a, b);
        assertEquals(List.of("questions reordered: q, p", "'q': options reordered: y, x"), c.other());
        assertEquals(List.of(), c.orphans(Map.of("q", Map.of("x", 1L), "p", Map.of("", 1L))));
    }
}
