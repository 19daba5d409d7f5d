package org.tracejudge.ui.trace;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import org.tracejudge.calls.CallRule;
import org.tracejudge.calls.CallVerdict;
import org.tracejudge.json.Json;
import org.tracejudge.model.LabelSet;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.RaterKind;
import org.tracejudge.model.Task;
import org.tracejudge.model.TaskType;
import org.tracejudge.model.Trace;
import org.tracejudge.rules.Evidence;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.rules.RuleVerdict;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.session.Session;
import org.tracejudge.ui.table.TraceTableViewModel;

/**
 * The trace view's state: the current trace's detail (read on the "trace-detail" thread, cached for the last 64
 * traces, the neighbours read ahead so J/K show them at once), the label Enter would accept, and whether blind mode
 * hides the machine labels of the trace.
 */
public final class TraceViewModel implements Session.Listener {
    private final Session session;
    private final TraceTableViewModel queue;
    private final ReadOnlyObjectWrapper<TraceDetail> detail = new ReadOnlyObjectWrapper<>();
    private final RuleClassifier rule = new RuleClassifier(RuleClassifier.Mode.TOLERANT);
    private final Map<String, CompletableFuture<TraceDetail>> details = new LinkedHashMap<>(32, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CompletableFuture<TraceDetail>> e) {
            return size() > 64;
        }
    };
    /** Traces whose machine labels were revealed after a blind decision (FX thread). */
    private final Set<String> revealed = new HashSet<>();

    public TraceViewModel(Session session, TraceTableViewModel queue) {
        this.session = session;
        this.queue = queue;
        session.addListener(this);
        queue.onShowCurrent(this::showCurrent);
    }

    @Override
    public void opened() {
        revealed.clear();
        forget();
    }

    @Override
    public void contentChanged() {
        forget();
    }

    private void forget() {
        synchronized (details) {
            details.clear();
        }
    }

    // ------------------------------------------------------------------------------------ properties

    public ReadOnlyObjectProperty<TraceDetail> detailProperty() {
        return detail.getReadOnlyProperty();
    }

    public BooleanProperty blindProperty() {
        return session.state().blindProperty();
    }

    public StringProperty annotatorProperty() {
        return session.annotatorProperty();
    }

    /** Non-empty at the end of the queue (shown under the trace). */
    public ReadOnlyStringProperty queueEndProperty() {
        return queue.queueEndProperty();
    }

    public ReadOnlyIntegerProperty skippedCountProperty() {
        return queue.skippedCountProperty();
    }

    public boolean reviewSkipped() {
        return queue.reviewSkipped();
    }

    /** Called by the trace view once it shows a trace: records the key-to-shown time. */
    public void shown() {
        session.keys().shown();
    }

    // ------------------------------------------------------------------------------------ showing

    private void showCurrent() {
        int i = queue.currentProperty().get();
        String id = queue.idAt(i);
        if (id == null) {
            detail.set(null);
            return;
        }
        queue.prefetch(i + 1);
        CompletableFuture<TraceDetail> f = detailFuture(id);
        TraceDetail ready = f.getNow(null);
        if (ready != null) {
            detail.set(withCurrentRow(ready, i));
        } else {
            f.whenComplete((d, err) -> session.onFx(() -> {
                if (err != null) {
                    session.setStatus("Cannot read the trace: " + err.getMessage());
                    synchronized (details) {
                        details.remove(id);
                    }
                } else if (id.equals(queue.idAt(queue.currentProperty().get()))) {
                    detail.set(withCurrentRow(d, queue.currentProperty().get()));
                }
            }));
        }
        // pre-load the neighbours so J/K and decisions show them at once
        for (int k : new int[] {i + 1, i + 2, i - 1}) {
            String n = queue.idAt(k);
            if (n != null) {
                detailFuture(n);
            }
        }
    }

    private TraceDetail withCurrentRow(TraceDetail d, int index) {
        TraceTable.Row r = queue.loadedRow(index);
        return r != null && r.traceId().equals(d.traceId()) ? d.withRow(r) : d;
    }

    /** FX thread: shows the current trace again (its row or blind state changed). */
    public void showFresh() {
        TraceDetail d = detail.get();
        if (d != null) {
            detail.set(null);
            detail.set(withCurrentRow(d, queue.currentProperty().get()));
        }
    }

    /** Runs {@code r} (FX thread) once the trace view's detail is trace {@code id} (at once if it is). */
    public void whenShown(String id, Runnable r) {
        TraceDetail d = detail.get();
        if (id == null || (d != null && d.traceId().equals(id))) {
            r.run();
            return;
        }
        detail.addListener(new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends TraceDetail> o, TraceDetail a, TraceDetail b) {
                if (b != null && b.traceId().equals(id)) {
                    detail.removeListener(this);
                    r.run();
                }
            }
        });
    }

    // ------------------------------------------------------------------------------------ reading

    /** The trace's detail: cached, or read on the detail thread. */
    public CompletableFuture<TraceDetail> detailFuture(String traceId) {
        synchronized (details) {
            CompletableFuture<TraceDetail> f = details.get(traceId);
            if (f != null && !f.isCompletedExceptionally()) {
                return f;
            }
            Project p = session.project();
            TraceTable t = session.state().table();
            CompletableFuture<TraceDetail> nf = CompletableFuture.supplyAsync(
                    () -> readDetail(p, t, traceId), session.tasks().detailExecutor());
            details.put(traceId, nf);
            return nf;
        }
    }

    /** One run of a task, for the comparison's choice: trace id, model, run. */
    public record Run(String traceId, String model, String run) {
        @Override
        public String toString() {
            return model + (run == null || run.isBlank() ? "" : " · " + run);
        }
    }

    /** The other runs of the task of {@code d} (other models, other runs), read on the detail thread. */
    public CompletableFuture<java.util.List<Run>> otherRuns(TraceDetail d) {
        Project p = session.project();
        String taskId = d.task().id();
        String self = d.traceId();
        return CompletableFuture.supplyAsync(
                () -> new org.tracejudge.store.ProjectQueries(p)
                        .runsOfTask(taskId).stream()
                                .filter(r -> !r[0].equals(self))
                                .map(r -> new Run(r[0], r[1], r[2]))
                                .toList(),
                session.tasks().detailExecutor());
    }

    /** Any thread: replaces the cached detail of a trace whose row changed (a decision). */
    public void updateCached(String traceId, java.util.function.UnaryOperator<TraceTable.Row> change) {
        synchronized (details) {
            CompletableFuture<TraceDetail> f = details.get(traceId);
            TraceDetail old = f == null ? null : f.getNow(null);
            if (old != null && old.row() != null) {
                details.put(traceId, CompletableFuture.completedFuture(old.withRow(change.apply(old.row()))));
            }
        }
    }

    /**
     * Project thread, after a decision was committed: reads the trace again (its history) and shows it when it is
     * still the one on screen.
     */
    public void reread(Project p, TraceTable t, String traceId) {
        TraceDetail fresh = readDetail(p, t, traceId);
        synchronized (details) {
            details.put(traceId, CompletableFuture.completedFuture(fresh));
        }
        session.onFx(() -> {
            TraceDetail shown = detail.get();
            if (shown != null && shown.traceId().equals(traceId)) {
                detail.set(withCurrentRow(fresh, queue.currentProperty().get()));
            }
        });
    }

    private TraceDetail readDetail(Project p, TraceTable t, String traceId) {
        ProjectQueries q = new ProjectQueries(p);
        Trace trace = q.trace(traceId);
        Task task = q.task(trace.taskId());
        List<ProjectQueries.LabelDetail> labels = q.labels(traceId);
        List<TraceTable.Row> rs = t.rows(List.of(traceId));
        TraceTable.Row row = rs.isEmpty() ? null : rs.get(0);
        LabelSet ls = session.state().labelSets().get(task.labelSet());
        if (ls == null) {
            ls = LabelSets.forType(task.type());
        }
        if (task.type() == TaskType.CALL_LEVEL) {
            CallVerdict calls = CallRule.judge(task, trace);
            return new TraceDetail(
                    row,
                    task,
                    trace,
                    labels,
                    q.adjudications(traceId),
                    null,
                    "call-level rule, computed now",
                    "",
                    ls.labels(),
                    calls);
        }
        RuleVerdict verdict = null;
        String source = null;
        for (ProjectQueries.LabelDetail l : labels) {
            if (l.kind() == RaterKind.RULE && l.evidence() != null && "set".equals(l.action())) {
                try {
                    JsonNode ev = Json.read(l.evidence());
                    // the stored text is {"check": ..., <the Evidence's fields>} (EvidenceJson.write): "check" is no
                    // field of Evidence, so unknown fields are skipped, or every stored label fell back to "computed
                    // now"
                    Evidence e = Json.MAPPER
                            .readerFor(Evidence.class)
                            .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                            .treeToValue(ev, Evidence.class);
                    String check = ev.path("check").asText(l.rationale());
                    verdict = new RuleVerdict(l.value(), check, e);
                    source = "stored label of " + l.raterName();
                    break;
                } catch (Exception ignored) {
                    // older or foreign evidence: compute it below
                }
            }
        }
        // a run that recorded an error is not classified (classify gives it no label): computing one here showed
        // "tool_skip" beside the rule's own "not classified" (issue 48)
        boolean failedRun = trace.extra() != null && trace.extra().hasNonNull("error");
        if (verdict == null && failedRun) {
            source = "not classified: the run recorded an error instead of finishing";
        } else if (verdict == null) {
            try {
                verdict = rule.classify(task, trace);
                source = "rule (tolerant), computed now";
            } catch (RuntimeException e) {
                verdict = null;
            }
        }
        String pretty = task.toolReturn() == null ? "" : RuleClassifier.prettyReturn(task);
        return new TraceDetail(
                row, task, trace, labels, q.adjudications(traceId), verdict, source, pretty, ls.labels(), null);
    }

    // ------------------------------------------------------------------------------------ what the view shows

    /** The label Enter accepts: the final label, else the rule's, else none. */
    public String proposed(TraceDetail d) {
        if (d == null) {
            return null;
        }
        TraceTable.Row r = d.row();
        TraceTable.Layout l = session.state().layoutProperty().get();
        if (r != null) {
            String fin = r.get("final");
            if (fin != null) {
                return fin;
            }
            if (l != null && l.ruleRater() != null && r.get(l.ruleRater()) != null) {
                return r.get(l.ruleRater());
            }
        }
        if (d.calls() != null) {
            return d.calls().label();
        }
        return d.rule() == null ? null : d.rule().label();
    }

    /** Whether machine labels of this trace are hidden (blind mode, not decided by me yet). */
    /** A safety item is decided per tool in the safety review, not with the decision keys (see Session#safetyItem). */
    public boolean safetyItem(TraceDetail d) {
        return session.state().safetyItem(d.task());
    }

    public boolean hidden(TraceDetail d) {
        if (!session.state().blindProperty().get() || d == null) {
            return false;
        }
        if (revealed.contains(d.traceId())) {
            return false;
        }
        String me = session.annotatorProperty().get();
        return d.row() == null || me == null || d.row().get("human:" + me) == null;
    }

    /** FX thread: after a blind decision the machine labels of the trace are shown. */
    public void reveal(String traceId) {
        revealed.add(traceId);
    }

    /** FX thread: an undone decision hides them again. */
    public void unreveal(String traceId) {
        revealed.remove(traceId);
    }

    public boolean revealed(String traceId) {
        return revealed.contains(traceId);
    }

    /** The definition of a label of the trace's label set, for the legend beside the decision keys ("" if none). */
    public String definition(String label) {
        return LabelSets.definition(label);
    }
}
