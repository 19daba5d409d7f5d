package org.tracejudge.ui.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.PlainWorkbench;

/** The review queue without a window (issue 37): next, previous, skip and the skipped pass, a filter's queue. */
class TraceTableViewModelTest {
    @TempDir
    Path dir;

    @Test
    void theQueueMovesSkipsAndComesBackToWhatWasSkipped() throws Exception {
        try (PlainWorkbench w = PlainWorkbench.sample(dir, "tester")) {
            TraceTableViewModel q = w.vm().table();
            assertEquals(0, w.call(() -> q.currentProperty().get()));
            assertEquals(0, w.call(() -> q.doneProperty().get()), "nothing decided by tester yet");
            String first = w.call(() -> q.idAt(0));
            w.run(q::next);
            w.run(q::next);
            w.run(q::previous);
            assertEquals(1, w.call(() -> q.currentProperty().get()));
            w.run(q::skip);
            assertEquals(2, w.call(() -> q.currentProperty().get()), "a skip moves on");
            assertEquals(1, w.call(() -> q.skippedCountProperty().get()));
            w.run(() -> q.currentProperty().set(59));
            w.run(q::next);
            w.waitFor(
                    "the end of the queue said",
                    () -> !q.queueEndProperty().get().isEmpty());
            assertTrue(w.call(() -> q.queueEndProperty().get()).contains("skipped"), w.call(() -> q.queueEndProperty()
                    .get()));
            assertTrue(w.call(q::reviewSkipped));
            assertEquals(1, w.call(() -> q.currentProperty().get()), "back on the skipped trace");
            assertEquals(first, w.call(() -> q.idAt(0)), "the queue's order stays");

            // a filter makes a new queue: search for text only some traces hold
            w.run(() -> q.setFilter(TraceTable.Filter.NONE.withSearch("kWh")));
            w.waitFor(
                    "the filtered queue",
                    () -> !w.vm().session().loadingProperty().get()
                            && q.totalProperty().get() > 0
                            && q.totalProperty().get() < 60);
            assertFalse(w.call(() -> q.idAt(0)) == null);
        }
    }

    /** The queue as the view model holds it once every step of a re-read has arrived: its ids, in order. */
    private static List<String> queue(PlainWorkbench w, TraceTableViewModel q) throws Exception {
        return w.call(() -> {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < q.totalProperty().get(); i++) {
                out.add(q.idAt(i));
            }
            return out;
        });
    }

    @Test
    void aFilterShowsItsFirstRowsThenItsWholeQueueAndTheLastFilterAskedWins() throws Exception {
        try (PlainWorkbench w = PlainWorkbench.sample(dir, "tester")) {
            TraceTableViewModel q = w.vm().table();
            TraceTable t = w.call(() -> w.vm().session().state().table());
            // issue 51: the count and the first page come first, the id list after; a search counts with its list
            TraceTable.Filter search = TraceTable.Filter.NONE.withSearch("kWh");
            List<String> found = w.query(p -> t.ids(search, TraceTable.Sort.DEFAULT));
            assertTrue(!found.isEmpty() && found.size() < 60, "some traces hold the word: " + found.size());
            w.run(() -> q.setFilter(search));
            w.waitFor(
                    "the search's whole queue",
                    () -> !w.vm().session().loadingProperty().get()
                            && w.vm().session()
                                    .statusProperty()
                                    .get()
                                    .startsWith(TraceTableViewModel.traces(found.size())));
            assertEquals(found, queue(w, q), "the queue is the search's traces, in the table's order");
            assertEquals(found.size(), w.call(() -> q.rowsProperty().get().size()), "as many rows");
            assertEquals(0, w.call(() -> q.currentProperty().get()), "the top of the new queue");
            assertFalse(w.call(() -> q.countingProperty().get()), "the search's count is known");

            // three filter changes back to back: the project thread reads only what the last one needs
            TraceTable.Filter pending = TraceTable.Filter.NONE.withShow(TraceTable.Show.PENDING);
            TraceTable.Sort byFinal = new TraceTable.Sort("final", true);
            List<String> want = w.query(p -> t.ids(pending, byFinal));
            w.run(() -> {
                q.setFilter(TraceTable.Filter.NONE.withShow(TraceTable.Show.DISAGREE));
                q.setFilter(TraceTable.Filter.NONE.withSearch("the"));
                q.setFilter(pending);
                q.setSort(byFinal);
            });
            w.waitFor(
                    "the last filter's queue",
                    () -> !w.vm().session().loadingProperty().get()
                            && q.totalProperty().get() == want.size()
                            && w.vm().session().filterProperty().get().equals(pending));
            w.query(p -> 0); // every read queued so far has run
            assertEquals(want, queue(w, q), "the pending traces sorted by final label, as the table reads them");
            assertTrue(
                    w.call(() -> w.vm().session().statusProperty().get())
                            .startsWith(TraceTableViewModel.traces(want.size())),
                    w.call(() -> w.vm().session().statusProperty().get()));
        }
    }
}
