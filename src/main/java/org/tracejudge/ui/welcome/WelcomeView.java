package org.tracejudge.ui.welcome;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.input.Dragboard;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.tracejudge.ui.session.Session;

/**
 * The start page: recent projects, open the sample, new project, import (button or drag and drop).
 *
 * <p>A pure view, without a view model of its own: it holds no state but the recent projects' list, which it copies
 * from the session's settings ({@link #refresh}); every button runs an action the main window hands it.
 */
public final class WelcomeView extends VBox {
    /** What the buttons do (the window owns the file choosers). */
    public record Actions(
            Runnable openSample,
            Runnable openProject,
            Runnable newProject,
            Runnable importFiles,
            Consumer<Path> openRecent,
            Consumer<List<Path>> dropped) {}

    private final ListView<Path> recent = new ListView<>();
    private Runnable safetySample;
    private Runnable tour;

    /** What "Tour of trace kinds" does (opens the bundled tour sample). */
    public void onTour(Runnable r) {
        this.tour = r;
    }

    /** What "Safety review sample" does (opens its own window after a content warning). */
    public void onSafetySample(Runnable r) {
        this.safetySample = r;
    }

    public WelcomeView(Session vm, Actions actions) {
        setId("welcomeView");
        getStyleClass().add("welcome");
        setSpacing(14);
        setPadding(new Insets(28, 40, 28, 40));
        Label title = new Label("Tracejudge");
        title.getStyleClass().add("welcome-title");
        Label sub = new Label("Judge what LLM agents did with their tools: compare each tool return with the final "
                + "answer, accept or override labels from the keyboard, watch agreement live.");
        sub.setWrapText(true);
        sub.getStyleClass().add("welcome-sub");
        Button sample = new Button("Open sample project");
        sample.setId("openSample");
        sample.setDefaultButton(true);
        sample.setOnAction(e -> actions.openSample().run());
        Button open = new Button("Open project…");
        open.setId("openProject");
        open.setOnAction(e -> actions.openProject().run());
        Button create = new Button("New project…");
        create.setId("newProject");
        create.setOnAction(e -> actions.newProject().run());
        Button imp = new Button("Import…");
        imp.setId("importButton");
        imp.setOnAction(e -> actions.importFiles().run());
        Button safety = new Button("Safety review sample (content warning)…");
        safety.setId("openSafetySample");
        safety.setOnAction(e -> {
            if (safetySample != null) {
                safetySample.run();
            }
        });
        Button tourButton = new Button("Tour of trace kinds");
        tourButton.setId("openTour");
        tourButton.setTooltip(new javafx.scene.control.Tooltip("Transcripts, an OpenTelemetry agent run, NLT selector "
                + "runs and long conversations: one of every kind of trace, invented"));
        tourButton.setOnAction(e -> {
            if (tour != null) {
                tour.run();
            }
        });
        HBox buttons = new HBox(10, sample, tourButton, safety, open, create, imp);

        Label recentTitle = new Label("Recent projects");
        recentTitle.getStyleClass().add("section-title");
        recent.setId("recentProjects");
        recent.setPlaceholder(new Label("No recent projects yet."));
        recent.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(Path p, boolean empty) {
                super.updateItem(p, empty);
                setText(
                        empty || p == null
                                ? null
                                : p.getFileName() + "    " + p.toAbsolutePath().getParent()
                                        + (Files.exists(p) ? "" : "   (missing)"));
            }
        });
        recent.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && recent.getSelectionModel().getSelectedItem() != null) {
                actions.openRecent().accept(recent.getSelectionModel().getSelectedItem());
            }
        });
        recent.setOnKeyPressed(e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER
                    && recent.getSelectionModel().getSelectedItem() != null) {
                actions.openRecent().accept(recent.getSelectionModel().getSelectedItem());
            }
        });
        recent.setPrefHeight(200);
        VBox.setVgrow(recent, Priority.ALWAYS);

        Label drop =
                new Label("Drop task, results, judge or transcript files here to import them into the open project");
        drop.setId("dropZone");
        drop.getStyleClass().add("drop-zone");
        drop.setMaxWidth(Double.MAX_VALUE);
        drop.setAlignment(Pos.CENTER);
        drop.setMinHeight(70);
        setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
                drop.getStyleClass().add("drop-active");
            }
            e.consume();
        });
        setOnDragExited(e -> drop.getStyleClass().remove("drop-active"));
        setOnDragDropped(e -> {
            Dragboard db = e.getDragboard();
            boolean ok = db.hasFiles();
            if (ok) {
                actions.dropped()
                        .accept(db.getFiles().stream().map(f -> f.toPath()).toList());
            }
            e.setDropCompleted(ok);
            e.consume();
        });
        getChildren().addAll(title, sub, buttons, recentTitle, recent, drop);
        refresh(vm);
    }

    public void refresh(Session vm) {
        recent.getItems().setAll(vm.state().settings().recentProjects());
    }
}
