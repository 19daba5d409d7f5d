package org.tracejudge.ui.safety;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The worker's answers to the safety review's view models: what {@link SafetyReviewModel}'s worker thread returns is
 * applied through {@code onFx} (the FX thread in the window, {@code Runnable::run} in tests), and {@link #idle()} tells
 * when every answer asked so far has been applied. {@link SafetyReviewViewModel} and {@link AdjudicationViewModel}
 * share one, so that waiting for idle waits for both.
 */
final class WorkerAnswers {
    private final Consumer<Runnable> onFx;
    private final Consumer<String> failed;

    /** Futures whose answer has not been applied yet (see {@link #idle()}). */
    private int inFlight;

    private final List<CompletableFuture<Void>> idleWaiters = new ArrayList<>();

    /**
     * @param onFx runs what comes back from the worker where the state lives
     * @param failed the status line, told of a failure {@link #after} applies nothing for
     */
    WorkerAnswers(Consumer<Runnable> onFx, Consumer<String> failed) {
        this.onFx = onFx;
        this.failed = failed;
    }

    static Throwable cause(Throwable err) {
        return err instanceof CompletionException && err.getCause() != null ? err.getCause() : err;
    }

    /**
     * Completes once every answer asked of the worker so far, and everything it set off in turn, has been applied.
     */
    synchronized CompletableFuture<Void> idle() {
        if (inFlight == 0) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> f = new CompletableFuture<>();
        idleWaiters.add(f);
        return f;
    }

    /** Applies the answer through onFx; a failure goes to the status line. */
    <T> void after(CompletableFuture<T> f, Consumer<T> then) {
        whenDone(f, (v, err) -> {
            if (err != null) {
                failed.accept("failed: " + cause(err).getMessage());
            } else {
                then.accept(v);
            }
        });
    }

    /** Applies the answer or the failure through onFx. */
    <T> void whenDone(CompletableFuture<T> f, BiConsumer<T, Throwable> then) {
        synchronized (this) {
            inFlight++;
        }
        f.whenComplete((v, err) -> onFx.accept(() -> {
            try {
                then.accept(v, err);
            } finally {
                settled();
            }
        }));
    }

    private void settled() {
        List<CompletableFuture<Void>> ready;
        synchronized (this) {
            if (--inFlight > 0) {
                return;
            }
            ready = new ArrayList<>(idleWaiters);
            idleWaiters.clear();
        }
        ready.forEach(w -> w.complete(null));
    }
}
