package org.tracejudge.ui.table;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.session.Session;

/**
 * The annotator's progress through the review queue: how many of its traces are decided, by a label or under the
 * project's own scheme (every required question answered), counted once per queue on the project thread and moved
 * on by each decision on the FX thread.
 *
 * <p>{@link TraceTableViewModel} owns it and says when a queue was published ({@link #reset()}) and counted
 * ({@link #count}); the queue's ids and size are the table view model's.
 */
final class QueueProgress {
    private final Session session;
    /** The queue's ids (the table view model's, FX thread). */
    private final Supplier<List<String>> ids;
    /** The queue's size, as the table shows it (FX thread). */
    private final IntSupplier total;

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
    private Set<String> labelDecided = new HashSet<>();
    /** Label decisions made while the count was being read: trace → decided now (applied when it arrives). */
    private final Map<String, Boolean> labelWhileCounting = new HashMap<>();
    /**
     * The annotator's traces decided under the project's own scheme (every required question answered), as the
     * question bar gives them: an unmodifiable set, replaced (never changed) on the FX thread, read by the count.
     */
    private volatile Set<String> schemeDecided = Set.of();

    QueueProgress(Session session, Supplier<List<String>> ids, IntSupplier total) {
        this.session = session;
        this.ids = ids;
        this.total = total;
    }

    ReadOnlyIntegerProperty doneProperty() {
        return done.getReadOnlyProperty();
    }

    /** FX thread: a new queue is published; its count is not known yet. */
    void reset() {
        done.set(-1);
        doneWhileCounting = 0;
    }

    /**
     * On the worker, after a queue was published: how many of its traces the annotator has decided (the annotator's
     * decided traces, read by index, counted over the queue's ids in memory). Later decisions move the count on the
     * FX thread. {@code stillCurrent} (FX thread) is false once another queue was published.
     */
    void count(TraceTable t, List<String> queue, BooleanSupplier stillCurrent) {
        String me = session.annotatorProperty().get();
        if (me == null) {
            return;
        }
        Set<String> mine;
        try {
            mine = t.decidedBy(me);
        } catch (RuntimeException e) {
            return; // the counter stays unknown; the queue itself is shown
        }
        Set<String> scheme = schemeDecided;
        int n = countIn(queue, mine, scheme);
        session.onFx(() -> {
            if (!stillCurrent.getAsBoolean()) {
                return;
            }
            labelDecided = new HashSet<>(mine);
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
    static int countIn(List<String> queue, Set<String> labels, Set<String> scheme) {
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
            done.set(countIn(ids.get(), labelDecided, schemeDecided));
        }
    }

    private boolean isDecided(String traceId) {
        return labelDecided.contains(traceId) || schemeDecided.contains(traceId);
    }

    /**
     * FX thread: the annotator's label on a queue trace went from {@code before} to {@code after}. A trace already
     * decided under the scheme was counted already.
     */
    void decided(String traceId, String before, String after) {
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
            done.set(Math.min(total.getAsInt(), d + 1));
        } else if (was && !now) {
            done.set(Math.max(0, d - 1));
        }
    }

    /**
     * FX thread: whether a queue trace is now decided under the project's own scheme (the question bar says so after
     * each answer, and for each trace it reads). A trace also decided by a label counts once.
     */
    void schemeDecided(String traceId, boolean decided) {
        Set<String> s = schemeDecided;
        if (s.contains(traceId) == decided) {
            return;
        }
        boolean was = isDecided(traceId);
        Set<String> n = new HashSet<>(s);
        if (decided) {
            n.add(traceId);
        } else {
            n.remove(traceId);
        }
        schemeDecided = Collections.unmodifiableSet(n);
        boolean now = isDecided(traceId);
        int d = done.get();
        if (d < 0 || was == now) {
            return; // while counting: the count sees another set and counts again when it arrives
        }
        done.set(now ? Math.min(total.getAsInt(), d + 1) : Math.max(0, d - 1));
    }

    /**
     * FX thread: every trace the annotator has decided under the project's own scheme (the question bar's read of the
     * project); empty without a scheme. The counter is counted again when the set differs.
     */
    void setSchemeDecided(Set<String> decided) {
        if (decided.equals(schemeDecided)) {
            return;
        }
        schemeDecided = Collections.unmodifiableSet(new HashSet<>(decided));
        recount();
    }

    /** The traces decided under the scheme, as the counter has them (tests). */
    Set<String> schemeDecided() {
        return schemeDecided;
    }
}
