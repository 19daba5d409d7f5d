package org.tracejudge.ui.table;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.animation.PauseTransition;
import javafx.beans.binding.Bindings;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.util.Duration;
import javafx.util.StringConverter;
import org.tracejudge.model.LabelSets;
import org.tracejudge.store.TraceTable;

/**
 * The trace table: one row per trace of the current filter (paged: rows arrive as they are scrolled to),
 * a column per rater, each annotator, the ensemble and the final label. Sorting and filtering run in SQL
 * (clicking a header re-queries); a filter bar above: text search, quick filters, column = value.
 *
 * <p>Why it is over 500 lines: the columns are made from the layout the session reads (one kind of cell per kind of
 * column, sized from their values) and the filter bar edits the same filter; both are the table's own rendering. The
 * queue, paging and sorting are {@link TraceTableViewModel}'s, the rows {@link PagedRows} / {@link RowWindow}.
 */
public final class TraceTableView extends BorderPane {
    private final TraceTableViewModel vm;
    private final TableView<PagedRows.RowRef> table = new TableView<>();
    private final TextField search = new TextField();
    private final ComboBox<TraceTable.Show> show = new ComboBox<>();
    private final ComboBox<TraceTable.Column> column = new ComboBox<>();
    private final ComboBox<String> value = new ComboBox<>();
    private final FlowPane chips = new FlowPane(6, 4);
    private boolean updatingSelection;
    private boolean updatingFilter;
    private boolean replacingItems;
    /** The full-length scroll bar beside the table, shown when the rows do not fit in one {@link RowWindow}. */
    private final ScrollBar rowsBar = new ScrollBar();

    private boolean syncingBar;
    private int windowLength = WINDOW;
    /** Rows the table holds at once: scrolling within them never moves the window. */
    public static final int WINDOW = 2_000;

    public TraceTableView(TraceTableViewModel vm) {
        this.vm = vm;
        getStyleClass().add("trace-table-view");
        table.setId("traceTable");
        // the column chooser (the + at the headers' right): what is hidden stays hidden in this project
        table.setTableMenuButtonVisible(true);
        // every row is one line high: a fixed row height spares the table measuring rows to estimate its length,
        // which took most of the FX thread's time while scrolling 100,000 rows (2 em: 26 px at the usual 13 px)
        table.setFixedCellSize((double) Math.round(Font.getDefault().getSize() * 2));
        Label placeholder = new Label();
        placeholder
                .textProperty()
                .bind(javafx.beans.binding.Bindings.when(vm.openingProperty())
                        .then("Reading the project…")
                        .otherwise("No traces match."));
        table.setPlaceholder(placeholder);
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.getSelectionModel().setSelectionMode(SelectionMode.SINGLE);
        table.setItems(new RowWindow(vm.rowsProperty().get(), windowLength));
        table.setSortPolicy(t -> {
            if (replacingItems) {
                return true;
            }
            if (t.getSortOrder().isEmpty()) {
                if (vm.sortProperty().get().key() != null) {
                    vm.setSort(TraceTable.Sort.DEFAULT);
                }
            } else {
                TableColumn<PagedRows.RowRef, ?> c = t.getSortOrder().get(0);
                TraceTable.Sort s = new TraceTable.Sort(
                        (String) c.getUserData(), c.getSortType() == TableColumn.SortType.DESCENDING);
                if (!s.equals(vm.sortProperty().get())) {
                    vm.setSort(s);
                }
            }
            return true;
        });
        table.setRowFactory(tv -> {
            TableRow<PagedRows.RowRef> row = new TableRow<>();
            return row;
        });
        vm.layoutProperty().addListener((o, a, l) -> rebuildColumns(l));
        vm.blindProperty().addListener((o, a, b) -> applyBlind());
        // a named view brings its own hidden columns
        vm.hiddenColumns().addListener((javafx.collections.SetChangeListener<String>) c -> {
            if (!settingVisibility) {
                applyBlind();
            }
        });
        // queue index <-> selection
        table.getSelectionModel().selectedIndexProperty().addListener((o, a, b) -> {
            if (!updatingSelection
                    && b.intValue() >= 0
                    && window().offset() + b.intValue() != vm.currentProperty().get()) {
                vm.go(window().offset() + b.intValue());
            }
        });
        vm.currentProperty().addListener((o, a, b) -> selectCurrent());
        // skipped, flagged, commented: only the marks column's cells are redrawn
        vm.marksVersionProperty().addListener((o, a, b) -> refreshMarks());
        vm.rowsProperty().addListener((o, a, b) -> {
            // the same window takes the new rows, so the table keeps its cells; the header shows the SQL sort
            replacingItems = true;
            try {
                moveWindow(() -> window().setRows(b));
                restoreSortOrder();
            } finally {
                replacingItems = false;
            }
            showWindowed();
            selectCurrent();
        });

        setTop(filterBar());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setMaxSize(36, 36);
        busy.visibleProperty().bind(vm.loadingProperty());
        busy.setMouseTransparent(true);
        StackPane center = new StackPane(table, busy);
        StackPane.setAlignment(busy, Pos.TOP_RIGHT);
        StackPane.setMargin(busy, new Insets(30, 16, 0, 0));
        BorderPane withBar = new BorderPane(center);
        rowsBar.setId("rowsBar");
        rowsBar.setOrientation(Orientation.VERTICAL);
        rowsBar.setUnitIncrement(1);
        rowsBar.valueProperty().addListener((o, a, b) -> {
            if (!syncingBar) {
                showFrom((int) Math.round(b.doubleValue()));
            }
        });
        table.itemsProperty().addListener((o, a, b) -> showWindowed());
        showWindowed();
        withBar.setRight(rowsBar);
        setCenter(withBar);
        // after each layout: move the window when the view nears its edge, and put the bar where the view is
        sceneProperty().addListener((o, a, b) -> {
            if (a != null) {
                a.removePostLayoutPulseListener(followView);
            }
            if (b != null) {
                b.addPostLayoutPulseListener(followView);
            }
        });
        vm.filterProperty().addListener((o, a, f) -> showFilter(f));
        if (vm.layoutProperty().get() != null) {
            rebuildColumns(vm.layoutProperty().get());
        }
    }

    private void restoreSortOrder() {
        TraceTable.Sort s = vm.sortProperty().get();
        table.getSortOrder().clear();
        if (s == null || s.key() == null) {
            return;
        }
        for (TableColumn<PagedRows.RowRef, ?> c : table.getColumns()) {
            if (s.key().equals(c.getUserData())) {
                c.setSortType(s.descending() ? TableColumn.SortType.DESCENDING : TableColumn.SortType.ASCENDING);
                table.getSortOrder().add(c);
            }
        }
    }

    public TableView<PagedRows.RowRef> table() {
        return table;
    }

    public TextField searchField() {
        return search;
    }

    /** What the table holds now. */
    public RowWindow window() {
        return (RowWindow) table.getItems();
    }

    /** Sets how many rows the table holds at once (default {@value #WINDOW}); tests use small windows. */
    public void setWindowLength(int rows) {
        windowLength = rows;
        replacingItems = true;
        try {
            table.setItems(new RowWindow(window().rows(), rows));
            restoreSortOrder();
        } finally {
            replacingItems = false;
        }
        selectCurrent();
    }

    /** Shows the rows from {@code index} (of all the filtered rows) at the top, as dragging the scroll bar does. */
    public void showFrom(int index) {
        VirtualFlow<?> flow = flow();
        RowWindow w = window();
        if (flow == null || index < 0 || index >= w.rows().size()) {
            return;
        }
        int visible = visibleRows(flow);
        if (w.local(index) < 0 || w.local(Math.min(w.rows().size() - 1, index + visible)) < 0) {
            moveWindow(() -> w.centreOn(index));
        }
        flow.scrollToTop(w.local(index));
    }

    private final Runnable followView = this::followView;

    private void followView() {
        decorateHeaders();
        RowWindow w = window();
        VirtualFlow<?> flow = flow();
        if (!w.windowed() || flow == null || flow.getFirstVisibleCell() == null || flow.getLastVisibleCell() == null) {
            return;
        }
        int first = flow.getFirstVisibleCell().getIndex();
        int last = flow.getLastVisibleCell().getIndex();
        int margin = Math.max(2, w.size() / 10);
        boolean nearTop = first < margin && w.offset() > 0;
        boolean nearEnd =
                last >= w.size() - margin && w.offset() + w.size() < w.rows().size();
        if (nearTop || nearEnd) {
            int top = w.offset() + first;
            double above = flow.getFirstVisibleCell().getLayoutY(); // <= 0: the part of the first row scrolled away
            moveWindow(() -> w.centreOn(top));
            flow.scrollToTop(w.local(top));
            flow.scrollPixels(-above);
            first = w.local(top);
        }
        int visible = visibleRows(flow);
        syncingBar = true;
        try {
            rowsBar.setMax(Math.max(0, w.rows().size() - visible));
            rowsBar.setVisibleAmount(visible);
            rowsBar.setBlockIncrement(visible);
            rowsBar.setValue(w.offset() + first);
        } finally {
            syncingBar = false;
        }
    }

    /** Moves the window without the table's selection reaching the queue, then selects the current row again. */
    private void moveWindow(Runnable move) {
        updatingSelection = true;
        try {
            move.run();
            int l = window().local(vm.currentProperty().get());
            if (l < 0) {
                table.getSelectionModel().clearSelection();
            } else if (table.getSelectionModel().getSelectedIndex() != l) {
                table.getSelectionModel().clearAndSelect(l);
            }
        } finally {
            updatingSelection = false;
        }
    }

    private void showWindowed() {
        boolean windowed = window().windowed();
        rowsBar.setVisible(windowed);
        rowsBar.setManaged(windowed);
        // the table's own vertical bar would only span the window: the full-length bar replaces it
        table.pseudoClassStateChanged(WINDOWED, windowed);
    }

    private static final PseudoClass WINDOWED = PseudoClass.getPseudoClass("windowed");

    private static int visibleRows(VirtualFlow<?> flow) {
        return Math.max(1, (int) (flow.getHeight() / Math.max(1, flow.getFixedCellSize())));
    }

    private VirtualFlow<?> flow() {
        if (table.getSkin() instanceof javafx.scene.control.skin.TableViewSkin<?> s) {
            for (var child : s.getChildren()) {
                if (child instanceof VirtualFlow<?> flow) {
                    return flow;
                }
            }
        }
        return null;
    }

    private void selectCurrent() {
        int i = vm.currentProperty().get();
        RowWindow w = window();
        if (i < 0 || i >= w.rows().size()) {
            return;
        }
        int margin = Math.max(2, w.size() / 10);
        int l = w.local(i);
        boolean moved = false;
        if (l < 0
                || (l < margin && w.offset() > 0)
                || (l >= w.size() - margin && w.offset() + w.size() < w.rows().size())) {
            moveWindow(() -> w.centreOn(i));
            moved = true;
        }
        updatingSelection = true;
        try {
            if (table.getSelectionModel().getSelectedIndex() != w.local(i)) {
                table.getSelectionModel().clearAndSelect(w.local(i));
            }
            scrollIntoView(w.local(i), moved);
        } finally {
            updatingSelection = false;
        }
    }

    /** Scrolls only when the row is off screen (or the window moved under it), keeping one row of context. */
    private void scrollIntoView(int i, boolean moved) {
        VirtualFlow<?> flow = flow();
        if (flow == null) {
            table.scrollTo(Math.max(0, i - 1));
            return;
        }
        var first = flow.getFirstVisibleCell();
        var last = flow.getLastVisibleCell();
        if (!moved && first != null && last != null && i > first.getIndex() && i < last.getIndex()) {
            return;
        }
        flow.scrollTo(Math.max(0, i - 1));
    }

    private VBox filterBar() {
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
                .setAll(java.util.Arrays.stream(TraceTable.Show.values())
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
        show.setOnHidden(e -> table.requestFocus());
        value.setOnHidden(e -> {
            if (value.getValue() != null) {
                table.requestFocus();
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
                boolean blind = extraColumns.stream().anyMatch(x -> x.title().equals(q) && x.blind());
                vm.filterDisagreeOn(q, blind);
            }
        });
        disagreeOn.setOnHidden(e -> table.requestFocus());
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
        VBox bar = new VBox(6, row1, row2);
        bar.setPadding(new Insets(6, 6, 6, 6));
        bar.getStyleClass().add("filter-bar");
        return bar;
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

    private void rebuildColumns(TraceTable.Layout l) {
        table.getSortOrder().clear();
        table.getColumns().clear();
        if (l == null) {
            return;
        }
        headers = org.tracejudge.ui.common.ShortNames.headers(l.columns().stream()
                .filter(c -> c.kind() == TraceTable.Kind.RATER || c.kind() == TraceTable.Kind.HUMAN)
                .map(TraceTable.Column::title)
                .toList());
        table.getColumns().add(doneColumn());
        for (TraceTable.Column c : l.columns()) {
            if (c.kind() == TraceTable.Kind.ASSIGNED) {
                // a team project's assignments show in the done column (○ to do, ✓ done): a column of their own
                // pushed Ensemble and Final off a 1280-pixel screen
                continue;
            }
            TableColumn<PagedRows.RowRef, TraceTable.Row> tc = column(c);
            table.getColumns().add(tc);
            followChooser(tc);
            if (!c.isLabel()) {
                fitToValues(tc, c);
            }
        }
        addExtraColumns();
        column.getItems().setAll(l.columns());
        // "Assigned to me" is offered where there is a team assignment column to filter on
        boolean team = l.column(TraceTable.ASSIGNED) != null;
        if (team != show.getItems().contains(TraceTable.Show.ASSIGNED)) {
            updatingFilter = true;
            try {
                TraceTable.Show was = show.getValue();
                show.getItems()
                        .setAll(java.util.Arrays.stream(TraceTable.Show.values())
                                .filter(s -> team || s != TraceTable.Show.ASSIGNED)
                                .toList());
                show.setValue(was);
            } finally {
                updatingFilter = false;
            }
        }
        applyBlind();
        updateNeeded();
    }

    /** True while the view sets columns' visibility itself (blind mode, a restored choice), not the person. */
    private boolean settingVisibility;

    private void applyBlind() {
        TraceTable.Layout l = vm.layoutProperty().get();
        boolean blind = vm.blindProperty().get();
        settingVisibility = true;
        try {
            for (TableColumn<PagedRows.RowRef, ?> tc : table.getColumns()) {
                TraceTable.Column c = l == null ? null : l.column((String) tc.getUserData());
                boolean machine = c != null
                        && (c.kind() == TraceTable.Kind.RATER
                                || c.kind() == TraceTable.Kind.ENSEMBLE
                                || c.kind() == TraceTable.Kind.FINAL
                                || (c.kind() == TraceTable.Kind.HUMAN
                                        && !c.ref()
                                                .equals(vm.annotatorProperty().get())));
                tc.setVisible(!(blind && machine) && !vm.hiddenColumns().contains((String) tc.getUserData()));
            }
        } finally {
            settingVisibility = false;
        }
    }

    /**
     * Named views (issue 36, item 12): "Views ▾" keeps what is on screen — filter, sort, hidden columns — under a
     * name, and brings a kept one back; the list is read when the menu opens.
     */
    private javafx.scene.control.MenuButton viewsButton() {
        javafx.scene.control.MenuButton views = new javafx.scene.control.MenuButton("Views");
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
            javafx.scene.control.MenuItem save = new javafx.scene.control.MenuItem("Save this view as…");
            save.setId("saveViewItem");
            save.setOnAction(a -> askViewName().ifPresent(vm::saveView));
            views.getItems().setAll(save);
            List<String> names = vm.namedViews();
            if (!names.isEmpty()) {
                views.getItems().add(new javafx.scene.control.SeparatorMenuItem());
                javafx.scene.control.Menu delete = new javafx.scene.control.Menu("Delete");
                delete.setId("deleteViewMenu");
                for (String n : names) {
                    javafx.scene.control.MenuItem show = new javafx.scene.control.MenuItem(n);
                    show.setMnemonicParsing(false);
                    show.getStyleClass().add("named-view");
                    show.setOnAction(a -> {
                        vm.applyView(n);
                        table.requestFocus();
                    });
                    views.getItems().add(show);
                    javafx.scene.control.MenuItem del = new javafx.scene.control.MenuItem(n);
                    del.setMnemonicParsing(false);
                    del.setOnAction(a -> vm.deleteView(n));
                    delete.getItems().add(del);
                }
                views.getItems().addAll(new javafx.scene.control.SeparatorMenuItem(), delete);
            }
        });
        // the items are made when the menu opens: one placeholder keeps the button's arrow
        views.getItems().add(new javafx.scene.control.MenuItem("Save this view as…"));
        return views;
    }

    /** Asks for a view's name (a kept name is offered to replace). */
    private java.util.Optional<String> askViewName() {
        javafx.scene.control.TextInputDialog d = new javafx.scene.control.TextInputDialog();
        d.setTitle("Save this view");
        d.setHeaderText("Keep the filter, the sort and the hidden columns under a name (same name: replaced).");
        d.setContentText("Name:");
        d.getEditor().setId("viewName");
        if (getScene() != null) {
            d.initOwner(getScene().getWindow());
        }
        return d.showAndWait().map(String::strip).filter(n -> !n.isEmpty());
    }

    /**
     * A column a project's own scheme adds (issue 49): one per question, the annotator's answer as text. Its key (for
     * the column chooser's memory) is {@code q:QUESTION}; {@code disagreeFilter} offers the question in the quick filter
     * "raters disagree on"; on a {@code blind} question that filter finds only traces the annotator answered.
     */
    public record ExtraColumn(
            String key,
            String title,
            String tip,
            boolean disagreeFilter,
            boolean blind,
            java.util.function.Function<String, String> cell) {}

    private List<ExtraColumn> extraColumns = List.of();
    private final javafx.scene.control.ComboBox<String> disagreeOn = new javafx.scene.control.ComboBox<>();

    /** FX thread: the question columns (none for a project without a scheme of its own), after the layout's. */
    public void setExtraColumns(List<ExtraColumn> columns) {
        extraColumns = List.copyOf(columns);
        table.getColumns().removeIf(c -> c.getUserData() instanceof String k && k.startsWith("q:"));
        addExtraColumns();
        TraceTable.Sort sort = vm.sortProperty().get();
        if (sort != null && sort.key() != null && sort.key().startsWith(TraceTable.QUESTION_SORT)) {
            restoreSortOrder(); // the header of a question column the queue is sorted by shows it
        }
        updatingFilter = true;
        try {
            disagreeOn
                    .getItems()
                    .setAll(extraColumns.stream()
                            .filter(ExtraColumn::disagreeFilter)
                            .map(ExtraColumn::title)
                            .toList());
            disagreeOn.setVisible(!disagreeOn.getItems().isEmpty());
        } finally {
            updatingFilter = false;
        }
    }

    /** FX thread: the question columns show their values again (an answer was given or taken back). */
    public void refreshExtraColumns() {
        if (!extraColumns.isEmpty()) {
            table.refresh();
        }
    }

    /** Where the question columns go: before the raters' label columns (in view at 1280 pixels), else at the end. */
    private int firstLabelColumn() {
        TraceTable.Layout l = vm.layoutProperty().get();
        for (int i = 0; i < table.getColumns().size(); i++) {
            TraceTable.Column c =
                    l.column(String.valueOf(table.getColumns().get(i).getUserData()));
            if (c != null && c.isLabel()) {
                return i;
            }
        }
        return table.getColumns().size();
    }

    private void addExtraColumns() {
        if (vm.layoutProperty().get() == null) {
            return;
        }
        for (ExtraColumn x : extraColumns) {
            TableColumn<PagedRows.RowRef, String> tc = new TableColumn<>(x.title());
            tc.setUserData(x.key());
            tc.setId("col-" + x.key());
            // sorted in SQL by the answers (TraceTable.QUESTION_SORT): options in the scheme's order, numbers
            // numerically, unanswered last
            tc.setSortable(x.key().startsWith(TraceTable.QUESTION_SORT));
            tc.setCellValueFactory(cell -> {
                PagedRows.RowRef ref = cell.getValue();
                return Bindings.createStringBinding(
                        () -> {
                            TraceTable.Row r = ref.rowProperty().get();
                            return r == null ? null : x.cell().apply(r.traceId());
                        },
                        ref.rowProperty());
            });
            double em = Font.getDefault().getSize() * fontScale;
            tc.setPrefWidth(Math.max(4.2 * em, headerWidth(x.title()) * fontScale + 0.9 * em));
            tc.setMinWidth(3.5 * em);
            tc.getProperties().put(TIP, new Tooltip(x.tip()));
            tc.setVisible(!vm.hiddenColumns().contains(x.key()));
            table.getColumns().add(firstLabelColumn(), tc);
            followChooser(tc);
        }
        headersDecorated = false;
    }

    /** A column shown or hidden with the column chooser (the table's + button) is remembered for the project. */
    private void followChooser(TableColumn<PagedRows.RowRef, ?> tc) {
        tc.visibleProperty().addListener((o, was, on) -> {
            if (settingVisibility || tc.getUserData() == null) {
                return;
            }
            if (on) {
                vm.hiddenColumns().remove((String) tc.getUserData());
            } else {
                vm.hiddenColumns().add((String) tc.getUserData());
            }
        });
    }

    /** Rater and annotator titles to their (short) column headers. */
    private Map<String, String> headers = Map.of();

    /** A column's header: short for raters and annotators (the full title on hover). */
    public String header(TraceTable.Column c) {
        return headers.getOrDefault(c.title(), c.title());
    }

    private TableColumn<PagedRows.RowRef, TraceTable.Row> column(TraceTable.Column c) {
        String head = header(c);
        TableColumn<PagedRows.RowRef, TraceTable.Row> tc = new TableColumn<>(head);
        tc.setUserData(c.key());
        tc.setId("col-" + c.key());
        // the cell's value is the whole row (its own property, no new binding per cell fill): the cell shows its
        // column of it and follows the row as its page arrives or a decision changes it
        tc.setCellValueFactory(cell -> cell.getValue().rowProperty());
        // widths in em (the text size setting scales them); label columns are as narrow as their header and chips
        double em = Font.getDefault().getSize() * fontScale;
        tc.setPrefWidth(em
                * switch (c.kind()) {
                    case MODEL -> 8.6;
                    case DOMAIN -> 5.4;
                    case TASK -> 7.6;
                    case TYPE -> 7.0;
                    // "pending" fits in the final and ensemble columns
                    case ENSEMBLE, FINAL ->
                        Math.max(5.4, headerWidth(head) / Font.getDefault().getSize() + 0.9);
                    default ->
                        Math.max(4.2, headerWidth(head) / Font.getDefault().getSize() + 0.9);
                });
        tc.setMinWidth(3.5 * em);
        ContextMenu onlyThese =
                onlyTheseMenu(c); // one per column, shared by its cells: opening shows hundreds of cells
        tc.setCellFactory(x -> new LabelCell(c, onlyThese));
        tc.setSortable(true);
        Tooltip tip = new Tooltip(
                switch (c.kind()) {
                    case RATER -> "Rater " + c.title();
                    case HUMAN -> "Decisions of " + c.title();
                    case ENSEMBLE ->
                        "Majority of the rule and the two judges (ties to the rule; pending when a judge has no label)";
                    case FINAL -> "The latest human decision, else the ensemble";
                    case ASSIGNED -> "Your assignments on this team project: to do / done, to adjudicate / adjudicated";
                    default -> c.title();
                });
        tc.getProperties().put(TIP, tip);
        headersDecorated = false;
        return tc;
    }

    private static final String TIP = "tracejudge.headerTip";
    private boolean headersDecorated;

    /**
     * Gives each column header its tooltip and accessible text (the full rater name and what the column holds)
     * once the table's skin made the headers: a header graphic of our own would replace the column's text.
     */
    private void decorateHeaders() {
        if (headersDecorated || table.getSkin() == null) {
            return;
        }
        boolean all = !table.getColumns().isEmpty();
        for (javafx.scene.Node n : table.lookupAll(".column-header")) {
            if (n instanceof javafx.scene.control.skin.TableColumnHeader h
                    && h.getTableColumn() != null
                    && h.getTableColumn().getProperties().get(TIP) instanceof Tooltip tip) {
                Tooltip.install(h, tip);
                h.setAccessibleText(tip.getText());
            }
        }
        headersDecorated = all;
    }

    /**
     * Widens (or narrows) a plain column to its longest value (read in the background; at most 18 em), so models,
     * tasks and types are not cut off while the label columns stay narrow.
     */
    private void fitToValues(TableColumn<PagedRows.RowRef, TraceTable.Row> tc, TraceTable.Column c) {
        vm.columnValues(c.key(), values -> {
            if (!table.getColumns().contains(tc)) {
                return;
            }
            double em = Font.getDefault().getSize() * fontScale;
            javafx.scene.text.Text t = new javafx.scene.text.Text();
            t.setFont(Font.font(Font.getDefault().getFamily(), Font.getDefault().getSize() * fontScale));
            double widest = headerWidth(c.title()) * fontScale;
            int n = 0;
            for (String v : values) {
                if (v == null || ++n > 400) {
                    continue;
                }
                t.setText(v);
                widest = Math.max(widest, t.getLayoutBounds().getWidth());
            }
            tc.setPrefWidth(Math.min(maxEm(c) * em, Math.ceil(widest + 0.9 * em)));
            updateNeeded();
        });
    }

    private final javafx.beans.property.ReadOnlyDoubleWrapper neededWidth =
            new javafx.beans.property.ReadOnlyDoubleWrapper();

    /**
     * The widest a plain column grows to fit its values, in em. A model column is capped lower: one long imported
     * model name ("anthropic/claude-3-5-sonnet-latest") pushed Ensemble and Final off a 1280-px screen (issue 48);
     * its cells shorten in the middle and show the whole name on hover.
     */
    static double maxEm(TraceTable.Column c) {
        return c.kind() == TraceTable.Kind.MODEL ? 11 : 18;
    }

    /** The width the table needs to show every column whole (its vertical scroll bar included). */
    public javafx.beans.property.ReadOnlyDoubleProperty neededWidthProperty() {
        return neededWidth.getReadOnlyProperty();
    }

    private void updateNeeded() {
        double w = 0;
        for (TableColumn<PagedRows.RowRef, ?> c : table.getColumns()) {
            if (c.isVisible()) {
                w += c.getPrefWidth();
            }
        }
        neededWidth.set(Math.ceil(w + 1.6 * Font.getDefault().getSize() * fontScale + 6));
    }

    /** The bold header text's width at the default font size. */
    private static double headerWidth(String text) {
        javafx.scene.text.Text t = new javafx.scene.text.Text(text);
        t.setFont(Font.font(
                Font.getDefault().getFamily(),
                javafx.scene.text.FontWeight.BOLD,
                Font.getDefault().getSize()));
        return t.getLayoutBounds().getWidth();
    }

    /** The text size setting, as a factor of the default size (1 = 13 px on most desktops). */
    private double fontScale = 1;

    /** Follows the text size setting: row height and column widths scale with the font. */
    public void setFontScale(double scale) {
        if (scale == fontScale) {
            return;
        }
        fontScale = scale;
        table.setFixedCellSize((double) Math.round(Font.getDefault().getSize() * scale * 2));
        if (vm.layoutProperty().get() != null) {
            rebuildColumns(vm.layoutProperty().get());
            restoreSortOrder();
        }
    }

    /**
     * A narrow first column that marks the traces the current annotator has decided (✓) and, on a team project, those
     * assigned to them that are still open (○); then ↷ skipped (S) and not decided since, ⚑ flagged for the lead and
     * ✎ commented (issue 48).
     */
    private TableColumn<PagedRows.RowRef, TraceTable.Row> doneColumn() {
        TableColumn<PagedRows.RowRef, TraceTable.Row> tc = new TableColumn<>("✓");
        tc.setId("col-done");
        tc.setUserData("done"); // no column of the project's table: never a sort key, never hidden by blind mode
        tc.setSortable(false);
        tc.setReorderable(false);
        tc.setPrefWidth(34); // two marks at once; a third shows on widening, all in the cell's accessible text
        tc.setMinWidth(24);
        tc.setMaxWidth(64);
        tc.setCellValueFactory(cell -> cell.getValue().rowProperty());
        tc.setCellFactory(x -> new TableCell<>() {
            @Override
            protected void updateItem(TraceTable.Row row, boolean empty) {
                super.updateItem(row, empty);
                String done = empty || row == null
                        ? null
                        : mark(row, vm.annotatorProperty().get());
                String other = empty || row == null ? "" : vm.marks(row.traceId());
                String mark = done == null && other.isEmpty() ? null : (done == null ? "" : done) + other;
                if (!java.util.Objects.equals(
                        mark, getText())) { // scrolling refills hundreds of cells: change only what changed
                    setText(mark);
                    setAccessibleText(mark == null ? null : markWords(row, done, other));
                }
            }
        });

        tc.getStyleClass().add("done-column");
        return tc;
    }

    private void refreshMarks() {
        table.refresh(); // the visible rows' cells only (the table holds a window of the rows)
    }

    /** The marks of a row in words (screen readers). */
    private static String markWords(TraceTable.Row row, String done, String other) {
        List<String> words = new java.util.ArrayList<>();
        if ("✓".equals(done)) {
            words.add("decided by you");
        } else if (done != null) {
            words.add("assigned to you: " + row.get(TraceTable.ASSIGNED));
        }
        if (other.contains("↷")) {
            words.add("skipped");
        }
        if (other.contains("⚑")) {
            words.add("flagged for the lead");
        }
        if (other.contains("✎")) {
            words.add("commented");
        }
        return String.join(", ", words);
    }

    /**
     * The done column's mark for a row: ✓ when the annotator has decided it (or their assignment says done or
     * adjudicated), ○ when it is assigned to them and still open (to do, to adjudicate), else none.
     */
    static String mark(TraceTable.Row row, String me) {
        String assigned = row.get(TraceTable.ASSIGNED);
        if ((me != null && row.get("human:" + me) != null)
                || "done".equals(assigned)
                || "adjudicated".equals(assigned)) {
            return "✓";
        }
        return assigned == null ? null : "○";
    }

    private static final PseudoClass MISSING_LABEL = PseudoClass.getPseudoClass("label-missing");
    /** The ToolFailBench labels, which workbench.css colours ({@code .table-cell:label-tool-skip} …); other values stay plain. */
    private static final Map<String, PseudoClass> LABEL_COLOURS = new java.util.HashMap<>();

    static {
        for (String l : LabelSets.TOOLFAILBENCH_REQUIRED.labels()) {
            LABEL_COLOURS.put(l, PseudoClass.getPseudoClass("label-" + l.replace('_', '-')));
        }
        for (String l : LabelSets.TOOLFAILBENCH_CONTROL.labels()) {
            LABEL_COLOURS.put(l, PseudoClass.getPseudoClass("label-" + l.replace('_', '-')));
        }
    }

    /** "Only rows where COLUMN = value" for whichever of the column's cells it is shown on (its owner node). */
    private ContextMenu onlyTheseMenu(TraceTable.Column col) {
        MenuItem only = new MenuItem();
        ContextMenu menu = new ContextMenu(only);
        java.util.function.Supplier<String> value =
                () -> menu.getOwnerNode() instanceof LabelCell cell && cell.value() != null
                        ? cell.value()
                        : TraceTable.MISSING;
        only.setOnAction(e -> vm.setFilter(vm.filterProperty().get().with(col.key(), value.get())));
        menu.setOnShowing(e -> only.setText("Only rows where " + col.title() + " = " + value.get()));
        return menu;
    }

    /** A cell that shows labels as small coloured badges and offers "filter to this value". */
    private static final class LabelCell extends TableCell<PagedRows.RowRef, TraceTable.Row> {
        private final TraceTable.Column col;

        LabelCell(TraceTable.Column col, ContextMenu onlyThese) {
            this.col = col;
            setContextMenu(onlyThese);
            if (col.isLabel()) {
                // the chip shows the short form; the full label on hover (and as the accessible text below)
                getStyleClass().add("chip-cell");
                org.tracejudge.ui.common.LazyTooltip.install(
                        this, () -> value() == null ? null : col.title() + ": " + value());
            } else {
                // a value cut to the column's width shows whole on hover
                org.tracejudge.ui.common.LazyTooltip.install(this, this::value);
                if (col.kind() == TraceTable.Kind.MODEL) {
                    setTextOverrun(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS); // names differ at both ends
                }
            }
        }

        /** The label's colour, as a pseudo-class: switching one restyles the cell from its cached styles, whereas
         *  a style-class change makes JavaFX match the cell's CSS afresh (scrolling changes hundreds per frame). */
        private PseudoClass shown;

        private void show(PseudoClass pc) {
            if (pc != shown) {
                if (shown != null) {
                    pseudoClassStateChanged(shown, false);
                }
                if (pc != null) {
                    pseudoClassStateChanged(pc, true);
                }
                shown = pc;
            }
        }

        /** This cell's column of its row (null while the row is being read or when the row has no value). */
        String value() {
            TraceTable.Row r = getItem();
            return r == null ? null : r.get(col.key());
        }

        @Override
        protected void updateItem(TraceTable.Row row, boolean empty) {
            super.updateItem(row, empty);
            if (empty) {
                setText(null);
                setAccessibleText(null);
                show(null);
                return;
            }
            String item = value();
            if (item == null) {
                setAccessibleText(col.isLabel() ? col.title() + ": " + (row == null ? "loading" : "no label") : null);
                setText(
                        row == null
                                ? "…"
                                : col.isLabel()
                                        ? (col.kind() == TraceTable.Kind.FINAL || col.kind() == TraceTable.Kind.ENSEMBLE
                                                ? "pending"
                                                : "—")
                                        : "");
                show(MISSING_LABEL);
                return;
            }
            if (col.isLabel()) {
                setText(org.tracejudge.ui.common.ShortNames.label(item));
                setAccessibleText(col.title() + ": " + item);
                show(LABEL_COLOURS.get(item));
            } else {
                setText(item);
                show(null);
            }
        }
    }

    /** Sorting/filtering state for tests. */
    Map<String, String> debugState() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("items", String.valueOf(table.getItems().size()));
        return m;
    }
}
