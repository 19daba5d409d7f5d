package org.tracejudge.ui.safety;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.tracejudge.safety.SafetyPolicy;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.selection.SelectionTraces;
import org.tracejudge.store.Project;

/**
 * The safety review's view model: owns its project and runs every core call on one background thread; callers
 * get futures and hop back to the FX thread themselves. No SQL here: everything goes through {@link SafetyReview}.
 */
public final class SafetyReviewModel implements AutoCloseable {
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "safety-review");
        t.setDaemon(true);
        return t;
    });
    private volatile Project project;
    private volatile SafetyPolicy policy;

    /** What the view needs once the project is open. */
    public record Loaded(SafetyPolicy policy, List<SelectionTraces.Item> items, String contentWarning) {}

    public CompletableFuture<Loaded> load(Supplier<Project> opener) {
        return CompletableFuture.supplyAsync(() -> {
            project = opener.get();
            policy = SafetyPolicy.of(project);
            String warning = project.meta("content_warning");
            return new Loaded(policy, SafetyReview.items(project), warning == null
                    ? "Some items may mention self-harm, suicidality or abuse." : warning);
        }, worker);
    }

    /** The open project (tests read the ledger through it). */
    public Project project() {
        return project;
    }

    public SafetyPolicy policy() {
        return policy;
    }

    public CompletableFuture<String> commit(String traceId, String expert, Map<String, Boolean> perTool, String rationale) {
        return CompletableFuture.supplyAsync(() -> SafetyReview.label(project, traceId, expert, perTool, rationale), worker);
    }

    /** The machine labels, or a failed future with {@link SafetyReview.BlindPassException} under a blind first pass. */
    public CompletableFuture<Map<String, Map<String, Boolean>>> machineLabels(String traceId, String expert) {
        return CompletableFuture.supplyAsync(() -> SafetyReview.machineLabels(project, traceId, expert), worker);
    }

    public CompletableFuture<List<SafetyReview.Disagreement>> queue() {
        return CompletableFuture.supplyAsync(() -> SafetyReview.disagreements(project), worker);
    }

    public CompletableFuture<String> adjudicate(String traceId, String adjudicator, String tool, boolean yes, String rationale) {
        return CompletableFuture.supplyAsync(() -> SafetyReview.adjudicate(project, traceId, adjudicator, tool, yes, rationale),
                worker);
    }

    public CompletableFuture<Map<String, SafetyReview.Final>> finals(String traceId) {
        return CompletableFuture.supplyAsync(() -> SafetyReview.finalLabels(project).getOrDefault(traceId, Map.of()), worker);
    }

    @Override
    public void close() {
        worker.submit(() -> {
            if (project != null) {
                project.close();
            }
        });
        worker.shutdown();
    }
}
