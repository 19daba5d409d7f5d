package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The second thread of the OTLP JSON Lines reader: tasks run in the order handed over, off the parser's thread, more
 * of them than the queue or the byte budget holds; the failure reported is the one a one-thread read would have met
 * first.
 */
class TraceAssemblyTest {
    @Test
    void tasksRunInOrderOnTheSecondThread() {
        List<Integer> done = Collections.synchronizedList(new ArrayList<>());
        List<String> threads = Collections.synchronizedList(new ArrayList<>());
        int n = TraceAssembly.QUEUE * 5; // more than the queue holds: the parser waits, nothing is lost
        try (TraceAssembly a = TraceAssembly.start()) {
            for (int i = 0; i < n; i++) {
                int k = i;
                a.run(
                        () -> {
                            done.add(k);
                            threads.add(Thread.currentThread().getName());
                        },
                        100);
            }
            a.finish();
        }
        assertEquals(n, done.size());
        for (int i = 0; i < n; i++) {
            assertEquals(i, done.get(i));
        }
        assertEquals("import-assembler", threads.get(0));
        assertNotEquals(Thread.currentThread().getName(), threads.get(n - 1));
    }

    @Test
    void aTaskLargerThanTheBudgetRunsAloneAndNothingIsLost() {
        List<Integer> done = Collections.synchronizedList(new ArrayList<>());
        try (TraceAssembly a = TraceAssembly.start()) {
            for (int i = 0; i < 10; i++) {
                int k = i;
                a.run(() -> done.add(k), (long) TraceAssembly.BUDGET_KB << 11); // twice the budget each
            }
            a.finish();
        }
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), done);
    }

    @Test
    void anEarlierTracesFailureWinsOverALaterParseError() {
        ImportException early = new ImportException(java.nio.file.Path.of("a.jsonl"), 3, "/x", "trace of line 3");
        ImportException parse = new ImportException(java.nio.file.Path.of("a.jsonl"), 9, "/y", "line 9 is not JSON");
        List<Integer> done = Collections.synchronizedList(new ArrayList<>());
        try (TraceAssembly a = TraceAssembly.start()) {
            a.run(() -> done.add(1), 100);
            a.run(
                    () -> {
                        throw early;
                    },
                    100);
            RuntimeException met = parse;
            try {
                a.run(() -> done.add(3), 100); // after the failure: not run
            } catch (ImportException e) {
                met = e; // the failure may already be known here: the parser stops at once, as the reader does
            }
            assertSame(early, a.failed(met));
        }
        assertEquals(List.of(1), done);
    }

    @Test
    void withoutAnEarlierFailureTheParseErrorIsReported() {
        ImportException parse = new ImportException(java.nio.file.Path.of("a.jsonl"), 9, "/y", "line 9 is not JSON");
        List<Integer> done = Collections.synchronizedList(new ArrayList<>());
        try (TraceAssembly a = TraceAssembly.start()) {
            a.run(() -> done.add(1), 100);
            a.run(() -> done.add(2), 100);
            assertSame(parse, a.failed(parse));
        }
        assertEquals(List.of(1, 2), done); // the traces read before the error were still assembled, as inline
    }

    @Test
    void aFailureStopsTheParserAtItsNextHandOverAndAtTheEnd() throws Exception {
        IllegalStateException boom = new IllegalStateException("boom");
        CountDownLatch failed = new CountDownLatch(1);
        try (TraceAssembly a = TraceAssembly.start()) {
            a.run(
                    () -> {
                        failed.countDown();
                        throw boom;
                    },
                    100);
            assertTrue(failed.await(10, TimeUnit.SECONDS));
            // the failure is recorded just after the latch: the next hand-over or the end throws it
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
                for (int i = 0; i < 1000; i++) {
                    a.run(() -> {}, 100);
                    Thread.sleep(1);
                }
                a.finish();
            });
            assertSame(boom, e);
        }
    }

    @Test
    void aCancelDoesNotWaitForTheQueue() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        ImportCancelledException cancel = new ImportCancelledException();
        try (TraceAssembly a = TraceAssembly.start()) {
            a.run(
                    () -> {
                        try {
                            release.await(); // a writer that does not take records any more
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    },
                    100);
            long t0 = System.nanoTime();
            assertSame(cancel, a.failed(cancel));
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5));
        } // close interrupts the blocked task
        release.countDown();
    }
}
