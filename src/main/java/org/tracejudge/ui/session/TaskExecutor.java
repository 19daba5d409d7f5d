package org.tracejudge.ui.session;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Function;
import org.tracejudge.store.Project;

/**
 * The workbench's threads: project reads and writes on "project-worker" (one thread, in submission order), trace
 * details on "trace-detail", the agreement on "agreement", and the FX thread ({@code Platform::runLater}, or the
 * thread a view-model test gives) where results are published. It also holds the opening project's first-rows gate:
 * work that the first screen does not need waits for it ({@link #afterFirstRows}).
 *
 * <p>Nothing here touches a project's SQL itself; it only orders the work the session and the view models hand it.
 */
public final class TaskExecutor {
    /** How long work after the first rows (and a project's full integrity check) waits at most for them. */
    static final long FIRST_ROWS_BEFORE_CHECK_SECONDS = 5;

    private final ExecutorService worker = daemon("project-worker");
    private final ExecutorService detailWorker = daemon("trace-detail");
    private final ExecutorService agreementWorker = daemon("agreement");
    /** The FX thread (Platform::runLater), or the thread a test gives. */
    private final java.util.concurrent.Executor fx;
    /** FX thread: where a task's failure is said (the status line). */
    private final Consumer<String> status;

    /**
     * Counted down when the opening project's first rows are shown (or opening failed): its full integrity check waits
     * for it, so that on two cores the check does not slow the first rows (at 1,000,000 traces it reads 5 GB).
     */
    private volatile java.util.concurrent.CountDownLatch firstRowsShown = new java.util.concurrent.CountDownLatch(1);

    /**
     * Threads whose results reach {@code fx}; a task that fails on the project thread is said through {@code status}
     * (run on {@code fx}).
     */
    public TaskExecutor(java.util.concurrent.Executor fx, Consumer<String> status) {
        this.fx = fx;
        this.status = status;
    }

    private static ExecutorService daemon(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Runs {@code r} on the project thread, after everything submitted before it. An exception it throws is not lost:
     * the status line says it and stderr has its trace (the next task runs as usual).
     */
    public void submit(Runnable r) {
        onWorker(r);
    }

    /**
     * Runs {@code r} on the project thread once the opened project's first rows are shown (at once when they are, and
     * after {@value #FIRST_ROWS_BEFORE_CHECK_SECONDS} seconds at most): for reads the first screen does not need, so
     * they do not compete with it for the project and the cores (issue 49: a scheme's answers for the table's
     * columns).
     */
    public void afterFirstRows(Runnable r) {
        java.util.concurrent.CountDownLatch shown = firstRowsShown;
        if (shown.getCount() == 0) {
            onWorker(r);
            return;
        }
        Thread t = new Thread(
                () -> {
                    try {
                        shown.await(FIRST_ROWS_BEFORE_CHECK_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                    try {
                        onWorker(r);
                    } catch (java.util.concurrent.RejectedExecutionException gone) {
                        // the window closed meanwhile: nothing to read for
                    }
                },
                "after-first-rows");
        t.setDaemon(true);
        t.start();
    }

    /**
     * FX thread: another project is being opened. Work still waiting for the first rows of the project being left
     * goes on, and a new gate waits for the new project's.
     */
    void newOpening() {
        firstRowsShown.countDown(); // a check still waiting for the project being left goes on
        firstRowsShown = new java.util.concurrent.CountDownLatch(1);
    }

    /** FX thread: the opening project's first rows are shown (or opening failed); work waiting for them goes on. */
    void firstRowsShown() {
        firstRowsShown.countDown();
    }

    /**
     * Runs {@code r} on a thread of its own ({@code name}) at the lowest priority, once the current opening's first
     * rows are shown (after {@value #FIRST_ROWS_BEFORE_CHECK_SECONDS} seconds at most): for long work beside the project
     * thread, such as a project's full integrity check, that on two cores would otherwise slow the first rows.
     */
    void lowPriorityAfterFirstRows(String name, Runnable r) {
        java.util.concurrent.CountDownLatch shown = firstRowsShown;
        Thread t = new Thread(
                () -> {
                    try {
                        shown.await(FIRST_ROWS_BEFORE_CHECK_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                    r.run();
                },
                name);
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /** {@code worker.execute} with what {@link #submit} promises for an exception. */
    void onWorker(Runnable r) {
        worker.execute(() -> {
            try {
                r.run();
            } catch (RuntimeException e) {
                e.printStackTrace();
                String what = e.getMessage() == null ? e.toString() : e.getMessage();
                try {
                    fx.execute(() -> status.accept("Something failed in the background: " + what));
                } catch (java.util.concurrent.RejectedExecutionException gone) {
                    // the window (or a test's stand-in for the FX thread) is gone: stderr has the trace
                }
            }
        });
    }

    /** The thread trace details are read on. */
    public ExecutorService detailExecutor() {
        return detailWorker;
    }

    /** The thread the agreement is read on. */
    public ExecutorService agreementExecutor() {
        return agreementWorker;
    }

    /** Runs {@code r} on the FX thread (for the view models: their results are published there). */
    public void onFx(Runnable r) {
        fx.execute(r);
    }

    /**
     * Runs {@code work} on project {@code p} on the project thread (never the FX thread) and hands its result, or the
     * error's message, to the FX thread. With no project ({@code p} null) the error says so at once.
     */
    public <T> void query(Project p, Function<Project, T> work, Consumer<T> onFx, Consumer<String> onError) {
        if (p == null) {
            onError.accept("No project is open.");
            return;
        }
        onWorker(() -> {
            try {
                T result = work.apply(p);
                fx.execute(() -> onFx.accept(result));
            } catch (RuntimeException e) {
                fx.execute(() -> onError.accept(e.getMessage() == null ? e.toString() : e.getMessage()));
            }
        });
    }

    /** Runs {@code r} on the FX thread after every task queued so far on the project thread (tests, bench). */
    public void afterPendingWork(Runnable r) {
        onWorker(() -> fx.execute(r));
    }

    /**
     * Runs {@code last} as the project thread's last task, then lets the threads end (tasks queued before it still
     * run; none is accepted after).
     */
    void shutdown(Runnable last) {
        onWorker(last);
        worker.shutdown();
        detailWorker.shutdown();
        agreementWorker.shutdown();
    }
}
