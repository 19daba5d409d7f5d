package org.tracejudge.importer;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Where a streaming reader has its finished traces assembled into runs: on its own thread ({@link #INLINE}), or on a
 * second thread ({@link #start}) that takes them in the order they were handed over, so that parsing the next lines
 * and assembling the traces already read use two cores while the writer has nothing to do. The queue is bounded (the
 * parser waits when {@link #QUEUE} traces are waiting), so memory stays flat. Records reach the writer in the same
 * order as inline, and the failure reported is the one the inline reader would have met first.
 */
final class TraceAssembly implements AutoCloseable {
    static final TraceAssembly INLINE = new TraceAssembly(null);
    /** Traces handed over and not yet assembled, at most. */
    static final int QUEUE = 64;

    /** The task after the last one. */
    private static final Runnable END = new End();

    private final BlockingQueue<Runnable> queue;
    private final Thread thread;
    /** The first task's failure; later tasks are dropped, not run. */
    private volatile Throwable failure;

    private TraceAssembly(String threadName) {
        if (threadName == null) {
            queue = null;
            thread = null;
            return;
        }
        queue = new ArrayBlockingQueue<>(QUEUE);
        thread = new Thread(this::loop, threadName);
        thread.setDaemon(true);
    }

    /** A second thread, started. */
    static TraceAssembly start() {
        TraceAssembly a = new TraceAssembly("import-assembler");
        a.thread.start();
        return a;
    }

    /** Runs the task here, or queues it for the second thread; throws an earlier task's failure. */
    void run(Runnable task) {
        if (thread == null) {
            task.run();
            return;
        }
        rethrow();
        put(task);
    }

    /** Waits until every task handed over ran; throws the first failure. */
    void finish() {
        if (thread == null) {
            return;
        }
        put(END);
        join();
        rethrow();
    }

    /**
     * The parser failed with {@code e}: the traces handed over before it are still assembled, as inline they were
     * before the parser got this far, and the first failure among them is the one to report; else {@code e}. A
     * cancelled import does not wait for them.
     */
    RuntimeException failed(RuntimeException e) {
        if (thread == null || e instanceof ImportCancelledException || Thread.currentThread().isInterrupted()) {
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
        if (thread != null && thread.isAlive()) {
            thread.interrupt(); // abandoned (a failure or a cancel): its writes are not wanted
        }
    }

    private static final class End implements Runnable {
        @Override
        public void run() {
            // a mark, never run
        }
    }

    private void loop() {
        try {
            while (true) {
                Runnable task = queue.take();
                if (task == END) {
                    return;
                }
                if (failure == null) {
                    try {
                        task.run();
                    } catch (Throwable t) { // handed to the parser's thread, which reports it
                        failure = t;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // abandoned by close
        }
    }

    private void put(Runnable task) {
        try {
            while (!queue.offer(task, 100, TimeUnit.MILLISECONDS)) {
                if (!thread.isAlive()) {
                    rethrow();
                    throw new IllegalStateException("the trace assembling thread ended");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            thread.interrupt();
            throw new ImportCancelledException();
        }
    }

    private void join() {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            thread.interrupt();
            throw new ImportCancelledException();
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
