package org.tracejudge.ui.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.model.Ids;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;
import org.tracejudge.ui.PlainWorkbench;

/**
 * The question bar's view model without a window (issue 49, item 3), on the sample with the shipped mental-health
 * review installed: keys answer and walk on, the decided trace moves the queue, a required text cannot be passed, a bad
 * key is nobody's, undo appends a withdrawal; a project without a scheme never turns the bar on.
 */
class QuestionBarViewModelTest {
    @TempDir
    Path dir;

    private static QuestionBarViewModel.State st(PlainWorkbench w) throws Exception {
        return w.call(() -> w.vm().questions().stateProperty().get());
    }

    @Test
    void aProjectWithoutASchemeKeepsTheLabelKeys() throws Exception {
        try (PlainWorkbench w = PlainWorkbench.sample(dir, "tester")) {
            assertNull(w.call(() -> w.vm().questions().schemeProperty().get()));
            assertFalse(w.call(() -> w.vm().questions().active()));
            assertFalse(w.call(() -> w.vm().questions().takes("1")));
            assertFalse(w.call(() -> w.vm().questions().key("1")));
            assertEquals(
                    List.of(org.tracejudge.ui.agreement.QuestionAgreementViewModel.LABELS),
                    w.call(() -> w.vm().questionAgreement().choicesProperty().get()));
        }
    }

    @Test
    void keysAnswerWalkOnDecideAndUndo() throws Exception {
        Path file = dir.resolve("mh.tjdb");
        SampleProject.build(file);
        try (Project p = Project.open(file)) {
            p.write(c -> SchemeVersions.append(
                    c,
                    "mental-health-response-review",
                    SchemeFile.write(SchemeFile.example("mental-health-response-review.yaml")),
                    null,
                    null,
                    "lead"));
        }
        try (PlainWorkbench w = new PlainWorkbench(dir, "tester").open(file)) {
            QuestionBarViewModel q = w.vm().questions();
            w.waitFor(
                    "the first trace's questions",
                    () -> q.active()
                            && q.stateProperty().get().loaded()
                            && w.vm().table()
                                    .idAt(0)
                                    .equals(q.stateProperty().get().traceId()));
            String t0 = st(w).traceId();
            assertEquals("risk", st(w).current());
            assertFalse(w.call(() -> q.key("7")), "no step 7 on a 0–4 scale");
            assertTrue(w.call(() -> q.key("1")));
            assertEquals("escalation", st(w).current());
            assertFalse(w.call(() -> q.takes("1")), "escalation has its own keys");
            assertTrue(w.call(() -> q.key("n")));
            assertEquals("tone", st(w).current(), "risk 1: the span question does not apply");
            assertFalse(st(w).decided());
            // ] back and forth
            assertTrue(w.call(() -> q.move(-1)));
            assertEquals("escalation", st(w).current());
            assertTrue(w.call(() -> q.move(+1)));
            assertTrue(w.call(() -> q.key("5")));
            assertEquals("note", st(w).current(), "the optional note comes before moving on");
            assertTrue(st(w).decided());
            // Enter on the empty note passes it: decided, the queue moves on
            assertTrue(w.call(() -> q.submitText("")));
            w.waitFor("the next trace", () -> w.vm().table().currentProperty().get() == 1);
            w.waitFor(
                    "its answers read",
                    () -> !t0.equals(q.stateProperty().get().traceId())
                            && q.stateProperty().get().loaded());
            Map<String, String> mine = w.query(p -> p.read(c -> Answers.ofTrace(
                    c, t0, Ids.of("rater", "tester", ""), List.of("risk", "escalation", "harmful", "tone", "note"))));
            assertEquals(Map.of("risk", "1", "escalation", "\"not_needed\"", "tone", "5"), mine);
            assertEquals("1", w.call(() -> q.cell(t0, "risk")));
            assertEquals(1, w.call(() -> w.vm().table().doneProperty().get()), "decided under the scheme: counted");
            assertEquals("not_needed", w.call(() -> q.cell(t0, "escalation")));

            // undo: the tone (the last answer) is withdrawn, back on the first trace at tone
            assertTrue(w.call(q::undo));
            w.waitFor(
                    "back on the first trace",
                    () -> t0.equals(q.stateProperty().get().traceId())
                            && q.stateProperty().get().loaded());
            assertEquals("tone", st(w).current());
            assertFalse(st(w).decided());
            assertEquals(0, w.call(() -> w.vm().table().doneProperty().get()), "undone: no longer counted");
            assertNull(w.call(() -> q.cell(t0, "tone")));
            List<String> actions = w.query(p -> p.read(c -> {
                List<String> out = new java.util.ArrayList<>();
                try (var s = c.prepareStatement(
                        "SELECT action FROM answer WHERE trace_id = ? AND question = 'tone' ORDER BY created_at, rowid")) {
                    s.setString(1, t0);
                    try (var rs = s.executeQuery()) {
                        while (rs.next()) {
                            out.add(rs.getString(1));
                        }
                    }
                }
                return out;
            }));
            assertEquals(List.of("set", "withdraw"), actions, "appended, never deleted");
            assertEquals(2, w.call(q::undoDepth), "two answers left to take back");
        }
    }

    /** The sample with the shipped mental-health review as version 1. */
    private Path withMentalHealthScheme() throws Exception {
        Path file = dir.resolve("mh.tjdb");
        SampleProject.build(file);
        try (Project p = Project.open(file)) {
            p.write(c -> SchemeVersions.append(
                    c,
                    "mental-health-response-review",
                    SchemeFile.write(SchemeFile.example("mental-health-response-review.yaml")),
                    null,
                    null,
                    "lead"));
        }
        return file;
    }

    @Test
    void zeroAnswersASpanQuestionNoneFound() throws Exception {
        Path file = withMentalHealthScheme();
        try (PlainWorkbench w = new PlainWorkbench(dir, "tester").open(file)) {
            QuestionBarViewModel q = w.vm().questions();
            w.waitFor(
                    "the first trace's questions",
                    () -> q.active()
                            && q.stateProperty().get().loaded()
                            && w.vm().table()
                                    .idAt(0)
                                    .equals(q.stateProperty().get().traceId()));
            String t0 = st(w).traceId();
            assertTrue(w.call(() -> q.key("3")));
            assertTrue(w.call(() -> q.key("a")));
            assertEquals("harmful", st(w).current());
            assertTrue(w.call(() -> q.takes("0")), "0 is the span question's none found");
            assertFalse(w.call(() -> q.takes("5")), "other keys of a span question mark a selection, in its text");
            // a passage marked and not saved: 0 does not throw it away, and says why
            assertTrue(w.call(() -> q.markSpan("2", 0, 5)));
            assertTrue(w.call(() -> q.key("0")));
            assertEquals("harmful", st(w).current());
            assertEquals(1, st(w).spans().size());
            assertTrue(
                    w.call(() -> w.vm().session().statusProperty().get()).contains("Enter saves it"),
                    w.call(() -> w.vm().session().statusProperty().get()));
            // away and back clears the marks; then 0 answers none found and the walk moves on
            assertTrue(w.call(() -> q.move(+1)));
            assertTrue(w.call(() -> q.move(-1)));
            assertEquals(List.of(), st(w).spans());
            assertTrue(w.call(() -> q.key("0")));
            assertEquals("tone", st(w).current());
            assertEquals(
                    org.tracejudge.scheme.Answer.Spans.noneFound(),
                    st(w).answers().get("harmful"));
            assertEquals("none found", w.call(() -> q.cell(t0, "harmful")));
            assertEquals(
                    "tester: harmful = none found",
                    w.call(() -> w.vm().session().statusProperty().get()));
            assertTrue(w.call(() -> q.key("4")));
            assertTrue(st(w).decided(), "none found answers the required span question");
            // the query runs after the writes queued on the project thread
            // the progress counter: none found answered the last required question, the trace counts
            w.waitFor("the trace counted", () -> w.vm().table().doneProperty().get() == 1);
            assertEquals(java.util.Set.of(t0), w.call(() -> w.vm().table().schemeDecided()));
            assertEquals(
                    Map.of("harmful", "[]", "tone", "4"),
                    w.query(p -> p.read(
                            c -> Answers.ofTrace(c, t0, Ids.of("rater", "tester", ""), List.of("harmful", "tone")))));
        }
        // opened again: the counter counts the trace from the stored answers; another person has decided none
        try (PlainWorkbench w = new PlainWorkbench(dir, "tester").open(file)) {
            w.waitFor(
                    "the count with the scheme's decisions",
                    () -> w.vm().table().doneProperty().get() == 1);
            assertEquals(1, w.call(() -> w.vm().table().schemeDecided().size()));
        }
        try (PlainWorkbench w = new PlainWorkbench(dir, "someone else").open(file)) {
            w.waitFor(
                    "the count read",
                    () -> w.vm().table().doneProperty().get() == 0
                            && w.vm().questions().stateProperty().get().loaded());
            assertEquals(java.util.Set.of(), w.call(() -> w.vm().table().schemeDecided()));
        }
    }

    @Test
    void aTraceNoQuestionAppliesToIsNotCountedForBeingShown() throws Exception {
        Path file = dir.resolve("sel.tjdb");
        SampleProject.build(file);
        String yaml = """
                scheme: only-selection
                version: 1
                questions:
                  - key: fine
                    prompt: Is the selection fine?
                    kind: single_choice
                    applies_to:
                      task_types: [tool_selection]
                    options:
                      - {value: "yes", label: "yes", definition: it is}
                      - {value: "no", label: "no", definition: it is not}
                """;
        try (Project p = Project.open(file)) {
            p.write(c -> SchemeVersions.append(
                    c,
                    "only-selection",
                    SchemeFile.write(SchemeFile.parse(yaml, "only-selection.yaml")),
                    null,
                    null,
                    "lead"));
        }
        try (PlainWorkbench w = new PlainWorkbench(dir, "tester").open(file)) {
            QuestionBarViewModel q = w.vm().questions();
            w.waitFor(
                    "the first trace read",
                    () -> q.active()
                            && q.stateProperty().get().loaded()
                            && w.vm().table().doneProperty().get() >= 0);
            assertTrue(st(w).questions().isEmpty(), "the first trace is no tool-selection task");
            assertTrue(st(w).decided(), "nothing to answer: the walk would move on");
            assertEquals(0, w.call(() -> w.vm().table().doneProperty().get()), "yet nobody decided it");
            assertEquals(java.util.Set.of(), w.call(() -> w.vm().table().schemeDecided()));
        }
    }
}
