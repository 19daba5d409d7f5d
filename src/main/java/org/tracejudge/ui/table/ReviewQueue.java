package org.tracejudge.ui.table;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.IntFunction;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.session.Session;

/**
 * The review queue as a person walks it: the current filter's trace ids in order, the current trace, next / previous
 * / skip, the skipped traces and the pass back through them, and what to say at the end of the queue.
 *
 * <p>{@link TraceTableViewModel} owns it: the table view model reads the ids (on the project thread) and publishes
 * them here on the FX thread; the rows it pages are read by the same ids. Everything but {@link #ids()} and
 * {@link #idAt(int)} is FX thread only.
 */
final class ReviewQueue {
    private final Session session;
    /** The loaded row at a queue index, or null (the table view model's pages). */
    private final IntFunction<TraceTable.Row> loadedRow;
    /** Runs when a trace's skipped mark changed (the table redraws its marks). */
    private final Runnable marksChanged;

    private volatile List<String> ids = List.of();
    private final IntegerProperty current = new SimpleIntegerProperty(-1);
    /** Skipped traces (S) not decided since, in the order skipped. */
    private final LinkedHashSet<String> skipped = new LinkedHashSet<>();

    private final ReadOnlyIntegerWrapper skippedCount = new ReadOnlyIntegerWrapper();
    private final ReadOnlyStringWrapper queueEnd = new ReadOnlyStringWrapper("");
    /** True while going back through the skipped traces: "next" is the next skipped one. */
    private boolean revisiting;

    ReviewQueue(Session session, IntFunction<TraceTable.Row> loadedRow, Runnable marksChanged) {
        this.session = session;
        this.loadedRow = loadedRow;
        this.marksChanged = marksChanged;
    }

    /** The queue's trace ids, in order (any thread). */
    List<String> ids() {
        return ids;
    }

    /** FX thread: a new queue (a re-read, an opening, another project). */
    void setIds(List<String> list) {
        ids = list;
    }

    /** The trace id at a queue index, or null. */
    String idAt(int index) {
        List<String> l = ids;
        return index >= 0 && index < l.size() ? l.get(index) : null;
    }

    /** The index of a trace in the queue, or -1. */
    int indexOf(String traceId) {
        return ids.indexOf(traceId);
    }

    IntegerProperty currentProperty() {
        return current;
    }

    ReadOnlyStringProperty queueEndProperty() {
        return queueEnd.getReadOnlyProperty();
    }

    ReadOnlyIntegerProperty skippedCountProperty() {
        return skippedCount.getReadOnlyProperty();
    }

    boolean isSkipped(String traceId) {
        return skipped.contains(traceId);
    }

    /** The skipped traces, in the order skipped (kept with the project's view). */
    List<String> skipped() {
        return List.copyOf(skipped);
    }

    /** Another project: its traces skipped when it was last open are skipped again. */
    void restoreSkipped(List<String> before) {
        skipped.clear();
        skipped.addAll(before);
        skippedCount.set(skipped.size());
    }

    /** A new queue is on screen: the skipped pass and the end-of-queue message are over. */
    void restarted() {
        revisiting = false;
        queueEnd.set("");
    }

    /** The end-of-queue message is gone (another project). */
    void clearEnd() {
        queueEnd.set("");
    }

    // ------------------------------------------------------------------------------------ moving

    /** Moves to queue index {@code i} (clamped). */
    void go(int i) {
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
    void next() {
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

    void previous() {
        go(current.get() - 1);
    }

    /** S: the current trace is left for later (it comes back through {@link #reviewSkipped()}); then the next. */
    void skip() {
        String id = idAt(current.get());
        TraceTable.Row row = current.get() >= 0 ? loadedRow.apply(current.get()) : null;
        String me = session.annotatorProperty().get();
        if (id != null && row != null && me != null && row.get("human:" + me) != null) {
            // already decided (e.g. its rationale was written): S moves on, nothing is left for later
            next();
            return;
        }
        if (id != null) {
            skipped.add(id);
            skippedCount.set(skipped.size());
            marksChanged.run();
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
    void unskip(String traceId) {
        if (skipped.remove(traceId)) {
            skippedCount.set(skipped.size());
            marksChanged.run();
        }
    }

    /** Goes back through the skipped traces, in queue order; false when there are none in this queue. */
    boolean reviewSkipped() {
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
        List<String> l = ids;
        int n = (int) skipped.stream().filter(l::contains).count();
        queueEnd.set(
                n == 0
                        ? "End of the queue: every trace has been seen."
                        : "End of the queue. " + n + (n == 1 ? " trace was" : " traces were") + " skipped: review "
                                + (n == 1 ? "it" : "them") + " now?");
    }
}
