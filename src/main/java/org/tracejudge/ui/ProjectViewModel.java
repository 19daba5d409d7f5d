package org.tracejudge.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;

/**
 * State of the open project for the views. All SQL runs on one background thread; results are
 * published to the JavaFX thread. Views never touch the project directly.
 */
public final class ProjectViewModel implements AutoCloseable {
    /** How many rows the minimal list shows before paging arrives with the full trace table. */
    static final int PAGE = 1000;

    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "project-worker");
        t.setDaemon(true);
        return t;
    });
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("Tracejudge");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Opening…");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(true);
    private final ObservableList<ProjectQueries.LabelRow> rows = FXCollections.observableArrayList();
    private final ObservableList<String> raterColumns = FXCollections.observableArrayList();
    private volatile Project project;

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ObservableList<ProjectQueries.LabelRow> rows() {
        return rows;
    }

    public ObservableList<String> raterColumns() {
        return raterColumns;
    }

    /** Opens a project file, or the bundled sample when {@code file} is null. */
    public void open(Path file) {
        load(() -> file == null ? SampleProject.open() : Project.open(file));
    }

    private void load(Supplier<Project> opener) {
        loading.set(true);
        worker.submit(() -> {
            try {
                Project p = opener.get();
                Project old = project;
                project = p;
                if (old != null) {
                    old.close();
                }
                ProjectQueries q = new ProjectQueries(p);
                ProjectQueries.Summary s = q.summary();
                List<ProjectQueries.LabelRow> page = q.page(s.raters(), 0, PAGE);
                List<String> columns = s.raters().stream().map(ProjectQueries.RaterSummary::column).toList();
                String text = s.traces() + " traces · " + s.tasks() + " tasks · " + s.models().size() + " models · "
                        + s.raters().size() + " raters" + (s.traces() > PAGE ? " (showing the first " + PAGE + ")" : "");
                Platform.runLater(() -> {
                    title.set("Tracejudge — " + s.name());
                    raterColumns.setAll(columns);
                    rows.setAll(page);
                    status.set(text);
                    loading.set(false);
                });
            } catch (RuntimeException e) {
                Platform.runLater(() -> {
                    status.set("Cannot open the project: " + e.getMessage());
                    loading.set(false);
                });
            }
        });
    }

    @Override
    public void close() {
        worker.submit(() -> {
            if (project != null) {
                project.close();
            }
        });
        worker.shutdown();
    }
}
