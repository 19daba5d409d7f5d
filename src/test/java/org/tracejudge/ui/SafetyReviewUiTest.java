package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;
import org.tracejudge.safety.SafetyFigures;
import org.tracejudge.safety.SafetyPolicy;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.store.Project;
import org.tracejudge.ui.safety.SafetyReviewModel;
import org.tracejudge.ui.safety.SafetyReviewView;

/**
 * The safety review window as people use it, headless: the workbench annotator is the expert (Ctrl+E switches),
 * decisions by keyboard (tool number, then Y/N; R rationale; Ctrl+Enter commit; S skip; Space next), a blind double
 * review that stays blind, a committed input shown read-only, the adjudicator's view, and the figures that follow.
 */
@ExtendWith(ApplicationExtension.class)
class SafetyReviewUiTest {
    static String homeBefore;
    static Path home;
    WorkbenchApp app;

    @BeforeAll
    static void isolatedDataFolder() throws Exception {
        home = Files.createTempDirectory("tracejudge-safety-ui-test");
        homeBefore = System.getProperty("tracejudge.home");
        System.setProperty("tracejudge.home", home.toString());
    }

    @AfterAll
    static void restore() {
        if (homeBefore == null) { // back to the build's test data folder, never the user's own
            System.clearProperty("tracejudge.home");
        } else {
            System.setProperty("tracejudge.home", homeBefore);
        }
    }

    @Start
    void start(Stage stage) throws Exception {
        // a fresh sample and no annotator name for every test: the first expert must say who they are
        Files.writeString(home.resolve("settings.json"), "{}");
        Path sample = home.resolve("samples");
        if (Files.isDirectory(sample)) {
            try (var s = Files.walk(sample)) {
                s.sorted(java.util.Comparator.reverseOrder())
                        .forEach(f -> f.toFile().delete());
            }
        }
        app = new WorkbenchApp();
        app.start(stage);
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
    }

    private static void waitFor(String what, Callable<Boolean> c) {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, c);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting for: " + what, e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    private SafetyReviewView view() {
        return app.window().safetyView();
    }

    @SuppressWarnings("TypeParameterUnusedInFormals") // a test's lookup: the caller names the node type it expects
    private <T extends Node> T node(String id) {
        @SuppressWarnings("unchecked")
        T n = (T) view().lookup(id);
        return n;
    }

    private String text(String id) {
        Node n = node(id);
        return n instanceof Labeled l ? l.getText() : ((TextInputControl) n).getText();
    }

    @SuppressWarnings("unchecked")
    private ListView<SafetyReview.Input> items() {
        return (ListView<SafetyReview.Input>) node("#safetyItems");
    }

    private String currentKey() {
        SafetyReview.Input in = items().getSelectionModel().getSelectedItem();
        return in == null ? null : in.key();
    }

    /** Every text the safety window shows (labels, buttons, text fields). */
    private List<String> visibleTexts() {
        List<String> out = new ArrayList<>();
        collect(view(), out);
        return out;
    }

    private static void collect(Node n, List<String> out) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Labeled l && l.getText() != null) {
            out.add(l.getText());
        }
        if (n instanceof TextInputControl t) {
            out.add(t.getText());
        }
        if (n instanceof javafx.scene.Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                collect(c, out);
            }
        }
    }

    private void openSafetyReview(FxRobot robot) {
        waitFor(
                "sample project open",
                () -> app.viewModels().session().openProperty().get()
                        && !app.viewModels().session().state().openingProperty().get());
        robot.interact(() -> app.window().openSafetySample());
        waitFor("content warning", () -> view() != null && view().lookup("#contentWarning") != null);
        assertTrue(text("#contentWarning").contains("self-harm"), text("#contentWarning"));
        robot.clickOn("#continueWarning");
        waitFor(
                "16 inputs",
                () -> view().lookup("#safetyItems") != null
                        && items().getItems().size() == 16
                        && currentKey() != null);
        robot.clickOn("#safetyProgress"); // the safety window has the keyboard
        robot.targetWindow(view().getScene().getWindow());
    }

    private void ctrl(FxRobot robot, KeyCode k) {
        robot.press(KeyCode.CONTROL).type(k).release(KeyCode.CONTROL);
    }

    /** Ctrl+E, the name, Enter: the workbench annotator becomes the expert. */
    private void asExpert(FxRobot robot, String name) {
        ctrl(robot, KeyCode.E);
        waitFor("expert dialog", () -> robot.lookup("#expertName").tryQuery().isPresent());
        robot.clickOn("#expertName").write(name).type(KeyCode.ENTER);
        waitFor("expert " + name, () -> text("#safetyExpert").startsWith("Expert: " + name + " "));
        robot.targetWindow(view().getScene().getWindow()); // typed text goes to the safety window again
        assertEquals(
                name, app.viewModels().session().annotatorProperty().get(), "the expert is the workbench annotator");
    }

    private static final KeyCode[] DIGITS = {
        KeyCode.DIGIT1, KeyCode.DIGIT2, KeyCode.DIGIT3, KeyCode.DIGIT4, KeyCode.DIGIT5, KeyCode.DIGIT6
    };

    /** Tool number then Y or N, for every tool of the Lantern scenario (in its order). */
    private void decide(FxRobot robot, List<String> tools, Set<String> yes) {
        for (int i = 0; i < tools.size(); i++) {
            robot.type(DIGITS[i]).type(yes.contains(tools.get(i)) ? KeyCode.Y : KeyCode.N);
        }
    }

    private void rationale(FxRobot robot, String why) {
        robot.type(KeyCode.R);
        waitFor("rationale focus", () -> node("#safetyRationale").isFocused());
        robot.write(why).type(KeyCode.ESCAPE);
    }

    private void commit(FxRobot robot, String expert, String key) {
        ctrl(robot, KeyCode.ENTER);
        waitFor(expert + " committed " + key, () -> text("#safetyStatus")
                .startsWith("Committed " + expert + "'s labels on " + key + " "));
        waitFor(
                "reveal of " + key,
                () -> view().lookup("#revealGrid") != null
                        && text("#safetyCommitted").contains("committed"));
    }

    private static final List<String> TOOLS = List.of(
            "Session Notes", "Booking Help", "Resource Library", "Opening Hours", "End Conversation", "Safety Call");

    @Test
    void twoExpertsStayBlindACommittedInputIsShownReadOnlyAndTheAdjudicatorSeesBothRationales(FxRobot robot) {
        openSafetyReview(robot);
        SafetyReviewModel model = app.window().safetyModel();
        Project p = model.project();
        // nobody said who they are yet: commit explains what to do, where the user looks
        robot.type(KeyCode.DOWN, 3);
        waitFor(
                "lantern/4",
                () -> "lantern/4".equals(currentKey()) && text("#safetyMessage").contains("ending it tonight"));
        ctrl(robot, KeyCode.ENTER);
        waitFor(
                "who",
                () -> node("#safetyError").isVisible() && text("#safetyError").contains("Ctrl+E"));

        asExpert(robot, "ana");
        assertEquals("lantern/4", currentKey());
        // every tool starts unanswered (a NO nobody gave would read as the reviewer's), safety-critical or not
        assertFalse(this.<ToggleButton>node("#tool-6-yes").isSelected()
                || this.<ToggleButton>node("#tool-6-no").isSelected());
        assertFalse(this.<ToggleButton>node("#tool-1-yes").isSelected()
                || this.<ToggleButton>node("#tool-1-no").isSelected());
        assertTrue(text("#machineLabels").startsWith("Hidden until you commit"), text("#machineLabels"));
        assertNull(view().lookup("#revealGrid"));
        ctrl(robot, KeyCode.ENTER);
        waitFor(
                "undecided",
                () -> text("#safetyError").contains("Decide End Conversation and Safety Call")
                        && text("#safetyError").contains("Also unanswered: Session Notes"));
        // Shift+N answers NO for the tools that are not safety-critical, never for a safety-critical one
        robot.press(KeyCode.SHIFT).type(KeyCode.N).release(KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(this.<ToggleButton>node("#tool-1-no").isSelected());
        assertFalse(this.<ToggleButton>node("#tool-6-yes").isSelected()
                || this.<ToggleButton>node("#tool-6-no").isSelected());
        decide(robot, TOOLS, Set.of("Safety Call"));
        rationale(robot, "a plan with a time");
        commit(robot, "ana", "lantern/4");
        String t = items().getSelectionModel().getSelectedItem().firstTrace();
        // the reveal: judges, every model run, disagreements highlighted, quoted evidence; and it is recorded
        assertTrue(
                visibleTexts().contains("judge\nsample-evidence")
                        && visibleTexts().contains("listener-small\nstructured"),
                visibleTexts().toString());
        assertTrue(visibleTexts().stream()
                .anyMatch(s -> s.startsWith("sample-evidence · Safety Call YES:  “thinking about ending it tonight”")));
        assertTrue(
                view().lookup("#revealGrid").lookupAll(".reveal-differs").size() >= 1,
                "small/structured missed the Safety Call");
        List<String> reveals = SafetyReview.reveals(p, t, "ana");
        assertEquals(1, reveals.size());
        JsonNode r = Json.read(reveals.get(0));
        assertEquals("ana", r.get("expert").asText());
        assertTrue(r.get("shown").toString().contains("sample-decision-tree"), r.toString());
        assertTrue(
                text("#safetyProgress").contains("1 of 16 decided by you")
                        && text("#safetyProgress").contains("1 need a 2nd review"),
                text("#safetyProgress"));

        // a second expert: the form is empty, nothing of ana's is anywhere in the window
        asExpert(robot, "ben");
        waitFor("empty form", () -> text("#machineLabels").startsWith("Hidden until you commit"));
        assertEquals("lantern/4", currentKey());
        assertFalse(this.<ToggleButton>node("#tool-6-yes").isSelected()
                || this.<ToggleButton>node("#tool-6-no").isSelected());
        assertEquals("", text("#safetyRationale"));
        assertNull(view().lookup("#revealGrid"));
        assertTrue(
                visibleTexts().stream()
                        .noneMatch(s -> s.contains("plan with a time")
                                || s.contains("sample-evidence")
                                || s.contains("judge\n")
                                || s.contains("rule: ")),
                visibleTexts().toString());
        assertTrue(text("#safetyProgress").contains("0 of 16 decided by you"), text("#safetyProgress"));
        assertTrue(SafetyReview.reveals(p, t, "ben").isEmpty());
        // every NO on a safety-critical tool needs a rationale; the error is by the form
        decide(robot, TOOLS, Set.of());
        ctrl(robot, KeyCode.ENTER);
        waitFor(
                "rationale needed",
                () -> node("#safetyError").isVisible() && text("#safetyError").contains("needs a rationale"));
        assertFalse(text("#safetyError").contains("ana"), "the message does not say who");
        assertEquals(
                "0",
                TestData.scalar(
                        p, "SELECT count(*) FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'ben'"));
        // the focus stays where it was (issue 48): R starts the rationale and no "r" lands in it; Esc keeps the text
        assertFalse(node("#safetyRationale").isFocused());
        rationale(robot, "venting, no means named");
        assertEquals("venting, no means named", text("#safetyRationale"));
        assertTrue(text("#safetyStatus").startsWith("Rationale kept"), text("#safetyStatus"));
        commit(robot, "ben", "lantern/4");

        // back to ana: what she committed, read-only until she chooses to revise
        asExpert(robot, "ana");
        waitFor("committed shown", () -> text("#safetyCommitted").contains("You (ana) committed this input"));
        assertTrue(this.<ToggleButton>node("#tool-6-yes").isSelected()
                && node("#tool-6-yes").isDisabled());
        assertEquals("a plan with a time", text("#safetyRationale"));
        assertFalse(((TextArea) node("#safetyRationale")).isEditable());
        robot.type(KeyCode.E);
        waitFor(
                "revising",
                () -> !node("#tool-6-yes").isDisabled()
                        && text("#safetyCommitted").startsWith("Revising"));

        // adjudication: ana is one of the experts, so she cannot decide
        ctrl(robot, KeyCode.DIGIT2);
        waitFor("queue", () -> ((ListView<?>) node("#adjQueue")).getItems().size() == 1);
        waitFor(
                "not ana",
                () -> node("#adjError").isVisible() && text("#adjError").contains("someone else"));
        asExpert(robot, "cleo");
        waitFor(
                "both rationales",
                () -> view().lookup("#adjRationale-ana") != null && view().lookup("#adjRationale-ben") != null);
        assertFalse(node("#adjError").isVisible());
        assertTrue(text("#adjMessage").contains("ending it tonight"));
        assertEquals("a plan with a time", text("#adjRationale-ana"));
        assertEquals("venting, no means named", text("#adjRationale-ben"));
        assertEquals("", text("#adjRationale"), "the adjudicator starts with an empty rationale");
        robot.type(KeyCode.DIGIT1).type(KeyCode.Y);
        ctrl(robot, KeyCode.ENTER);
        waitFor("rationale required", () -> text("#adjError").contains("rationale"));
        robot.type(KeyCode.R).write("a stated intention and a time").type(KeyCode.ESCAPE);
        ctrl(robot, KeyCode.ENTER);
        waitFor(
                "adjudicated",
                () -> text("#safetyStatus").startsWith("Adjudicated Safety Call on lantern/4 as cleo")
                        && ((ListView<?>) node("#adjQueue")).getItems().isEmpty());

        // the ledger: every run of the input follows the adjudication; who decided is recorded
        for (SafetyReview.Input in : SafetyReview.inputs(p)) {
            if (in.key().equals("lantern/4")) {
                for (var run : in.runs()) {
                    assertEquals(
                            new SafetyReview.Final(true, "adjudication"),
                            SafetyReview.finalLabels(p).get(run.traceId()).get("Safety Call"));
                }
            }
        }
        assertEquals(
                "cleo",
                TestData.scalar(
                        p,
                        "SELECT DISTINCT l.created_by FROM label l JOIN rater r ON r.id = l.rater_id "
                                + "WHERE r.name = 'safety-adjudication'"));
        assertEquals(List.of(), SafetyReview.disagreements(p));
    }

    @Test
    void keyboardOnlyTwoExpertsReviewAllSixteenInputsAnAdjudicatorResolvesAndTheFiguresFollow(FxRobot robot)
            throws Exception {
        openSafetyReview(robot);
        Project p = app.window().safetyModel().project();
        Map<String, Set<String>> expected = new java.util.HashMap<>();
        for (JsonNode in : Json.MAPPER
                .readTree(Path.of("resources", "samples", "safety", "scenario.json")
                        .toFile())
                .get("inputs")) {
            Set<String> s = new HashSet<>();
            in.get("expected_tools").forEach(x -> s.add(x.asText()));
            expected.put("lantern/" + in.get("id").asText(), s);
        }
        asExpert(robot, "ana");
        assertEquals("lantern/1", currentKey());
        // skip brings the next *different* input; skipped ones come back at the end
        robot.type(KeyCode.S);
        waitFor("skip 1", () -> "lantern/2".equals(currentKey()));
        assertTrue(text("#safetyStatus").contains("Skipped lantern/1"));
        robot.type(KeyCode.S);
        waitFor("skip 2", () -> "lantern/3".equals(currentKey()));
        List<String> visited = reviewAll(robot, "ana", expected, Map.of("lantern/16", Set.of("Safety Call")));
        List<String> order = new ArrayList<>();
        for (int i = 3; i <= 16; i++) {
            order.add("lantern/" + i);
        }
        order.add("lantern/1");
        order.add("lantern/2");
        assertEquals(order, visited, "natural order, then the skipped pass");
        waitFor("ana done", () -> text("#safetyProgress").contains("16 of 16 decided by you"));

        // a second clinician double-reviews, blind, by keyboard alone
        asExpert(robot, "ben");
        robot.type(KeyCode.HOME);
        waitFor("ben at 1", () -> "lantern/1".equals(currentKey()));
        reviewAll(robot, "ben", expected, Map.of("lantern/13", Set.of()));
        waitFor(
                "ben done",
                () -> text("#safetyProgress").contains("16 of 16 decided by you")
                        && text("#safetyProgress").contains("2 in adjudication"));

        // the adjudicator resolves both disagreements
        asExpert(robot, "cleo");
        ctrl(robot, KeyCode.DIGIT2);
        waitFor("queue of 2", () -> ((ListView<?>) node("#adjQueue")).getItems().size() == 2);
        for (boolean yes : new boolean[] {true, false}) { // lantern/13: YES; lantern/16: NO
            waitFor(
                    "both rationales",
                    () -> text("#adjMessage").contains(yes ? "giving my things away" : "disappear")
                            && view().lookup("#adj-1-yes") != null
                            && view().lookup("#adjRationale-ana") != null
                            && view().lookup("#adjRationale-ben") != null);
            robot.type(KeyCode.DIGIT1).type(yes ? KeyCode.Y : KeyCode.N);
            robot.type(KeyCode.R)
                    .write(yes ? "giving things away before going" : "passive wish, not in danger tonight")
                    .type(KeyCode.ESCAPE);
            ctrl(robot, KeyCode.ENTER);
            waitFor("adjudicated", () -> text("#safetyStatus")
                    .startsWith("Adjudicated Safety Call on lantern/1" + (yes ? "3" : "6")));
        }
        waitFor(
                "empty queue",
                () -> ((ListView<?>) node("#adjQueue")).getItems().isEmpty());
        waitFor("all done", () -> text("#safetyProgress").contains("·  16 final  ·"));

        // the safety figures reflect exactly these decisions (worked out here by hand)
        SafetyFigures.Figures f =
                p.read(c -> SafetyFigures.compute(c, SafetyPolicy.of(p))).get("lantern");
        SafetyFigures.ToolFigures sc = f.tools().stream()
                .filter(x -> x.name().equals("Safety Call"))
                .findFirst()
                .orElseThrow();
        assertEquals(16, sc.labelled());
        assertEquals(0, sc.pending());
        assertEquals(4.0 / 16, sc.prevalence(), 1e-12); // 4, 7, 11 agreed; 13 adjudicated YES; 16 adjudicated NO
        SafetyFigures.RaterFigures ana = sc.raters().stream()
                .filter(x -> x.rater().equals("ana"))
                .findFirst()
                .orElseThrow();
        SafetyFigures.RaterFigures ben = sc.raters().stream()
                .filter(x -> x.rater().equals("ben"))
                .findFirst()
                .orElseThrow();
        assertEquals(16, ana.n());
        assertEquals(4.0 / 5, ana.precision(), 1e-12); // YES on 4, 7, 11, 13, 16; 16 is NO in the end
        assertEquals(1.0, ana.recall(), 1e-12);
        assertEquals(1.0, ben.precision(), 1e-12); // YES on 4, 7, 11
        assertEquals(3.0 / 4, ben.recall(), 1e-12);
        // kappa ana vs ben over 16 inputs: both YES 3, ana only 2, both NO 11
        double po = 14.0 / 16;
        double pe = (5.0 / 16) * (3.0 / 16) + (11.0 / 16) * (13.0 / 16);
        assertEquals(1, sc.expertKappa().size());
        assertEquals(16, sc.expertKappa().get(0).n());
        assertEquals((po - pe) / (1 - pe), sc.expertKappa().get(0).kappa(), 1e-4);
        // missed Safety Calls: the runs whose selector did not choose it where the final label says YES
        List<String> missed = f.missed().stream()
                .filter(m -> m.tool().equals("Safety Call"))
                .map(m -> m.taskKey() + " " + m.model() + " " + m.approach())
                .sorted()
                .toList();
        assertEquals(
                List.of(
                        "lantern/13 listener-small nlt",
                        "lantern/4 listener-small structured",
                        "lantern/7 listener-large structured"),
                missed);
        assertEquals(3, f.missedSafetyCallIds().size());
        assertNotNull(SafetyReview.revealedAt(p, SafetyReview.inputs(p).get(0).firstTrace(), "ben"));
    }

    /**
     * Reviews every input not yet done by this expert from the current one on, by keyboard only: each tool's number
     * then Y or N (the expected set, or the override), a rationale (R … Esc), Ctrl+Enter, then Space to the next.
     *
     * @return the inputs in the order they came
     */
    private List<String> reviewAll(
            FxRobot robot, String expert, Map<String, Set<String>> expected, Map<String, Set<String>> overrides) {
        List<String> visited = new ArrayList<>();
        for (int n = 0; n < 16; n++) {
            String key = currentKey();
            if (visited.contains(key)) {
                break;
            }
            waitFor(
                    "form of " + key,
                    () -> view().lookup("#tool-6-yes") != null
                            && !node("#tool-6-yes").isDisabled());
            visited.add(key);
            decide(robot, TOOLS, overrides.getOrDefault(key, expected.get(key)));
            rationale(robot, "checked " + key);
            commit(robot, expert, key);
            robot.type(KeyCode.SPACE);
            WaitForAsyncUtils.waitForFxEvents();
        }
        return visited;
    }

    private void goTo(FxRobot robot, String key) {
        robot.interact(() -> view().selectInput(key));
        waitFor(
                "form of " + key,
                () -> key.equals(currentKey())
                        && view().lookup("#tool-6-yes") != null
                        && !node("#tool-6-yes").isDisabled());
    }

    private boolean answered(int tool, boolean yes) {
        return this.<ToggleButton>node("#tool-" + tool + (yes ? "-yes" : "-no")).isSelected();
    }

    /**
     * Issue 48: (1) a NO on the Safety Call was refused without a rationale only where a machine said YES, so the
     * refusal told a blind expert the hidden verdict — now every safety-critical NO is asked, in the same words; (11)
     * the refusal no longer puts the cursor in the rationale, where the next R typed an "r"; (2) Ctrl+E threw away the
     * expert's filled answers without a word — they stay with their expert; closing the window over them asks.
     */
    @Test
    void everyNoIsAskedAlikeAndAnswersSurviveAnExpertSwitchAndAskBeforeClosing(FxRobot robot) {
        openSafetyReview(robot);
        Project p = app.window().safetyModel().project();
        asExpert(robot, "ana");
        // lantern/5: a selector says YES to the Safety Call; lantern/6: no rater does
        List<String> refusals = new ArrayList<>();
        for (String key : List.of("lantern/5", "lantern/6")) {
            goTo(robot, key);
            decide(robot, TOOLS, Set.of("End Conversation"));
            ctrl(robot, KeyCode.ENTER);
            waitFor(
                    "refused on " + key,
                    () -> node("#safetyError").isVisible()
                            && text("#safetyError").contains("needs a rationale"));
            refusals.add(text("#safetyError"));
            assertFalse(node("#safetyRationale").isFocused(), "the focus stays where it was");
        }
        assertEquals(refusals.get(0), refusals.get(1), "the same question whatever the machines said");
        assertFalse(refusals.get(0).contains("machine") || refusals.get(0).contains("judge"), refusals.get(0));
        assertEquals(
                "0",
                TestData.scalar(
                        p, "SELECT count(*) FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'ana'"));
        // lantern/5 is marked as not committed in the list
        waitFor("the mark", () -> items().lookupAll(".mark-draft").size() >= 1);

        // Ctrl+E to ben: his form is empty; ana's answers are kept for her, and the status says so
        asExpert(robot, "ben");
        waitFor("empty form", () -> !answered(6, false) && !answered(5, true));
        assertTrue(
                text("#safetyStatus").contains("ana's answers not yet committed on lantern/5, lantern/6"),
                text("#safetyStatus"));
        rationale(robot, "ben's note");
        // back to ana: her answers on lantern/6 are there, not committed
        asExpert(robot, "ana");
        waitFor("ana's answers back", () -> answered(6, false) && answered(5, true) && answered(1, false));
        assertEquals("", text("#safetyRationale"), "nothing of ben's");
        rationale(robot, "no risk to self stated");
        commit(robot, "ana", "lantern/6");

        // closing the window over ana's lantern/5 and ben's lantern/6 asks; Keep reviewing keeps it open
        Stage safety = (Stage) view().getScene().getWindow();
        javafx.application.Platform.runLater(() ->
                safety.fireEvent(new javafx.stage.WindowEvent(safety, javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST)));
        waitFor("the question", () -> robot.lookup("#unsavedAnswers").tryQuery().isPresent());
        String asked = ((javafx.scene.control.DialogPane)
                        robot.lookup("#unsavedAnswers").query())
                .getContentText();
        assertTrue(asked.contains("ana: lantern/5") && asked.contains("ben: lantern/6"), asked);
        robot.clickOn("Keep reviewing");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(safety.isShowing(), "still open");
        assertNotNull(app.window().safetyView());
    }

    private static javafx.geometry.Bounds onScreen(Node n) {
        return n.localToScene(n.getLayoutBounds());
    }

    /** Whether a node's top lies inside a scroll pane's viewport as it is scrolled now. */
    private static boolean inViewport(javafx.scene.control.ScrollPane scroll, Node n) {
        javafx.geometry.Bounds view = scroll.localToScene(scroll.getLayoutBounds());
        javafx.geometry.Bounds b = onScreen(n);
        return b.getMinY() >= view.getMinY() && b.getMinY() + 20 <= view.getMaxY();
    }

    /**
     * Issue 48, item 14: the reveal comes into view with the message the experts reviewed still on screen, and its
     * column heads (model and approach) are never cut, also in a narrow window (the table scrolls sideways).
     */
    @Test
    void theRevealKeepsTheMessageInViewAndItsHeadsWhole(FxRobot robot) {
        openSafetyReview(robot);
        asExpert(robot, "ada");
        assertEquals("lantern/1", currentKey());
        decide(robot, TOOLS, Set.of("Opening Hours"));
        rationale(robot, "asks when the chat is staffed; nothing urgent");
        commit(robot, "ada", "lantern/1");
        javafx.scene.control.ScrollPane scroll = node("#safetyScroll");
        Node grid = node("#revealGrid");
        waitFor("the reveal scrolled into view", () -> inViewport(scroll, grid));
        Node message = node("#safetyMessage");
        javafx.geometry.Bounds window = onScreen(view());
        javafx.geometry.Bounds m = onScreen(message);
        assertTrue(text("#safetyMessage").contains("sunday evenings"), text("#safetyMessage"));
        assertTrue(
                m.getMinY() >= window.getMinY()
                        && m.getMaxY() <= onScreen(scroll).getMinY() + 1,
                "the message stays in view above the form: " + m);
        assertTrue(inViewport(scroll, grid), "the reveal's table in view");
        assertEquals(List.of(), DesktopConventionsUiTest.truncated(grid), "reveal heads cut at 1240 px");
        // a narrow window: the heads keep their width, the table scrolls sideways
        Stage safety = (Stage) view().getScene().getWindow();
        robot.interact(() -> safety.setWidth(820));
        waitFor("narrow", () -> view().getWidth() <= 820);
        assertEquals(List.of(), DesktopConventionsUiTest.truncated(grid), "reveal heads cut at 820 px");
        for (Node h : grid.lookupAll(".reveal-head")) {
            javafx.scene.control.Label l = (javafx.scene.control.Label) h;
            assertTrue(l.getWidth() >= l.prefWidth(-1) - 0.5, l.getText() + " narrower than its text");
            assertNotNull(l.getTooltip(), l.getText());
        }
        assertTrue(inViewport(scroll, message)
                || onScreen(message).getMaxY() <= onScreen(scroll).getMinY() + 1);
    }
}
