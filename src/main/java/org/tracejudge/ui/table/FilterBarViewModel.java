package org.tracejudge.ui.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableSet;
import org.tracejudge.model.Ids;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.session.Session;
import org.tracejudge.ui.session.ViewPreferences;

/**
 * The filter bar's state: the session's filter (search, quick filter, column = value, "raters disagree on"), the
 * values a column filter offers, and the named views (filter, sort and hidden columns kept under a name) with the one
 * on screen. A changed filter re-reads the queue through the table's view model, which owns this one.
 */
public final class FilterBarViewModel {
    private final Session session;
    /** Re-reads the queue with the session's filter and sort (the table view model's). */
    private final Runnable requery;
    /** The columns hidden with the table's column chooser (the table view model's). */
    private final ObservableSet<String> hiddenColumns;

    private final ReadOnlyIntegerProperty total;
    private final StringProperty activeView = new SimpleStringProperty();

    FilterBarViewModel(
            Session session,
            Runnable requery,
            ObservableSet<String> hiddenColumns,
            ReadOnlyIntegerProperty total,
            javafx.beans.property.ReadOnlyBooleanProperty counting) {
        this.session = session;
        this.counting = counting;
        this.requery = requery;
        this.hiddenColumns = hiddenColumns;
        this.total = total;
    }

    public ReadOnlyObjectProperty<TraceTable.Filter> filterProperty() {
        return session.filterProperty();
    }

    /** The table's columns (the column filter offers them; the chips name them). */
    public ReadOnlyObjectProperty<TraceTable.Layout> layoutProperty() {
        return session.state().layoutProperty();
    }

    /** How many traces the filter finds (the count at the bar's right). */
    public ReadOnlyIntegerProperty totalProperty() {
        return total;
    }

    private final javafx.beans.property.ReadOnlyBooleanProperty counting;

    /** True while a search's scan goes on: {@link #totalProperty} is then the rows found so far. */
    public javafx.beans.property.ReadOnlyBooleanProperty countingProperty() {
        return counting;
    }

    /** Changes the filter; the queue is re-read in the background. */
    public void setFilter(TraceTable.Filter f) {
        activeView.set(null);
        session.state().select(f, session.state().sortProperty().get());
        requery.run();
    }

    /**
     * FX thread: the quick filter "raters disagree on {@code question}". On a blind question only the traces the
     * annotator has answered are found: on the others, that raters disagree would itself hint at their answers.
     */
    public void filterDisagreeOn(String question, boolean blind) {
        String me = session.annotatorProperty().get();
        TraceTable.Filter f = filterProperty().get().with(TraceTable.DISAGREE_ON, question);
        setFilter(f.with(TraceTable.ANSWERED_BY, blind ? Ids.of("rater", me == null ? "" : me, "") : null));
    }

    /** The values a column filter offers, read in the background. */
    public void columnValues(String key, Consumer<List<String>> onFx) {
        TraceTable t = session.state().table();
        if (t == null) {
            return;
        }
        session.submit(() -> {
            List<String> v = t.values(key);
            session.onFx(() -> onFx.accept(v));
        });
    }

    // ------------------------------------------------------------------------------------ named views

    /** The named view on screen (null once the filter or sort is changed another way). */
    public ReadOnlyStringProperty activeViewProperty() {
        return activeView;
    }

    /** No named view is on screen any more (the sort changed, another project). */
    void leaveView() {
        activeView.set(null);
    }

    /** The open project's named views (columns, filter and sort kept under a name), sorted by name. */
    public List<String> namedViews() {
        return session.views().namedViews();
    }

    /** Keeps what is on screen — the filter, the sort and the hidden columns — as the view {@code name}. */
    public void saveView(String name) {
        session.views().saveNamedView(name, List.copyOf(hiddenColumns));
        activeView.set(name.strip());
        session.setStatus("View \u201c" + name.strip() + "\u201d kept: "
                + describe(
                        session.filterProperty().get(),
                        session.state().sortProperty().get(),
                        hiddenColumns.size()) + ".");
    }

    /** Shows the named view {@code name}: its columns, filter and sort (one re-read). False when it is gone. */
    public boolean applyView(String name) {
        ViewPreferences.View v = session.views().namedView(name);
        if (v == null) {
            session.setStatus("No view named \u201c" + name + "\u201d in this project.");
            return false;
        }
        hiddenColumns.clear();
        hiddenColumns.addAll(v.hidden());
        activeView.set(name);
        session.state().select(v.filter(), v.sort());
        requery.run();
        session.setStatus("View \u201c" + name + "\u201d: "
                + describe(v.filter(), v.sort(), v.hidden().size()) + ".");
        return true;
    }

    public void deleteView(String name) {
        session.views().deleteNamedView(name);
        if (name.equals(activeView.get())) {
            activeView.set(null);
        }
        session.setStatus("View \u201c" + name + "\u201d deleted.");
    }

    private static String describe(TraceTable.Filter f, TraceTable.Sort s, int hidden) {
        List<String> parts = new ArrayList<>();
        parts.add(f.show().title().toLowerCase(Locale.ROOT));
        f.shown().forEach((k, v) -> parts.add(k.replaceFirst("^[a-z]+:", "") + " = " + v));
        if (!f.search().isBlank()) {
            parts.add("search \u201c" + f.search() + "\u201d");
        }
        if (s.key() != null) {
            parts.add("sorted by " + s.key().replaceFirst("^[a-z]+:", "") + (s.descending() ? " (descending)" : ""));
        }
        parts.add(hidden == 0 ? "every column" : hidden + " column" + (hidden == 1 ? "" : "s") + " hidden");
        return String.join(", ", parts);
    }
}
