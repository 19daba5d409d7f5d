package org.tracejudge.ui.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;
import org.tracejudge.team.Assigner;
import org.tracejudge.team.Hub;
import org.tracejudge.team.HubAddress;
import org.tracejudge.team.HubServer;
import org.tracejudge.team.TeamSync;
import org.tracejudge.ui.ViewModels;
import org.tracejudge.ui.WorkbenchApp;

/**
 * Takes the README's team screenshots (run under Xvfb by bench/screenshots.sh): a hub on the embedded PostgreSQL
 * the tests use, a lead who hands ten sample traces each to Dr Alice and Dr Bob, and Dr Alice's workbench: her
 * "Assigned to me" list with one done, then File ▸ Team ▸ Status and progress. Usage: {@code TeamScreenshotTour <outDir>}.
 */
public final class TeamScreenshotTour {
    private TeamScreenshotTour() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        Path home = Files.createTempDirectory("tracejudge-team-shots");
        Files.writeString(home.resolve("settings.json"), "{}");
        System.setProperty("tracejudge.home", home.toString());
        String url = HubServer.freshDatabase("tj_shots");
        HubServer.leadRole("tj_shots_lead", "tj_shots");
        HubServer.roles("tj_shots_alice", "tj_shots_bob");
        Path leadFile = home.resolve("lead.tjdb");
        SampleProject.build(leadFile);
        try (Project p = Project.open(leadFile)) {
            TeamSync.init(p, HubAddress.parse(url, "tj_shots_lead"), "study", "Dr Lead", false, TeamSync.QUIET);
            try (Hub hub = Hub.connect(HubAddress.parse(url, "tj_shots_lead"))) {
                hub.addMember("study", "tj_shots_alice", "Dr Alice", false);
                hub.addMember("study", "tj_shots_bob", "Dr Bob", false);
            }
            List<String> ids = p.read(c -> {
                List<String> l = new java.util.ArrayList<>();
                try (var s = c.createStatement();
                        var rs = s.executeQuery("SELECT id FROM trace ORDER BY id LIMIT 20")) {
                    while (rs.next()) {
                        l.add(rs.getString(1));
                    }
                }
                return l;
            });
            p.write(c -> Assigner.save(c, Assigner.overlap(ids, List.of("Dr Alice", "Dr Bob"), 1, 7), "Dr Lead"));
            TeamSync.sync(p, TeamSync.QUIET);
        }
        Path aliceFile = home.resolve("alice.tjdb");
        TeamSync.join(HubAddress.parse(url, "tj_shots_alice"), "study", aliceFile, TeamSync.QUIET)
                .close();

        Stage[] stage = new Stage[1];
        WorkbenchApp app = ScreenshotTour.startWindow(stage);
        ViewModels vm = app.viewModels();
        WorkbenchBench.waitUntil(
                () -> vm.session().openProperty().get()
                        && !vm.session().state().openingProperty().get(),
                60);
        WorkbenchBench.fx(() -> vm.session().open(aliceFile));
        WorkbenchBench.waitUntil(
                () -> vm.session().state().layoutProperty().get() != null
                        && vm.session().state().layoutProperty().get().column(TraceTable.ASSIGNED) != null
                        && !vm.session().loadingProperty().get(),
                60);
        WorkbenchBench.fx(() -> vm.table().setFilter(TraceTable.Filter.NONE.withShow(TraceTable.Show.ASSIGNED)));
        WorkbenchBench.waitUntil(
                () -> !vm.session().loadingProperty().get()
                        && vm.table().rowsProperty().get().size() == 10
                        && vm.trace().detailProperty().get() != null,
                60);
        Thread.sleep(1500);
        WorkbenchBench.fx(vm.decisions()::accept); // one done; the queue moves to the second
        Thread.sleep(4000); // the decision syncs to the hub; the status bar says so
        ScreenshotTour.shot(out, "team-assigned-to-me.png");
        WorkbenchBench.fx(() -> {
            MenuBar bar = (MenuBar) stage[0].getScene().lookup(".menu-bar");
            Menu team = (Menu) bar.getMenus().get(0).getItems().stream()
                    .filter(i -> "teamMenu".equals(i.getId()))
                    .findFirst()
                    .orElseThrow();
            team.getItems().stream()
                    .filter(i -> "teamStatusMenu".equals(i.getId()))
                    .findFirst()
                    .orElseThrow()
                    .fire();
        });
        Thread.sleep(3000);
        WorkbenchBench.fx(() -> {
            for (Window w : Window.getWindows()) {
                if (w instanceof Stage s && "Team".equals(s.getTitle())) {
                    s.setX(250);
                    s.setY(90);
                }
            }
        });
        Thread.sleep(1500);
        ScreenshotTour.shot(out, "team-status.png");
        Platform.exit();
        System.exit(0);
    }
}
