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
import org.tracejudge.agreement.RaterCoverage;
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

    /**
     * The raters not counted by default (too few labels) and those left out of Fleiss' κ as copies of another, said in
     * words, a line each ("" when none).
     */
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

    /**
     * A rater the panel can count or leave out. {@code counted}: in the live computation; {@code why}: why it is left out
     * by default (a sparse machine rater, {@link RaterCoverage}), else null; {@code machine}: a rule, judge or imported
     * rater (an annotator otherwise).
     */
    public record RaterOption(String name, int labelled, boolean counted, String why, boolean machine) {}

    private final ReadOnlyObjectWrapper<List<RaterOption>> raterOptions = new ReadOnlyObjectWrapper<>(List.of());
    /** What a person ticked or unticked in the rater list, by rater, for the project open (kept across reloads). */
    private final Map<String, Boolean> chosen = new java.util.concurrent.ConcurrentHashMap<>();
    /** The raters of the project the live agreement does not count (their live labels are ignored). */
    private volatile java.util.Set<String> excluded = java.util.Set.of();

    private volatile Project lastProject;
    private volatile TraceTable.Layout lastLayout;

    /** The raters the Agreement tab lists, each ticked when counted. */
    public ReadOnlyObjectProperty<List<RaterOption>> raterOptionsProperty() {
        return raterOptions.getReadOnlyProperty();
    }

    /**
     * FX thread: counts rater {@code name} in the live agreement or leaves it out (a person's choice, kept while the
     * project stays open); the agreement is read again in the background.
     */
    public void setCounted(String name, boolean counted) {
        chosen.put(name, counted);
        Project p = lastProject;
        TraceTable.Layout l = lastLayout;
        if (p != null && l != null && p == session.project()) {
            load(p, l);
        }
    }

    private void load(Project p, TraceTable.Layout l) {
        if (p != lastProject) {
            chosen.clear();
        }
        lastProject = p;
        lastLayout = l;
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
                LabelTable all = b.build();
                // which raters count: a sparse machine rater is left out by default (it would leave Fleiss' kappa
                // without a trace labelled by all), and a person may tick or untick any rater
                RaterCoverage coverage = RaterCoverage.of(all, machine);
                List<String> counted = new ArrayList<>();
                List<RaterOption> options = new ArrayList<>();
                java.util.Set<String> out = new java.util.HashSet<>();
                StringBuilder note = new StringBuilder();
                for (String r : all.raters()) {
                    String why = coverage.leftOut().get(r);
                    boolean on = chosen.getOrDefault(r, why == null);
                    options.add(new RaterOption(r, coverage.count(r), on, why, machine.contains(r)));
                    if (on) {
                        counted.add(r);
                    } else {
                        out.add(r);
                        if (why != null && !chosen.containsKey(r)) {
                            note.append(note.length() == 0 ? "" : "\n")
                                    .append("Not counted: ")
                                    .append(r)
                                    .append(" (")
                                    .append(why)
                                    .append("); tick it under Raters to count it.");
                        }
                    }
                }
                for (TraceTable.Column c : l.humans()) {
                    if (!all.raters().contains(c.title()) && Boolean.FALSE.equals(chosen.get(c.title()))) {
                        out.add(c.title()); // unticked before their first label here
                    }
                }
                excluded = java.util.Set.copyOf(out);
                LabelTable table = counted.size() == all.raters().size() ? all : all.withRaters(counted);
                List<String> countedMachine =
                        machine.stream().filter(counted::contains).toList();
                // a machine rater that copies another (the compat rule reproduces the harness) is not an independent
                // opinion: Fleiss' kappa and AC1 leave it out, as the agreement command does; the pairs still show it
                List<String> fleissRaters = new ArrayList<>(countedMachine);
                if (countedMachine.size() >= 3) {
                    for (org.tracejudge.agreement.Duplicates.Duplicate d :
                            org.tracejudge.agreement.Duplicates.find(table.withRaters(countedMachine))) {
                        if (fleissRaters.size() > 2) {
                            fleissRaters.remove(d.rater());
                            note.append(note.length() == 0 ? "" : "\n")
                                    .append(String.format(
                                            java.util.Locale.ROOT,
                                            "Left out of Fleiss' κ: %s (the same label as %s on %d of %d traces)",
                                            d.rater(),
                                            d.like(),
                                            d.same(),
                                            d.shared()));
                        }
                    }
                }
                String copies = note.toString();
                List<RaterOption> opts = List.copyOf(options);
                session.onFx(() -> {
                    copiesNote.set(copies);
                    raterOptions.set(opts);
                });
                AgreementOptions opts2 = AgreementOptions.defaults()
                        .withThreads(1)
                        .withFleissRaters(fleissRaters.size() >= 2 ? fleissRaters : null);
                LiveAgreement la = LiveAgreement.of(table, opts2);
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
        if (la != null && !excluded.contains(rater)) {
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
        TraceTable.Layout layout = session.state().layoutProperty().get();
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
