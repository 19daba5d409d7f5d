package org.tracejudge.ui.team;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.tracejudge.agreement.CohenResult;
import org.tracejudge.store.Project;
import org.tracejudge.team.Assigner;
import org.tracejudge.team.HubAddress;
import org.tracejudge.team.LocalTeam;
import org.tracejudge.team.TeamProgress;
import org.tracejudge.team.TeamSync;
import org.tracejudge.ui.session.Session;

/**
 * File ▸ Team: the sync state with "Sync now", progress per reviewer (assigned, done, open, disagreements to
 * adjudicate), reviewer-vs-reviewer agreement, and the items assigned to me with done marks; and the join dialog.
 * Everything is read on the project thread ({@link Session#query}); the hub is reached only by the
 * background sync.
 */
public final class TeamWindow {
    /** What the window shows, read in one go on the project thread. */
    record View(String header, List<TeamProgress.Reviewer> reviewers, List<CohenResult> agreement, List<String> mine) {}

    private final Session vm;
    private final Stage stage = new Stage();
    private final Label header = new Label();
    private final TableView<TeamProgress.Reviewer> table = new TableView<>();
    private final Label agreement = new Label();
    private final ListView<String> mine = new ListView<>();

    public TeamWindow(Window owner, Session vm) {
        this.vm = vm;
        stage.initOwner(owner);
        stage.setTitle("Team");
        Label state = new Label();
        state.setId("teamState");
        state.textProperty().bind(vm.teamStatusProperty());
        Button sync = new Button("Sync now");
        sync.setId("teamSyncNow");
        sync.setOnAction(e -> {
            vm.syncTeamNow();
            refreshLater();
        });
        Button refresh = new Button("Refresh");
        refresh.setOnAction(e -> refresh());
        HBox top = new HBox(10, state, sync, refresh);
        table.setId("teamProgress");
        table.getColumns().add(col("Reviewer", TeamProgress.Reviewer::person));
        table.getColumns().add(col("Assigned", TeamProgress.Reviewer::assigned));
        table.getColumns().add(col("Done", TeamProgress.Reviewer::done));
        table.getColumns().add(col("Open", TeamProgress.Reviewer::open));
        table.getColumns().add(col("Skipped", TeamProgress.Reviewer::skipped));
        table.getColumns().add(col("To adjudicate", TeamProgress.Reviewer::toAdjudicate));
        table.getColumns().add(col("Adjudicated", TeamProgress.Reviewer::adjudicated));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("No assignments yet (the lead: tracejudge team assign)"));
        mine.setId("assignedToMe");
        mine.setPlaceholder(new Label("Nothing assigned to you"));
        VBox.setVgrow(table, Priority.ALWAYS);
        VBox.setVgrow(mine, Priority.ALWAYS);
        VBox root = new VBox(8, header, top, new Label("Progress per reviewer"), table, agreement,
                new Label("Assigned to me (✓ done)"), mine);
        root.setPadding(new Insets(10));
        // wide enough for every column's whole header at the default text size ("To adjudicate" was cut at 640)
        Scene scene = new Scene(root, 60 * javafx.scene.text.Font.getDefault().getSize(), 560);
        // the workbench's look (its theme and text size)
        scene.getStylesheets().setAll(owner.getScene().getStylesheets());
        root.setStyle(owner.getScene().getRoot().getStyle());
        stage.setScene(scene);
    }

    private static <T> TableColumn<TeamProgress.Reviewer, T> col(String title,
                                                                 java.util.function.Function<TeamProgress.Reviewer, T> f) {
        TableColumn<TeamProgress.Reviewer, T> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(f.apply(d.getValue())));
        return c;
    }

    public void show() {
        refresh();
        stage.show();
        stage.toFront();
    }

    public Stage stage() {
        return stage;
    }

    private void refreshLater() {
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(1500);
            } catch (InterruptedException e) {
                return;
            }
            Platform.runLater(this::refresh);
        }, "team-refresh");
        t.setDaemon(true);
        t.start();
    }

    public void refresh() {
        vm.query(TeamWindow::read, v -> {
            header.setText(v.header());
            table.getItems().setAll(v.reviewers());
            StringBuilder b = new StringBuilder();
            for (CohenResult c : v.agreement()) {
                if (c.n() > 0) {
                    b.append(String.format("%s vs %s: n = %d, agreement %s, κ = %s%n", c.raterA(), c.raterB(), c.n(),
                            c.agreement() == null ? "n/a" : String.format("%.2f", c.agreement()),
                            c.kappa() == null ? "n/a" : String.format("%.2f", c.kappa())));
                }
            }
            agreement.setText(b.length() == 0 ? "Agreement: no item decided by two reviewers yet" : b.toString().strip());
            mine.getItems().setAll(v.mine());
        }, msg -> header.setText(msg));
    }

    static View read(Project p) {
        if (p.meta(LocalTeam.HUB) == null) {
            return new View("This project is not a team project (File ▸ Team ▸ Join…, or tracejudge team init).",
                    List.of(), List.of(), List.of());
        }
        String person = p.meta(LocalTeam.PERSON);
        List<TeamProgress.Reviewer> rs = p.read(TeamProgress::reviewers);
        List<String> people = new ArrayList<>();
        rs.forEach(r -> people.add(r.person()));
        List<CohenResult> k = p.read(c -> TeamProgress.agreement(c, people));
        List<String> mine = new ArrayList<>();
        for (TeamProgress.Mine m : p.read(c -> TeamProgress.mine(c, person))) {
            mine.add((m.done() ? "✓ " : "   ") + m.taskKey() + " · " + m.model()
                    + (m.duty().equals(Assigner.ADJUDICATE) ? " (adjudicate)" : ""));
        }
        return new View(String.format("'%s' as %s (%s) · %s", p.meta(LocalTeam.PROJECT), person, p.meta(LocalTeam.DUTY),
                p.meta(LocalTeam.HUB)), rs, k, mine);
    }

    /**
     * The join dialog: hub URL, role, project name and the new file; the first pull runs on a thread of its own and
     * the project opens when it is done. The password comes from the environment or ~/.pgpass.
     */
    public static void join(Window owner, Session vm) {
        Dialog<ButtonType> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Join a team project");
        TextField url = new TextField();
        url.setPromptText("postgresql://hub.example.org/tracejudge?sslmode=verify-full");
        TextField role = new TextField(System.getProperty("user.name"));
        TextField project = new TextField();
        TextField file = new TextField();
        Button browse = new Button("…");
        browse.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Tracejudge project", "*" + Project.EXTENSION));
            java.io.File f = fc.showSaveDialog(owner);
            if (f != null) {
                file.setText(f.toString());
            }
        });
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(8);
        g.addRow(0, new Label("Hub URL"), url);
        g.addRow(1, new Label("Your role"), role);
        g.addRow(2, new Label("Project"), project);
        g.addRow(3, new Label("New file"), file, browse);
        g.add(new Label("Password: " + HubAddress.PASSWORD_ENV + ", PGPASSWORD or ~/.pgpass (never stored)."), 0, 4, 3, 1);
        d.getDialogPane().setContent(g);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        if (d.showAndWait().orElse(ButtonType.CANCEL) != ButtonType.OK) {
            return;
        }
        Thread t = new Thread(() -> {
            try {
                HubAddress a = HubAddress.parse(url.getText(), role.getText());
                Path out = Path.of(file.getText().strip());
                TeamSync.join(a, project.getText().strip(), out, TeamSync.QUIET).close();
                Platform.runLater(() -> vm.open(out));
            } catch (Exception e) {
                String msg = e.getMessage() == null ? e.toString() : e.getMessage();
                Platform.runLater(() -> new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.ERROR,
                        "Could not join: " + msg).show());
            }
        }, "team-join");
        t.setDaemon(true);
        t.start();
    }
}
