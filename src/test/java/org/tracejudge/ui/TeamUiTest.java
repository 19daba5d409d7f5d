package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.TestData;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;
import org.tracejudge.team.Assigner;
import org.tracejudge.team.Hub;
import org.tracejudge.team.HubAddress;
import org.tracejudge.team.HubServer;
import org.tracejudge.team.TeamSync;

/**
 * A reviewer's workbench on a team project against a real PostgreSQL: the status bar follows the sync, the lead's
 * decision arrives by itself, the reviewer's decision reaches the hub, and File ▸ Team ▸ Status shows progress.
 */
class TeamUiTest extends WindowTest {
    static Path teamDir;
    static Path leadFile;
    static Path aliceFile;
    static HubAddress lead;

    @Override
    int waitSeconds() {
        return 40;
    }

    @BeforeAll
    static void hubAndFiles() throws Exception {
        teamDir = Files.createTempDirectory("tracejudge-team-ui-test");
        System.setProperty("tracejudge.home", teamDir.toString());
        // the settings name someone else: on a team project the workbench decides as the hub's member (Dr Alice)
        Files.writeString(teamDir.resolve("settings.json"), "{\"annotator\": \"tester\"}");
        String url = HubServer.freshDatabase("tj_ui");
        HubServer.leadRole("tj_ui_lead", "tj_ui");
        HubServer.roles("tj_ui_alice");
        lead = HubAddress.parse(url, "tj_ui_lead");
        leadFile = teamDir.resolve("lead.tjdb");
        SampleProject.build(leadFile);
        try (Project p = Project.open(leadFile)) {
            TeamSync.init(p, lead, "ui", "Dr Lead", false, TeamSync.QUIET);
            try (Hub hub = Hub.connect(lead)) {
                hub.addMember("ui", "tj_ui_alice", "Dr Alice", false);
            }
            java.util.List<String> ids = p.read(c -> {
                java.util.List<String> out = new java.util.ArrayList<>();
                try (var s = c.createStatement();
                        var rs = s.executeQuery("SELECT id FROM trace ORDER BY id LIMIT 5")) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
                return out;
            });
            p.write(c -> Assigner.save(c, Assigner.overlap(ids, java.util.List.of("Dr Alice"), 1, 1), "Dr Lead"));
            TeamSync.sync(p, TeamSync.QUIET);
        }
        aliceFile = teamDir.resolve("alice.tjdb");
        TeamSync.join(HubAddress.parse(url, "tj_ui_alice"), "ui", aliceFile, TeamSync.QUIET)
                .close();
    }

    /** The first column's mark in row {@code index} ("" when none). */
    private static String doneMark(FxRobot robot, int index) {
        for (javafx.scene.Node n : robot.lookup(".table-cell").queryAll()) {
            if (n instanceof javafx.scene.control.TableCell<?, ?> c
                    && c.getTableColumn() != null
                    && "col-done".equals(c.getTableColumn().getId())
                    && c.getIndex() == index
                    && c.isVisible()) {
                return c.getText() == null ? "" : c.getText();
            }
        }
        return null;
    }

    @Test
    void statusBarSyncAndProgress(FxRobot robot) throws Exception {
        ViewModels vm = app.viewModels();
        waitFor(
                "sample open",
                () -> vm.session().openProperty().get()
                        && !vm.session().state().openingProperty().get());
        robot.interact(() -> vm.session().open(aliceFile));
        waitFor("team up to date", () -> text(robot, "#teamStatus").equals("Team: up to date"));
        assertEquals("Dr Alice", vm.session().annotatorProperty().get(), "the annotator is the hub member's name");

        // the lead decides on their laptop and syncs; alice's workbench takes it in by itself
        String id;
        try (Project p = Project.open(leadFile)) {
            String trace = TestData.scalar(p, "SELECT id FROM trace ORDER BY id LIMIT 1");
            id = p.write(c -> Ledger.adjudicate(
                    c,
                    trace,
                    "Dr Lead",
                    TestData.scalar(
                            p,
                            "SELECT json_extract(ls.labels, '$[0]') FROM trace t JOIN task k ON k.id = t.task_id JOIN label_set ls ON ls.name = k.label_set WHERE t.id = '"
                                    + trace + "'"),
                    "from the lead"));
            TeamSync.sync(p, TeamSync.QUIET);
        }
        String[] seen = new String[1];
        waitFor("the lead's decision on alice's laptop", () -> {
            vm.session()
                    .query(
                            p -> TestData.scalar(p, "SELECT count(*) FROM adjudication WHERE id = '" + id + "'"),
                            v -> seen[0] = v,
                            e -> {});
            return "1".equals(seen[0]);
        });

        // alice accepts a proposed label: it reaches the hub without a sync command
        waitFor("a trace shown", () -> vm.trace().detailProperty().get() != null);
        robot.interact(vm.decisions()::accept);
        waitFor("decision pushed", () -> {
            try (Project p = Project.open(leadFile)) {
                TeamSync.sync(p, TeamSync.QUIET);
                return !"0"
                        .equals(TestData.scalar(p, "SELECT count(*) FROM adjudication WHERE annotator = 'Dr Alice'"));
            }
        });
        waitFor("up to date again", () -> text(robot, "#teamStatus").equals("Team: up to date"));

        // File ▸ Team ▸ Status and progress…
        javafx.scene.control.MenuBar bar = robot.lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class);
        javafx.scene.control.Menu team = (javafx.scene.control.Menu) bar.getMenus().get(0).getItems().stream()
                .filter(i -> "teamMenu".equals(i.getId()))
                .findFirst()
                .orElseThrow();
        assertEquals("_Team", team.getText()); // T is its mnemonic
        robot.interact(() -> team.getItems().stream()
                .filter(i -> "teamStatusMenu".equals(i.getId()))
                .findFirst()
                .orElseThrow()
                .fire());
        waitFor(
                "progress",
                () -> robot.lookup("#teamProgress").tryQuery().isPresent()
                        && !robot.lookup("#teamProgress")
                                .queryAs(TableView.class)
                                .getItems()
                                .isEmpty());
        Object row = robot.lookup("#teamProgress")
                .queryAs(TableView.class)
                .getItems()
                .get(0);
        assertTrue(row.toString().contains("Dr Alice") && row.toString().contains("assigned=5"), row.toString());
        assertEquals(
                5,
                robot.lookup("#assignedToMe")
                        .queryAs(javafx.scene.control.ListView.class)
                        .getItems()
                        .size());
    }

    /**
     * The "Assigned to me" filter in the main table's Show list, picked in the real window: exactly the lead's five
     * assignments for Dr Alice, each marked to do or done as the ledger says, and a decision turns its mark to done.
     * A project without a team does not offer the filter.
     */
    @SuppressWarnings({"unchecked", "rawtypes"}) // TestFX lookups give raw control types
    @Test
    void assignedToMeFilterAndDoneMarks(FxRobot robot) throws Exception {
        ViewModels vm = app.viewModels();
        waitFor(
                "sample open",
                () -> vm.session().openProperty().get()
                        && !vm.session().state().openingProperty().get());
        javafx.scene.control.ComboBox<?> show =
                robot.lookup("#showFilter").queryAs(javafx.scene.control.ComboBox.class);
        assertTrue(
                !show.getItems().contains(TraceTable.Show.ASSIGNED),
                "no team, no 'Assigned to me': " + show.getItems());

        robot.interact(() -> vm.session().open(aliceFile));
        waitFor(
                "alice's project",
                () -> vm.session().state().layoutProperty().get() != null
                        && vm.session().state().layoutProperty().get().column(TraceTable.ASSIGNED) != null
                        && !vm.session().loadingProperty().get());
        assertEquals("Dr Alice", vm.session().annotatorProperty().get());
        java.util.Map<String, String> expected = new java.util.TreeMap<>();
        String[] sql = {
            "SELECT a.trace_id, CASE WHEN EXISTS (SELECT 1 FROM label l WHERE l.trace_id = a.trace_id "
                    + "AND l.created_by = 'Dr Alice') OR EXISTS (SELECT 1 FROM adjudication d WHERE d.trace_id = a.trace_id "
                    + "AND d.annotator = 'Dr Alice') THEN 'done' ELSE 'to do' END FROM team_assignment a "
                    + "WHERE a.reviewer = 'Dr Alice'"
        };
        java.util.concurrent.atomic.AtomicBoolean read = new java.util.concurrent.atomic.AtomicBoolean();
        vm.session()
                .query(
                        p -> p.read(c -> {
                            java.util.Map<String, String> m = new java.util.TreeMap<>();
                            try (var st = c.createStatement();
                                    var rs = st.executeQuery(sql[0])) {
                                while (rs.next()) {
                                    m.put(rs.getString(1), rs.getString(2));
                                }
                            }
                            return m;
                        }),
                        m -> {
                            expected.putAll(m);
                            read.set(true);
                        },
                        e -> {});
        waitFor("assignments read", read::get);
        assertEquals(5, expected.size(), expected.toString());

        robot.clickOn("#showFilter");
        robot.clickOn("Assigned to me");
        waitFor(
                "assigned filter (status: " + vm.session().statusProperty().get() + ")",
                () -> vm.session().filterProperty().get().show() == TraceTable.Show.ASSIGNED
                        && !vm.session().loadingProperty().get()
                        && vm.table().rowsProperty().get().size() == 5);
        TableView<?> table = robot.lookup("#traceTable").queryAs(TableView.class);
        assertEquals(5, table.getItems().size());
        waitFor("rows filled", () -> java.util.stream.IntStream.range(0, 5)
                .allMatch(i -> vm.table().rowsProperty().get().get(i).row() != null));
        java.util.Map<String, String> shown = new java.util.TreeMap<>();
        for (int i = 0; i < 5; i++) {
            TraceTable.Row r = vm.table().rowsProperty().get().get(i).row();
            shown.put(r.traceId(), r.get(TraceTable.ASSIGNED));
        }
        assertEquals(expected, shown, "the table shows my assignments with their done marks");
        // the marks are in the first column (○ open, ✓ done): no column of their own pushes Ensemble and Final away
        assertTrue(table.getColumns().stream().noneMatch(c -> "Assigned".equals(c.getText())), "no Assigned column");
        for (int i = 0; i < 5; i++) {
            TraceTable.Row r = vm.table().rowsProperty().get().get(i).row();
            String want = "to do".equals(r.get(TraceTable.ASSIGNED)) ? "○" : "✓";
            int row = i;
            waitFor("row " + i + " marked " + want, () -> want.equals(doneMark(robot, row)));
        }

        // deciding on an open item marks it done
        String todo = expected.entrySet().stream()
                .filter(e -> e.getValue().equals("to do"))
                .map(java.util.Map.Entry::getKey)
                .findFirst()
                .orElse(null);
        if (todo != null) {
            int at = new java.util.ArrayList<>(java.util.stream.IntStream.range(0, 5)
                            .mapToObj(i ->
                                    vm.table().rowsProperty().get().get(i).row().traceId())
                            .toList())
                    .indexOf(todo);
            robot.interact(() -> vm.table().go(at));
            waitFor(
                    "the open item shown",
                    () -> vm.trace().detailProperty().get() != null
                            && vm.trace().detailProperty().get().traceId().equals(todo));
            robot.interact(vm.decisions()::accept);
            waitFor("marked done", () -> {
                for (int i = 0; i < vm.table().rowsProperty().get().size(); i++) {
                    TraceTable.Row r = vm.table().rowsProperty().get().get(i).row();
                    if (r != null && r.traceId().equals(todo)) {
                        return "done".equals(r.get(TraceTable.ASSIGNED));
                    }
                }
                return false;
            });
        }

        // S on an open item records a skip (a team project); File ▸ Team ▸ Status counts it for Dr Alice
        String open = null;
        int openAt = -1;
        for (int i = 0; i < 5; i++) {
            TraceTable.Row r = vm.table().rowsProperty().get().get(i).row();
            if (r != null && TraceTable.TO_DO.equals(r.get(TraceTable.ASSIGNED))) {
                open = r.traceId();
                openAt = i;
                break;
            }
        }
        assertTrue(open != null, "an open item is left");
        int at = openAt;
        String skippedId = open;
        robot.interact(() -> vm.table().go(at));
        waitFor(
                "the open item shown",
                () -> vm.trace().detailProperty().get() != null
                        && vm.trace().detailProperty().get().traceId().equals(skippedId));
        robot.interact(vm.table()::skip);
        String[] skips = new String[1];
        waitFor("the skip recorded", () -> {
            vm.session()
                    .query(
                            p -> TestData.scalar(
                                    p,
                                    "SELECT count(*) FROM team_skip WHERE reviewer = 'Dr Alice' AND trace_id = '"
                                            + skippedId + "'"),
                            v -> skips[0] = v,
                            e -> {});
            return "1".equals(skips[0]);
        });
        javafx.scene.control.MenuBar bar = robot.lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class);
        javafx.scene.control.Menu team = (javafx.scene.control.Menu) bar.getMenus().get(0).getItems().stream()
                .filter(i -> "teamMenu".equals(i.getId()))
                .findFirst()
                .orElseThrow();
        robot.interact(() -> team.getItems().stream()
                .filter(i -> "teamStatusMenu".equals(i.getId()))
                .findFirst()
                .orElseThrow()
                .fire());
        waitFor(
                "progress with the skip",
                () -> robot.lookup("#teamProgress").tryQuery().isPresent()
                        && robot.lookup("#teamProgress").queryAs(TableView.class).getItems().stream()
                                .anyMatch(r -> r.toString().contains("Dr Alice")
                                        && r.toString().contains("skipped=1")));
    }
}
