package org.tracejudge.ui.agreement;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.tracejudge.agreement.AgreementOptions;
import org.tracejudge.agreement.LabelTable;
import org.tracejudge.agreement.LiveAgreement;
import org.tracejudge.agreement.LiveSnapshot;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.session.Session;
import org.tracejudge.ui.table.TraceTableViewModel;

/**
 * The live agreement panel's state: the snapshot (kappas and confusion counts, updated in the same frame as a
 * decision), its bootstrap intervals (recomputed on their own thread once decisions pause), and the table filter a
 * confusion or kappa cell leads to.
 */
public final class AgreementViewModel implements Session.Listener {
    /** How long (ms) decisions must pause before the agreement intervals are recomputed. */
    public static final long INTERVALS_QUIET_MS = 700;

    private final Session session;
    private final TraceTableViewModel queue;
    private final ReadOnlyObjectWrapper<LiveSnapshot> agreement = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Map<String, String>> agreementColumns = new ReadOnlyObjectWrapper<>(Map.of());
    private volatile LiveAgreement live;

    public AgreementViewModel(Session session, TraceTableViewModel queue) {
        this.session = session;
        this.queue = queue;
        session.addListener(this);
    }

    private final javafx.beans.property.ReadOnlyStringWrapper copiesNote =
            new javafx.beans.property.ReadOnlyStringWrapper("");

    /** The raters left out of Fleiss' κ as copies of another, said in words ("" when none). */
    public javafx.beans.property.ReadOnlyStringProperty copiesNoteProperty() {
        return copiesNote.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<LiveSnapshot> agreementProperty() {
        return agreement.getReadOnlyProperty();
    }

    /** Agreement rater name → table column key. */
    public ReadOnlyObjectProperty<Map<String, String>> agreementColumnsProperty() {
        return agreementColumns.getReadOnlyProperty();
    }

    @Override
    public void read(Session.Read r) {
        if (r.agreementToo()) {
            load(r.project(), r.layout());
        }
    }

    private void load(Project p, TraceTable.Layout l) {
        LiveAgreement old = live;
        live = null;
        if (old != null) {
            old.close();
        }
        session.agreementExecutor().execute(() -> {
            try {
                ProjectQueries q = new ProjectQueries(p);
                LabelTable.Builder b = LabelTable.builder();
                Map<String, String> columns = new LinkedHashMap<>();
                List<String> machine = new ArrayList<>();
                for (TraceTable.Column c : l.raters()) {
                    b.addRater(c.title());
                    columns.put(c.title(), c.key());
                    machine.add(c.title());
                }
                for (TraceTable.Column c : l.humans()) {
                    // an annotator is a rater once they have a label (their verdicts add them below; a first
                    // decision adds them live): a fresh name with no labels is no rater with missing data
                    columns.put(c.title(), c.key());
                }
                q.verdicts(v -> {
                    if (v.rater() != null) {
                        b.add(v.traceId(), v.rater(), v.value());
                    }
                });
                LabelTable table = b.build();
                // a machine rater that copies another (the compat rule reproduces the harness) is not an independent
                // opinion: Fleiss' kappa and AC1 leave it out, as the agreement command does; the pairs still show it
                List<String> fleissRaters = new ArrayList<>(machine);
                StringBuilder note = new StringBuilder();
                if (machine.size() >= 3) {
                    for (org.tracejudge.agreement.Duplicates.Duplicate d :
                            org.tracejudge.agreement.Duplicates.find(table.withRaters(machine))) {
                        if (fleissRaters.size() > 2) {
                            fleissRaters.remove(d.rater());
                            note.append(note.length() == 0 ? "Left out of Fleiss' κ: " : "; ")
                                    .append(String.format(
                                            java.util.Locale.ROOT,
                                            "%s (the same label as %s on %d of %d traces)",
                                            d.rater(),
                                            d.like(),
                                            d.same(),
                                            d.shared()));
                        }
                    }
                }
                String copies = note.toString();
                session.onFx(() -> copiesNote.set(copies));
                AgreementOptions opts = AgreementOptions.defaults()
                        .withThreads(1)
                        .withFleissRaters(fleissRaters.size() >= 2 ? fleissRaters : null);
                LiveAgreement la = LiveAgreement.of(table, opts);
                // intervals follow once the annotator pauses: a run on a big project takes a core for a second or two,
                // which on a two-core laptop would slow the next item's drawing
                la.setQuietPeriod(INTERVALS_QUIET_MS);
                live = la;
                Map<String, String> cols = Map.copyOf(columns);
                session.onFx(() -> agreementColumns.set(cols));
                publish(la);
            } catch (RuntimeException e) {
                e.printStackTrace();
                session.onFx(() -> session.setStatus("Cannot compute the agreement: " + e.getMessage()));
            }
        });
    }

    private void publish(LiveAgreement la) {
        LiveSnapshot s = la.snapshot();
        session.onFx(() -> {
            if (la == live) {
                agreement.set(s);
            }
        });
        followIntervals(la, s);
    }

    /**
     * FX thread: rater {@code rater} now says {@code value} (null: nothing) on a trace. One label is a count update
     * and the snapshot is O(pairs x labels^2) over the counts (well under a millisecond), so the panel changes in
     * the same frame as the table; only the bootstrap intervals follow later, from their own thread.
     */
    public void set(String traceId, String rater, String value) {
        LiveAgreement la = live;
        if (la != null) {
            la.set(traceId, rater, value);
            LiveSnapshot snap = la.snapshot();
            agreement.set(snap);
            followIntervals(la, snap);
        }
    }

    /**
     * When {@code s} has stale intervals: publishes the snapshot again once the bootstrap has caught up. The future fails
     * only when the agreement closes (nothing left to show) or its bootstrap fails, and then the panel keeps saying the
     * intervals are stale.
     */
    private void followIntervals(LiveAgreement la, LiveSnapshot s) {
        if (s.intervalsStale()) {
            la.whenIntervalsFresh().thenAccept(fresh -> {
                LiveSnapshot now = la.snapshot();
                if (now.version() == fresh.version()) {
                    session.onFx(() -> {
                        if (la == live) {
                            agreement.set(now);
                        }
                    });
                }
            });
        }
    }

    /**
     * The table column of an agreement rater: from the agreement's own map, else (an annotator named in this
     * session, whose labels the live agreement took in after it was read) the table's column of that title.
     */
    private String columnOf(String rater) {
        String k = agreementColumns.get().get(rater);
        TraceTable.Layout layout = session.layoutProperty().get();
        if (k != null || layout == null) {
            return k;
        }
        for (TraceTable.Column c : layout.columns()) {
            if (c.title().equals(rater) && (c.kind() == TraceTable.Kind.HUMAN || c.kind() == TraceTable.Kind.RATER)) {
                return c.key();
            }
        }
        return null;
    }

    /** Filters the table to the traces where agreement rater a said {@code la} and b said {@code lb}. */
    public void filterToCell(String raterA, String labelA, String raterB, String labelB) {
        String ka = columnOf(raterA);
        String kb = columnOf(raterB);
        if (ka == null || kb == null) {
            return;
        }
        Map<String, String> eq = new LinkedHashMap<>();
        eq.put(ka, labelA);
        eq.put(kb, labelB);
        queue.setFilter(new TraceTable.Filter(eq, TraceTable.Show.ALL, ""));
    }

    /** Stops the intervals' thread. */
    public void close() {
        LiveAgreement la = live;
        if (la != null) {
            la.close();
        }
    }
}
