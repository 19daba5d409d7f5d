package org.tracejudge.ui.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.store.Project;

/** The workbench's threads without a window: one thread of the test's own plays the FX thread. */
class TaskExecutorTest {
    @TempDir
    Path dir;

    private final ExecutorService fx = Executors.newSingleThreadExecutor(r -> new Thread(r, "plain-fx"));
    private final List<String> said = new CopyOnWriteArrayList<>();
    private final TaskExecutor tasks = new TaskExecutor(fx, said::add);

    @AfterEach
    void stop() {
        if (!tasks.detailExecutor().isShutdown()) {
            tasks.shutdown(() -> {});
        }
        fx.shutdown();
    }

    /** Waits until the FX thread has run everything queued on the project thread so far. */
    private void drain() throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        tasks.afterPendingWork(done::countDown);
        assertTrue(done.await(10, TimeUnit.SECONDS), "the project thread drained");
    }

    @Test
    void tasksRunOnTheProjectThreadInOrderAndAFailureIsSaidOnTheFxThread() throws Exception {
        List<String> ran = new CopyOnWriteArrayList<>();
        List<String> threads = new CopyOnWriteArrayList<>();
        tasks.submit(() -> ran.add("first"));
        tasks.submit(() -> {
            throw new IllegalStateException("the disk went away");
        });
        tasks.submit(() -> {
            ran.add("third");
            threads.add(Thread.currentThread().getName());
        });
        drain();
        assertEquals(List.of("first", "third"), ran);
        assertEquals(List.of("project-worker"), threads);
        assertEquals(List.of("Something failed in the background: the disk went away"), said);
    }

    @Test
    void workAfterTheFirstRowsWaitsForThemAndRunsAtOnceOnceTheyAreShown() throws Exception {
        CountDownLatch ran = new CountDownLatch(1);
        tasks.newOpening();
        tasks.afterFirstRows(ran::countDown);
        assertFalse(ran.await(300, TimeUnit.MILLISECONDS), "ran before the first rows were shown");
        tasks.firstRowsShown();
        assertTrue(ran.await(10, TimeUnit.SECONDS), "ran once the first rows were shown");

        CountDownLatch later = new CountDownLatch(1);
        tasks.afterFirstRows(later::countDown);
        assertTrue(later.await(10, TimeUnit.SECONDS), "ran at once: the rows were shown already");
    }

    @Test
    void openingAnotherProjectReleasesWorkWaitingForTheLastOnesFirstRows() throws Exception {
        tasks.newOpening();
        CountDownLatch ran = new CountDownLatch(1);
        List<String> check = new CopyOnWriteArrayList<>();
        tasks.afterFirstRows(ran::countDown);
        tasks.lowPriorityAfterFirstRows(
                "integrity-check",
                () -> check.add(Thread.currentThread().getName() + " "
                        + Thread.currentThread().getPriority()));
        tasks.newOpening();
        assertTrue(ran.await(10, TimeUnit.SECONDS), "the last project's waiting work went on");
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (check.isEmpty() && System.nanoTime() < end) {
            Thread.sleep(10);
        }
        assertEquals(List.of("integrity-check " + Thread.MIN_PRIORITY), check);

        CountDownLatch next = new CountDownLatch(1);
        tasks.lowPriorityAfterFirstRows("integrity-check", next::countDown);
        assertFalse(next.await(300, TimeUnit.MILLISECONDS), "the new opening waits for its own first rows");
        tasks.firstRowsShown();
        assertTrue(next.await(10, TimeUnit.SECONDS));
    }

    @Test
    void aQueryHandsItsResultOrItsErrorToTheFxThread() throws Exception {
        CompletableFuture<String> none = new CompletableFuture<>();
        tasks.query(null, Project::name, r -> none.complete("result " + r), none::complete);
        assertEquals("No project is open.", none.get(10, TimeUnit.SECONDS));

        try (Project p = Project.open(dir.resolve("q.tjdb"), Project.OpenOptions.createIfMissing(null))) {
            CompletableFuture<String> thread = new CompletableFuture<>();
            tasks.query(
                    p,
                    q -> Thread.currentThread().getName(),
                    r -> thread.complete(r + " then " + Thread.currentThread().getName()),
                    thread::complete);
            assertEquals("project-worker then plain-fx", thread.get(10, TimeUnit.SECONDS));

            CompletableFuture<String> error = new CompletableFuture<>();
            tasks.query(
                    p,
                    q -> {
                        throw new IllegalArgumentException("no such column");
                    },
                    r -> error.complete("result"),
                    error::complete);
            assertEquals("no such column", error.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void shutdownRunsTheLastTaskThenRefusesMore() throws Exception {
        CountDownLatch last = new CountDownLatch(1);
        tasks.shutdown(last::countDown);
        assertTrue(last.await(10, TimeUnit.SECONDS));
        assertThrows(RejectedExecutionException.class, () -> tasks.submit(() -> {}));
        assertTrue(tasks.detailExecutor().isShutdown());
        assertTrue(tasks.agreementExecutor().isShutdown());
    }
}
