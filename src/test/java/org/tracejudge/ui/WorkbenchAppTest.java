package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.tracejudge.TestData;
import org.tracejudge.model.Adjudication;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.table.PagedRows;
import org.tracejudge.ui.table.TraceTableView;

/**
 * The real window, headless under Monocle, on the bundled sample project: the table, filters, the keyboard
 * review flow with live agreement, undo, blind mode, the start page and an import error.
 */
@ExtendWith(ApplicationExtension.class)
class WorkbenchAppTest {
    static Path home;
    Stage stage;
    WorkbenchApp app;

    static String homeBefore;

    @BeforeAll
    static void isolatedDataFolder() throws Exception {
        homeBefore = System.getProperty("tracejudge.home");
        home = Files.createTempDirectory("tracejudge-ui-test");
        System.setProperty("tracejudge.home", home.toString());
        Files.writeString(home.resolve("settings.json"), "{\"annotator\": \"tester\"}");
    }

    @AfterAll
    static void restore() {
        // back to the build's test data folder (surefire sets it), never the user's own
        if (homeBefore == null) {
            System.clearProperty("tracejudge.home");
        } else {
            System.setProperty("tracejudge.home", homeBefore);
        }
        System.clearProperty("tracejudge.start");
    }

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        app = new WorkbenchApp();
        app.start(stage);
    }

    private ViewModels vm() {
        return app.viewModels();
    }

    private TableView<PagedRows.RowRef> table() {
        return app.window().tableView().table();
    }

    private void waitFor(String what, java.util.concurrent.Callable<Boolean> c) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, c);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting for: " + what, e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void opened(FxRobot robot) throws Exception {
        waitFor(
                "the sample's 60 rows",
                () -> table().getItems().size() == 60
                        && vm().trace().detailProperty().get() != null
                        && vm().agreement().agreementProperty().get() != null
                        && robot.lookup("#traceTable").tryQuery().isPresent());
    }

    private String text(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    private String rowValue(int index, String key) {
        TraceTable.Row r = vm().table().rowsProperty().get().get(index).row();
        return r == null ? null : r.get(key);
    }

    @Test
    void opensTheSampleAndShowsTableTraceAndAgreement(FxRobot robot) throws Exception {
        opened(robot);
        assertEquals("Tracejudge — Sample project", stage.getTitle());
        TableView<PagedRows.RowRef> t = table();
        List<String> headers = t.getColumns().stream().map(TableColumn::getText).toList();
        // rater columns are narrow: a short header, the full name on hover and for screen readers
        assertEquals(
                List.of(
                        "✓",
                        "Model",
                        "Domain",
                        "Task",
                        "Type",
                        "harness",
                        "dtree",
                        "evidence",
                        "tester",
                        "Ensemble",
                        "Final"),
                headers);
        waitFor("first row filled", () -> rowValue(0, "model") != null);
        assertEquals("acme-lm-7b", rowValue(0, "model"));
        // trace view shows the first trace: heading, user message, answer, raters
        assertTrue(text(robot, "#traceHeading").startsWith(rowValue(0, "task")), text(robot, "#traceHeading"));
        assertFalse(text(robot, "#userMessage").isBlank());
        assertFalse(robot.lookup("#raterPanel")
                .queryAs(javafx.scene.layout.FlowPane.class)
                .getChildren()
                .isEmpty());
        // agreement panel: Fleiss and alpha with intervals and n
        waitFor("bootstrap intervals", () -> text(robot, "#alphaValue").contains("["));
        assertTrue(
                text(robot, "#fleissValue").matches("(?s)Fleiss' κ = 0\\.\\d{3} \\[.*\\]  \\(n = \\d+.*"),
                text(robot, "#fleissValue"));
        assertTrue(text(robot, "#fleissValue").contains("\nGwet's AC1 = 0."), text(robot, "#fleissValue"));
        assertTrue(text(robot, "#alphaValue").contains("(n = 60)"), text(robot, "#alphaValue"));
        assertNotNull(
                robot.lookup("#kappa-harness-illustrative-dtree").tryQuery().orElse(null));
    }

    @Test
    void filtersToDisagreementsOverridesWithAKeyAndUndoes(FxRobot robot) throws Exception {
        opened(robot);
        // filter to "raters disagree" through the combo box
        robot.clickOn("#showFilter");
        robot.clickOn("Raters disagree");
        waitFor(
                "disagreement filter",
                () -> vm().session().filterProperty().get().show() == TraceTable.Show.DISAGREE
                        && !vm().session().loadingProperty().get());
        int n = table().getItems().size();
        assertTrue(n > 0 && n < 60, "disagreements: " + n);
        waitFor("rows filled", () -> rowValue(n - 1, "model") != null);
        for (int i = 0; i < n; i++) {
            java.util.Set<String> labels = new java.util.HashSet<>();
            for (String k : vm().session().state().layoutProperty().get().raters().stream()
                    .map(TraceTable.Column::key)
                    .toList()) {
                if (rowValue(i, k) != null) {
                    labels.add(rowValue(i, k));
                }
            }
            assertTrue(labels.size() > 1, "row " + i + " has raters who agree: " + labels);
        }
        waitFor(
                "first trace shown",
                () -> vm().trace().detailProperty().get() != null
                        && vm().trace()
                                .detailProperty()
                                .get()
                                .traceId()
                                .equals(vm().table().idAt(0)));
        String traceId = vm().table().idAt(0);
        String alphaBefore = text(robot, "#alphaValue").replaceAll(" \\[.*", "");
        String before = rowValue(0, "human:tester");

        // override with key 2: my label is the label set's second label, the queue moves on, alpha changes
        String second = vm().trace().detailProperty().get().labelSet().get(1);
        robot.type(KeyCode.DIGIT2);
        waitFor("moved to the next trace", () -> vm().table().currentProperty().get() == 1);
        assertEquals(second, rowValue(0, "human:tester"));
        assertEquals(second, rowValue(0, "final"));
        waitFor(
                "alpha changed",
                () -> !text(robot, "#alphaValue").replaceAll(" \\[.*", "").equals(alphaBefore));
        vm().session().afterPendingWork(() -> {});
        waitFor(
                "decision committed",
                () -> lastDecision(traceId) != null
                        && second.equals(lastDecision(traceId).value()));
        assertEquals("tester", lastDecision(traceId).annotator());

        // undo: my label goes back, and so does alpha
        robot.press(KeyCode.CONTROL).type(KeyCode.Z).release(KeyCode.CONTROL);
        waitFor(
                "undo returns to the trace",
                () -> vm().table().currentProperty().get() == 0);
        assertEquals(before, rowValue(0, "human:tester"));
        waitFor(
                "alpha back",
                () -> text(robot, "#alphaValue").replaceAll(" \\[.*", "").equals(alphaBefore));
        waitFor("undo committed", () -> {
            Adjudication a = lastDecision(traceId);
            return a != null && (before == null ? a.withdrawn() : before.equals(a.value()));
        });

        // clicking a confusion-matrix cell filters the table to those traces
        robot.clickOn("#clearFilters");
        waitFor(
                "all rows",
                () -> table().getItems().size() == 60
                        && !vm().session().loadingProperty().get());
        Button cell = robot.lookup("#confusionMatrix").lookup(".confusion-disagree").queryAll().stream()
                .map(Button.class::cast)
                .filter(b -> !b.isDisabled())
                .findFirst()
                .orElseThrow();
        int count = Integer.parseInt(cell.getText());
        robot.interact(cell::fire); // the cell may be scrolled out of the agreement panel's view
        waitFor(
                "cell filter",
                () -> !vm().session().loadingProperty().get()
                        && vm().session().filterProperty().get().equals().size() == 2);
        assertEquals(count, table().getItems().size());
    }

    @Test
    void blindModeHidesMachineLabelsUntilIDecide(FxRobot robot) throws Exception {
        opened(robot);
        // go to a trace I have not decided
        robot.clickOn("#showFilter");
        robot.clickOn(TraceTable.Show.NOT_MINE.title());
        waitFor(
                "not-mine filter",
                () -> vm().session().filterProperty().get().show() == TraceTable.Show.NOT_MINE
                        && !vm().session().loadingProperty().get()
                        && vm().trace().detailProperty().get() != null
                        && vm().trace()
                                .detailProperty()
                                .get()
                                .traceId()
                                .equals(vm().table().idAt(0)));
        String traceId = vm().table().idAt(0);
        robot.press(KeyCode.CONTROL).type(KeyCode.B).release(KeyCode.CONTROL);
        waitFor("blind notice", () -> robot.lookup("#blindNotice").tryQuery().isPresent());
        TableView<PagedRows.RowRef> t = table();
        for (TableColumn<PagedRows.RowRef, ?> c : t.getColumns()) {
            String key = (String) c.getUserData();
            boolean machine =
                    key.startsWith("rater:") || key.equals("ensemble") || key.equals("final"); // "done": my marks
            assertEquals(!machine, c.isVisible(), key);
        }
        assertTrue(robot.lookup("#proposedLabel").queryAs(Label.class).getText().startsWith("Blind"));
        // Enter accepts nothing while blind
        robot.type(KeyCode.ENTER);
        assertEquals(0, vm().table().currentProperty().get());
        robot.type(KeyCode.DIGIT1);
        waitFor(
                "revealed",
                () -> robot.lookup("#blindNotice").tryQuery().isEmpty()
                        && robot.lookup(".rater-card").tryQuery().isPresent());
        assertEquals(0, vm().table().currentProperty().get(), "blind decisions stay on the trace to reveal it");
        waitFor(
                "blind decision recorded",
                () -> lastDecision(traceId) != null
                        && lastDecision(traceId).rationale() != null
                        && lastDecision(traceId).rationale().startsWith("[blind]"));
        robot.type(KeyCode.ENTER);
        waitFor(
                "Enter moves on after revealing",
                () -> vm().table().currentProperty().get() == 1);
        robot.press(KeyCode.CONTROL).type(KeyCode.B).release(KeyCode.CONTROL);
        waitFor("blind off", () -> !vm().session().state().blindProperty().get());
    }

    @Test
    void searchSortAndShortcutsSheet(FxRobot robot) throws Exception {
        opened(robot);
        robot.press(KeyCode.CONTROL).type(KeyCode.F).release(KeyCode.CONTROL);
        robot.write("kwh").type(KeyCode.ENTER);
        waitFor(
                "search",
                () -> "kwh".equals(vm().session().filterProperty().get().search())
                        && !vm().session().loadingProperty().get());
        int n = table().getItems().size();
        assertTrue(n > 0 && n < 60, "search hits: " + n);
        robot.type(KeyCode.ESCAPE);
        robot.clickOn("#clearFilters");
        waitFor(
                "all rows",
                () -> table().getItems().size() == 60
                        && !vm().session().loadingProperty().get());
        // sort by the harness column, descending after two clicks
        // sort by the harness column, as a header click does (the table re-queries SQLite through its sort policy)
        TableColumn<PagedRows.RowRef, ?> harness = table().getColumns().stream()
                .filter(c -> c.getText().equals("harness"))
                .findFirst()
                .orElseThrow();
        robot.interact(() -> table().getSortOrder().setAll(List.of(harness)));
        waitFor(
                "sorted",
                () -> vm().session().state().sortProperty().get().key() != null
                        && !vm().session().loadingProperty().get());
        String key = vm().session().state().sortProperty().get().key();
        waitFor("rows", () -> rowValue(59, "model") != null);
        for (int i = 1; i < 60; i++) {
            String a = rowValue(i - 1, key);
            String b = rowValue(i, key);
            assertTrue(b == null || (a != null && a.compareTo(b) <= 0), "unsorted at " + i + ": " + a + " > " + b);
        }
        // the shortcuts sheet
        robot.clickOn("#traceHeading");
        robot.type(KeyCode.SLASH); // just to prove plain keys do not crash; the sheet opens with "?"
        AtomicReference<javafx.scene.control.Alert> sheet = new AtomicReference<>();
        robot.interact(() -> sheet.set(app.window().showShortcuts()));
        assertTrue(robot.lookup("#shortcutsSheet").tryQuery().isPresent());
        robot.interact(() -> sheet.get().close());
    }

    @Test
    void startPageAndImportErrorShowFileAndLine(FxRobot robot) throws Exception {
        opened(robot);
        robot.interact(() -> app.window().showWelcome());
        assertTrue(robot.lookup("#welcomeView").tryQuery().isPresent());
        assertTrue(robot.lookup("#openSample").tryQuery().isPresent());
        Path bad = home.resolve("broken_20260101_000000.json");
        Files.writeString(bad, "[\n  {\"task_id\": \"X-1\", \"agent_answer\": \"a\",\n   \"model\": oops}\n]\n");
        robot.interact(() -> app.window().importFiles(List.of(bad)));
        waitFor("import error", () -> vm().imports().importErrorProperty().get() != null);
        String shown = text(robot, "#importError");
        assertTrue(shown.contains("broken_20260101_000000.json") && shown.contains("line 3"), shown);
        assertTrue(robot.lookup("#copyImportError").tryQuery().isPresent());
        robot.clickOn("#copyImportError");
        assertEquals(
                "Copied", robot.lookup("#copyImportError").queryAs(Button.class).getText());
        // the project is unchanged
        assertEquals(60, table().getItems().size());
        robot.clickOn("#openSample");
        waitFor(
                "workbench again",
                () -> robot.lookup("#workbench").tryQuery().isPresent()
                        && robot.lookup("#workbench").query().isVisible());
        FxToolkit.cleanupStages();
    }

    @Test
    void aProjectWithDamageOnlyTheFullCheckFindsOpensAtOnceThenWarnsAndSavesNothing(FxRobot robot) throws Exception {
        opened(robot);
        Path copy = home.resolve("damaged-copy.tjdb");
        try (Project p = SampleProject.open()) {
            p.read(c -> {
                try (java.sql.Statement s = c.createStatement()) {
                    s.execute("VACUUM INTO '" + copy.toString().replace("'", "''") + "'");
                }
                return null;
            });
        }
        // another program leaves an index that does not match its table (quick_check cannot see it)
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + copy);
                java.sql.Statement s = c.createStatement()) {
            s.execute("CREATE TABLE scratch(a, b)");
            s.execute("CREATE INDEX scratch_a ON scratch(a)");
            s.execute("INSERT INTO scratch VALUES (1, 'x'), (2, 'y')");
            s.execute("PRAGMA writable_schema = ON");
            s.execute("UPDATE sqlite_master SET sql = 'CREATE INDEX scratch_a ON scratch(b)' WHERE name = 'scratch_a'");
        }
        int decisionsBefore = adjudications(copy);
        robot.interact(() -> vm().session().open(copy));
        waitFor(
                "the copy's rows",
                () -> stage.getTitle().endsWith("Sample project")
                        && table().getItems().size() == 60
                        && !vm().session().loadingProperty().get()
                        && copy.equals(vm().session().projectFile()));
        waitFor(
                "the damage reported",
                () -> vm().session().state().integrityProblemProperty().get() != null);
        assertTrue(
                vm().session().state().integrityProblemProperty().get().contains("scratch_a"),
                vm().session().state().integrityProblemProperty().get());
        waitFor("the alert", () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        javafx.scene.control.DialogPane pane =
                robot.lookup(".dialog-pane").queryAs(javafx.scene.control.DialogPane.class);
        assertEquals("The project file is damaged", pane.getHeaderText());
        robot.interact(() -> ((Stage) pane.getScene().getWindow()).close());
        // a decision is refused: nothing is written into the damaged file
        robot.interact(() -> table().requestFocus());
        robot.type(KeyCode.DIGIT2);
        waitFor("the refusal said", () -> vm().session().statusProperty().get().startsWith("Not saved"));
        // every task the key queued on the project thread has run (a write it queued would have landed by now)
        java.util.concurrent.CountDownLatch settled = new java.util.concurrent.CountDownLatch(1);
        vm().session().afterPendingWork(settled::countDown);
        assertTrue(settled.await(60, java.util.concurrent.TimeUnit.SECONDS), "the project thread settled");
        assertEquals(decisionsBefore, adjudications(copy));
        assertTrue(
                vm().session().statusProperty().get().startsWith("Not saved"),
                vm().session().statusProperty().get());
        FxToolkit.cleanupStages();
    }

    /** 23 models x 20 traces = 460 traces: three pages of the table, the last one short. */
    private Path pagesProject(String name) throws Exception {
        Path dir = Files.createDirectories(home.resolve(name));
        Path results = TestData.SAMPLE.resolve("results").resolve("acme-lm-7b_20261101_120000.json");
        List<Path> files = new java.util.ArrayList<>(List.of(
                TestData.SAMPLE.resolve("energy").resolve("tasks.json"),
                TestData.SAMPLE.resolve("travel").resolve("tasks.json")));
        String json = Files.readString(results);
        for (int m = 0; m < 23; m++) {
            Path f = dir.resolve(String.format("model-%02d_20261101_120000.json", m));
            Files.writeString(f, json.replace("\"acme-lm-7b\"", String.format("\"model-%02d\"", m)));
            files.add(f);
        }
        Path file = home.resolve(name + ".tjdb");
        try (Project p = Project.open(file, Project.OpenOptions.createIfMissing("Pages"))) {
            new org.tracejudge.importer.Importer(p, null).importFiles(files, null, null);
        }
        return file;
    }

    @Test
    void aTableLongerThanItsWindowMovesTheWindowAsTheUserScrollsDragsAndSelects(FxRobot robot) throws Exception {
        opened(robot);
        Path file = pagesProject("windowed");
        TraceTableView view = app.window().tableView();
        TableView<PagedRows.RowRef> table = table();
        robot.interact(() -> {
            view.setWindowLength(100);
            vm().session().open(file);
        });
        waitFor(
                "460 rows behind a window of 100",
                () -> vm().table().rowsProperty().get().size() == 460
                        && view.window().size() == 100
                        && vm().table().idAt(459) != null
                        && !vm().session().loadingProperty().get());
        ScrollBar bar = robot.lookup("#rowsBar").queryAs(ScrollBar.class);
        assertTrue(bar.isVisible());
        assertTrue(table.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("windowed")));
        VirtualFlow<?> flow = (VirtualFlow<?>) table.lookup(".virtual-flow");
        // the mouse wheel: 100 notches of 3 rows carry the view past the window's first end
        for (int i = 0; i < 100; i++) {
            robot.interact(() -> flow.scrollPixels(3 * table.getFixedCellSize()));
        }
        WaitForAsyncUtils.waitForFxEvents();
        int top = view.window().offset() + flow.getFirstVisibleCell().getIndex();
        assertTrue(view.window().offset() > 0, "the window moved");
        assertTrue(Math.abs(top - 300) <= 1, "row " + top + " at the top after scrolling 300 rows");
        assertEquals(top, (int) Math.round(bar.getValue()));
        waitFor(
                "its row read",
                () -> flow.getFirstVisibleCell().getItem() != null
                        && ((PagedRows.RowRef) flow.getFirstVisibleCell().getItem()).row() != null);
        assertEquals(
                vm().table().idAt(top),
                ((PagedRows.RowRef) flow.getFirstVisibleCell().getItem()).row().traceId());
        // the queue goes to a row outside the window: the window moves back and the table selects that row
        robot.interact(() -> vm().table().go(10));
        waitFor(
                "row 10 selected",
                () -> view.window().local(10) >= 0
                        && table.getSelectionModel().getSelectedItem() != null
                        && table.getSelectionModel().getSelectedItem().index() == 10);
        // dragging the bar to its end shows the last row
        robot.interact(() -> bar.setValue(bar.getMax()));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(459, view.window().offset() + flow.getLastVisibleCell().getIndex());
        assertEquals(-1, table.getSelectionModel().getSelectedIndex(), "row 10 is outside the window now");
        // selecting a row in the window goes to that row of the whole list
        robot.interact(
                () -> table.getSelectionModel().clearAndSelect(view.window().local(450)));
        waitFor("row 450 current", () -> vm().table().currentProperty().get() == 450);
        waitFor(
                "row 450 shown",
                () -> vm().trace().detailProperty().get() != null
                        && vm().trace()
                                .detailProperty()
                                .get()
                                .traceId()
                                .equals(vm().table().idAt(450)));
        // a filter hands the same window other rows: every visible cell shows its new row, none an old one
        robot.interact(() -> vm().table().setFilter(TraceTable.Filter.NONE.with("model", "model-03")));
        waitFor(
                "the 20 rows of model-03",
                () -> vm().table().rowsProperty().get().size() == 20
                        && !vm().session().loadingProperty().get()
                        && rowValue(19, "model") != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(bar.isVisible());
        assertEquals(20, table.getItems().size());
        int shown = 0;
        for (int i = 0; i < 20; i++) {
            var row = flow.getVisibleCell(i);
            if (row == null) {
                continue;
            }
            shown++;
            assertTrue(vm().table().rowsProperty().get().get(i) == row.getItem(), "row " + i + " holds its new item");
            for (var child : ((javafx.scene.Parent) row).getChildrenUnmodifiable()) {
                if (child instanceof javafx.scene.control.TableCell<?, ?> cell
                        && "model".equals(cell.getTableColumn().getUserData())) {
                    assertEquals("model-03", cell.getText(), "row " + i);
                }
            }
        }
        assertTrue(shown >= 5, shown + " rows visible");
        FxToolkit.cleanupStages();
    }

    @Test
    void aProjectOfSeveralPagesOpensWithItsFirstPageAndThenReachesEveryRow(FxRobot robot) throws Exception {
        opened(robot);
        Path file = pagesProject("pages");
        robot.interact(() -> vm().session().open(file));
        waitFor(
                "460 rows, the first page filled",
                () -> table().getItems().size() == 460
                        && file.toAbsolutePath().equals(vm().session().projectFile())
                        && rowValue(0, "model") != null
                        && !vm().session().loadingProperty().get());
        assertEquals("model-00", rowValue(0, "model"));
        waitFor(
                "the first trace shown",
                () -> vm().trace().detailProperty().get() != null
                        && vm().trace()
                                .detailProperty()
                                .get()
                                .traceId()
                                .equals(vm().table().idAt(0)));
        // past the first page: once the whole id list is here every row has its trace, in table order
        waitFor("every id", () -> vm().table().idAt(459) != null);
        robot.interact(() -> vm().table().go(455));
        waitFor(
                "row 455 shown",
                () -> vm().trace().detailProperty().get() != null
                        && vm().trace()
                                .detailProperty()
                                .get()
                                .traceId()
                                .equals(vm().table().idAt(455)));
        waitFor("its page read", () -> rowValue(455, "model") != null);
        assertEquals("model-22", rowValue(455, "model"));
        robot.interact(() -> table().scrollTo(250));
        waitFor("the middle page read", () -> rowValue(250, "model") != null);
        assertEquals("model-12", rowValue(250, "model"));
        FxToolkit.cleanupStages();
    }

    @SuppressWarnings({"unchecked", "rawtypes"}) // TestFX lookups give raw control types
    @Test
    void metricsDashboardShowsTheLeaderboardSwitchesSourceAndExports(FxRobot robot) throws Exception {
        opened(robot);
        robot.press(KeyCode.CONTROL).type(KeyCode.M).release(KeyCode.CONTROL);
        waitFor(
                "the dashboard",
                () -> app.window().metricsWindow() != null
                        && app.window().metricsWindow().dashboardProperty().get() != null);
        org.tracejudge.ui.metrics.MetricsWindow w = app.window().metricsWindow();
        assertTrue(w.stage().isShowing());
        org.tracejudge.metrics.Dashboard expected;
        try (Project p = Project.open(SampleProject.defaultFile())) {
            expected = org.tracejudge.metrics.Dashboard.compute(p);
        }
        assertEquals(expected.sources(), w.dashboardProperty().get().sources());
        // the sources: the raters, ensemble and final, and each annotator's own decisions
        boolean decided;
        try (Project p = Project.open(SampleProject.defaultFile())) {
            decided = p.read(c -> {
                try (var st = c.createStatement();
                        var rs = st.executeQuery("SELECT count(*) FROM adjudication")) {
                    return rs.next() && rs.getInt(1) > 0;
                }
            });
        }
        assertEquals(
                decided,
                expected.sources().stream().anyMatch(x -> x.endsWith(" (annotator)")),
                expected.sources().toString());
        // the profile's axes say what CTUR and UTR are; the rates are explained under the table
        javafx.scene.chart.ScatterChart<?, ?> profile =
                robot.lookup("#failureProfile").queryAs(javafx.scene.chart.ScatterChart.class);
        assertTrue(
                profile.getXAxis().getLabel().startsWith("CTUR: clean tool use"),
                profile.getXAxis().getLabel());
        assertTrue(text(robot, "#metricsGlossary").contains("TSR tool skipped"));
        // no model's name drawn over another's
        WaitForAsyncUtils.waitForFxEvents();
        List<javafx.geometry.Bounds> names = profile.lookupAll(".profile-label").stream()
                .map(n -> n.localToScene(n.getBoundsInLocal()))
                .toList();
        for (int i = 0; i < names.size(); i++) {
            for (int j = i + 1; j < names.size(); j++) {
                assertFalse(names.get(i).intersects(names.get(j)), "names " + i + " and " + j + " overlap");
            }
        }
        String first = w.shown().source();
        assertEquals(expected.defaultSource(), first);
        // the leaderboard: one row per model, each rate with its interval as the core computed it
        TableView<?> board = robot.lookup("#leaderboard").queryAs(TableView.class);
        org.tracejudge.metrics.SourceMetrics m = expected.bySource().get(first);
        assertEquals(m.models().size(), board.getItems().size());
        org.tracejudge.metrics.Rate tsr = m.models().get(0).rate("TSR");
        String cell =
                (String) board.getColumns().get(2).getCellObservableValue(0).getValue();
        assertEquals(
                String.format(java.util.Locale.ROOT, "%.1f [%.1f–%.1f]", tsr.percent(), tsr.ci95()[0], tsr.ci95()[1]),
                cell);
        // switch the label source: the table follows
        String other = expected.sources().stream()
                .filter(x -> !x.equals(first))
                .findFirst()
                .orElseThrow();
        robot.interact(() -> robot.lookup("#metricsSource")
                .queryAs(javafx.scene.control.ComboBox.class)
                .setValue(other));
        robot.interact(() -> robot.lookup("#metricsSource")
                .queryAs(javafx.scene.control.ComboBox.class)
                .getOnAction()
                .handle(null));
        assertEquals(other, w.shown().source());
        assertTrue(text(robot, "#metricsNote").startsWith(other + ":"), text(robot, "#metricsNote"));
        // exports: CSV (8 rates per model), Markdown, and the charts as a PNG
        AtomicReference<String> csv = new AtomicReference<>();
        robot.interact(() -> csv.set(w.copyCsv()));
        assertTrue(csv.get().startsWith("source,model,rate,count,denominator,percent,ci95_low,ci95_high\n"));
        assertEquals(
                1 + 8 * expected.bySource().get(other).models().size(),
                csv.get().split("\n").length);
        Path md = home.resolve("metrics.md");
        Path png = home.resolve("metrics.png");
        robot.interact(() -> {
            try {
                w.saveMarkdown(md);
                w.saveChartsPng(png);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertTrue(Files.readString(md).contains(m.models().get(0).model()));
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
        assertTrue(img != null && img.getWidth() > 200 && img.getHeight() > 200);
        robot.interact(() -> w.stage().close());
    }

    @Test
    void aJudgeRunFromTheWindowLabelsTracesThatAppearInTheTable(FxRobot robot) throws Exception {
        opened(robot);
        Path copy = home.resolve("judged-" + System.nanoTime() + ".tjdb");
        try (Project p = SampleProject.open()) {
            p.read(c -> {
                try (java.sql.Statement s = c.createStatement()) {
                    s.execute("VACUUM INTO '" + copy.toString().replace("'", "''") + "'");
                }
                return null;
            });
        }
        try (Project p = Project.open(copy)) {
            org.tracejudge.judges.RemotePreview.setMode(p, "remote"); // redact what goes to judges elsewhere
        }
        robot.interact(() -> vm().session().open(copy));
        waitFor(
                "the copy open",
                () -> copy.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && table().getItems().size() == 60);
        List<String> ensembleBefore =
                vm().session().state().layoutProperty().get().judgeRaters();
        try (mockwebserver3.MockWebServer server = org.tracejudge.judges.NoDelayServerSockets.server()) {
            org.tracejudge.judges.FakeProvider fake =
                    new org.tracejudge.judges.FakeProvider(org.tracejudge.judges.provider.ProviderKind.OPENAI, 5);
            server.setDispatcher(fake);
            server.start();
            robot.press(KeyCode.CONTROL).type(KeyCode.J).release(KeyCode.CONTROL);
            waitFor(
                    "the judge window",
                    () -> app.window().judgeRunWindow() != null
                            && app.window().judgeRunWindow().stage().isShowing());
            org.tracejudge.ui.judges.JudgeRunWindow w = app.window().judgeRunWindow();
            String judge = "ui-judge-" + System.nanoTime() % 100000;
            // a host that merely starts with "127." is remote: the window says so, and what redaction cannot catch
            robot.interact(() -> robot.lookup("#judgeBaseUrl")
                    .queryAs(javafx.scene.control.TextField.class)
                    .setText("https://127.0.0.1.nip.io/v1"));
            waitFor(
                    "the remote endpoint described",
                    () -> text(robot, "#judgeWhere").contains("(not this computer)")
                            && text(robot, "#judgePrivacy").startsWith("Redaction is on for this judge."));
            assertTrue(
                    text(robot, "#judgePrivacy")
                            .contains("It misses some names that are also ordinary words and have no cue"),
                    text(robot, "#judgePrivacy"));
            robot.interact(() -> {
                robot.lookup("#judgeName")
                        .queryAs(javafx.scene.control.ComboBox.class)
                        .getEditor()
                        .setText(judge);
                robot.lookup("#judgeBaseUrl")
                        .queryAs(javafx.scene.control.TextField.class)
                        .setText(server.url("/v1").toString());
                robot.lookup("#judgeModel")
                        .queryAs(javafx.scene.control.TextField.class)
                        .setText("fake-model");
                robot.lookup("#judgeKeyVar")
                        .queryAs(javafx.scene.control.TextField.class)
                        .setText("");
            });
            robot.interact(
                    () -> robot.lookup("#judgeTest").queryAs(Button.class).fire());
            waitFor("connection tested", () -> text(robot, "#judgeCheck").startsWith("Connected: fake-model"));
            assertEquals("The traces stay on this computer.", text(robot, "#judgeWhere"));
            assertTrue(
                    text(robot, "#judgePrivacy").startsWith("Redaction is off for this judge"),
                    text(robot, "#judgePrivacy"));
            int before = fake.requests.get();
            robot.interact(
                    () -> robot.lookup("#judgeStart").queryAs(Button.class).fire());
            waitFor("the run's report", () -> w.lastReport() != null);
            assertEquals("done", w.lastReport().status(), w.lastReport().summary());
            assertEquals(60, w.lastReport().labelled(), w.lastReport().summary());
            assertEquals(60, fake.requests.get() - before, "one request per trace");
            assertTrue(
                    text(robot, "#judgeProgressText").startsWith(judge + " (version"),
                    text(robot, "#judgeProgressText"));
            // the judge's labels reach the table as a column of its name
            waitFor("the judge's column", () -> vm().session().state().layoutProperty().get().raters().stream()
                    .anyMatch(c -> c.title().equals(judge)));
            assertEquals(
                    ensembleBefore,
                    vm().session().state().layoutProperty().get().judgeRaters(),
                    "a third judge does not replace one of the ensemble's two");
            robot.interact(() -> w.stage().close());
        }
    }

    @Test
    void theJudgeWindowShowsWhyARunStoppedAndTheFix(FxRobot robot) throws Exception {
        opened(robot);
        // a copy of the sample: this test's judge labels must not reach the sample other tests read
        Path copy = home.resolve("unpulled-" + System.nanoTime() + ".tjdb");
        try (Project p = SampleProject.open()) {
            p.read(c -> {
                try (java.sql.Statement s = c.createStatement()) {
                    s.execute("VACUUM INTO '" + copy.toString().replace("'", "''") + "'");
                }
                return null;
            });
        }
        robot.interact(() -> vm().session().open(copy));
        waitFor(
                "the copy open",
                () -> copy.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && table().getItems().size() == 60);
        try (mockwebserver3.MockWebServer server = org.tracejudge.judges.NoDelayServerSockets.server()) {
            // Ollama without the model pulled (ollama openai/openai.go NewError)
            org.tracejudge.judges.FakeProvider fake =
                    new org.tracejudge.judges.FakeProvider(org.tracejudge.judges.provider.ProviderKind.OPENAI, 0);
            java.util.concurrent.atomic.AtomicBoolean pulled = new java.util.concurrent.atomic.AtomicBoolean();
            java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
            server.setDispatcher(new mockwebserver3.Dispatcher() {
                @Override
                public mockwebserver3.MockResponse dispatch(mockwebserver3.RecordedRequest r)
                        throws InterruptedException {
                    if (pulled.get()) {
                        if (n.getAndIncrement() % 20 == 0) { // llama.cpp-style context error (format_error_response)
                            return new mockwebserver3.MockResponse.Builder()
                                    .code(400)
                                    .setHeader("Content-Type", "application/json")
                                    .body(
                                            "{\"error\":{\"code\":400,\"message\":\"request (9000 tokens) exceeds the "
                                                    + "available context size (4096 tokens)\",\"type\":\"exceed_context_size_error\"}}")
                                    .build();
                        }
                        return fake.dispatch(r);
                    }
                    return new mockwebserver3.MockResponse.Builder()
                            .code(404)
                            .setHeader("Content-Type", "application/json")
                            .body(
                                    "{\"error\":{\"message\":\"model \\\"llama3.1:8b\\\" not found, try pulling it first\","
                                            + "\"type\":\"api_error\",\"param\":null,\"code\":null}}")
                            .build();
                }
            });
            server.start();
            robot.press(KeyCode.CONTROL).type(KeyCode.J).release(KeyCode.CONTROL);
            waitFor(
                    "the judge window",
                    () -> app.window().judgeRunWindow() != null
                            && app.window().judgeRunWindow().stage().isShowing());
            org.tracejudge.ui.judges.JudgeRunWindow w = app.window().judgeRunWindow();
            String judge = "unpulled-" + System.nanoTime() % 100000;
            robot.interact(() -> {
                robot.lookup("#judgeName")
                        .queryAs(javafx.scene.control.ComboBox.class)
                        .getEditor()
                        .setText(judge);
                robot.lookup("#judgeBaseUrl")
                        .queryAs(javafx.scene.control.TextField.class)
                        .setText(server.url("/v1").toString());
                robot.lookup("#judgeModel")
                        .queryAs(javafx.scene.control.TextField.class)
                        .setText("llama3.1:8b");
                robot.lookup("#judgeKeyVar")
                        .queryAs(javafx.scene.control.TextField.class)
                        .setText("");
            });
            robot.interact(
                    () -> robot.lookup("#judgeStart").queryAs(Button.class).fire());
            waitFor("the run's report", () -> w.lastReport() != null);
            assertEquals("failed", w.lastReport().status());
            String shown = text(robot, "#judgeCheck");
            assertTrue(
                    shown.contains("not found, try pulling it first") && shown.contains("ollama pull llama3.1:8b"),
                    shown);
            // after the pull, the same run again: traces that failed are listed by reason in the window
            pulled.set(true);
            org.tracejudge.judges.RunReport first = w.lastReport();
            robot.interact(
                    () -> robot.lookup("#judgeStart").queryAs(Button.class).fire());
            waitFor("the second run's report", () -> w.lastReport() != null && w.lastReport() != first);
            String progress = text(robot, "#judgeProgressText");
            assertTrue(
                    progress.contains("× context length exceeded (null verdict): HTTP 400: request (9000 tokens) "
                            + "exceeds the available context size"),
                    progress);
            robot.interact(() -> w.stage().close());
        }
    }

    private static int adjudications(Path file) throws java.sql.SQLException {
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
                java.sql.Statement s = c.createStatement();
                java.sql.ResultSet rs = s.executeQuery("SELECT count(*) FROM adjudication")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private Adjudication lastDecision(String traceId) {
        try (Project p = Project.open(SampleProject.defaultFile())) {
            List<Adjudication> h = new ProjectQueries(p).adjudications(traceId);
            return h.isEmpty() ? null : h.get(h.size() - 1);
        }
    }
}
