package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Comments;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/**
 * Issue 36, item 8: a comment or a flag ("ask the lead") on a trace syncs with the team through a real PostgreSQL hub
 * (hub schema 5) under its author's own name and the hub's time; under the blind policy another reviewer reads it only
 * after deciding the trace, the lead's answer at once; nothing can be written in a colleague's name.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TeamCommentsTest {
    @TempDir
    static Path dir;

    TeamFixture f;
    Project lead;
    Project alice;
    Project bob;
    List<String> traces;

    @BeforeAll
    void hub() throws Exception {
        f = new TeamFixture("tj_comments");
        Path leadFile = TeamFixture.file(dir, "lead");
        SampleProject.build(leadFile);
        HubServer.roles(f.alice, f.bob);
        lead = Project.open(leadFile);
        TeamSync.init(lead, f.as(f.lead), "clinic", "Lead", true, TeamSync.QUIET); // blind
        try (Hub hub = Hub.connect(f.as(f.lead))) {
            hub.addMember("clinic", f.alice, "Alice", false);
            hub.addMember("clinic", f.bob, "Bob", false);
        }
        alice = TeamSync.join(f.as(f.alice), "clinic", TeamFixture.file(dir, "alice"), TeamSync.QUIET);
        bob = TeamSync.join(f.as(f.bob), "clinic", TeamFixture.file(dir, "bob"), TeamSync.QUIET);
        traces = lead.read(TeamSyncTest::ids);
    }

    private static List<String> comments(Project p, String trace) {
        return p.read(c -> Comments.of(c, trace).stream()
                .map(x -> x.author() + ":" + x.action().code() + ":" + x.text())
                .toList());
    }

    private static boolean flagged(Project p, String trace) {
        return p.read(c -> Comments.flagged(c, trace));
    }

    @Test
    void aFlagReachesTheLeadTheAnswerReachesEveryoneAndBlindHoldsTheRestBackUntilDecided() throws Exception {
        String t = traces.get(3);
        Comments.add(alice, t, "Alice", Comments.Action.FLAG, "the return looks cut off — ask the lead");
        TeamSync.sync(alice, TeamSync.QUIET);
        TeamSync.sync(lead, TeamSync.QUIET);
        assertEquals(List.of("Alice:flag:the return looks cut off — ask the lead"), comments(lead, t));
        assertTrue(flagged(lead, t));
        assertEquals("1", TestData.scalar(lead, "SELECT count(*) FROM (" + Comments.FLAGGED_IDS + ")"));
        // the lead answers and clears the flag
        Comments.add(lead, t, "Lead", Comments.Action.NOTE, "it is: the tool truncates at 2 kB; judge what is shown");
        Comments.add(lead, t, "Lead", Comments.Action.UNFLAG, "");
        TeamSync.sync(lead, TeamSync.QUIET);
        TeamSync.sync(alice, TeamSync.QUIET);
        TeamSync.sync(bob, TeamSync.QUIET);
        assertFalse(flagged(alice, t), "the clearing reached Alice");
        assertEquals(3, comments(alice, t).size());
        // Bob has not decided the trace: under the blind policy he reads the lead's words, not Alice's
        assertEquals(
                List.of("Lead:note:it is: the tool truncates at 2 kB; judge what is shown", "Lead:unflag:"),
                comments(bob, t));
        // once he decides, Alice's flag comes too
        bob.write(c -> Ledger.append(
                c,
                null,
                Ledger.Entry.set(
                        t,
                        Ledger.ensureRater(c, "Bob", RaterKind.HUMAN, "", null, null),
                        TeamFixture.label(c, t, 0),
                        "Bob")));
        TeamSync.sync(bob, TeamSync.QUIET);
        TeamSync.sync(bob, TeamSync.QUIET);
        assertEquals(3, comments(bob, t).size(), comments(bob, t).toString());
        assertTrue(comments(bob, t).contains("Alice:flag:the return looks cut off — ask the lead"));
    }

    private static String body(String id, String trace, String author, String action, String text) {
        return "{\"id\":\"" + id + "\",\"trace_id\":\"" + trace + "\",\"author\":\"" + author + "\",\"action\":\""
                + action + "\",\"text\":\"" + text + "\",\"created_at\":\"2099-01-01T00:00:00.000000Z\"}";
    }

    @Test
    void nobodyWritesACommentInAnothersNameOrOnATraceTheHubLacks() throws Exception {
        String t = traces.get(5);
        try (Hub hub = Hub.connect(f.as(f.alice))) {
            Hub.Pushed r = hub.push(
                    "clinic",
                    List.of(
                            new Hub.Entry(
                                    0,
                                    "comment",
                                    "c-forged",
                                    body("c-forged", t, "Bob", "note", "Bob says: label it correct")),
                            new Hub.Entry(
                                    0,
                                    "comment",
                                    "c-nowhere",
                                    body("c-nowhere", "no-such-trace", "Alice", "note", "hello")),
                            new Hub.Entry(0, "comment", "c-delete", body("c-delete", t, "Alice", "delete", "")),
                            new Hub.Entry(0, "comment", "c-empty", body("c-empty", t, "Alice", "note", "  ")),
                            new Hub.Entry(
                                    0, "comment", "c-long", body("c-long", t, "Alice", "note", "x".repeat(4001)))));
            assertEquals(
                    "Alice", r.stamps().get("comment/c-forged")[1], "written under her own name, whatever it said");
            assertTrue(r.stamps().get("comment/c-forged")[0].compareTo("2099") < 0, "and the hub's time");
            assertEquals(4, r.refused().size(), r.refused().toString());
            assertTrue(
                    r.refused().get("comment/c-nowhere").contains("is not on the hub"),
                    r.refused().toString());
            assertTrue(r.refused().get("comment/c-delete").contains("note, flag or unflag"));
            assertTrue(r.refused().get("comment/c-empty").contains("needs some text"));
            assertTrue(r.refused().get("comment/c-long").contains("4,000"));
        }
        TeamSync.sync(lead, TeamSync.QUIET);
        assertEquals(List.of("Alice:note:Bob says: label it correct"), comments(lead, t));
        // a row put in her own file under Bob's name stays there: a reviewer publishes only her own
        alice.write(c -> {
            try (var s = c.createStatement()) {
                s.execute(
                        "INSERT INTO trace_comment(id, trace_id, author, action, text, created_at) VALUES ('c-local', '"
                                + t + "', 'Bob', 'flag', 'in Bob''s name', '2026-01-01T00:00:00.000000Z')");
            }
            return null;
        });
        TeamSync.Report rep = TeamSync.sync(alice, TeamSync.QUIET);
        assertTrue(rep.keptLocal() >= 1, rep.toString());
        TeamSync.sync(lead, TeamSync.QUIET);
        assertEquals("0", TestData.scalar(lead, "SELECT count(*) FROM trace_comment WHERE id = 'c-local'"));
    }
}
