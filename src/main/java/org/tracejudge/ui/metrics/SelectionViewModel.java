package org.tracejudge.ui.metrics;

import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tracejudge.selection.SelectionPlot;
import org.tracejudge.selection.SelectionReportFormat;
import org.tracejudge.selection.SelectionStudy;
import org.tracejudge.selection.SelectionStudy.Group;
import org.tracejudge.selection.SelectionStudy.Report;
import org.tracejudge.selection.SelectionStudy.Variance;
import org.tracejudge.ui.session.Session;

/**
 * The tool-selection study view's model: reads the study report on the project thread (through
 * {@link Session#query}), and holds the chosen variance and slice, the rows on show, the plot's arrows and
 * the texts beside them. Everything here is plain data for the FX thread; the exports are strings.
 */
public final class SelectionViewModel {
    /** Which groups the table lists. */
    public enum Slice {
        ALL("Every slice", null),
        OVERALL("Overall", "all"),
        SCENARIO("By scenario", "scenario"),
        CONDITION("By condition", "condition");

        final String label;
        final String by;

        Slice(String label, String by) {
            this.label = label;
            this.by = by;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    private final Session project;
    private final ReadOnlyObjectWrapper<Report> report = new ReadOnlyObjectWrapper<>();
    private final ObjectProperty<Variance> variance = new SimpleObjectProperty<>(Variance.REPLICATION);
    private final ObjectProperty<Slice> slice = new SimpleObjectProperty<>(Slice.ALL);
    private final ObservableList<Group> rows = FXCollections.observableArrayList();
    private final ObservableList<SelectionStudy.Difference> differences = FXCollections.observableArrayList();
    private final ObservableList<SelectionPlot.Arrow> arrows = FXCollections.observableArrayList();
    private final ObservableList<SelectionStudy.ToolFigure> tools = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper definition = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper headline = new ReadOnlyStringWrapper("");

    public SelectionViewModel(Session project) {
        this.project = project;
        variance.addListener((o, a, b) -> show());
        slice.addListener((o, a, b) -> show());
    }

    /** Reads the trials and computes the report in the background. */
    public void load() {
        status.set("Computing…");
        project.query(
                p -> SelectionStudy.compute(p.read(SelectionStudy::trials)),
                r -> {
                    report.set(r);
                    show();
                },
                msg -> status.set("Cannot compute the study: " + msg));
    }

    private void show() {
        Report r = report.get();
        Variance v = variance.get();
        definition.set("Variance shown (" + v.key + "): " + v.definition + ".");
        if (r == null) {
            return;
        }
        Slice s = slice.get();
        rows.setAll(s.by == null ? r.groups() : r.groups(s.by));
        differences.setAll(r.differences());
        // safety-critical tools first, each in the scenario's order
        tools.setAll(r.tools().stream()
                .sorted(java.util.Comparator.comparing((SelectionStudy.ToolFigure t) -> !t.safetyCritical())
                        .thenComparing(SelectionStudy.ToolFigure::scenario))
                .toList());
        arrows.setAll(SelectionPlot.arrows(r, v));
        headline.set(
                r.headline() == null
                        ? "No model has both approaches: no NLT − structured difference."
                        : SelectionReportFormat.headline(r.headline(), v));
        List<String> out = SelectionPlot.leftOut(r, v);
        status.set(
                r.trials() == 0
                        ? "No scored tool-selection runs in this project (import a scenario file and its runs)."
                        : r.trials() + " trials, " + r.models().size() + " models"
                                + (r.unscored() > 0
                                        ? "; " + r.unscored() + " runs without their scenario file left out"
                                        : "")
                                + (out.isEmpty()
                                        ? ""
                                        : "; not in the plot: " + String.join(", ", out)
                                                + " (one approach, or the variance undefined)")
                                + ".");
    }

    public ReadOnlyObjectProperty<Report> reportProperty() {
        return report.getReadOnlyProperty();
    }

    public ObjectProperty<Variance> varianceProperty() {
        return variance;
    }

    public ObjectProperty<Slice> sliceProperty() {
        return slice;
    }

    public ObservableList<Group> rows() {
        return rows;
    }

    public ObservableList<SelectionStudy.Difference> differences() {
        return differences;
    }

    /** Per tool of each scenario, by approach and condition. */
    public ObservableList<SelectionStudy.ToolFigure> tools() {
        return tools;
    }

    public ObservableList<SelectionPlot.Arrow> arrows() {
        return arrows;
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty definitionProperty() {
        return definition.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty headlineProperty() {
        return headline.getReadOnlyProperty();
    }

    public String csv() {
        return report.get() == null ? null : SelectionReportFormat.csv(report.get());
    }

    public String markdown() {
        return report.get() == null ? null : SelectionReportFormat.markdown(report.get(), variance.get());
    }

    public String svg() {
        return report.get() == null ? null : SelectionPlot.svg(report.get(), variance.get());
    }

    public void setStatus(String text) {
        status.set(text);
    }
}
