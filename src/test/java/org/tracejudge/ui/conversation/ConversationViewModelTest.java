package org.tracejudge.ui.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.calls.CallRule;
import org.tracejudge.calls.CallVerdict;
import org.tracejudge.importer.Importer;
import org.tracejudge.model.Task;
import org.tracejudge.model.Trace;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.testdata.MultiTurnGenerator;

/**
 * The conversation view's state without a window (issue 37): a header row per session then its turns, folding a
 * session hides its turns, reaching a turn unfolds its session, and E / Shift+E walk the marked turns, wrapping.
 */
class ConversationViewModelTest {
    @TempDir
    Path dir;

    @Test
    void sessionsFoldMarksAreWalkedAndReachingATurnUnfoldsIt() throws Exception {
        Path gen = dir.resolve("long.jsonl");
        MultiTurnGenerator.write(gen, 1, 16, 5, 7);
        Trace trace;
        Task task;
        try (Project p = Project.open(dir.resolve("calls.tjdb"), Project.OpenOptions.createIfMissing("calls"))) {
            new Importer(p, null).importFiles(List.of(gen), null, null);
            String id = TestData.scalar(p, "SELECT id FROM trace LIMIT 1");
            ProjectQueries q = new ProjectQueries(p);
            trace = q.trace(id);
            task = q.task(trace.taskId());
        }
        CallVerdict v = CallRule.judge(task, trace);
        ConversationViewModel m = new ConversationViewModel();
        m.show(trace, v);
        int sessions = m.conversation().sessions().size();
        assertEquals(16, sessions);
        assertEquals(trace.turns().size() + sessions, m.rows().size(), "a header per session, then every turn");
        assertTrue(
                m.summaryProperty().get().startsWith(trace.turns().size() + " turns · 16 sessions · rule: "),
                m.summaryProperty().get());

        // fold the session of the last turn: its turns leave the list, its header stays
        int last = trace.turns().size() - 1;
        int s = m.conversation().sessionOf(last);
        m.toggleSession(s);
        assertTrue(m.folded(s));
        assertTrue(m.rows().stream().noneMatch(r -> r.turn() == last));
        assertTrue(m.rows().stream().anyMatch(r -> r.session() == s && r.header()));
        int at = m.reach(last);
        assertFalse(m.folded(s), "reaching a turn unfolds its session");
        assertEquals(last, m.rows().get(at).turn());
        assertEquals(last, m.focusedTurnProperty().get());
        assertEquals(-1, m.reach(trace.turns().size()), "no such turn");

        // the marked turns, forward with wrap-around, and back
        List<Integer> marked = m.markedTurns();
        assertFalse(marked.isEmpty(), "the judged call at least");
        for (int i = 0; i < marked.size(); i++) {
            assertEquals(marked.get(i), m.nextMark(true));
        }
        assertEquals(marked.get(0), m.nextMark(true), "wraps round");
        assertEquals(marked.get(marked.size() - 1), m.nextMark(false));
        assertTrue(m.mark(marked.get(0)) != null);

        // another trace starts afresh
        m.show(trace, null);
        assertTrue(m.markedTurns().isEmpty());
        assertEquals(-1, m.nextMark(true));
        assertEquals(-1, m.focusedTurnProperty().get());
    }
}
