package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/**
 * The hub enforces the rules itself: these tests talk SQL to PostgreSQL as a reviewer's role, bypassing our client,
 * and the database refuses.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HubSecurityTest {
    @TempDir
    static Path dir;

    TeamFixture f;
    String trace;

    @BeforeAll
    void hub() throws Exception {
        f = new TeamFixture("tj_security");
        Path leadFile = TeamFixture.file(dir, "lead");
        SampleProject.build(leadFile);
        HubServer.roles(f.alice, f.bob, f.carol);
        try (Project lead = Project.open(leadFile)) {
            TeamSync.init(lead, f.as(f.lead), "ward", "Lead", true, TeamSync.QUIET);
            trace = lead.read(TeamSyncTest::firstTrace);
            try (Hub hub = Hub.connect(f.as(f.lead))) {
                hub.addMember("ward", f.alice, "Alice", true);
                hub.addMember("ward", f.bob, "Bob", true);
            }
        }
        // a second project on the same hub that alice is not a member of
        Path other = TeamFixture.file(dir, "other");
        SampleProject.build(other);
        try (Project p = Project.open(other)) {
            TeamSync.init(p, f.as(f.lead), "secret", "Lead", false, TeamSync.QUIET);
            try (Hub hub = Hub.connect(f.as(f.lead))) {
                hub.addMember("secret", f.carol, "Carol", false);
            }
        }
    }

    private static void insert(Connection c, String project, String kind, String id, String body) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("INSERT INTO entry(project_id, kind, id, body, author) VALUES (?,?,?,?,?)")) {
            s.setString(1, project);
            s.setString(2, kind);
            s.setString(3, id);
            s.setString(4, body);
            s.setString(5, "nobody_in_particular");
            s.executeUpdate();
        }
    }

    private String label(String createdBy) {
        return "{\"id\":\"x\",\"trace_id\":\"" + trace
                + "\",\"rater_id\":\"r\",\"action\":\"set\",\"value\":\"SUCCESS\"," + "\"created_by\":\"" + createdBy
                + "\",\"created_at\":\"2026-01-01T00:00:00.000000Z\"}";
    }

    private static void refused(String what, SqlCall call) {
        SQLException e = assertThrows(SQLException.class, call::run, what + " must be refused by the database");
        assertTrue(
                e.getSQLState().equals("42501")
                        || e.getSQLState().equals("428C9")
                        || e.getMessage().contains("row-level security"),
                what + ": " + e.getSQLState() + " " + e.getMessage());
    }

    @FunctionalInterface
    interface SqlCall {
        void run() throws SQLException;
    }

    @Test
    void aReviewerWritesOnlyAsThemselvesAndNeverChangesOrDeletes() throws Exception {
        try (Hub alice = Hub.connect(f.as(f.alice))) {
            Connection c = alice.connection();
            refused("a label in bob's name", () -> insert(c, "ward", "label", "forged-1", label("Bob")));
            refused(
                    "an adjudication in the lead's name",
                    () -> insert(
                            c,
                            "ward",
                            "adjudication",
                            "forged-2",
                            "{\"trace_id\":\"" + trace
                                    + "\",\"annotator\":\"Lead\",\"action\":\"set\",\"value\":\"CORRECT\"}"));
            refused("a trace (only the lead imports)", () -> insert(c, "ward", "trace", "t-new", "{\"id\":\"t-new\"}"));
            refused(
                    "an assignment (only the lead assigns)",
                    () -> insert(
                            c,
                            "ward",
                            "assignment",
                            "as-1",
                            "{\"trace_id\":\"" + trace + "\",\"reviewer\":\"Alice\",\"duty\":\"review\"}"));
            refused(
                    "a policy change (only the lead)",
                    () -> insert(c, "ward", "meta", "m-1", "{\"key\":\"safety.policy\",\"value\":\"{}\"}"));
            refused("writing into a project she is not in", () -> insert(c, "secret", "label", "x-1", label("Alice")));

            refused(
                    "her own label filed under another role",
                    () -> insert(c, "ward", "label", "own-0", label("Alice")));
            refused("a forged person column", () -> {
                try (Statement s = c.createStatement()) {
                    s.executeUpdate(
                            "INSERT INTO entry(project_id, kind, id, body, person) VALUES ('ward', 'label', 'x-2', '"
                                    + label("Bob") + "', 'Alice')");
                }
            });
            // even her own label does not go in directly: writes go through the hub's push function only
            refused("a direct INSERT of her own label", () -> {
                try (PreparedStatement s =
                        c.prepareStatement("INSERT INTO entry(project_id, kind, id, body) VALUES (?,?,?,?)")) {
                    s.setString(1, "ward");
                    s.setString(2, "label");
                    s.setString(3, "own-1");
                    s.setString(4, label("Alice"));
                    s.executeUpdate();
                }
            });
            refused("UPDATE of a ledger row", () -> {
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("UPDATE entry SET body = '{}' WHERE id = 'own-1'");
                }
            });
            refused("DELETE of a ledger row", () -> {
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("DELETE FROM entry WHERE id = 'own-1'");
                }
            });
            refused("TRUNCATE", () -> {
                try (Statement s = c.createStatement()) {
                    s.execute("TRUNCATE entry");
                }
            });
            refused("making herself lead", () -> {
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("UPDATE member SET duty = 'lead' WHERE role = current_user");
                }
            });
            refused("turning the blind policy off", () -> {
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("UPDATE project SET blind = false");
                }
            });
        }
    }

    @Test
    void evenTheLeadCannotRewriteTheLedger() throws Exception {
        // the lead owns the tables, so this is the triggers' refusal, not a missing grant
        try (Hub lead = Hub.connect(f.as(f.lead))) {
            Connection c = lead.connection();
            for (String sql : List.of("UPDATE entry SET body = '{}'", "DELETE FROM entry", "TRUNCATE entry")) {
                refused(sql + " by the lead", () -> {
                    try (Statement s = c.createStatement()) {
                        s.execute(sql);
                    }
                });
            }
        }
    }

    @Test
    void aReviewerReadsOnlyTheirProjects() throws Exception {
        try (Hub alice = Hub.connect(f.as(f.alice))) {
            assertEquals(0, alice.pull("secret", 0, 1000).size(), "no entry of another project is readable");
            assertEquals(0, alice.members("secret").size());
            assertTrue(alice.pull("ward", 0, 10).size() > 0);
            try (Statement s = alice.connection().createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*) FROM project")) {
                rs.next();
                assertEquals(1, rs.getInt(1), "alice sees her project only");
            }
            try (Statement s = alice.connection().createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*) FROM tracejudge.my_names('" + f.carol + "')")) {
                rs.next();
                assertEquals(0, rs.getInt(1), "the policy helpers tell nothing about another role");
            }
        }
        assertThrows(
                IllegalArgumentException.class,
                () -> TeamSync.join(f.as(f.alice), "secret", TeamFixture.file(dir, "stolen"), TeamSync.QUIET));
    }

    @Test
    void underTheBlindPolicyAReviewerSeesAnothersLabelOnlyAfterCommittingTheirOwn() throws Exception {
        try (Project a = TeamSync.join(f.as(f.alice), "ward", TeamFixture.file(dir, "blind-a"), TeamSync.QUIET);
                Project b = TeamSync.join(f.as(f.bob), "ward", TeamFixture.file(dir, "blind-b"), TeamSync.QUIET)) {
            List<String> traces = a.read(TeamSyncTest::ids);
            String t = traces.get(3);
            a.write(c -> Ledger.append(
                    c,
                    null,
                    Ledger.Entry.set(
                            t,
                            Ledger.ensureRater(c, "Alice", RaterKind.HUMAN, "", null, null),
                            TeamFixture.label(c, t, 1),
                            "Alice")));
            TeamSync.sync(a, TeamSync.QUIET);
            TeamSync.sync(b, TeamSync.QUIET);
            assertEquals(
                    "0",
                    count(b, "SELECT count(*) FROM label WHERE created_by = 'Alice' AND trace_id = '" + t + "'"),
                    "bob cannot see alice's label before his own");
            b.write(c -> Ledger.append(
                    c,
                    null,
                    Ledger.Entry.set(
                            t,
                            Ledger.ensureRater(c, "Bob", RaterKind.HUMAN, "", null, null),
                            TeamFixture.label(c, t, 0),
                            "Bob")));
            TeamSync.sync(b, TeamSync.QUIET);
            assertEquals(
                    "1",
                    count(b, "SELECT count(*) FROM label WHERE created_by = 'Alice' AND trace_id = '" + t + "'"),
                    "after committing his own, bob's next sync brings alice's");
            TeamSync.sync(a, TeamSync.QUIET);
            assertEquals(
                    "1", count(a, "SELECT count(*) FROM label WHERE created_by = 'Bob' AND trace_id = '" + t + "'"));
        }
    }

    private static String count(Project p, String sql) {
        return org.tracejudge.TestData.scalar(p, sql);
    }
}
