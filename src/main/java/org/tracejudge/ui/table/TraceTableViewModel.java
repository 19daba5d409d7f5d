package org.tracejudge.ui.table;

import java.util.ArrayList;
import java.util.LinkedHashSet;
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
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
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
 * page or list from an older read is dropped.
 *
 * <p>Why it is over 500 lines: reading the queue in three steps (count, first page, full id list), paging with the
 * generation check, and moving through the queue (next, skip, the skipped pass, done counts) work on one id list and
 * one generation number; split, each half would have to share them.
 */
public final class TraceTableViewModel implements Session.Listener {
    private final Session session;
    private final ReadOnlyObjectWrapper<PagedRows> rows = new ReadOnlyObjectWrapper<>(new PagedRows(0, (p, d) -> {}));
    private final ReadOnlyIntegerWrapper total = new ReadOnlyIntegerWrapper();
    private final IntegerProperty current = new SimpleIntegerProperty(-1);
    /** Traces in the queue the annotator has decided (-1: not known yet, or no annotator). */
    private final ReadOnlyIntegerWrapper done = new ReadOnlyIntegerWrapper(-1);
    /**
     * Decisions made while the count was being read (FX thread): the count ran before their ledger writes (the
     * project thread runs in order), so they are added to it when it arrives.
     */
    private int doneWhileCounting;
    /**
     * The annotator's traces decided by a label, all of them (not only the queue's): from the last count, kept up to
     * date by {@link #decided(String, String, String)} (FX thread).
     */
    private java.util.Set<String> labelDecided = new java.util.HashSet<>();
    /** Label decisions made while the count was being read: trace → decided now (applied when it arrives). */
    private final java.util.Map<String, Boolean> labelWhileCounting = new java.util.HashMap<>();
    /**
     * The annotator's traces decided under the project's own scheme (every required question answered), as the
     * question bar gives them: an unmodifiable set, replaced (never changed) on the FX thread, read by the count.
     */
    private volatile java.util.Set<String> schemeDecided = java.util.Set.of();
    /** Skipped traces (S) not decided since, in the order skipped (FX thread only). */
    private final LinkedHashSet<String> skipped = new LinkedHashSet<>();

    private final ReadOnlyIntegerWrapper skippedCount = new ReadOnlyIntegerWrapper();
    private final ReadOnlyStringWrapper queueEnd = new ReadOnlyStringWrapper("");
    /** Runs (FX thread) whenever the current trace is to be shown again: a new index or a new queue. */
    private final List<Runnable> onShow = new CopyOnWriteArrayList<>();
    /** True while going back through the skipped traces: "next" is the next skipped one. */
    private boolean revisiting;

    private volatile List<String> ids = List.of();
    private volatile long generation;
    /**
     * Bumped (FX thread) by every filter or sort change: a queue still reading its id list for an older one stops (the
     * project thread is the newer one's).
     */
    private final java.util.concurrent.atomic.AtomicLong requests = new java.util.concurrent.atomic.AtomicLong();

    public TraceTableViewModel(Session session) {
        this.session = session;
        session.addListener(this);
        current.addListener((o, a, b) -> showCurrent());
        session.views()
                .viewFrom(() -> new ViewPreferences.View(
                        null, null, idAt(current.get()), List.copyOf(skipped), List.copyOf(hiddenColumns)));
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
        return current;
    }

    /** How many traces of the queue the annotator has decided; -1 while unknown (or no annotator is set). */
    public ReadOnlyIntegerProperty doneProperty() {
        return done.getReadOnlyProperty();
    }

    /** Non-empty at the end of the queue: what to say (and whether skipped traces are left). */
    public ReadOnlyStringProperty queueEndProperty() {
        return queueEnd.getReadOnlyProperty();
    }

    /** How many traces are skipped and not yet decided. */
    public ReadOnlyIntegerProperty skippedCountProperty() {
        return skippedCount.getReadOnlyProperty();
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
        return (skipped.contains(traceId) ? "↷" : "") + (other == null ? "" : other);
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
        List<String> l = ids;
        return index >= 0 && index < l.size() ? l.get(index) : null;
    }

    /** The index of a trace in the queue, or -1. */
    public int indexOf(String traceId) {
        return ids.indexOf(traceId);
    }

    // ------------------------------------------------------------------------------------ reading the queue

    @Override
    public void read(Session.Read r) {
        publishQueue(r.table(), r.filter(), r.sort(), r.showColumns(), true, requests.get());
    }

    /** Changes the filter; the queue is re-read in the background. */
    /**
     * FX thread: the quick filter "raters disagree on {@code question}". On a blind question only the traces the
     * annotator has answered are found: on the others, that raters disagree would itself hint at their answers.
     */
    public void filterDisagreeOn(String question, boolean blind) {
        String me = session.annotatorProperty().get();
        TraceTable.Filter f = filterProperty().get().with(TraceTable.DISAGREE_ON, question);
        setFilter(f.with(
                TraceTable.ANSWERED_BY, blind ? org.tracejudge.model.Ids.of("rater", me == null ? "" : me, "") : null));
    }

    public void setFilter(TraceTable.Filter f) {
        activeView.set(null);
        session.state().select(f, session.state().sortProperty().get());
        requery();
    }

    private final javafx.beans.property.StringProperty activeView = new javafx.beans.property.SimpleStringProperty();

    /** The named view on screen (null once the filter or sort is changed another way). */
    public javafx.beans.property.ReadOnlyStringProperty activeViewProperty() {
        return activeView;
    }

    /** "1 trace", "2,345 traces". */
    public static String traces(long n) {
        return String.format("%,d trace%s", n, n == 1 ? "" : "s");
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
        requery();
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
        List<String> parts = new java.util.ArrayList<>();
        parts.add(f.show().title().toLowerCase(java.util.Locale.ROOT));
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

    public void setSort(TraceTable.Sort s) {
        if (!s.equals(session.state().sortProperty().get())) {
            activeView.set(null);
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
            ids = list;
            if (alsoOnFx != null) {
                alsoOnFx.run();
            }
            PagedRows pr = new PagedRows(list.size(), (page, d) -> loadPage(gen, page, d));
            pr.preload(0, first); // the first page is already here
            rows.set(pr);
            total.set(list.size());
            counting.set(false);
            done.set(-1);
            doneWhileCounting = 0;
            session.setStatus(traces(list.size()) + " · " + t.describe(f));
            session.setLoading(false);
            session.openingDone();
            restoreSelection(list, true, refresh);
            revisiting = false;
            queueEnd.set("");
            showCurrent();
        });
        countDone(t, list, gen);
    }

    /** FX thread: the trace to keep selected while the queue is re-read (see {@link #restoreSelection}). */
    private String keep;

    private boolean keepPending;

    /** FX thread, before a re-read swaps the queue: remembers which trace is selected (once per re-read). */
    private void rememberSelection() {
        if (!keepPending) {
            keep = idAt(current.get());
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
            current.set(list.isEmpty() ? -1 : 0);
            return;
        }
        if (at >= 0) {
            current.set(at);
        } else if (!complete && !refresh) {
            // a filter or sort the person chose, the trace not among its first rows: the queue's top at once, rather
            // than nothing while the rest of the list is read (a million traces: seconds)
            keepPending = false;
            keep = null;
            current.set(list.isEmpty() ? -1 : 0);
        } else if (!complete || refresh) {
            current.set(-1);
            if (complete) {
                session.setStatus(String.format(
                        "%,d traces · the trace you were on is no longer in this queue; "
                                + "nothing is selected (click a row or press J)",
                        list.size()));
            }
        } else {
            current.set(list.isEmpty() ? -1 : 0);
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
        activeView.set(null);
        keep = v == null ? null : v.trace();
        keepPending = keep != null;
        skipped.clear();
        if (v != null) {
            skipped.addAll(v.skipped());
        }
        // the columns the person hid in this project (View: the table's column chooser) stay hidden
        hiddenColumns.clear();
        if (v != null) {
            hiddenColumns.addAll(v.hidden());
        }
        skippedCount.set(skipped.size());
        marksChanged();
        ids = List.of();
        rows.set(new PagedRows(0, (page, d) -> {}));
        total.set(0);
        current.set(-1);
        queueEnd.set("");
        showCurrent();
    }

    /**
     * On the worker, after a queue was published: how many of its traces the annotator has decided (the annotator's
     * decided traces, read by index, counted over the queue's ids in memory). Later decisions move the count on the
     * FX thread.
     */
    private void countDone(TraceTable t, List<String> queue, long gen) {
        String me = session.annotatorProperty().get();
        if (me == null) {
            return;
        }
        java.util.Set<String> mine;
        try {
            mine = t.decidedBy(me);
        } catch (RuntimeException e) {
            return; // the counter stays unknown; the queue itself is shown
        }
        java.util.Set<String> scheme = schemeDecided;
        int n = countIn(queue, mine, scheme);
        session.onFx(() -> {
            if (gen != generation) {
                return;
            }
            labelDecided = new java.util.HashSet<>(mine);
            labelWhileCounting.forEach((id, now) -> {
                if (now) {
                    labelDecided.add(id);
                } else {
                    labelDecided.remove(id);
                }
            });
            labelWhileCounting.clear();
            done.set(Math.max(0, n + doneWhileCounting));
            if (scheme != schemeDecided) {
                // the question bar's set changed while this count ran: counted again here, in memory
                recount();
            }
        });
    }

    /** How many traces of {@code queue} are in either set: decided by a label or under the scheme. */
    static int countIn(List<String> queue, java.util.Set<String> labels, java.util.Set<String> scheme) {
        if (labels.isEmpty() && scheme.isEmpty()) {
            return 0;
        }
        int d = 0;
        for (String id : queue) {
            if (labels.contains(id) || scheme.contains(id)) {
                d++;
            }
        }
        return d;
    }

    /** FX thread, with the count known: counts the queue again from the two sets (no read). */
    private void recount() {
        if (done.get() >= 0) {
            done.set(countIn(ids, labelDecided, schemeDecided));
        }
    }

    private boolean isDecided(String traceId) {
        return labelDecided.contains(traceId) || schemeDecided.contains(traceId);
    }

    /**
     * FX thread: the annotator's label on a queue trace went from {@code before} to {@code after}. A trace already
     * decided under the scheme was counted already.
     */
    public void decided(String traceId, String before, String after) {
        boolean was = isDecided(traceId);
        if (after != null) {
            labelDecided.add(traceId);
        } else if (before != null) {
            labelDecided.remove(traceId);
        }
        boolean now = isDecided(traceId);
        int d = done.get();
        if (d < 0) {
            if (after != null || before != null) {
                labelWhileCounting.put(traceId, after != null);
            }
            doneWhileCounting += was == now ? 0 : now ? 1 : -1;
            return;
        }
        if (!was && now) {
            done.set(Math.min(total.get(), d + 1));
        } else if (was && !now) {
            done.set(Math.max(0, d - 1));
        }
    }

    /**
     * FX thread: whether a queue trace is now decided under the project's own scheme (the question bar says so after
     * each answer, and for each trace it reads). A trace also decided by a label counts once.
     */
    public void schemeDecided(String traceId, boolean decided) {
        java.util.Set<String> s = schemeDecided;
        if (s.contains(traceId) == decided) {
            return;
        }
        boolean was = isDecided(traceId);
        java.util.Set<String> n = new java.util.HashSet<>(s);
        if (decided) {
            n.add(traceId);
        } else {
            n.remove(traceId);
        }
        schemeDecided = java.util.Collections.unmodifiableSet(n);
        boolean now = isDecided(traceId);
        int d = done.get();
        if (d < 0 || was == now) {
            return; // while counting: the count sees another set and counts again when it arrives
        }
        done.set(now ? Math.min(total.get(), d + 1) : Math.max(0, d - 1));
    }

    /**
     * FX thread: every trace the annotator has decided under the project's own scheme (the question bar's read of the
     * project); empty without a scheme. The counter is counted again when the set differs.
     */
    public void setSchemeDecided(java.util.Set<String> decided) {
        if (decided.equals(schemeDecided)) {
            return;
        }
        schemeDecided = java.util.Collections.unmodifiableSet(new java.util.HashSet<>(decided));
        recount();
    }

    /** The traces decided under the scheme, as the counter has them (tests). */
    public java.util.Set<String> schemeDecided() {
        return schemeDecided;
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
            ids = List.of();
            alsoOnFx.run();
            rows.set(shown[0]);
            total.set(Math.max(0, n));
            counting.set(search);
            done.set(-1);
            doneWhileCounting = 0;
        });
        java.util.function.Consumer<List<TraceTable.Row>> showFirst = first -> {
            List<String> firstIds = first.stream().map(TraceTable.Row::traceId).toList();
            session.onFx(() -> {
                if (gen != generation) {
                    return;
                }
                if (!idsHere[0]) {
                    ids = firstIds; // until the whole list is here: the first page's moves work at once
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
                revisiting = false;
                queueEnd.set("");
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
            ids = list;
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
            if (current.get() >= PagedRows.PAGE) {
                showCurrent(); // moved (or clicked) past the first page while the list was being read
            }
        });
        countDone(t, list, gen);
        return true;
    }

    private void loadPage(long gen, int page, Consumer<List<TraceTable.Row>> onFx) {
        List<String> list = ids;
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
        TraceTable t = session.state().table();
        if (t == null) {
            return;
        }
        session.submit(() -> {
            List<String> v = t.values(key);
            session.onFx(() -> onFx.accept(v));
        });
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
        int n = ids.size();
        if (n == 0) {
            return;
        }
        queueEnd.set("");
        session.keys().markKey();
        current.set(Math.max(0, Math.min(n - 1, i)));
    }

    /**
     * The next trace; past the last one, the end-of-queue message (which offers the skipped traces). While going
     * back through the skipped traces, the next skipped one.
     */
    public void next() {
        int i = current.get();
        if (revisiting) {
            int k = nextSkippedAfter(i);
            if (k >= 0) {
                go(k);
            } else {
                atEnd();
            }
            return;
        }
        if (!ids.isEmpty() && i >= ids.size() - 1) {
            atEnd();
            return;
        }
        go(i + 1);
    }

    public void previous() {
        go(current.get() - 1);
    }

    /** S: the current trace is left for later (it comes back through {@link #reviewSkipped()}); then the next. */
    public void skip() {
        String id = idAt(current.get());
        TraceTable.Row row = current.get() >= 0 ? loadedRow(current.get()) : null;
        String me = session.annotatorProperty().get();
        if (id != null && row != null && me != null && row.get("human:" + me) != null) {
            // already decided (e.g. its rationale was written): S moves on, nothing is left for later
            next();
            return;
        }
        if (id != null) {
            skipped.add(id);
            skippedCount.set(skipped.size());
            marksChanged();
            recordTeamSkip(id);
        }
        next();
    }

    /** A team project records the skip (not a decision) so that the lead's progress view shows it. */
    private void recordTeamSkip(String id) {
        org.tracejudge.store.Project p = session.project();
        String me = session.annotatorProperty().get();
        if (p == null) {
            return;
        }
        session.submit(() -> {
            try {
                if (p.meta(org.tracejudge.team.LocalTeam.HUB) != null) {
                    p.write(c -> {
                        org.tracejudge.team.LocalTeam.recordSkip(c, id, me);
                        return null;
                    });
                    session.team().syncTeamNow();
                }
            } catch (RuntimeException e) {
                session.onFx(() -> session.setStatus("Could not record the skip: " + e.getMessage()));
            }
        });
    }

    /** A decided trace is no longer skipped. */
    public void unskip(String traceId) {
        if (skipped.remove(traceId)) {
            skippedCount.set(skipped.size());
            marksChanged();
        }
    }

    /** Goes back through the skipped traces, in queue order; false when there are none in this queue. */
    public boolean reviewSkipped() {
        revisiting = false;
        int k = nextSkippedAfter(-1);
        if (k < 0) {
            session.setStatus(
                    skipped.isEmpty()
                            ? "Nothing to review: no trace was skipped (S) in this project"
                            : "Nothing to review: the " + skipped.size() + " skipped trace"
                                    + (skipped.size() == 1 ? " is" : "s are")
                                    + " not in this queue (change the filter to reach them)");
            return false;
        }
        revisiting = true;
        go(k);
        return true;
    }

    private int nextSkippedAfter(int index) {
        int best = -1;
        for (String id : skipped) {
            int k = ids.indexOf(id);
            if (k > index && (best < 0 || k < best)) {
                best = k;
            }
        }
        return best;
    }

    private void atEnd() {
        revisiting = false;
        int n = (int) skipped.stream().filter(ids::contains).count();
        queueEnd.set(
                n == 0
                        ? "End of the queue: every trace has been seen."
                        : "End of the queue. " + n + (n == 1 ? " trace was" : " traces were") + " skipped: review "
                                + (n == 1 ? "it" : "them") + " now?");
    }
}
