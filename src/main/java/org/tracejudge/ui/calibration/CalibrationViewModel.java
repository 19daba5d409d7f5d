package org.tracejudge.ui.calibration;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.tracejudge.calibration.CalibrationDraw;
import org.tracejudge.calibration.CalibrationDraws;
import org.tracejudge.calibration.CorrectedRates;
import org.tracejudge.calibration.Diagnostics;
import org.tracejudge.calibration.Gold;
import org.tracejudge.calibration.SamplingDesign;
import org.tracejudge.ensemble.JudgeChoice;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.model.RaterKind;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.ui.session.Session;

/**
 * The Calibration tab's view model: one judge (a machine rater or the ensemble) against the human gold — diagnostics,
 * and when the project has a calibration sample, the rates corrected with its gold. Everything is computed on a
 * thread of its own, never on the FX thread; a decision marks the figures stale and they follow a moment later
 * (once the tab has been looked at on this project: nobody waits for figures they never look at).
 */
public final class CalibrationViewModel implements Session.Listener {
    /** What the tab shows. {@code judges}: the sources one may choose; {@code problem}: why there is nothing to show. */
    public record State(
            List<String> judges,
            String judge,
            Gold gold,
            Diagnostics.Result diagnostics,
            CorrectedRates.Report corrected,
            String sampleNote,
            String problem,
            boolean stale,
            Map<String, List<String>> why) {
        State staleCopy() {
            return new State(judges, judge, gold, diagnostics, corrected, sampleNote, problem, true, why);
        }
    }

    private final Session session;
    private final org.tracejudge.ui.table.TraceTableViewModel queue;
    private final ReadOnlyObjectWrapper<State> state = new ReadOnlyObjectWrapper<>();
    private final javafx.beans.property.ReadOnlyStringWrapper drawStatus =
            new javafx.beans.property.ReadOnlyStringWrapper("");
    private final javafx.beans.property.ReadOnlyStringWrapper currentWhy =
            new javafx.beans.property.ReadOnlyStringWrapper("");
    private final AtomicLong generation = new AtomicLong();
    /** Its own thread: the agreement's is kept busy by the live intervals while people decide. */
    private final java.util.concurrent.ExecutorService worker =
            java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "calibration");
                t.setDaemon(true);
                t.setPriority(Thread.NORM_PRIORITY - 1);
                return t;
            });

    private volatile String judge;
    private volatile boolean shown;
    private volatile boolean followed;
    private volatile boolean dirty = true;

    public CalibrationViewModel(Session session, org.tracejudge.ui.table.TraceTableViewModel queue) {
        this.session = session;
        this.queue = queue;
        queue.currentProperty().addListener((o, a, b) -> showWhy());
        queue.rowsProperty().addListener((o, a, b) -> showWhy()); // a re-read queue: the same index, another trace
        state.addListener((o, a, b) -> showWhy());
        session.addListener(this);
        session.team().ledgerVersionProperty().addListener((o, a, b) -> changed());
    }

    public ReadOnlyObjectProperty<State> stateProperty() {
        return state.getReadOnlyProperty();
    }

    /** FX thread: the tab is shown (figures computed now if stale) or hidden. */
    public void setShown(boolean on) {
        shown = on;
        followed |= on;
        if (on && dirty) {
            recompute();
        }
    }

    /**
     * FX thread: filters the trace table to a confusion cell, the traces where the judge on show said
     * {@code judgeLabel} and the gold is {@code goldLabel} (as the agreement panel's cells do). False when the judge
     * has no column in the table.
     */
    public boolean filterToCell(String judgeLabel, String goldLabel) {
        String key = columnOf(
                state.get() == null ? null : state.get().judge(),
                session.state().layoutProperty().get());
        if (key == null) {
            return false;
        }
        java.util.Map<String, String> eq = new java.util.LinkedHashMap<>();
        eq.put(key, judgeLabel);
        eq.put(org.tracejudge.store.TraceTable.GOLD, goldLabel);
        queue.setFilter(new org.tracejudge.store.TraceTable.Filter(eq, org.tracejudge.store.TraceTable.Show.ALL, ""));
        return true;
    }

    /** The table column of a judge source: the ensemble's, or the machine rater's of that name (name@version). */
    static String columnOf(String judge, org.tracejudge.store.TraceTable.Layout layout) {
        if (judge == null || layout == null) {
            return null;
        }
        for (org.tracejudge.store.TraceTable.Column c : layout.columns()) {
            if (judge.equals(LabelSources.ENSEMBLE)
                    ? c.kind() == org.tracejudge.store.TraceTable.Kind.ENSEMBLE
                    : c.kind() == org.tracejudge.store.TraceTable.Kind.RATER
                            && c.title().equals(judge)) {
                return c.key();
            }
        }
        return null;
    }

    /** Why the trace on show was drawn (each sample it is in), or empty. */
    public javafx.beans.property.ReadOnlyStringProperty currentWhyProperty() {
        return currentWhy.getReadOnlyProperty();
    }

    private void showWhy() {
        State s = state.get();
        int i = queue.currentProperty().get();
        String id = i < 0 ? null : queue.idAt(i);
        List<String> why =
                s == null || id == null || s.why() == null ? null : s.why().get(id);
        currentWhy.set(why == null ? "" : "This trace: " + String.join("; ", why));
    }

    /** What the last draw did (or why it drew nothing). */
    public javafx.beans.property.ReadOnlyStringProperty drawStatusProperty() {
        return drawStatus.getReadOnlyProperty();
    }

    /**
     * FX thread: draws a sample on the project thread (the review queue's sampling modes): {@code n} traces of
     * {@code design}, or for until-precise one step of batches of {@code n} until the judge's corrected CTUR has a
     * half-width of at most {@code halfWidth}. Then the table shows the calibration samples' traces (Show ▸ Calibration
     * sample) and the figures follow.
     */
    public void draw(SamplingDesign design, String name, int n, long seed, double halfWidth) {
        if (session.project() == null) {
            return;
        }
        String want = state.get() == null ? null : state.get().judge();
        drawStatus.set("Drawing…");
        session.query(
                p -> draw(p, design, name, n, seed, halfWidth, want),
                msg -> {
                    drawStatus.set(msg);
                    queue.setFilter(org.tracejudge.store.TraceTable.Filter.NONE.withShow(
                            org.tracejudge.store.TraceTable.Show.CALIBRATION));
                    recompute();
                },
                msg -> drawStatus.set("Nothing drawn: " + msg));
    }

    /** Draws (the project thread; public for tests without a window) and says what it did. */
    public static String draw(
            Project p, SamplingDesign design, String name, int n, long seed, double halfWidth, String judge) {
        String j = judge == null || judge.equals(LabelSources.ENSEMBLE) ? null : judge;
        if (design == SamplingDesign.UNTIL_PRECISE) {
            org.tracejudge.calibration.UntilPrecise.Step step =
                    org.tracejudge.calibration.UntilPrecise.step(p, name, n, seed, halfWidth, "CTUR", null, j);
            return "Sample '" + name + "' (until-precise, "
                    + step.sample().draws().size() + " traces): " + step.status();
        }
        int had = CalibrationDraws.names(p).getOrDefault(name, 0);
        CalibrationDraw d = CalibrationDraws.draw(p, name, design, n, seed, j);
        return String.format(
                java.util.Locale.ROOT,
                "Sample '%s': %s %d of %d traces (%s)%s.",
                name,
                had > 0 ? "already drawn," : "drew",
                d.draws().size(),
                d.population(),
                design.code(),
                design.probability()
                        ? ""
                        : "; not a probability sample: for the diagnostics, never the corrected rates");
    }

    /** FX thread: another judge. */
    public void choose(String source) {
        judge = source;
        recompute();
    }

    @Override
    public void opened() {
        judge = null;
        followed = false;
        dirty = true;
        state.set(null);
    }

    @Override
    public void read(Session.Read r) {
        session.onFx(this::changed);
    }

    private void changed() {
        dirty = true;
        State s = state.get();
        if (s != null && !s.stale()) {
            state.set(s.staleCopy());
        }
        if (shown || followed) {
            // the review keys bring the trace on show, so the figures also follow while the tab is hidden once it has
            // been looked at on this project: back on the tab (Ctrl+3) they are current
            recompute();
        }
    }

    /** FX thread: computes the figures on the view model's thread; a newer request wins. */
    public void recompute() {
        Project p = session.project();
        if (p == null) {
            return;
        }
        dirty = false;
        long gen = generation.incrementAndGet();
        String want = judge;
        worker.execute(() -> {
            if (gen != generation.get()) {
                return; // a newer request is queued
            }
            State s;
            try {
                s = compute(p, want);
            } catch (RuntimeException e) {
                s = new State(
                        List.of(), want, null, null, null, "", "Cannot compute the calibration: " + e, false, Map.of());
            }
            State shown = s;
            session.onFx(() -> {
                if (gen == generation.get() && session.project() == p) {
                    state.set(shown);
                }
            });
        });
    }

    /** Reads and computes everything the tab shows (a worker thread; public for tests without a window). */
    public static State compute(Project p, String wanted) {
        List<String> judges = new ArrayList<>();
        JudgeChoice choice = null;
        try {
            choice = JudgeChoice.resolve(p, null, null);
            judges.add(LabelSources.ENSEMBLE);
        } catch (ProjectException e) {
            // no ensemble: the raters alone
        }
        for (var r : JudgeChoice.raters(p)) {
            if (r.kind() != RaterKind.HUMAN) {
                judges.add(r.column());
            }
        }
        if (judges.isEmpty()) {
            return new State(
                    List.of(),
                    null,
                    null,
                    null,
                    null,
                    "",
                    "No machine rater has labels yet: run the rule "
                            + "(File ▸ Classify…) or a judge (Judges ▸ Run a judge…).",
                    false,
                    CalibrationDraws.whyByTrace(p));
        }
        String judge = wanted != null && judges.contains(wanted) ? wanted : judges.get(0);
        Gold gold = Gold.read(p);
        LabelSources sources =
                LabelSources.load(p, judge.equals(LabelSources.ENSEMBLE) ? choice : null, List.of(judge));
        String[] labels = sources.labels(judge);
        Map<String, String> byTrace = new HashMap<>();
        for (int i = 0; i < labels.length; i++) {
            if (labels[i] != null) {
                byTrace.put(sources.traceId(i), labels[i]);
            }
        }
        Diagnostics.Result d = gold.labels().isEmpty() ? null : Diagnostics.of(judge, byTrace, gold.labels());
        CorrectedRates.Report corrected = null;
        String note;
        try {
            CalibrationDraw drawn = CalibrationDraws.forCorrection(p, null);
            corrected = CorrectedRates.compute(sources, judge, drawn, gold);
            note = String.format(
                    java.util.Locale.ROOT,
                    "Sample '%s' (%s, %d of %d traces): %d decided so far.",
                    drawn.name(),
                    drawn.design().code(),
                    drawn.draws().size(),
                    drawn.population(),
                    corrected.goldInSample());
        } catch (ProjectException e) {
            if (CalibrationDraws.names(p).isEmpty()) {
                // in the window, the Draw button above is the way, not a command line
                int size = CalibrationDraws.suggestedSize(p);
                note = "No calibration sample yet, so no corrected rate: gold picked by hand or by disagreement is "
                        + "not a probability sample. Draw one above (uniform; "
                        + (size < 200
                                ? "the project has " + size + " traces to draw from, e.g. " + Math.min(40, size)
                                : "e.g. 200 traces")
                        + "), decide its traces (the table then lists them; the filter list ▸ Calibration sample "
                        + "brings them back), and the corrected rates follow.";
                return finish(judges, judge, gold, d, corrected, note, p);
            }
            // the reason, without the file's path (the window's title names the project)
            String m = e.getMessage();
            note = m.startsWith(p.file() + ": ")
                    ? m.substring(p.file().toString().length() + 2)
                    : m;
            note = Character.toUpperCase(note.charAt(0)) + note.substring(1);
        }
        return finish(judges, judge, gold, d, corrected, note, p);
    }

    private static State finish(
            List<String> judges,
            String judge,
            Gold gold,
            Diagnostics.Result d,
            CorrectedRates.Report corrected,
            String note,
            Project p) {
        String problem = gold.labels().isEmpty()
                ? "No gold yet: decide traces (Enter accepts the proposed label, "
                        + org.tracejudge.store.LabelSetsInUse.keys(p) + " pick another); gold is "
                        + "a trace where everyone who decided agrees."
                : null;
        return new State(
                List.copyOf(judges), judge, gold, d, corrected, note, problem, false, CalibrationDraws.whyByTrace(p));
    }
}
