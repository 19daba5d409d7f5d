package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.agreement.AgreementOptions;
import org.tracejudge.agreement.QuestionAgreement;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.QuestionRatings;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;
import org.tracejudge.ui.trace.QuestionBarViewModel;

/**
 * Issue 49, item 3: a project with its own scheme is judged from the keyboard in the real window. The decision bar
 * walks the trace's questions (a condition brings in the span question), each kind's keys write one answer entry by the
 * annotator under the scheme version, the trace is decided when its required questions are answered and the queue
 * moves on, Ctrl+Z takes an answer back with a withdrawal, the table shows my answers per question, and the Agreement
 * tab's question picker shows {@link QuestionAgreement}'s figures.
 */
class SchemeWorkbenchUiTest extends WindowTest {
    /** A scheme of the kinds the mental-health review does not have: multiple choice, yes/no per tool, number. */
    static final String TOOLS_SCHEME = """
            scheme: test-tools
            version: 1
            questions:
              - key: failures
                prompt: Which failures does the run show?
                kind: multiple_choice
                options:
                  - {value: none, label: no failure, definition: nothing went wrong}
                  - {value: wrong_tool, label: wrong tool, definition: a tool that cannot do it}
                  - {value: fabrication, label: fabrication, definition: facts no tool gave}
              - key: tools
                prompt: For each tool, should it fire?
                kind: yes_no_per_tool
                applies_to:
                  task_types: [tool_selection]
                options:
                  - {value: "YES", label: fire, definition: the input needs it, key: y}
                  - {value: "NO", label: hold, definition: it does not, key: n}
              - key: confidence
                prompt: How sure are you, in percent?
                kind: number
                min: 0
                max: 100
                applies_to:
                  task_types: [tool_selection]
            """;

    /** A copy of a bundled sample with a scheme installed as version 1, open in the window. */
    private Path openWithScheme(FxRobot robot, SampleProject.Kind kind, Scheme scheme, int rows) throws Exception {
        opened(robot);
        Path copy = home.resolve("scheme.tjdb");
        try (Project p = SampleProject.open(kind, home.resolve("samples").resolve(kind.name() + ".tjdb"))) {
            p.read(c -> {
                try (java.sql.Statement s = c.createStatement()) {
                    s.execute("VACUUM INTO '" + copy.toString().replace("'", "''") + "'");
                }
                return null;
            });
        }
        try (Project p = Project.open(copy)) {
            p.write(c -> SchemeVersions.append(
                    c, scheme.name(), SchemeFile.write(scheme.withVersion(1)), null, null, "lead"));
        }
        robot.interact(() -> vm().session().open(copy));
        waitFor(
                "the copy open with its scheme",
                () -> copy.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && table().getItems().size() == rows
                        && vm().questions().schemeProperty().get() != null
                        && vm().questions().active());
        return copy;
    }

    private QuestionBarViewModel.State bar() {
        return vm().questions().stateProperty().get();
    }

    private void waitAt(String trace, String question) {
        waitFor(
                "question " + question + " of " + trace,
                () -> trace.equals(bar().traceId()) && bar().loaded() && question.equals(bar().current()));
    }

    /** Every entry of a trace: question, action, value, scheme version, rater, in the order written. */
    private static List<List<String>> entries(Project p, String trace) {
        return p.read(c -> {
            List<List<String>> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT a.question, a.action, coalesce(a.value, ''), "
                    + "a.scheme_version, r.name, r.kind FROM answer a JOIN rater r ON r.id = a.rater_id "
                    + "WHERE a.trace_id = ? ORDER BY a.created_at, a.rowid")) {
                s.setString(1, trace);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(List.of(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getString(5),
                                rs.getString(6)));
                    }
                }
            }
            return out;
        });
    }

    private void waitForEntries(String trace, int n) {
        waitFor("" + n + " answer entries on " + trace, () -> {
            java.util.concurrent.CompletableFuture<Integer> f = new java.util.concurrent.CompletableFuture<>();
            vm().session().afterPendingWork(() -> f.complete(0));
            f.get(10, java.util.concurrent.TimeUnit.SECONDS);
            return entries(vm().session().project(), trace).size() == n;
        });
    }

    @SuppressWarnings({"unchecked", "rawtypes"}) // TestFX lookups give raw control types
    @Test
    void theMentalHealthReviewIsAnsweredFromTheKeyboard(FxRobot robot) throws Exception {
        Scheme scheme = SchemeFile.example("mental-health-response-review.yaml");
        openWithScheme(robot, SampleProject.Kind.BENCHMARK, scheme, 60);
        String t0 = vm().table().idAt(0);
        waitAt(t0, "risk");
        // the span question applies only when risk >= 2: not listed yet
        assertEquals(List.of("risk", "escalation", "tone", "note"), keys(bar()));
        assertTrue(robot.lookup("#questionBar").query().isVisible());
        assertFalse(
                robot.lookup("#labelKeys").query().getParent().isVisible(), "the label keys give way to the questions");
        assertTrue(text(robot, "#questionPrompt").startsWith("How much risk"));
        assertTrue(
                text(robot, "#step-4").startsWith("4  imminent risk — the user states intent"), text(robot, "#step-4"));

        // ordinal: the step's digit answers and moves on
        typeInTable(robot, KeyCode.DIGIT3);
        waitAt(t0, "escalation");
        assertEquals(List.of("risk", "escalation", "harmful", "tone", "note"), keys(bar()));
        // single choice: the option's own key (a = appropriate)
        typeInTable(robot, KeyCode.A);
        waitAt(t0, "harmful");
        // span: the answer's text takes the focus; Shift+→ selects, the option's digit marks, Enter saves
        waitFor(
                "the answer's text focused",
                () -> robot.lookup("#spanText").query().isFocused());
        for (int i = 0; i < 12; i++) {
            robot.press(KeyCode.SHIFT).type(KeyCode.RIGHT).release(KeyCode.SHIFT);
        }
        robot.type(KeyCode.DIGIT2);
        waitFor("one span marked", () -> bar().spans().size() == 1);
        robot.type(KeyCode.ENTER);
        waitAt(t0, "tone");
        // Shift+Tab goes back a question, ] forward again
        waitFor(
                "the review keys have the focus again",
                () -> !robot.lookup("#spanText").query().isFocused());
        robot.press(KeyCode.SHIFT).type(KeyCode.TAB).release(KeyCode.SHIFT);
        waitAt(t0, "harmful");
        robot.interact(() -> table().requestFocus());
        waitFor("the table focused", () -> table().isFocused());
        robot.type(KeyCode.CLOSE_BRACKET);
        waitAt(t0, "tone");
        robot.type(KeyCode.DIGIT4);
        // the optional note: its field takes the focus; Enter saves it, and the decided trace gives way to the next
        waitAt(t0, "note");
        waitFor(
                "the note field focused",
                () -> robot.lookup("#questionField").query().isFocused());
        robot.write("checked twice");
        robot.type(KeyCode.ENTER);
        String t1 = vm().table().idAt(1);
        waitFor("the next trace", () -> t1.equals(bar().traceId()) && bar().loaded());
        assertEquals("risk", bar().current());
        waitFor(
                "the focus back where the review keys act",
                () -> robot.lookup("#workbench").query().isFocused());

        Project p = vm().session().project();
        waitForEntries(t0, 5);
        List<List<String>> e = entries(p, t0);
        String span = "[{\"end\":12,\"index\":0,\"option\":\"dismissive\",\"start\":0,\"target\":\"answer\"}]";
        assertEquals(
                List.of(
                        List.of("risk", "set", "3", "1", annotator(), "human"),
                        List.of("escalation", "set", "\"appropriate\"", "1", annotator(), "human"),
                        List.of("harmful", "set", span, "1", annotator(), "human"),
                        List.of("tone", "set", "4", "1", annotator(), "human"),
                        List.of("note", "set", "\"checked twice\"", "1", annotator(), "human")),
                e);

        // the table: a column per question with my answer
        waitFor("the question columns", () -> column("q:risk") != null);
        assertEquals("3", cellOf("q:risk", 0));
        assertEquals("appropriate", cellOf("q:escalation", 0));
        assertEquals("checked twice", cellOf("q:note", 0));
        assertEquals(null, cellOf("q:risk", 1));

        // Ctrl+Z: the last answer (the note) is withdrawn, back on its trace and question
        robot.interact(() -> table().requestFocus());
        waitFor("the table focused", () -> table().isFocused());
        robot.press(KeyCode.CONTROL).type(KeyCode.Z).release(KeyCode.CONTROL);
        waitAt(t0, "note");
        waitForEntries(t0, 6);
        assertEquals(
                List.of("note", "withdraw", "", "1", annotator(), "human"),
                entries(p, t0).get(5));
        assertFalse(bar().answers().containsKey("note"));
        assertTrue(bar().decided(), "the note is optional: the trace stays decided");
        waitFor("the note's cell emptied", () -> cellOf("q:note", 0) == null);
        assertEquals(Map.of("risk", "3", "tone", "4"), p.read(c -> {
            Map<String, String> m = new java.util.TreeMap<>(Answers.ofTrace(
                    c, t0, org.tracejudge.model.Ids.of("rater", annotator(), ""), List.of("risk", "tone", "note")));
            return m;
        }));

        // the Agreement tab: a second rater's risk answers, then the picker's figures are QuestionAgreement's
        p.write(c -> {
            String r = Ledger.ensureRater(c, "second", RaterKind.HUMAN, "", null, null);
            Answers.append(c, null, Answers.Entry.set(t0, r, "risk", 1, "2", "second"));
            return Answers.append(c, null, Answers.Entry.set(t1, r, "risk", 1, "1", "second"));
        });
        // and mine on t1, from the keyboard
        robot.interact(() -> vm().table().go(1));
        waitAt(t1, "risk");
        typeInTable(robot, KeyCode.DIGIT1);
        waitAt(t1, "escalation");
        waitForEntries(t1, 2);
        // a trace I have not answered where two others disagree on risk (2 and 4)
        String t2 = vm().table().idAt(2);
        p.write(c -> {
            String second = Ledger.ensureRater(c, "second", RaterKind.HUMAN, "", null, null);
            String third = Ledger.ensureRater(c, "third", RaterKind.HUMAN, "", null, null);
            Answers.append(c, null, Answers.Entry.set(t2, second, "risk", 1, "2", "second"));
            return Answers.append(c, null, Answers.Entry.set(t2, third, "risk", 1, "4", "third"));
        });
        assertTrue(scheme.question("risk").orElseThrow().blind(), "risk has a safety-critical step: blind");
        // the quick filter: only the trace where the raters' risk differs (t0: 3 and 2; t1: 1 and 1) among those I
        // answered; t2, where the others disagree, stays out: on a blind question that would hint at their answers
        robot.interact(() -> robot.lookup("#disagreeOnFilter")
                .queryAs(javafx.scene.control.ComboBox.class)
                .setValue("risk"));
        waitFor(
                "the traces where raters disagree on risk",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 1
                        && t0.equals(vm().table().idAt(0)));
        assertEquals(
                List.of("raters disagree on risk  ✕"),
                robot.lookup(".filter-chip").queryAllAs(javafx.scene.control.Button.class).stream()
                        .map(javafx.scene.control.Button::getText)
                        .toList(),
                "one chip: the viewer the blind filter is qualified by is no filter of its own");
        // the same filter on the store without a viewer finds both, so the one above was narrowed, not empty by chance
        assertEquals(List.of(t0, t2).stream().sorted().toList(), p.read(c -> {
            List<String> ids = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT a.trace_id FROM answer a WHERE a.question "
                    + "= 'risk' AND a.action = 'set' GROUP BY a.trace_id HAVING count(DISTINCT a.value) > 1 "
                    + "ORDER BY a.trace_id")) {
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getString(1));
                    }
                }
            }
            return ids;
        }));
        robot.interact(() -> vm().table().setFilter(org.tracejudge.store.TraceTable.Filter.NONE));
        waitFor(
                "every trace again",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 60);
        robot.interact(() -> table().requestFocus());
        waitFor("the table focused", () -> table().isFocused());
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT2).release(KeyCode.CONTROL);
        waitFor(
                "the picker",
                () -> robot.lookup("#agreementQuestion").tryQuery().isPresent()
                        && robot.lookup("#agreementQuestion").query().isVisible());
        robot.interact(() -> vm().questionAgreement().choose("risk"));
        waitFor(
                "the figures of risk",
                () -> vm().questionAgreement().figuresProperty().get() != null);
        Question risk = scheme.question("risk").orElseThrow();
        // risk is blind: the figures count only the traces I answered (t0, t1), not t2 where only others did
        Map<String, Map<String, String>> mine = new java.util.LinkedHashMap<>(p.read(c -> Answers.current(c, "risk")));
        assertTrue(mine.containsKey(t2));
        mine.remove(t2);
        QuestionAgreement.Result expected = new QuestionAgreement(AgreementOptions.defaults())
                .compute(QuestionRatings.kind(risk), QuestionRatings.of(risk, mine, null));
        QuestionAgreement.Result shown =
                vm().questionAgreement().figuresProperty().get().result();
        assertNotNull(shown);
        assertEquals(expected.coefficients(), shown.coefficients());
        assertFalse(expected.coefficients().isEmpty());
        QuestionAgreement.Coefficient first = expected.coefficients().get(0);
        assertEquals(
                first.value() == null ? "—" : String.format(Locale.ROOT, "%.3f", first.value()),
                text(robot, "#qa-" + first.name().replaceAll("[^A-Za-z0-9_]", "_")));
        assertEquals(
                List.of("second", annotator()),
                vm().questionAgreement().figuresProperty().get().raters());
        assertEquals(2, vm().questionAgreement().figuresProperty().get().items());
        // the panel says so in one line, and nothing in it names the rater who answered only t2 or counts t2
        waitFor(
                "the blind note",
                () -> robot.lookup("#questionAgreementBlind").query().isVisible());
        assertTrue(
                text(robot, "#questionAgreementBlind")
                        .startsWith("Blind question: these figures count only the 2 "
                                + "traces you have answered yourself"),
                text(robot, "#questionAgreementBlind"));
        String panel = shownText(robot.lookup("#agreementWithPicker").query());
        assertFalse(panel.contains("third"), panel);
        assertTrue(panel.contains("2 traces answered by second, " + annotator()), panel);
        // the same figures without the blind filter would name 'third': the note is not a coincidence
        assertTrue(QuestionRatings.of(risk, p.read(c -> Answers.current(c, "risk")), null)
                .raters()
                .contains("third"));
    }

    /** Every text a node and its children show (labels, buttons, tooltips), one per line. */
    static String shownText(javafx.scene.Node n) {
        StringBuilder b = new StringBuilder();
        collectText(n, b);
        return b.toString();
    }

    private static void collectText(javafx.scene.Node n, StringBuilder b) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof javafx.scene.control.Labeled l) {
            b.append(l.getText()).append('\n');
            if (l.getTooltip() != null) {
                b.append(l.getTooltip().getText()).append('\n');
            }
        }
        if (n instanceof javafx.scene.control.TextInputControl t) {
            b.append(t.getText()).append('\n');
        }
        if (n instanceof javafx.scene.control.ScrollPane sp && sp.getContent() != null) {
            collectText(sp.getContent(), b);
        }
        if (n instanceof javafx.scene.Parent parent) {
            for (javafx.scene.Node c : parent.getChildrenUnmodifiable()) {
                collectText(c, b);
            }
        }
    }

    @Test
    void zeroAnswersNoneFoundAndTheCounterCountsTheDecidedTrace(FxRobot robot) throws Exception {
        openWithScheme(
                robot, SampleProject.Kind.BENCHMARK, SchemeFile.example("mental-health-response-review.yaml"), 60);
        String t0 = vm().table().idAt(0);
        waitAt(t0, "risk");
        typeInTable(robot, KeyCode.DIGIT3);
        waitAt(t0, "escalation");
        typeInTable(robot, KeyCode.A);
        waitAt(t0, "harmful");
        waitFor(
                "the answer's text focused",
                () -> robot.lookup("#spanText").query().isFocused());
        assertTrue(
                text(robot, "#option-none-found").startsWith("0  none found — nothing in the text to mark"),
                text(robot, "#option-none-found"));
        assertTrue(text(robot, "#spanMarks").contains("0 answers none found"), text(robot, "#spanMarks"));
        // a selection is no mark for 0: the answer is none found, and the walk moves on
        for (int i = 0; i < 5; i++) {
            robot.press(KeyCode.SHIFT).type(KeyCode.RIGHT).release(KeyCode.SHIFT);
        }
        robot.type(KeyCode.DIGIT0);
        waitAt(t0, "tone");
        assertEquals(
                org.tracejudge.scheme.Answer.Spans.noneFound(), bar().answers().get("harmful"));
        assertEquals(
                annotator() + ": harmful = none found",
                vm().session().statusProperty().get());
        waitForEntries(t0, 3);
        assertEquals(
                List.of("harmful", "set", "[]", "1", annotator(), "human"),
                entries(vm().session().project(), t0).get(2));
        waitFor("the question columns", () -> column("q:harmful") != null);
        waitFor("the cell says none found", () -> "none found".equals(cellOf("q:harmful", 0)));
        // back on the question, the bar shows the answer
        assertEquals("done 0 / 60 in queue", text(robot, "#reviewProgress"), "tone is still to answer");
        robot.press(KeyCode.SHIFT).type(KeyCode.TAB).release(KeyCode.SHIFT);
        waitAt(t0, "harmful");
        assertEquals("Your answer: none found", text(robot, "#questionMine"));
        // the last required question answered: the status bar's counter counts the trace, Ctrl+Z takes it back
        robot.type(KeyCode.TAB);
        waitAt(t0, "tone");
        robot.type(KeyCode.DIGIT4);
        waitFor("the counter", () -> text(robot, "#reviewProgress").equals("done 1 / 60 in queue"));
        // decided, the walk offers the optional note (its field has the focus): Esc leaves it for the review keys
        waitAt(t0, "note");
        robot.type(KeyCode.ESCAPE);
        waitFor("the review keys", () -> robot.lookup("#workbench").query().isFocused());
        robot.press(KeyCode.CONTROL).type(KeyCode.Z).release(KeyCode.CONTROL);
        waitAt(t0, "tone");
        waitFor("the counter back", () -> text(robot, "#reviewProgress").equals("done 0 / 60 in queue"));

        // a click on the risk column's header sorts the queue by my answers: step 1 (t5), step 3 (t0), then the rest
        String t5 = vm().table().idAt(5);
        Project p = vm().session().project();
        p.write(c -> Answers.append(
                c,
                null,
                Answers.Entry.set(
                        t5, org.tracejudge.model.Ids.of("rater", annotator(), ""), "risk", 1, "1", annotator())));
        javafx.scene.Node header = robot.lookup(".column-header")
                .match(n -> "col-q:risk".equals(n.getId()))
                .query();
        robot.clickOn(header);
        waitFor(
                "sorted by risk",
                () -> !vm().session().loadingProperty().get()
                        && t5.equals(vm().table().idAt(0))
                        && t0.equals(vm().table().idAt(1)));
        assertEquals(
                new org.tracejudge.store.TraceTable.Sort("q:risk", false),
                vm().table().sortProperty().get());
        assertEquals(60, vm().table().totalProperty().get());
    }

    @Test
    void multipleChoiceYesNoPerToolAndNumberFromTheKeyboard(FxRobot robot) throws Exception {
        Scheme scheme = SchemeFile.parse(TOOLS_SCHEME, "test-tools.yaml");
        openWithScheme(robot, SampleProject.Kind.TOUR, scheme, 36);
        Project p = vm().session().project();
        String sel = org.tracejudge.TestData.scalar(
                p,
                "SELECT t.id FROM trace t JOIN task k ON k.id = t.task_id WHERE k.task_type = 'tool_selection' "
                        + "ORDER BY t.id LIMIT 1");
        robot.interact(() -> vm().table().go(vm().table().indexOf(sel)));
        waitAt(sel, "failures");
        assertEquals(List.of("failures", "tools", "confidence"), keys(bar()));
        waitFor("the scenario's tools", () -> !bar().tools().isEmpty());
        List<String> tools = bar().tools();
        // multiple choice: digits toggle (3 twice: off again), Enter saves
        typeInTable(robot, KeyCode.DIGIT2, KeyCode.DIGIT3, KeyCode.DIGIT3, KeyCode.DIGIT3);
        waitFor("two toggled", () -> bar().choices().size() == 2);
        robot.type(KeyCode.ENTER);
        waitAt(sel, "tools");
        // yes/no per tool: Y for the first tool, N for every other
        robot.type(KeyCode.Y);
        for (int i = 1; i < tools.size(); i++) {
            robot.type(KeyCode.N);
        }
        waitAt(sel, "confidence");
        waitFor(
                "the number field focused",
                () -> robot.lookup("#questionField").query().isFocused());
        robot.write("150");
        robot.type(KeyCode.ENTER);
        waitFor(
                "out of range, said",
                () -> String.valueOf(vm().session().statusProperty().get()).contains("outside the range"));
        robot.press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
        robot.write("80");
        robot.type(KeyCode.ENTER);
        waitFor("the next trace", () -> !sel.equals(bar().traceId()));
        waitForEntries(sel, 3);
        List<List<String>> e = entries(p, sel);
        StringBuilder perTool = new StringBuilder("{");
        List<String> sorted = new ArrayList<>(tools);
        java.util.Collections.sort(sorted);
        for (String t : sorted) {
            perTool.append(perTool.length() > 1 ? "," : "")
                    .append('"')
                    .append(t)
                    .append("\":\"")
                    .append(t.equals(tools.get(0)) ? "YES" : "NO")
                    .append('"');
        }
        perTool.append('}');
        assertEquals(
                List.of(
                        List.of("failures", "set", "[\"fabrication\",\"wrong_tool\"]", "1", annotator(), "human"),
                        List.of("tools", "set", perTool.toString(), "1", annotator(), "human"),
                        List.of("confidence", "set", "80.0", "1", annotator(), "human")),
                e);
    }

    private static List<String> keys(QuestionBarViewModel.State s) {
        return s.questions().stream().map(Question::key).toList();
    }

    private javafx.scene.control.TableColumn<?, ?> column(String id) {
        for (javafx.scene.control.TableColumn<?, ?> c : table().getColumns()) {
            if (id.equals(c.getUserData())) {
                return c;
            }
        }
        return null;
    }

    /** The text a question column shows for a row (null when empty). */
    private String cellOf(String columnId, int row) {
        javafx.scene.control.TableColumn<?, ?> c = column(columnId);
        Object v = c == null ? null : c.getCellData(row);
        return v == null || v.toString().isEmpty() ? null : v.toString();
    }
}
