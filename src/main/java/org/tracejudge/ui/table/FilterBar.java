package org.tracejudge.ui.table;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javafx.animation.PauseTransition;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import javafx.util.StringConverter;
import org.tracejudge.store.TraceTable;

/**
 * The filter bar above the trace table: text search, quick filters, "raters disagree on" a question of the project's
 * scheme, column = value, the filter's chips, the row count and the named views. It shows the session's filter and
 * changes it through {@link FilterBarViewModel}; a filter picked from a list hands the focus back to the table.
 */
public final class FilterBar extends VBox {
    private final FilterBarViewModel vm;
    /** Gives the focus back to the table. */
    private final Runnable focusTable;

    private final TextField search = new TextField();
    private final ComboBox<TraceTable.Show> show = new ComboBox<>();
    private final ComboBox<TraceTable.Column> column = new ComboBox<>();
    private final ComboBox<String> value = new ComboBox<>();
    private final ComboBox<String> disagreeOn = new ComboBox<>();
    private final FlowPane chips = new FlowPane(6, 4);
    private boolean updatingFilter;
    /** The question columns of the project's scheme (the "raters disagree on" filter knows the blind ones). */
    private List<TraceTableView.ExtraColumn> questions = List.of();

    public FilterBar(FilterBarViewModel vm, Runnable focusTable) {
        super(6);
        this.vm = vm;
        this.focusTable = focusTable;
        search.setId("searchField");
        search.setPromptText("Search user message and answer…");
        HBox.setHgrow(search, Priority.ALWAYS);
        PauseTransition debounce = new PauseTransition(Duration.millis(350));
        debounce.setOnFinished(e -> {
            if (!updatingFilter
                    && !search.getText().trim().equals(vm.filterProperty().get().search())) {
                vm.setFilter(vm.filterProperty().get().withSearch(search.getText()));
            }
        });
        search.textProperty().addListener((o, a, b) -> debounce.playFromStart());
        search.setOnAction(e -> {
            debounce.stop();
            vm.setFilter(vm.filterProperty().get().withSearch(search.getText()));
        });

        show.setId("showFilter");
        show.setMinWidth(Region.USE_PREF_SIZE);
        show.getItems()
                .setAll(Arrays.stream(TraceTable.Show.values())
                        .filter(s -> s != TraceTable.Show.ASSIGNED)
                        .toList());
        show.setValue(TraceTable.Show.ALL);
        show.setConverter(new StringConverter<>() {
            @Override
            public String toString(TraceTable.Show s) {
                return s == null ? "" : s.title();
            }

            @Override
            public TraceTable.Show fromString(String s) {
                return null;
            }
        });
        show.setOnAction(e -> {
            if (!updatingFilter
                    && show.getValue() != null
                    && show.getValue() != vm.filterProperty().get().show()) {
                vm.setFilter(vm.filterProperty().get().withShow(show.getValue()));
            }
        });
        // a filter picked from the list hands the focus back to the table: the review keys act on its traces at
        // once (they do not act inside a combo box, where ↓ is the combo's)
        show.setOnHidden(e -> focusTable.run());
        value.setOnHidden(e -> {
            if (value.getValue() != null) {
                focusTable.run();
            }
        });
        show.setTooltip(new Tooltip("Quick filters: where raters disagree, pending traces, your decisions…"));

        column.setId("columnFilter");
        column.setPrefWidth(130);
        column.setMinWidth(120);
        column.setPromptText("Column");
        column.setConverter(new StringConverter<>() {
            @Override
            public String toString(TraceTable.Column c) {
                return c == null ? "" : c.title();
            }

            @Override
            public TraceTable.Column fromString(String s) {
                return null;
            }
        });
        column.setOnAction(e -> {
            value.getItems().clear();
            TraceTable.Column c = column.getValue();
            if (c != null) {
                vm.columnValues(c.key(), v -> value.getItems().setAll(v));
            }
        });
        value.setId("valueFilter");
        value.setPrefWidth(150);
        value.setMinWidth(120);
        value.setPromptText("= value");
        value.setOnAction(e -> {
            TraceTable.Column c = column.getValue();
            String v = value.getValue();
            if (c != null && v != null && !updatingFilter) {
                vm.setFilter(vm.filterProperty().get().with(c.key(), v));
            }
        });
        Button clear = new Button("Clear filters");
        clear.setMinWidth(Region.USE_PREF_SIZE);
        clear.setId("clearFilters");
        clear.setOnAction(e -> {
            search.clear();
            vm.setFilter(TraceTable.Filter.NONE);
        });
        disagreeOn.setId("disagreeOnFilter");
        disagreeOn.setPromptText("Raters disagree on…");
        disagreeOn.setMinWidth(Region.USE_PREF_SIZE);
        disagreeOn.setTooltip(new Tooltip("Quick filter: the traces where raters' answers to a question differ"));
        disagreeOn.managedProperty().bind(disagreeOn.visibleProperty());
        disagreeOn.setVisible(false);
        disagreeOn.setOnAction(e -> {
            String q = disagreeOn.getValue();
            if (!updatingFilter && q != null) {
                boolean blind = questions.stream().anyMatch(x -> x.title().equals(q) && x.blind());
                vm.filterDisagreeOn(q, blind);
            }
        });
        disagreeOn.setOnHidden(e -> focusTable.run());
        HBox row1 = new HBox(6, search, show, disagreeOn, viewsButton());
        row1.setAlignment(Pos.CENTER_LEFT);
        Label count = new Label();
        count.setId("rowCount");
        count.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> vm.countingProperty().get()
                                ? "searching… "
                                        + TraceTableViewModel.traces(
                                                vm.totalProperty().get()) + " so far"
                                : TraceTableViewModel.traces(vm.totalProperty().get()),
                        vm.totalProperty(),
                        vm.countingProperty()));
        count.getStyleClass().add("row-count");
        count.setMinWidth(Region.USE_PREF_SIZE);
        HBox row2 = new HBox(6, column, value, clear, chips, count);
        HBox.setHgrow(chips, Priority.ALWAYS);
        chips.setMinWidth(0);
        row2.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(row1, row2);
        setPadding(new Insets(6, 6, 6, 6));
        getStyleClass().add("filter-bar");
        vm.filterProperty().addListener((o, a, f) -> showFilter(f));
    }

    public TextField searchField() {
        return search;
    }

    private void showFilter(TraceTable.Filter f) {
        updatingFilter = true;
        try {
            show.setValue(f.show());
            disagreeOn.setValue(f.equals().get(TraceTable.DISAGREE_ON));
            if (!search.getText().trim().equals(f.search())) {
                search.setText(f.search());
            }
            chips.getChildren().clear();
            TraceTable.Layout l = vm.layoutProperty().get();
            f.shown().forEach((k, v) -> {
                TraceTable.Column c = l == null ? null : l.column(k);
                Button chip = new Button(
                        TraceTable.DISAGREE_ON.equals(k)
                                ? "raters disagree on " + v + "  ✕"
                                : (c == null ? k : c.title()) + " = " + v + "  ✕");
                chip.getStyleClass().add("filter-chip");
                chip.setMnemonicParsing(false);
                chip.setOnAction(e -> vm.setFilter(vm.filterProperty().get().with(k, null)));
                chips.getChildren().add(chip);
            });
            if (f.equals().isEmpty()) {
                value.setValue(null);
            }
        } finally {
            updatingFilter = false;
        }
    }

    /** The table's columns changed: the column filter offers them; "Assigned to me" where there is one to filter. */
    void setColumns(TraceTable.Layout l) {
        column.getItems().setAll(l.columns());
        boolean team = l.column(TraceTable.ASSIGNED) != null;
        if (team != show.getItems().contains(TraceTable.Show.ASSIGNED)) {
            updatingFilter = true;
            try {
                TraceTable.Show was = show.getValue();
                show.getItems()
                        .setAll(Arrays.stream(TraceTable.Show.values())
                                .filter(s -> team || s != TraceTable.Show.ASSIGNED)
                                .toList());
                show.setValue(was);
            } finally {
                updatingFilter = false;
            }
        }
    }

    /** The question columns: those offered to "raters disagree on" (hidden when there are none). */
    void setQuestions(List<TraceTableView.ExtraColumn> columns) {
        questions = List.copyOf(columns);
        updatingFilter = true;
        try {
            disagreeOn
                    .getItems()
                    .setAll(questions.stream()
                            .filter(TraceTableView.ExtraColumn::disagreeFilter)
                            .map(TraceTableView.ExtraColumn::title)
                            .toList());
            disagreeOn.setVisible(!disagreeOn.getItems().isEmpty());
        } finally {
            updatingFilter = false;
        }
    }

    /**
     * Named views (issue 36, item 12): "Views ▾" keeps what is on screen — filter, sort, hidden columns — under a
     * name, and brings a kept one back; the list is read when the menu opens.
     */
    private MenuButton viewsButton() {
        MenuButton views = new MenuButton("Views");
        views.setId("viewsMenu");
        views.setMinWidth(Region.USE_PREF_SIZE);
        views.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> vm.activeViewProperty().get() == null
                                ? "Views"
                                : "View: " + vm.activeViewProperty().get(),
                        vm.activeViewProperty()));
        views.setTooltip(new Tooltip("Named views of this project: columns, filter and sort kept under a name"));
        views.setOnShowing(e -> {
            MenuItem save = new MenuItem("Save this view as…");
            save.setId("saveViewItem");
            save.setOnAction(a -> askViewName().ifPresent(vm::saveView));
            views.getItems().setAll(save);
            List<String> names = vm.namedViews();
            if (!names.isEmpty()) {
                views.getItems().add(new SeparatorMenuItem());
                Menu delete = new Menu("Delete");
                delete.setId("deleteViewMenu");
                for (String n : names) {
                    MenuItem item = new MenuItem(n);
                    item.setMnemonicParsing(false);
                    item.getStyleClass().add("named-view");
                    item.setOnAction(a -> {
                        vm.applyView(n);
                        focusTable.run();
                    });
                    views.getItems().add(item);
                    MenuItem del = new MenuItem(n);
                    del.setMnemonicParsing(false);
                    del.setOnAction(a -> vm.deleteView(n));
                    delete.getItems().add(del);
                }
                views.getItems().addAll(new SeparatorMenuItem(), delete);
            }
        });
        // the items are made when the menu opens: one placeholder keeps the button's arrow
        views.getItems().add(new MenuItem("Save this view as…"));
        return views;
    }

    /** Asks for a view's name (a kept name is offered to replace). */
    private Optional<String> askViewName() {
        TextInputDialog d = new TextInputDialog();
        d.setTitle("Save this view");
        d.setHeaderText("Keep the filter, the sort and the hidden columns under a name (same name: replaced).");
        d.setContentText("Name:");
        d.getEditor().setId("viewName");
        if (getScene() != null) {
            d.initOwner(getScene().getWindow());
        }
        return d.showAndWait().map(String::strip).filter(n -> !n.isEmpty());
    }
}
