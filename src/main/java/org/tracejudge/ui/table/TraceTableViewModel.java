package org.tracejudge.ui.table;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.StringProperty;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.session.Session;
import org.tracejudge.ui.session.ViewPreferences;

/**
 * The trace table and the review queue: the current filter's rows (paged), the current trace, next / previous /
 * skip, the skipped traces and the end of the queue, and the annotator's progress through the queue.
 *
 * <p>The queue is the current filter's id list, fixed until the filter or sort changes, so a decision never makes
 * rows jump. The list is read on the project thread and published to the FX thread with a generation number: a
 * page or list from an older read is dropped. Walking the queue (next, skip, the skipped pass) is
 * {@link ReviewQueue}'s, the done count {@link QueueProgress}'s; this class reads the queue in three steps (count,
 * first page, full id list), pages the rows with the generation check and keeps the selection across re-reads.
 */
public final class TraceTableViewModel implements Session.Listener {
    private final Session session;
    private final ReadOnlyObjectWrapper<PagedRows> rows = new ReadOnlyObjectWrapper<>(new PagedRows(0, (p, d) -> {}));
    private final ReadOnlyIntegerWrapper total = new ReadOnlyIntegerWrapper();
    /** The ids, the current trace, skips and the end of the queue. */
    private final ReviewQueue queue;
    /** How many of the queue's traces the annotator has decided. */
    private final QueueProgress progress;
    /** The filter and the named views, for the filter bar. */
    private final FilterBarViewModel filters;
    /** Runs (FX thread) whenever the current trace is to be shown again: a new index or a new queue. */
    private final List<Runnable> onShow = new CopyOnWriteArrayList<>();

    private volatile long generation;
    /**
     * Bumped (FX thread) by every filter or sort change: a queue still reading its id list for an older one stops (the
     * project thread is the newer one's).
     */
    private final java.util.concurrent.atomic.AtomicLong requests = new java.util.concurrent.atomic.AtomicLong();

    public TraceTableViewModel(Session session) {
        this.session = session;
        this.queue = new ReviewQueue(session, this::loadedRow, this::marksChanged);
        this.progress = new QueueProgress(session, queue::ids, total::get);
        this.filters = new FilterBarViewModel(
                session, this::requery, hiddenColumns, total.getReadOnlyProperty(), counting.getReadOnlyProperty());
        session.addListener(this);
        queue.currentProperty().addListener((o, a, b) -> showCurrent());
        session.views()
                .viewFrom(() -> new ViewPreferences.View(
                        null, null, idAt(queue.currentProperty().get()), queue.skipped(), List.copyOf(hiddenColumns)));
    }

    /** Runs {@code r} (FX thread) whenever the current trace is to be shown (the trace view model reads it). */
    public void onShowCurrent(Runnable r) {
        onShow.add(r);
    }

    private void showCurrent() {
        onShow.forEach(Runnable::run);
    }

    // ------------------------------------------------------------------------------------ properties

    public ReadOnlyObjectProperty<PagedRows> rowsProperty() {
        return rows.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty totalProperty() {
        return total.getReadOnlyProperty();
    }

    private final javafx.beans.property.ReadOnlyBooleanWrapper counting =
            new javafx.beans.property.ReadOnlyBooleanWrapper();

    /**
     * True while a search's first rows are shown and its scan still goes on (issue 51): {@link #totalProperty} is then
     * only the rows found so far, not the queue's length.
     */
    public javafx.beans.property.ReadOnlyBooleanProperty countingProperty() {
        return counting.getReadOnlyProperty();
    }

    /** Index of the current trace in the queue (the table's selection), -1 when none. */
    public IntegerProperty currentProperty() {
        return queue.currentProperty();
    }

    /** How many traces of the queue the annotator has decided; -1 while unknown (or no annotator is set). */
    public ReadOnlyIntegerProperty doneProperty() {
        return progress.doneProperty();
    }

    /** Non-empty at the end of the queue: what to say (and whether skipped traces are left). */
    public ReadOnlyStringProperty queueEndProperty() {
        return queue.queueEndProperty();
    }

    /** How many traces are skipped and not yet decided. */
    public ReadOnlyIntegerProperty skippedCountProperty() {
        return queue.skippedCountProperty();
    }

    /** Marks of a trace beside the done mark from outside the queue (flagged, commented): the window gives them. */
    private java.util.function.Function<String, String> otherMarks = id -> "";

    private final ReadOnlyIntegerWrapper marksVersion = new ReadOnlyIntegerWrapper();

    /** Where the marks beside the done mark come from (flagged for the lead, commented); the table redraws them. */
    public void setOtherMarks(java.util.function.Function<String, String> marks) {
        otherMarks = marks == null ? id -> "" : marks;
        marksChanged();
    }

    /** The marks changed (a comment or flag written, a re-read): the table redraws its mark column. */
    public void marksChanged() {
        marksVersion.set(marksVersion.get() + 1);
    }

    /** Changes whenever a trace's marks may have changed (skips included). */
    public ReadOnlyIntegerProperty marksVersionProperty() {
        return marksVersion.getReadOnlyProperty();
    }

    /**
     * The marks of a trace beside the done mark, for the table: ↷ skipped and not decided since, then the others
     * (⚑ flagged for the lead, ✎ commented); "" for none.
     */
    public String marks(String traceId) {
        String other = otherMarks.apply(traceId);
        return (queue.isSkipped(traceId) ? "↷" : "") + (other == null ? "" : other);
    }

    // what the table shows of the session
    public ReadOnlyObjectProperty<TraceTable.Layout> layoutProperty() {
        return session.state().layoutProperty();
    }

    public ReadOnlyObjectProperty<TraceTable.Filter> filterProperty() {
        return session.filterProperty();
    }

    public ReadOnlyObjectProperty<TraceTable.Sort> sortProperty() {
        return session.state().sortProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return session.loadingProperty();
    }

    public ReadOnlyBooleanProperty openingProperty() {
        return session.state().openingProperty();
    }

    public StringProperty annotatorProperty() {
        return session.annotatorProperty();
    }

    public BooleanProperty blindProperty() {
        return session.state().blindProperty();
    }

    /** The trace id at a queue index, or null. */
    public String idAt(int index) {
        return queue.idAt(index);
    }

    /** The index of a trace in the queue, or -1. */
    public int indexOf(String traceId) {
        return queue.indexOf(traceId);
    }

    // ------------------------------------------------------------------------------------ reading the queue

    @Override
    public void read(Session.Read r) {
        publishQueue(r.table(), r.filter(), r.sort(), r.showColumns(), true, requests.get());
    }

    /** The filter bar's view model (the filter, the column values, the named views). */
    public FilterBarViewModel filterBar() {
        return filters;
    }

    /** Changes the filter; the queue is re-read in the background. */
    public void setFilter(TraceTable.Filter f) {
        filters.setFilter(f);
    }

    /** "1 trace", "2,345 traces". */
    public static String traces(long n) {
        return String.format("%,d trace%s", n, n == 1 ? "" : "s");
    }

    /** The open project's named views (columns, filter and sort kept under a name), sorted by name. */
    public List<String> namedViews() {
        return filters.namedViews();
    }

    /** Shows the named view {@code name}: its columns, filter and sort (one re-read). False when it is gone. */
    public boolean applyView(String name) {
        return filters.applyView(name);
    }

    public void deleteView(String name) {
        filters.deleteView(name);
    }

    public void setSort(TraceTable.Sort s) {
        if (!s.equals(session.state().sortProperty().get())) {
            filters.leaveView();
        }
        session.state().select(session.filterProperty().get(), s);
        requery();
    }

    private void requery() {
        TraceTable t = session.state().table();
        if (t == null) {
            return;
        }
        TraceTable.Filter f = session.filterProperty().get();
        TraceTable.Sort s = session.state().sortProperty().get();
        session.setLoading(true);
        session.setStatus(f.search().isEmpty() ? "Filtering…" : "Searching…");
        long request = requests.incrementAndGet();
        session.submit(() -> {
            if (requests.get() != request) {
                return; // a newer filter or sort is queued behind this one
            }
            try {
                // as when opening: the count and the first page first, the full id list after them (issue 51)
                publishQueue(t, f, s, () -> {}, false, request);
            } catch (RuntimeException e) {
                session.onFx(() -> {
                    session.setStatus("Cannot filter: " + e.getMessage());
                    session.setLoading(false);
                });
            }
        });
    }

    /**
     * On the worker: reads the filter's count, first page and ids ({@link #publishOpening}), and swaps the table's items
     * on the FX thread; in one step (the ids, then the first page) when the queue changed while it was read.
     *
     * @param refresh whether the project was read again (an opening, an import ended): a selected trace that left the
     *     queue leaves nothing selected; false for a filter or sort the person chose (the queue starts at its top)
     * @param request the {@link #requests} number this read answers: once another is made, the id list is not read on
     */
    private void publishQueue(
            TraceTable t, TraceTable.Filter f, TraceTable.Sort s, Runnable alsoOnFx, boolean refresh, long request) {
        if (publishOpening(t, f, s, alsoOnFx, refresh, request)) {
            return;
        }
        List<String> list = t.ids(f, s);
        List<TraceTable.Row> first = t.rows(list.subList(0, Math.min(PagedRows.PAGE, list.size())));
        long gen;
        synchronized (this) {
            gen = ++generation;
        }
        session.onFx(() -> {
            if (gen != generation) {
                return;
            }
            rememberSelection();
            queue.setIds(list);
            if (alsoOnFx != null) {
                alsoOnFx.run();
            }
            PagedRows pr = new PagedRows(list.size(), (page, d) -> loadPage(gen, page, d));
            pr.preload(0, first); // the first page is already here
            rows.set(pr);
            total.set(list.size());
            counting.set(false);
            progress.reset();
            session.setStatus(traces(list.size()) + " · " + t.describe(f));
            session.setLoading(false);
            session.openingDone();
            restoreSelection(list, true, refresh);
            queue.restarted();
            showCurrent();
        });
        progress.count(t, list, () -> gen == generation);
    }

    /** FX thread: the trace to keep selected while the queue is re-read (see {@link #restoreSelection}). */
    private String keep;

    private boolean keepPending;

    /** FX thread, before a re-read swaps the queue: remembers which trace is selected (once per re-read). */
    private void rememberSelection() {
        if (!keepPending) {
            keep = idAt(queue.currentProperty().get());
            keepPending = true;
        }
    }

    /**
     * FX thread: after the queue was re-read (an import, a classify or a judge run ended; a filter or sort changed),
     * the trace that was selected stays selected, by id, wherever it now stands. A trace that left the queue is never
     * replaced by another: after a refresh nothing is selected and the status says why, so the next Enter cannot
     * decide a trace the person has not seen. Only a queue the person chose (a filter or sort) starts at its top
     * then. With {@code complete} false only the first page is known: on a refresh the trace is looked for again in the
     * full list; a filter or sort the person chose whose first page lacks it starts at its top at once.
     */
    private void restoreSelection(List<String> list, boolean complete, boolean refresh) {
        String was = keepPending ? keep : null;
        int at = was == null ? -1 : list.indexOf(was);
        if (complete || was == null || at >= 0) {
            keepPending = false; // settled: a later full list must not move the person back
            keep = null;
        }
        if (was == null) {
            queue.currentProperty().set(list.isEmpty() ? -1 : 0);
            return;
        }
        if (at >= 0) {
            queue.currentProperty().set(at);
        } else if (!complete && !refresh) {
            // a filter or sort the person chose, the trace not among its first rows: the queue's top at once, rather
            // than nothing while the rest of the list is read (a million traces: seconds)
            keepPending = false;
            keep = null;
            queue.currentProperty().set(list.isEmpty() ? -1 : 0);
        } else if (!complete || refresh) {
            queue.currentProperty().set(-1);
            if (complete) {
                session.setStatus(String.format(
                        "%,d traces · the trace you were on is no longer in this queue; "
                                + "nothing is selected (click a row or press J)",
                        list.size()));
            }
        } else {
            queue.currentProperty().set(list.isEmpty() ? -1 : 0);
        }
    }

    private final javafx.collections.ObservableSet<String> hiddenColumns =
            javafx.collections.FXCollections.observableSet(new java.util.LinkedHashSet<>());

    /** FX thread: the keys of the columns hidden with the table's column chooser, kept per project. */
    public javafx.collections.ObservableSet<String> hiddenColumns() {
        return hiddenColumns;
    }

    @Override
    public void opened() {
        // another project: nothing of the last one stays selected or on screen; a project reopened goes back to the
        // trace it was left on and keeps the traces skipped then
        ViewPreferences.View v = session.views().restoredView();
        filters.leaveView();
        keep = v == null ? null : v.trace();
        keepPending = keep != null;
        queue.restoreSkipped(v == null ? List.of() : v.skipped());
        // the columns the person hid in this project (View: the table's column chooser) stay hidden
        hiddenColumns.clear();
        if (v != null) {
            hiddenColumns.addAll(v.hidden());
        }
        marksChanged();
        queue.setIds(List.of());
        rows.set(new PagedRows(0, (page, d) -> {}));
        total.set(0);
        queue.currentProperty().set(-1);
        queue.clearEnd();
        showCurrent();
    }

    /**
     * FX thread: the annotator's label on a queue trace went from {@code before} to {@code after}. A trace already
     * decided under the scheme was counted already.
     */
    public void decided(String traceId, String before, String after) {
        progress.decided(traceId, before, after);
    }

    /**
     * FX thread: whether a queue trace is now decided under the project's own scheme (the question bar says so after
     * each answer, and for each trace it reads). A trace also decided by a label counts once.
     */
    public void schemeDecided(String traceId, boolean decided) {
        progress.schemeDecided(traceId, decided);
    }

    /**
     * FX thread: every trace the annotator has decided under the project's own scheme (the question bar's read of the
     * project); empty without a scheme. The counter is counted again when the set differs.
     */
    public void setSchemeDecided(java.util.Set<String> decided) {
        progress.setSchemeDecided(decided);
    }

    /** The traces decided under the scheme, as the counter has them (tests). */
    public java.util.Set<String> schemeDecided() {
        return progress.schemeDecided();
    }

    /** A page the table asked for before the queue's ids arrived. */
    private record WaitingPage(int page, Consumer<List<TraceTable.Row>> done) {}

    /**
     * On the worker: the table appears in three steps so that its first rows do not wait for the full, sorted id list
     * (about 0.6 s for 100,000 traces, 3–4 s for 1,000,000). 1. the columns and as many rows as the queue has (a
     * count), which the FX thread styles and lays out while this thread goes on; 2. the first page (the model-by-model
     * walk of {@link TraceTable#firstPage}), which fills the visible rows and shows the first trace; 3. the id list,
     * which every later page and every move past the first page reads; its read stops once a newer filter or sort is
     * asked for. A search reads the traces' text, so it skips the count: one scan finds its first page (shown as soon
     * as it is found) and its id list, and the count is the list's length. Returns false when the queue changed between
     * the count and the list (a write came in); the caller then publishes it in one step.
     */
    private boolean publishOpening(
            TraceTable t, TraceTable.Filter f, TraceTable.Sort s, Runnable alsoOnFx, boolean refresh, long request) {
        boolean search = !f.search().isEmpty();
        int n = search ? -1 : t.count(f);
        long gen;
        synchronized (this) {
            gen = ++generation;
        }
        List<WaitingPage> waiting = new ArrayList<>(); // FX thread only
        boolean[] idsHere = {false}; // FX thread only
        PagedRows.PageLoader loader = (page, d) -> {
            if (idsHere[0]) {
                loadPage(gen, page, d);
            } else {
                waiting.add(new WaitingPage(page, d));
            }
        };
        PagedRows[] shown = {new PagedRows(Math.max(0, n), loader)}; // FX thread after this one
        session.onFx(() -> {
            if (gen != generation) {
                return;
            }
            rememberSelection();
            queue.setIds(List.of());
            alsoOnFx.run();
            rows.set(shown[0]);
            total.set(Math.max(0, n));
            counting.set(search);
            progress.reset();
        });
        java.util.function.Consumer<List<TraceTable.Row>> showFirst = first -> {
            List<String> firstIds = first.stream().map(TraceTable.Row::traceId).toList();
            session.onFx(() -> {
                if (gen != generation) {
                    return;
                }
                if (!idsHere[0]) {
                    queue.setIds(firstIds); // until the whole list is here: the first page's moves work at once
                }
                if (search && !idsHere[0]) {
                    // the search's first rows, until its scan ends and the count is known
                    shown[0] = new PagedRows(first.size(), loader);
                    rows.set(shown[0]);
                    total.set(first.size());
                }
                shown[0].preload(0, first);
                session.setStatus(
                        search
                                ? "Searching… the first " + traces(first.size()) + " · " + t.describe(f)
                                : traces(n) + " · " + t.describe(f));
                session.setLoading(false);
                session.openingDone();
                restoreSelection(firstIds, false, refresh);
                queue.restarted();
                showCurrent();
            });
        };
        java.util.concurrent.atomic.AtomicReference<List<TraceTable.Row>> firstRows =
                new java.util.concurrent.atomic.AtomicReference<>(List.of());
        if (!search) {
            firstRows.set(t.firstPage(f, s, PagedRows.PAGE));
            showFirst.accept(firstRows.get());
        }
        List<String> list = t.ids(
                f,
                s,
                () -> requests.get() != request,
                PagedRows.PAGE,
                search
                        ? firstIds -> {
                            firstRows.set(t.rows(firstIds));
                            showFirst.accept(firstRows.get());
                        }
                        : null);
        if (list == null) {
            return true; // a newer filter or sort is being read: it publishes its own queue
        }
        if (!search && list.size() != n) {
            return false;
        }
        session.onFx(() -> {
            if (gen != generation) {
                return;
            }
            queue.setIds(list);
            idsHere[0] = true;
            counting.set(false);
            if (search) {
                shown[0] = new PagedRows(list.size(), loader);
                shown[0].preload(0, firstRows.get());
                rows.set(shown[0]);
                total.set(list.size());
                session.setStatus(traces(list.size()) + " · " + t.describe(f));
            }
            if (keepPending) {
                restoreSelection(list, true, refresh);
            }
            for (WaitingPage w : waiting) {
                if (w.page() > 0 || shown[0].loaded(0) == null) {
                    loadPage(gen, w.page(), w.done());
                }
            }
            waiting.clear();
            if (queue.currentProperty().get() >= PagedRows.PAGE) {
                showCurrent(); // moved (or clicked) past the first page while the list was being read
            }
        });
        progress.count(t, list, () -> gen == generation);
        return true;
    }

    private void loadPage(long gen, int page, Consumer<List<TraceTable.Row>> onFx) {
        List<String> list = queue.ids();
        TraceTable t = session.state().table();
        int from = page * PagedRows.PAGE;
        if (from >= list.size()) {
            return;
        }
        List<String> slice = List.copyOf(list.subList(from, Math.min(list.size(), from + PagedRows.PAGE)));
        session.submit(() -> {
            List<TraceTable.Row> r;
            try {
                r = t.rows(slice);
            } catch (RuntimeException e) {
                session.onFx(() -> session.setStatus("Cannot read rows: " + e.getMessage()));
                return;
            }
            session.onFx(() -> {
                if (gen == generation) {
                    onFx.accept(r);
                }
            });
        });
    }

    /** The values a column filter offers, read in the background. */
    public void columnValues(String key, Consumer<List<String>> onFx) {
        filters.columnValues(key, onFx);
    }

    /** FX thread: the loaded row at a queue index, or null (not loaded yet). */
    public TraceTable.Row loadedRow(int index) {
        return rows.get().loaded(index);
    }

    /** FX thread: changes the loaded row of {@code traceId} at {@code index} (a decision shows at once). */
    public void updateRow(int index, String traceId, UnaryOperator<TraceTable.Row> change) {
        PagedRows pr = rows.get();
        if (index >= 0 && index < pr.size() && traceId.equals(idAt(index))) {
            PagedRows.RowRef ref = pr.get(index);
            if (ref.row() != null) {
                ref.update(change.apply(ref.row()));
            }
        }
    }

    /** FX thread: asks for the rows after {@code index} ahead of time. */
    public void prefetch(int index) {
        rows.get().prefetch(index);
    }

    // ------------------------------------------------------------------------------------ moving

    /** Moves to queue index {@code i} (clamped). */
    public void go(int i) {
        queue.go(i);
    }

    /**
     * The next trace; past the last one, the end-of-queue message (which offers the skipped traces). While going
     * back through the skipped traces, the next skipped one.
     */
    public void next() {
        queue.next();
    }

    public void previous() {
        queue.previous();
    }

    /** S: the current trace is left for later (it comes back through {@link #reviewSkipped()}); then the next. */
    public void skip() {
        queue.skip();
    }

    /** A decided trace is no longer skipped. */
    public void unskip(String traceId) {
        queue.unskip(traceId);
    }

    /** Goes back through the skipped traces, in queue order; false when there are none in this queue. */
    public boolean reviewSkipped() {
        return queue.reviewSkipped();
    }
}
