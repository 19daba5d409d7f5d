package org.tracejudge.ui.team;

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
import org.tracejudge.store.Project;
import org.tracejudge.team.HubAddress;
import org.tracejudge.team.TeamProgress;
import org.tracejudge.ui.session.Session;

/**
 * File ▸ Team: the sync state with "Sync now", progress per reviewer (assigned, done, open, disagreements to
 * adjudicate), reviewer-vs-reviewer agreement, and the items assigned to me with done marks; and the join dialog.
 * Its state and the reads (on the project thread) and the join are {@link TeamViewModel}'s; the hub is reached only
 * by the background sync and the join's first pull.
 */
public final class TeamWindow {
    private final TeamViewModel vm;
    private final Stage stage = new Stage();
    private final Label header = new Label();
    private final TableView<TeamProgress.Reviewer> table = new TableView<>();
    private final Label agreement = new Label();
    private final ListView<String> mine = new ListView<>();

    public TeamWindow(Window owner, Session session) {
        this.vm = new TeamViewModel(session);
        stage.initOwner(owner);
        stage.setTitle("Team");
        Label state = new Label();
        state.setId("teamState");
        state.textProperty().bind(vm.syncStateProperty());
        Button sync = new Button("Sync now");
        sync.setId("teamSyncNow");
        sync.setOnAction(e -> vm.syncNow());
        Button refresh = new Button("Refresh");
        refresh.setOnAction(e -> refresh());
        HBox top = new HBox(10, state, sync, refresh);
        header.textProperty().bind(vm.headerProperty());
        agreement.textProperty().bind(vm.agreementProperty());
        table.setItems(vm.reviewers());
        mine.setItems(vm.mine());
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
        VBox root = new VBox(
                8,
                header,
                top,
                new Label("Progress per reviewer"),
                table,
                agreement,
                new Label("Assigned to me (✓ done)"),
                mine);
        root.setPadding(new Insets(10));
        // wide enough for every column's whole header at the default text size ("To adjudicate" was cut at 640)
        Scene scene = new Scene(root, 60 * javafx.scene.text.Font.getDefault().getSize(), 560);
        // the workbench's look (its theme and text size)
        scene.getStylesheets().setAll(owner.getScene().getStylesheets());
        root.setStyle(owner.getScene().getRoot().getStyle());
        stage.setScene(scene);
    }

    private static <T> TableColumn<TeamProgress.Reviewer, T> col(
            String title, java.util.function.Function<TeamProgress.Reviewer, T> f) {
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

    public void refresh() {
        vm.refresh();
    }

    /**
     * The join dialog: hub URL, role, project name and the new file; the first pull runs on a thread of its own and
     * the project opens when it is done. The password comes from the environment or ~/.pgpass.
     */
    public static void join(Window owner, Session session) {
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
            fc.getExtensionFilters()
                    .add(new FileChooser.ExtensionFilter("Tracejudge project", "*" + Project.EXTENSION));
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
        g.add(
                new Label("Password: " + HubAddress.PASSWORD_ENV + ", PGPASSWORD or ~/.pgpass (never stored)."),
                0,
                4,
                3,
                1);
        d.getDialogPane().setContent(g);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        if (d.showAndWait().orElse(ButtonType.CANCEL) != ButtonType.OK) {
            return;
        }
        new TeamViewModel(session)
                .join(
                        url.getText(),
                        role.getText(),
                        project.getText(),
                        file.getText(),
                        msg -> new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.ERROR, msg).show());
    }
}
