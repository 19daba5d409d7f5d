package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/** SIGKILL in the middle of a push and of a pull: whole batches or nothing, and the next sync completes. */
class TeamCrashTest {
    @TempDir
    Path dir;

    @Test
    void killedMidPushAndMidPullLeaveWholeBatchesAndTheNextSyncCompletes() throws Exception {
        TeamFixture f = new TeamFixture("tj_crash");
        HubServer.roles(f.alice, f.bob);
        Path leadFile = TeamFixture.file(dir, "lead");
        SampleProject.build(leadFile);
        try (Project lead = Project.open(leadFile)) {
            TeamSync.init(lead, f.as(f.lead), "crash", "Lead", false, TeamSync.QUIET);
            try (Hub hub = Hub.connect(f.as(f.lead))) {
                hub.addMember("crash", f.alice, "Alice", false);
                hub.addMember("crash", f.bob, "Bob", false);
            }
            Path aliceFile = TeamFixture.file(dir, "alice");
            TeamSync.join(f.as(f.alice), "crash", aliceFile, TeamSync.QUIET).close();
            try (Project alice = Project.open(aliceFile)) {
                List<String> traces = alice.read(TeamSyncTest::ids);
                alice.write(c -> {
                    String r = Ledger.ensureRater(c, "Alice", RaterKind.HUMAN, "", null, null);
                    for (int round = 0; round < 3; round++) {
                        for (String t : traces) {
                            Ledger.append(c, null, Ledger.Entry.set(t, r, TeamFixture.label(c, t, round % 2), "Alice"));
                        }
                    }
                    return null;
                });
            }
            int written = 3 * lead.read(TeamSyncTest::ids).size() + 1;

            // push: killed inside the third hub transaction
            kill("push", f.url, f.alice, "crash", aliceFile);
            long onHub = hubCount(f, "SELECT count(*) FROM entry WHERE author = '" + f.alice + "'");
            assertEquals(
                    51, onHub, "two whole transactions reached the hub (her rater; 50 labels), nothing of the third");
            try (Project alice = Project.open(aliceFile)) {
                assertEquals(written - 51, TeamSync.waiting(alice)[0], "the file knows what did not arrive");
                TeamSync.Report r = TeamSync.sync(alice, TeamSync.QUIET);
                assertEquals(written - 51, r.pushed(), "the next sync sends the rest, once");
                assertEquals(0, TeamSync.waiting(alice)[0]);
                assertEquals(written, hubCount(f, "SELECT count(*) FROM entry WHERE author = '" + f.alice + "'"));
                assertEquals(
                        0,
                        hubCount(
                                f,
                                "SELECT count(*) FROM (SELECT kind, id FROM entry GROUP BY project_id, kind, id "
                                        + "HAVING count(*) > 1) d"),
                        "no duplicates");
            }
            TeamSync.sync(lead, TeamSync.QUIET);

            // pull: a join killed inside its third file transaction
            Path bobFile = TeamFixture.file(dir, "bob");
            kill("pull", f.url, f.bob, "crash", bobFile);
            try (Project bob = Project.open(bobFile)) {
                long cursor = Long.parseLong(bob.meta(LocalTeam.PULL_SEQ));
                assertEquals(
                        "100",
                        TestData.scalar(bob, "SELECT count(*) FROM team_entry"),
                        "two whole batches, cursor " + cursor);
                for (String t : TeamFixture.CONTENT) {
                    assertEquals(
                            "0",
                            TestData.scalar(
                                    bob,
                                    "SELECT count(*) FROM " + t + " x WHERE NOT EXISTS (SELECT 1 FROM "
                                            + "team_entry e WHERE e.id = x." + (t.equals("label_set") ? "name" : "id")
                                            + ")"
                                            + (t.equals("label_set") ? " AND builtin = 0" : "")),
                            t + " holds only what the cursor covers");
                }
            }
            TeamSync.join(f.as(f.bob), "crash", bobFile, TeamSync.QUIET).close();
            try (Project bob = Project.open(bobFile)) {
                TeamFixture.assertSameContent(lead, bob);
                assertEquals(0, TeamSync.sync(bob, TeamSync.QUIET).pulled());
            }
        }
    }

    private static long hubCount(TeamFixture f, String sql) throws Exception {
        try (java.sql.Connection c = HubServer.superuser(f.db);
                Statement s = c.createStatement()) {
            s.execute("SET search_path = tracejudge");
            try (ResultSet rs = s.executeQuery(sql)) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static void kill(String point, String url, String role, String project, Path file) throws Exception {
        String java = ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> cmd = new ArrayList<>(List.of(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                KillableSync.class.getName(),
                point,
                url,
                role,
                project,
                file.toString(),
                "3"));
        Process child = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line = r.readLine();
            assertEquals("MIDWAY", line, "the child reached its third " + point + " transaction");
            child.destroyForcibly(); // SIGKILL
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        }
    }
}
