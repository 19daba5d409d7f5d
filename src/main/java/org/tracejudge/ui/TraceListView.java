package org.tracejudge.ui;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.geometry.Insets;
import org.tracejudge.store.ProjectQueries;

/** The list of traces with each rater's current label (the full trace table comes with the workbench issue). */
public final class TraceListView extends BorderPane {
    private final TableView<ProjectQueries.LabelRow> table = new TableView<>();

    public TraceListView(ProjectViewModel vm) {
        table.setId("traceTable");
        table.setItems(vm.rows());
        table.setPlaceholder(new Label("No traces yet: import a results file."));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        rebuildColumns(vm);
        vm.raterColumns().addListener((ListChangeListener<String>) c -> rebuildColumns(vm));
        setCenter(table);
        Label status = new Label();
        status.setId("statusText");
        status.textProperty().bind(vm.statusProperty());
        HBox bar = new HBox(status);
        bar.setPadding(new Insets(4, 8, 4, 8));
        bar.getStyleClass().add("status-bar");
        setBottom(bar);
    }

    public TableView<ProjectQueries.LabelRow> table() {
        return table;
    }

    private void rebuildColumns(ProjectViewModel vm) {
        table.getColumns().clear();
        table.getColumns().add(column("Model", r -> r.model(), 160));
        table.getColumns().add(column("Domain", r -> r.domain(), 90));
        table.getColumns().add(column("Task", r -> r.taskKey(), 110));
        table.getColumns().add(column("Type", r -> r.taskType(), 110));
        for (String rater : vm.raterColumns()) {
            table.getColumns().add(column(rater, r -> r.labels().get(rater), 170));
        }
    }

    private static TableColumn<ProjectQueries.LabelRow, String> column(
            String name, java.util.function.Function<ProjectQueries.LabelRow, String> value, double width) {
        TableColumn<ProjectQueries.LabelRow, String> c = new TableColumn<>(name);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        c.setPrefWidth(width);
        c.setMinWidth(60);
        return c;
    }
}
