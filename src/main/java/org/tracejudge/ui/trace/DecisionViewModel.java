package org.tracejudge.ui.trace;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.tracejudge.model.EnsembleRule;
import org.tracejudge.store.Adjudications;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.agreement.AgreementViewModel;
import org.tracejudge.ui.session.Session;
import org.tracejudge.ui.table.TraceTableViewModel;

/**
 * Review decisions and undo: Enter accepts the proposed label, 1–6 override, R writes a rationale, Ctrl+Z undoes.
 * The rationale field holds a draft that goes with the decision the annotator makes next on the trace (Enter or a
 * digit), so it always lands on the label they chose; Enter in the field saves it at once only on a label they
 * already gave, and an override right after that takes it along. Moving to another trace drops a draft and says so.
 * A decision is shown at once (the table row, the agreement, the progress counter), written to the ledger on the
 * project thread (committed before the next write), and the queue moves on (in blind mode it stays and reveals).
 */
public final class DecisionViewModel implements Session.Listener {
    private final Session session;
    private final TraceTableViewModel queue;
    private final TraceViewModel trace;
    private final AgreementViewModel agreement;
    private final ReadOnlyStringWrapper lastDecision = new ReadOnlyStringWrapper("");
    private final Deque<Decision> undo = new ArrayDeque<>();
    /** The rationale field's text: a draft for the trace on screen, not yet saved. */
    private final StringProperty draft = new SimpleStringProperty("");
    /** A rationale just saved on my label of a trace: an override right after takes it along. */
    private Decision justExplained;
    /** The status line said a draft was dropped on this trace's arrival; it goes when the next trace comes. */
    private String droppedNote;

    private String droppedOn;
    /** The trace the detail showed last (a re-read passes through null). */
    private String shownTrace;

    /** One decision, for undo: the trace, where it was in the queue, my label before and after. */
    public record Decision(String traceId, int index, String before, String after, String rationale) {}

    public DecisionViewModel(
            Session session, TraceTableViewModel queue, TraceViewModel trace, AgreementViewModel agreement) {
        this.session = session;
        this.queue = queue;
        this.trace = trace;
        this.agreement = agreement;
        session.addListener(this);
        // the note under the keys speaks of one trace: it stays through the move its decision made (the queue
        // moving on) and goes with the next move, so it is never read as being about a later trace
        queue.currentProperty().addListener((o, a, b) -> {
            if (noteMoves++ >= 1) {
                lastDecision.set("");
            }
        });
        trace.detailProperty().addListener((o, a, b) -> {
            // a re-shown detail passes through null: only another trace counts
            if (b == null || b.traceId().equals(shownTrace)) {
                return;
            }
            shownTrace = b.traceId();
            justExplained = null;
            if (droppedNote != null && !b.traceId().equals(droppedOn)) {
                if (droppedNote.equals(session.statusProperty().get())) {
                    session.setStatus("");
                }
                droppedNote = null;
            }
        });
    }

    /** The rationale field's text (the trace view binds its field to it). */
    public StringProperty draftProperty() {
        return draft;
    }

    private String draftText() {
        String t = draft.get();
        return t == null || t.isBlank() ? null : t.strip();
    }

    /** Task and model of a trace: what names it among the other models' traces of its task. */
    static String traceName(TraceDetail d) {
        return d.task().key() + " · " + d.trace().model();
    }

    /** Moves of the queue since the note was set (the first is the decision's own move on). */
    private int noteMoves;

    private void note(String text, TraceDetail about) {
        lastDecision.set(text + (about == null ? "" : " on " + about.task().key()));
        noteMoves = 0;
    }

    @Override
    public void opened() {
        undo.clear();
        lastDecision.set("");
    }

    public ReadOnlyStringProperty lastDecisionProperty() {
        return lastDecision.getReadOnlyProperty();
    }

    /** Sets and remembers the annotator's name. */
    public void setAnnotator(String name) {
        setAnnotator(name, null);
    }

    /**
     * Sets the annotator's name, re-reads the columns (the annotator gets one) and, once they are shown, returns
     * to the trace that was current and runs {@code then} on the FX thread (the decision that asked for the
     * name: it must land on the new column and move the queue on, not be overwritten by the re-read).
     */
    public void setAnnotator(String name, Runnable then) {
        String n = name == null || name.isBlank() ? null : name.trim();
        session.annotatorProperty().set(n);
        session.state().settings().setAnnotator(n);
        if (session.project() == null) {
            if (then != null) {
                then.run();
            }
            return;
        }
        String was = queue.idAt(queue.currentProperty().get());
        session.reload(false);
        // the worker runs in order and publishes in order: this runs after the re-read queue is shown
        session.submit(() -> session.onFx(() -> {
            int i = was == null ? -1 : queue.indexOf(was);
            if (i >= 0 && i != queue.currentProperty().get()) {
                queue.go(i);
            }
            if (then != null) {
                trace.whenShown(was, then);
            }
        }));
    }

    /** Accepts the proposed label of the current trace. */
    public boolean accept() {
        TraceDetail d = trace.detailProperty().get();
        if (d == null || trace.hidden(d)) {
            return false;
        }
        if (session.state().blindProperty().get() && trace.revealed(d.traceId()) && mine(d) != null) {
            queue.next(); // after a blind decision, Enter moves on
            return true;
        }
        String p = trace.proposed(d);
        return p != null && decide(p, null);
    }

    /** What the next decision keys do with a draft on this trace, for the status line. */
    private String keysHint(TraceDetail d) {
        String p = trace.hidden(d) ? null : trace.proposed(d);
        int n = d.labelSet().size();
        return (p == null ? "" : "Enter accepts " + p + ", ") + "1–" + n + " "
                + (p == null ? "pick a label" : "another");
    }

    /**
     * Esc left the rationale field with text in it: the draft stays, going with the next decision on this trace,
     * and the status line says so.
     */
    public void draftKept() {
        TraceDetail d = trace.detailProperty().get();
        if (d == null || draftText() == null) {
            return;
        }
        String mine = mine(d);
        session.setStatus("Rationale kept for " + traceName(d) + ": it goes with your decision (" + keysHint(d) + ")"
                + (mine == null ? "" : "; Enter in the field saves it on your " + mine)
                + ". Clear the field to drop it.");
    }

    /** Overrides with label number {@code key} (1-based) of the trace's label set. */
    public boolean overrideWithKey(int key) {
        TraceDetail d = trace.detailProperty().get();
        if (d == null || key < 1 || key > d.labelSet().size()) {
            return false;
        }
        return decide(d.labelSet().get(key - 1), null);
    }

    private String mine(TraceDetail d) {
        String me = session.annotatorProperty().get();
        return me == null || d.row() == null ? null : d.row().get("human:" + me);
    }

    /**
     * Records my decision on the current trace: the row and agreement change at once, the ledger entry is
     * committed in the background; then the queue moves on (in blind mode it stays and reveals).
     */
    public boolean decide(String value, String rationale) {
        TraceDetail d = trace.detailProperty().get();
        String me = session.annotatorProperty().get();
        if (d == null || me == null || value == null || refusedAsSafetyItem(d)) {
            return false;
        }
        session.keys().markKey();
        int index = queue.currentProperty().get();
        boolean wasBlind = trace.hidden(d);
        String before = mine(d);
        String why = rationale;
        boolean carried = false;
        if (why == null) {
            why = draftText();
            if (why == null && justExplained != null && justExplained.traceId().equals(d.traceId())) {
                // the rationale just saved on my earlier label was about this trace: the override keeps it
                why = justExplained.rationale();
                carried = true;
            }
        }
        draft.set("");
        justExplained = null;
        if (wasBlind) {
            why = "[blind] " + (why == null ? "" : why);
            why = why.trim();
        }
        Decision dec = new Decision(d.traceId(), index, before, value, why);
        undo.push(dec);
        queue.unskip(d.traceId());
        apply(dec, before, value, why);
        note(
                me + ": " + value
                        + (why != null && !why.isBlank()
                                ? (carried ? " (rationale carried over)" : " with rationale")
                                : "")
                        + (wasBlind ? " (blind; machine labels revealed)" : ""),
                d);
        if (session.state().blindProperty().get()) {
            trace.reveal(d.traceId());
            trace.showFresh();
        } else {
            queue.next();
        }
        return true;
    }

    /**
     * The trace on screen changed while the rationale field held a draft never saved: the draft is dropped (it
     * belongs to the trace it was written for) and the status line says so, naming that trace (task and model)
     * and giving the text to write again, until the next trace comes.
     *
     * @param left the trace the draft was written on
     */
    public void unsavedRationaleDropped(String left) {
        String text = draftText();
        draft.set("");
        if (text == null) {
            return;
        }
        droppedNote = "Rationale not saved on " + left + " (you moved on before deciding): \u201c" + text + "\u201d";
        TraceDetail now = trace.detailProperty().get();
        droppedOn = now == null ? null : now.traceId();
        session.setStatus(droppedNote);
    }

    /**
     * Enter in the rationale field. On a trace I decided, the rationale is saved on my label at once (and an
     * override right after takes it along). On one I have not decided, nothing is decided for me: the draft stays
     * and goes with the label I choose next (Enter for the proposed one, a digit for another).
     *
     * @return true when it was saved
     */
    public boolean rationale(String text) {
        TraceDetail d = trace.detailProperty().get();
        if (d == null || refusedAsSafetyItem(d)) {
            return false;
        }
        String why = text == null || text.isBlank() ? null : text.strip();
        String value = mine(d);
        if (why == null) {
            return false;
        }
        if (value == null) {
            draft.set(why);
            session.setStatus("Rationale ready for " + traceName(d) + ": it goes with the label you choose ("
                    + keysHint(d) + "). Nothing is decided yet.");
            return false;
        }
        session.keys().markKey();
        Decision dec = new Decision(d.traceId(), queue.currentProperty().get(), value, value, why);
        undo.push(dec);
        apply(dec, dec.before(), value, why);
        draft.set("");
        justExplained = dec;
        note(
                session.annotatorProperty().get() + ": rationale on " + value + " (a digit now changes the label and "
                        + "keeps it)",
                d);
        trace.showFresh();
        return true;
    }

    /** A safety item is decided per tool in the safety review; here the keys only say where (nothing is written). */
    private boolean refusedAsSafetyItem(TraceDetail d) {
        if (!session.state().safetyItem(d.task())) {
            return false;
        }
        session.setStatus("Not saved: " + d.task().key() + " is a safety item of "
                + d.task().domain()
                + ". Decide it per tool in the safety review (Review ▸ Safety review, Ctrl+Shift+L), where each expert's "
                + "decision stays their own and disagreements go to adjudication.");
        return true;
    }

    /** Undoes my last decision (appends an entry restoring what I had before) and returns to its trace. */
    public boolean undo() {
        Decision dec = undo.poll();
        if (dec == null) {
            return false;
        }
        apply(dec, dec.after(), dec.before(), "undo");
        note("undone: " + dec.after() + (dec.before() == null ? "" : " → " + dec.before()), null);
        trace.unreveal(dec.traceId());
        if (dec.index() != queue.currentProperty().get() && dec.traceId().equals(queue.idAt(dec.index()))) {
            queue.go(dec.index());
        } else {
            trace.showFresh();
        }
        return true;
    }

    public int undoDepth() {
        return undo.size();
    }

    /**
     * Applies my label {@code value} (null: withdraw; {@code had} is what I had) on a trace: row, progress,
     * agreement, ledger, detail cache.
     */
    private void apply(Decision dec, String had, String value, String rationale) {
        String problem = session.state().integrityProblemProperty().get();
        if (problem != null) {
            session.setStatus("Not saved: " + problem);
            return;
        }
        String me = session.annotatorProperty().get();
        String traceId = dec.traceId();
        // 1. the row and the progress counter, at once
        queue.updateRow(dec.index(), traceId, r -> withMine(r, me, value));
        queue.decided(traceId, had, value);
        trace.updateCached(traceId, r -> withMine(r, me, value));
        // 2. agreement, in the same frame as the table
        agreement.set(traceId, me, value);
        // 3. the ledger: committed in order on the worker; then the detail (history) is re-read
        Project p = session.project();
        TraceTable t = session.state().table();
        session.submit(() -> {
            try {
                Adjudications.decide(p, traceId, me, value, rationale);
                session.team().ledgerChanged();
                session.team().syncTeamNow(); // a team project sends the decision within seconds
                trace.reread(p, t, traceId);
            } catch (RuntimeException e) {
                session.onFx(() -> session.setStatus("Could not save the decision: " + e.getMessage()));
            }
        });
    }

    private static TraceTable.Row withMine(TraceTable.Row r, String me, String value) {
        Map<String, String> v = new LinkedHashMap<>(r.values());
        v.put("human:" + me, value);
        v.put("final", EnsembleRule.finalLabel(value, r.get("ensemble")));
        if (v.get(TraceTable.ASSIGNED) != null) {
            v.put(TraceTable.ASSIGNED, TraceTable.decided(v.get(TraceTable.ASSIGNED)));
        }
        return new TraceTable.Row(r.traceId(), r.taskId(), r.labelSet(), v);
    }
}
