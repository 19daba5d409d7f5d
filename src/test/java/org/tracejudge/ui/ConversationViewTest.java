package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.tracejudge.TestData;
import org.tracejudge.importer.Importer;
import org.tracejudge.store.Project;
import org.tracejudge.testdata.MultiTurnGenerator;
import org.tracejudge.ui.conversation.ConversationView;

/**
 * The conversation view in the real window (headless Monocle): a call-level trace opens in it; a wrong argument's
 * link jumps to the turn its value came from, the evidence link to the gold value's turn; sessions fold; think
 * blocks are behind a toggle; an 80-turn, 16-session generated conversation opens and scrolls.
 */
@ExtendWith(ApplicationExtension.class)
class ConversationViewTest {
    static String homeBefore;
    static Path home;
    static Path projectFile;
    WorkbenchApp app;

    @BeforeAll
    static void project() throws Exception {
        home = Files.createTempDirectory("tracejudge-conv-test");
        homeBefore = System.getProperty("tracejudge.home");
        System.setProperty("tracejudge.home", home.toString());
        System.setProperty("tracejudge.start", "welcome");
        Files.writeString(home.resolve("settings.json"), "{\"annotator\": \"tester\"}");
        Path gen = home.resolve("long.jsonl");
        MultiTurnGenerator.write(gen, 3, 16, 5, 7);
        projectFile = home.resolve("calls.tjdb");
        try (Project p = Project.open(projectFile, Project.OpenOptions.createIfMissing("calls"))) {
            new Importer(p, null)
                    .importFiles(
                            List.of(
                                    Path.of("resources/samples/multiturn/toolhaystack-sample.jsonl"),
                                    Path.of("resources/samples/multiturn/diabench-sample.jsonl"),
                                    gen),
                            null,
                            null);
        }
    }

    @AfterAll
    static void restore() {
        if (homeBefore == null) { // back to the build's test data folder, never the user's own
            System.clearProperty("tracejudge.home");
        } else {
            System.setProperty("tracejudge.home", homeBefore);
        }
        System.clearProperty("tracejudge.start");
    }

    @Start
    void start(Stage stage) {
        app = new WorkbenchApp();
        app.start(stage);
        stage.setX(0);
        stage.setY(0);
        stage.setWidth(1280); // the headless screen's size
        stage.setHeight(800);
    }

    private void waitFor(String what, java.util.concurrent.Callable<Boolean> c) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, c);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting for: " + what, e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    private String traceId(String taskKey, String model) {
        try (Project p = Project.open(projectFile)) {
            return TestData.scalar(
                    p,
                    "SELECT t.id FROM trace t JOIN task k ON k.id = t.task_id WHERE k.task_key = '" + taskKey
                            + "' AND t.model = '" + model + "'");
        }
    }

    /** Opens the project and shows the trace; returns the conversation view. */
    private ConversationView show(FxRobot robot, String traceId) throws Exception {
        ViewModels vm = app.viewModels();
        if (vm.session().projectFile() == null) {
            robot.interact(() -> vm.session().open(projectFile));
            waitFor(
                    "rows",
                    () -> vm.table().totalProperty().get() == 23
                            && !vm.session().loadingProperty().get());
        }
        int index = -1;
        for (int i = 0; i < vm.table().totalProperty().get(); i++) {
            if (traceId.equals(vm.table().idAt(i))) {
                index = i;
            }
        }
        assertTrue(index >= 0, "trace in the table");
        int at = index;
        robot.interact(() -> vm.table().go(at));
        waitFor(
                "detail shown",
                () -> vm.trace().detailProperty().get() != null
                        && vm.trace().detailProperty().get().traceId().equals(traceId)
                        && robot.lookup("#conversationList").tryQuery().isPresent());
        return app.window().traceView().conversationView();
    }

    private boolean cellShowsTurn(FxRobot robot, int turn) {
        return robot.lookup("#conversationList .list-cell").queryAll().stream()
                .map(n -> (ListCell<?>) n)
                .anyMatch(c -> c.getItem() instanceof org.tracejudge.ui.conversation.ConversationViewModel.Row r
                        && r.turn() == turn
                        && c.isVisible()
                        && c.getGraphic() instanceof Label l
                        && l.getText().startsWith("[" + turn + "]"));
    }

    @Test
    void jumpsFromAWrongArgumentToItsEvidence(FxRobot robot) throws Exception {
        ConversationView view = show(robot, traceId("th-is-e-003", "acme-lm-7b"));
        assertEquals("stale_value", view.verdict().label());
        ListView<org.tracejudge.ui.conversation.ConversationViewModel.Row> list = view.list();
        // 5 session headers + 13 turns (12 of context, the graded reply)
        assertEquals(18, list.getItems().size());
        // the wrong address came from the earlier call in session 1: turn 1
        Hyperlink wrong = robot.lookup("#diffTurn-address").queryAs(Hyperlink.class);
        assertTrue(wrong.getText().contains("turn 1 (session-1)"), wrong.getText());
        robot.clickOn(wrong);
        waitFor("jumped to turn 1", () -> view.focusedTurnProperty().get() == 1);
        assertEquals(1, list.getSelectionModel().getSelectedItem().turn());
        assertTrue(cellShowsTurn(robot, 1));
        // the gold address is stated in session 3, two sessions before the goal
        Hyperlink evidence = robot.lookup("#evidence-address").queryAs(Hyperlink.class);
        assertTrue(evidence.getText().contains("2 sessions before the goal"), evidence.getText());
        robot.clickOn(evidence);
        int goldTurn = view.verdict().evidence().get(0).turn();
        waitFor("jumped to the evidence", () -> view.focusedTurnProperty().get() == goldTurn);
        assertEquals(goldTurn, list.getSelectionModel().getSelectedItem().turn());
        assertTrue(list.getSelectionModel().getSelectedItem().turn() > 1);
        // the value's timeline across sessions, latest flagged
        assertNotNull(robot.lookup("#timeline-address").tryQuery().orElse(null));
        assertTrue(robot.lookup(".timeline-latest")
                .queryAs(Hyperlink.class)
                .getText()
                .contains("7 Quay Street"));
        // fold session 1: its three turns leave the list; a jump into it unfolds it again
        robot.interact(() -> view.toggleSession(0));
        assertEquals(15, list.getItems().size());
        robot.clickOn(robot.lookup("#diffTurn-address").queryAs(Hyperlink.class));
        waitFor("unfolded", () -> list.getItems().size() == 18);
    }

    @Test
    void candidatePanelThinkToggleAndALongConversation(FxRobot robot) throws Exception {
        ConversationView view = show(robot, traceId("dia-001", "nimbus-2-mini"));
        assertEquals("wrong_tool", view.verdict().label());
        assertTrue(
                robot.lookup("#tool-book_train_ticket").query().getStyleClass().contains("tool-gold"));
        assertTrue(
                robot.lookup("#tool-book_train_tickets").query().getStyleClass().contains("tool-chosen-wrong"));
        assertTrue(robot.lookup("#tool-book_train_ticket .param-required")
                        .queryAll()
                        .size()
                == 3);

        view = show(robot, traceId("th-cr-s-001", "acme-lm-7b"));
        ConversationView v = view;
        int last = v.list().getItems().get(v.list().getItems().size() - 1).turn();
        robot.interact(() -> v.jumpTo(last));
        waitFor("reply visible", () -> cellShowsTurn(robot, last));
        assertTrue(robot.lookup("#conversationList .turn-response")
                                .queryAs(ListCell.class)
                                .getGraphic()
                        instanceof Label l
                && l.getText().contains("thinking hidden"));
        robot.clickOn("#thinkToggle");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(((Label) robot.lookup("#conversationList .turn-response")
                        .queryAs(ListCell.class)
                        .getGraphic())
                .getText()
                .contains("The flight was given in the first session."));
        robot.clickOn("#thinkToggle");

        // a generated 80-turn, 16-session, ~12k-token conversation
        long t0 = System.nanoTime();
        ConversationView longView = show(robot, traceId("gen-00001", "gen-model-1"));
        double ms = (System.nanoTime() - t0) / 1e6;
        assertEquals(97, longView.list().getItems().size()); // 16 headers + 80 turns + the graded reply
        assertFalse(robot.lookup("#conversationList .list-cell").queryAll().size() > 60, "cells are virtualised");
        for (int i = 0; i < 97; i += 8) {
            int row = i;
            robot.interact(() -> longView.list().scrollTo(row));
        }
        System.out.printf(
                "80-turn conversation shown in %.0f ms (selection to laid-out view, test harness included)%n", ms);
    }
}
