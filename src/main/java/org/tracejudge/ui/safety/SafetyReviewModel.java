package org.tracejudge.ui.safety;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.tracejudge.safety.Expert;
import org.tracejudge.safety.SafetyPolicy;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.store.Project;

/**
 * The safety review's view model: owns its project and runs every core call on one background thread; callers
 * get futures and hop back to the FX thread themselves. No SQL here: everything goes through {@link SafetyReview}.
 * The expert is an identity handed in by the window (the workbench annotator), never typed into the review form.
 */
public final class SafetyReviewModel implements AutoCloseable {
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "safety-review");
        t.setDaemon(true);
        return t;
    });
    private volatile Project project;
    private volatile SafetyPolicy policy;
    private volatile List<SafetyReview.Input> inputs;
    private volatile Runnable onWritten = () -> {};

    /** What the view needs once the project is open. */
    public record Loaded(SafetyPolicy policy, List<SafetyReview.Input> inputs, String contentWarning) {}

    /**
     * Runs on the review's thread after each decision, skip or adjudication is committed (the workbench re-reads its
     * table and sends a team project's new entries to the hub).
     */
    public void setOnWritten(Runnable r) {
        onWritten = r == null ? () -> {} : r;
    }

    private <T> T written(T result) {
        onWritten.run();
        return result;
    }

    public CompletableFuture<Loaded> load(Supplier<Project> opener) {
        return CompletableFuture.supplyAsync(
                () -> {
                    project = opener.get();
                    policy = SafetyPolicy.of(project);
                    String warning = project.meta("content_warning");
                    inputs = SafetyReview.inputs(project);
                    return new Loaded(
                            policy,
                            inputs,
                            warning == null ? "Some items may mention self-harm, suicidality or abuse." : warning);
                },
                worker);
    }

    /** The open project (tests read the ledger through it). */
    public Project project() {
        return project;
    }

    public SafetyPolicy policy() {
        return policy;
    }

    /** Where every input stands for this expert (null: nobody), by input key. */
    public CompletableFuture<Map<String, SafetyReview.InputState>> states(Expert expert) {
        return CompletableFuture.supplyAsync(
                () -> SafetyReview.states(project, expert == null ? null : expert.name(), inputs), worker);
    }

    /** What this expert committed on the input of the trace, or null. */
    public CompletableFuture<SafetyReview.Committed> committed(String traceId, Expert expert) {
        return CompletableFuture.supplyAsync(() -> SafetyReview.committed(project, traceId, expert.name()), worker);
    }

    public CompletableFuture<List<String>> commit(
            String traceId, Expert expert, Map<String, Boolean> perTool, String rationale) {
        return CompletableFuture.supplyAsync(
                () -> written(SafetyReview.label(project, traceId, expert, perTool, rationale)), worker);
    }

    /**
     * A skip of these runs (one input) by {@code expert}: on a team project it is recorded for the lead's progress view
     * (org.tracejudge.team.LocalTeam#recordSkip), elsewhere nothing is written.
     */
    public CompletableFuture<Void> skip(List<String> traceIds, Expert expert) {
        return CompletableFuture.runAsync(
                () -> written(project.write(c -> {
                    for (String t : traceIds) {
                        org.tracejudge.team.LocalTeam.recordSkip(c, t, expert.name());
                    }
                    return null;
                })),
                worker);
    }

    /** The reveal, or a failed future with {@link SafetyReview.BlindPassException} under a blind first pass. */
    public CompletableFuture<SafetyReview.Reveal> reveal(String traceId, Expert expert) {
        return CompletableFuture.supplyAsync(() -> SafetyReview.reveal(project, traceId, expert.name()), worker);
    }

    public CompletableFuture<List<SafetyReview.Disagreement>> queue() {
        return CompletableFuture.supplyAsync(() -> SafetyReview.disagreements(project), worker);
    }

    /** Every expert's current decision on the input of a trace, by tool (for the adjudicator). */
    public CompletableFuture<Map<String, List<SafetyReview.Opinion>>> expertOpinions(String traceId) {
        return CompletableFuture.supplyAsync(() -> SafetyReview.opinions(project, traceId), worker);
    }

    public CompletableFuture<List<String>> adjudicate(
            String traceId, Expert adjudicator, Map<String, Boolean> decisions, String rationale) {
        return CompletableFuture.supplyAsync(
                () -> written(SafetyReview.adjudicate(project, traceId, adjudicator.name(), decisions, rationale)),
                worker);
    }

    @Override
    public void close() {
        worker.execute(() -> {
            if (project != null) {
                project.close();
            }
        });
        worker.shutdown();
    }
}
