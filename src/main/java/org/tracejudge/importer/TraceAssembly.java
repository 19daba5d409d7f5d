package org.tracejudge.importer;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The second thread of a streaming reader: the parser hands it work (an OTLP line's tree to turn into spans and, at a
 * trace's last line, into a run and its records) and parses on, so that parsing and assembling use two cores while
 * the writer has nothing to do. Tasks run in the order they were handed over, one at a time, so everything they
 * touch stays on this thread. Bounded by {@link #QUEUE} tasks and by {@link #BUDGET_KB} KB of input waiting (a task's
 * weight: its line's length), so memory stays flat. The failure reported is the one a reader doing both on one thread
 * would have met first.
 */
final class TraceAssembly implements AutoCloseable {
    /** Tasks waiting, at most. */
    static final int QUEUE = 64;
    /** KB of input waiting, at most (a larger task waits until the queue is empty, then runs alone). */
    static final int BUDGET_KB = 4 << 10;

    private record Task(Runnable work, int kb) {}

    /** The task after the last one. */
    private static final Task END = new Task(null, 0);

    private final BlockingQueue<Task> queue = new ArrayBlockingQueue<>(QUEUE);
    private final Semaphore budget = new Semaphore(BUDGET_KB);
    private final Thread thread;
    /** The first task's failure; later tasks are dropped, not run. */
    private volatile Throwable failure;

    private TraceAssembly() {
        thread = new Thread(this::loop, "import-assembler");
        thread.setDaemon(true);
    }

    /** A second thread, started. */
    static TraceAssembly start() {
        TraceAssembly a = new TraceAssembly();
        a.thread.start();
        return a;
    }

    /** Queues the task (of {@code bytes} of input) for the second thread; throws an earlier task's failure. */
    void run(Runnable task, long bytes) {
        rethrow();
        int kb = (int) Math.min(BUDGET_KB, Math.max(1, bytes >> 10));
        try {
            while (!budget.tryAcquire(kb, 100, TimeUnit.MILLISECONDS)) {
                alive();
            }
        } catch (InterruptedException e) {
            throw cancelled();
        }
        put(new Task(task, kb));
    }

    /** Waits until every task handed over ran; throws the first failure. */
    void finish() {
        put(END);
        join();
        rethrow();
    }

    /**
     * The parser failed with {@code e}: the tasks handed over before it still run, as on one thread they would have
     * before the parser got this far, and the first failure among them is the one to report; else {@code e}. A
     * cancelled import does not wait for them.
     */
    RuntimeException failed(RuntimeException e) {
        if (e instanceof ImportCancelledException || Thread.currentThread().isInterrupted()) {
            return e;
        }
        try {
            put(END);
            join();
        } catch (ImportCancelledException cancelled) {
            return cancelled;
        }
        Throwable earlier = failure;
        if (earlier instanceof RuntimeException r) {
            return r;
        }
        if (earlier instanceof Error err) {
            throw err;
        }
        return e;
    }

    @Override
    public void close() {
        if (thread.isAlive()) {
            thread.interrupt(); // abandoned (a failure or a cancel): its work is not wanted
        }
    }

    private void loop() {
        try {
            while (true) {
                Task task = queue.take();
                if (task == END) {
                    return;
                }
                try {
                    if (failure == null) {
                        task.work().run();
                    }
                } catch (Throwable t) { // handed to the parser's thread, which reports it
                    failure = t;
                } finally {
                    budget.release(task.kb());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // abandoned by close
        }
    }

    private void put(Task task) {
        try {
            while (!queue.offer(task, 100, TimeUnit.MILLISECONDS)) {
                alive();
            }
        } catch (InterruptedException e) {
            throw cancelled();
        }
    }

    private void alive() {
        if (!thread.isAlive()) {
            rethrow();
            throw new IllegalStateException("the assembling thread ended");
        }
    }

    private ImportCancelledException cancelled() {
        Thread.currentThread().interrupt();
        thread.interrupt();
        return new ImportCancelledException();
    }

    private void join() {
        try {
            thread.join();
        } catch (InterruptedException e) {
            throw cancelled();
        }
    }

    private void rethrow() {
        Throwable t = failure;
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error err) {
            throw err;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }
}
