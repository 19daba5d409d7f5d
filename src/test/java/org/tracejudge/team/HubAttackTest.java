package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.model.Ids;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/**
 * The attacks of issue 31, each made from the attacker's own login role against a real PostgreSQL hub set up as the
 * README says (owner, plain lead, reviewers). Each asserts the refusal and that the victim's and the lead's view did
 * not change.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HubAttackTest {
    @TempDir
    static Path dir;

    TeamFixture f;
    Project lead;
    Project alice;
    Project bob;
    List<String> traces;

    @BeforeAll
    void hub() throws Exception {
        f = new TeamFixture("tj_attack");
        Path leadFile = TeamFixture.file(dir, "lead");
        SampleProject.build(leadFile);
        HubServer.roles(f.alice, f.bob, f.carol);
        lead = Project.open(leadFile);
        TeamSync.init(lead, f.as(f.lead), "ward", "Lead", true, TeamSync.QUIET);
        try (Hub hub = Hub.connect(f.as(f.lead))) {
            hub.addMember("ward", f.alice, "Alice", true);
            hub.addMember("ward", f.bob, "Dr B", true);
        }
        alice = TeamSync.join(f.as(f.alice), "ward", TeamFixture.file(dir, "alice"), TeamSync.QUIET);
        bob = TeamSync.join(f.as(f.bob), "ward", TeamFixture.file(dir, "bob"), TeamSync.QUIET);
        traces = lead.read(TeamSyncTest::ids);
    }

    private static String raterOf(String person) {
        return Ids.of("rater", person, "");
    }

    private String labelBody(String id, String trace, String rater, String value, String createdBy, String at) {
        return "{\"id\":\"" + id + "\",\"trace_id\":\"" + trace + "\",\"rater_id\":\"" + rater + "\",\"action\":\""
                + (value == null ? "withdraw" : "set") + "\",\"value\":"
                + (value == null ? "null" : "\"" + value + "\"")
                + ",\"created_by\":\"" + createdBy + "\",\"created_at\":\"" + at + "\"}";
    }

    private String value(String trace, int i) {
        return lead.read(c -> TeamFixture.label(c, trace, i));
    }

    private static String count(Project p, String sql) {
        return TestData.scalar(p, sql);
    }

    private void syncAll() throws SQLException {
        TeamSync.sync(alice, TeamSync.QUIET);
        TeamSync.sync(bob, TeamSync.QUIET);
        TeamSync.sync(lead, TeamSync.QUIET);
    }

    private String decide(Project p, String person, String trace, int v) {
        return p.write(c -> Ledger.append(
                c,
                null,
                Ledger.Entry.set(
                        trace,
                        Ledger.ensureRater(c, person, RaterKind.HUMAN, "", null, null),
                        TeamFixture.label(c, trace, v),
                        person)));
    }

    @Test
    void aReviewerCannotForgeAnothersDecisionNorSquatTheirRater() throws Exception {
        String t = traces.get(1);
        decide(bob, "Dr B", t, 0);
        syncAll();
        List<String> bobsView = TeamFixture.dump(bob, "current_label");
        List<String> leadsView = TeamFixture.dump(lead, "current_label");
        try (Hub hub = Hub.connect(f.as(f.alice))) {
            // a decision carrying Dr B's rater, from a laptop file edited by hand
            Hub.Pushed r = hub.push(
                    "ward",
                    List.of(
                            new Hub.Entry(
                                    0,
                                    "label",
                                    "forged-1",
                                    labelBody(
                                            "forged-1",
                                            t,
                                            raterOf("Dr B"),
                                            value(t, 1),
                                            "Dr B",
                                            "2099-01-01T00:00:00.000000Z")),
                            // squatting: Dr B's rater id as a machine judge, and a rater named like a colleague in
                            // another case
                            new Hub.Entry(
                                    0,
                                    "rater",
                                    raterOf("Dr B"),
                                    "{\"id\":\"" + raterOf("Dr B") + "\",\"name\":\"Dr B\","
                                            + "\"kind\":\"llm-judge\",\"version\":\"\",\"created_at\":\"2020-01-01T00:00:00.000000Z\"}"),
                            new Hub.Entry(
                                    0,
                                    "rater",
                                    raterOf("dr b"),
                                    "{\"id\":\"" + raterOf("dr b") + "\",\"name\":\"dr b\","
                                            + "\"kind\":\"human\",\"version\":\"\",\"created_at\":\"2020-01-01T00:00:00.000000Z\"}"),
                            // her own rater under her own id but as a machine
                            new Hub.Entry(
                                    0,
                                    "rater",
                                    raterOf("Alice"),
                                    "{\"id\":\"" + raterOf("Alice") + "\",\"name\":\"Alice\","
                                            + "\"kind\":\"llm-judge\",\"version\":\"\",\"created_at\":\"2020-01-01T00:00:00.000000Z\"}")));
            assertEquals(4, r.refused().size(), "every forgery refused: " + r.refused());
            assertTrue(r.seqs().isEmpty());
            // her own rater with someone else's name in created_by: stored as hers
            Hub.Pushed own = hub.push(
                    "ward",
                    List.of(
                            new Hub.Entry(
                                    0,
                                    "rater",
                                    raterOf("Alice"),
                                    "{\"id\":\"" + raterOf("Alice")
                                            + "\",\"name\":\"Alice\",\"kind\":\"human\",\"version\":\"\",\"created_at\":\"x\"}")));
            assertTrue(own.refused().isEmpty(), own.refused().toString());
            Hub.Pushed named = hub.push(
                    "ward",
                    List.of(new Hub.Entry(
                            0,
                            "label",
                            "named-1",
                            labelBody(
                                    "named-1",
                                    traces.get(2),
                                    raterOf("Alice"),
                                    value(traces.get(2), 0),
                                    "Dr B",
                                    "2099-01-01T00:00:00.000000Z"))));
            assertEquals("Alice", named.stamps().get("label/named-1")[1], "the hub writes the member's own name");
            assertTrue(named.stamps().get("label/named-1")[0].startsWith("20"), "and its own time");
            assertTrue(named.stamps().get("label/named-1")[0].compareTo("2099") < 0);
        }
        syncAll();
        assertEquals(bobsView, TeamFixture.dump(bob, "current_label"), "Dr B's view is unchanged");
        assertEquals("0", count(lead, "SELECT count(*) FROM label WHERE id = 'forged-1'"));
        assertEquals("human", count(lead, "SELECT kind FROM rater WHERE id = '" + raterOf("Dr B") + "'"));
        assertEquals("1", count(lead, "SELECT count(*) FROM label WHERE id = 'named-1' AND created_by = 'Alice'"));
        List<String> now = TeamFixture.dump(lead, "current_label");
        now.removeIf(l -> l.contains("id=named-1|"));
        assertEquals(leadsView, now, "the lead's view changed only by alice's own label");
        // the refusals are said on the pusher's side too: an edited laptop file's forged row comes back refused
        alice.write(c -> {
            try (var s = c.prepareStatement(
                    "INSERT INTO label(id, trace_id, rater_id, action, value, created_by, created_at) "
                            + "VALUES ('forged-2', ?, ?, 'set', ?, 'Dr B', '2099-01-01T00:00:00.000000Z')")) {
                s.setString(1, t);
                s.setString(2, raterOf("Alice"));
                s.setString(3, TeamFixture.label(c, t, 1));
                s.executeUpdate();
            }
            return null;
        });
        // kept local: it does not carry her name; the honest client does not even send it
        assertEquals(0, TeamSync.sync(alice, TeamSync.QUIET).pushed());
        assertEquals("0", count(lead, "SELECT count(*) FROM label WHERE id = 'forged-2'"));
    }

    @Test
    void aFutureClockDoesNotWinOrderIsTheHubs() throws Exception {
        String t = traces.get(3);
        try (Hub hub = Hub.connect(f.as(f.alice))) {
            String body = "{\"id\":\"future-1\",\"trace_id\":\"" + t
                    + "\",\"annotator\":\"Alice\",\"action\":\"set\",\"value\":\"" + value(t, 0)
                    + "\",\"created_at\":\"2099-01-01T00:00:00.000000Z\"}";
            assertTrue(hub.push("ward", List.of(new Hub.Entry(0, "adjudication", "future-1", body)))
                    .refused()
                    .isEmpty());
        }
        syncAll();
        String later = bob.write(c -> Ledger.adjudicate(c, t, "Dr B", TeamFixture.label(c, t, 1), "later"));
        syncAll();
        TeamSync.sync(alice, TeamSync.QUIET);
        for (Project p : List.of(lead, alice, bob)) {
            assertEquals(
                    later,
                    count(p, "SELECT id FROM current_adjudication WHERE trace_id = '" + t + "'"),
                    "the later decision wins on every laptop");
            assertEquals("0", count(p, "SELECT count(*) FROM adjudication WHERE created_at >= '2099'"));
        }
        // offline work (a clock in the past) takes its place when it arrives: after everything before it
        String offline = alice.write(c ->
                TeamSyncTest.adjudicateAt(c, t, "Alice", TeamFixture.label(c, t, 0), "2000-01-01T00:00:00.000000Z"));
        syncAll();
        TeamSync.sync(bob, TeamSync.QUIET);
        for (Project p : List.of(lead, alice, bob)) {
            assertEquals(
                    offline,
                    count(p, "SELECT id FROM current_adjudication WHERE trace_id = '" + t + "'"),
                    "arrival order");
        }
    }

    @Test
    void aBareWithdrawalRevealsNothingUnderTheBlindPolicy() throws Exception {
        String t = traces.get(4);
        decide(bob, "Dr B", t, 0);
        TeamSync.sync(bob, TeamSync.QUIET);
        try (Hub hub = Hub.connect(f.as(f.alice))) {
            hub.push(
                    "ward",
                    List.of(
                            new Hub.Entry(
                                    0,
                                    "rater",
                                    raterOf("Alice"),
                                    "{\"id\":\"" + raterOf("Alice")
                                            + "\",\"name\":\"Alice\",\"kind\":\"human\",\"version\":\"\",\"created_at\":\"x\"}")));
            Hub.Pushed r = hub.push(
                    "ward",
                    List.of(new Hub.Entry(
                            0,
                            "label",
                            "junk-1",
                            labelBody("junk-1", t, raterOf("Alice"), null, "Alice", "2026-01-01T00:00:00.000000Z"))));
            assertTrue(r.refused().isEmpty());
            try (Statement s = hub.connection().createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*) FROM entry WHERE kind = 'label' AND trace_id = '" + t
                            + "' AND author <> current_user")) {
                rs.next();
                assertEquals(0, rs.getInt(1), "Dr B's label stays hidden after a bare withdrawal");
            }
            try (Statement s = hub.connection().createStatement()) {
                assertThrows(
                        SQLException.class,
                        () -> s.executeUpdate("INSERT INTO decided(project_id, role, trace_id, seq) "
                                + "VALUES ('ward', current_user, '" + t + "', 1)"),
                        "nor can she record a reveal herself");
            }
        }
        TeamSync.sync(alice, TeamSync.QUIET);
        assertEquals(
                "0", count(alice, "SELECT count(*) FROM label WHERE created_by = 'Dr B' AND trace_id = '" + t + "'"));
        // a real decision reveals, and the reveal is recorded
        decide(alice, "Alice", t, 1);
        TeamSync.sync(alice, TeamSync.QUIET);
        assertEquals(
                "1", count(alice, "SELECT count(*) FROM label WHERE created_by = 'Dr B' AND trace_id = '" + t + "'"));
        try (Connection su = HubServer.superuser(f.db);
                Statement s = su.createStatement();
                ResultSet rs = s.executeQuery("SELECT revealed_at FROM tracejudge.decided WHERE role = '" + f.alice
                        + "' AND trace_id = '" + t + "'")) {
            assertTrue(rs.next());
            assertNotNull(rs.getTimestamp(1));
        }
    }

    @Test
    void oneBadRowBlocksNobody() throws Exception {
        try (Hub hub = Hub.connect(f.as(f.alice))) {
            Hub.Pushed r = hub.push(
                    "ward",
                    List.of(
                            new Hub.Entry(0, "rater", "junk-rater", "this is not json"),
                            new Hub.Entry(
                                    0,
                                    "label",
                                    "junk-2",
                                    "{\"id\":\"junk-2\",\"trace_id\":\"" + traces.get(5) + "\",\"rater_id\":\""
                                            + raterOf("Alice") + "\",\"action\":\"set\",\"value\":\""
                                            + value(traces.get(5), 0)
                                            + "\",\"scores\":\"{not json\",\"created_by\":\"Alice\",\"created_at\":\"x\"}"),
                            new Hub.Entry(
                                    0,
                                    "label",
                                    "junk-3",
                                    labelBody("junk-3", traces.get(5), raterOf("Alice"), "NOT-A-LABEL", "Alice", "x")),
                            new Hub.Entry(
                                    0,
                                    "label",
                                    "junk-4",
                                    labelBody("junk-4", "no-such-trace", raterOf("Alice"), "x", "Alice", "x")),
                            new Hub.Entry(0, "trace", "junk-5", "{\"id\":\"junk-5\"}")));
            assertEquals(5, r.refused().size(), r.refused().toString());
            assertTrue(r.refused().get("rater/junk-rater").contains("not JSON"));
            assertTrue(r.refused().get("label/junk-3").contains("label set"));
            assertTrue(r.refused().get("label/junk-4").contains("not on the hub"));
        }
        // a row the hub never checked (written by its administrator): every laptop sets it aside and carries on
        try (Connection su = HubServer.superuser(f.db);
                Statement s = su.createStatement()) {
            s.execute(
                    "INSERT INTO tracejudge.entry(project_id, kind, id, body, author) VALUES ('ward', 'meta', 'junk-6', "
                            + "'[1,2]', '" + f.lead
                            + "'), ('ward', 'rater', 'junk-7', '{\"id\":\"junk-7\",\"name\":\"X\",\"kind\":\"bogus\","
                            + "\"version\":\"\",\"created_at\":\"x\"}', '" + f.lead + "')");
        }
        TeamSync.Report r = TeamSync.sync(lead, TeamSync.QUIET);
        assertEquals(2, r.quarantined(), r.toString());
        decide(bob, "Dr B", traces.get(6), 0);
        TeamSync.sync(bob, TeamSync.QUIET);
        assertTrue(TeamSync.sync(lead, TeamSync.QUIET).pulled() >= 1, "later entries still arrive");
        try (Project late = TeamSync.join(f.as(f.alice), "ward", TeamFixture.file(dir, "late"), TeamSync.QUIET)) {
            assertEquals(2, TeamSync.problems(late)[1], "a new join works and sets the two rows aside");
        }
    }

    @Test
    void theLeadCannotRewriteHistoryNorEscalate() throws Exception {
        String t = traces.get(7);
        decide(bob, "Dr B", t, 0);
        syncAll();
        List<String> bobsView = TeamFixture.dump(bob, "label");
        try (Hub hub = Hub.connect(f.as(f.lead))) {
            Connection c = hub.connection();
            for (String sql : List.of(
                    "ALTER TABLE entry NO FORCE ROW LEVEL SECURITY",
                    "ALTER TABLE entry DISABLE ROW LEVEL SECURITY",
                    "ALTER TABLE entry DISABLE TRIGGER entry_no_change",
                    "UPDATE entry SET body = '{}'",
                    "DELETE FROM entry",
                    "TRUNCATE entry",
                    "DROP TABLE decided",
                    "INSERT INTO decided VALUES ('ward', 'x', 'y', 1)",
                    "GRANT pg_execute_server_program TO " + f.lead,
                    "ALTER ROLE " + f.bob + " PASSWORD 'owned'",
                    "CREATE ROLE mallory LOGIN",
                    "UPDATE member SET person = 'Lead' WHERE role = '" + f.bob + "'",
                    "CREATE TABLE tracejudge.x (a int)",
                    "CREATE OR REPLACE FUNCTION tracejudge.hub_version() RETURNS integer "
                            + "LANGUAGE sql AS 'SELECT 9'")) {
                try (Statement s = c.createStatement()) {
                    assertThrows(SQLException.class, () -> s.execute(sql), sql + " must be refused to the lead");
                }
            }
            // pushing a label as a reviewer, with the reviewer's rater or name
            Hub.Pushed r = hub.push(
                    "ward",
                    List.of(new Hub.Entry(
                            0,
                            "label",
                            "lead-forged-1",
                            labelBody("lead-forged-1", t, raterOf("Dr B"), value(t, 1), "Dr B", "x"))));
            assertEquals(1, r.refused().size(), r.toString());
            Hub.Pushed unknown = hub.push(
                    "ward",
                    List.of(new Hub.Entry(
                            0,
                            "label",
                            "lead-unknown-1",
                            labelBody("lead-unknown-1", t, "no-such-rater", value(t, 1), "Lead", "x"))));
            assertTrue(
                    unknown.refused().get("label/lead-unknown-1").contains("not on the hub"),
                    unknown.refused().toString());
            // nor add a member whose name is a colleague's in another case
            assertThrows(SQLException.class, () -> hub.addMember("ward", f.carol, "dr b", false));
        }
        syncAll();
        assertEquals(bobsView, TeamFixture.dump(bob, "label"), "Dr B's view is unchanged");
        assertEquals("0", count(lead, "SELECT count(*) FROM label WHERE id = 'lead-forged-1'"));
        // a lead role with CREATEROLE is refused by team init, with the reason
        HubServer.roles("tj_attack_mighty");
        try (Connection su = HubServer.superuser("postgres");
                Statement s = su.createStatement()) {
            s.execute("ALTER ROLE tj_attack_mighty CREATEROLE");
        }
        Path other = TeamFixture.file(dir, "mighty");
        SampleProject.build(other);
        try (Project p = Project.open(other)) {
            SQLException e = assertThrows(
                    SQLException.class,
                    () -> TeamSync.init(p, f.as("tj_attack_mighty"), "mighty", "M", false, TeamSync.QUIET));
            assertTrue(e.getMessage().contains("CREATEROLE"), e.getMessage());
        }
    }

    @Test
    void aJunkWithdrawalDoesNotCountAsDoneInTheLeadsProgress() throws Exception {
        String t = traces.get(11);
        lead.write(c -> Assigner.save(c, Assigner.overlap(List.of(t), List.of("Alice"), 1, 1), "Lead"));
        TeamSync.sync(lead, TeamSync.QUIET);
        try (Hub hub = Hub.connect(f.as(f.alice))) {
            hub.push(
                    "ward",
                    List.of(
                            new Hub.Entry(
                                    0,
                                    "rater",
                                    raterOf("Alice"),
                                    "{\"id\":\"" + raterOf("Alice")
                                            + "\",\"name\":\"Alice\",\"kind\":\"human\",\"version\":\"\",\"created_at\":\"x\"}")));
            assertTrue(hub.push(
                            "ward",
                            List.of(new Hub.Entry(
                                    0,
                                    "label",
                                    "junk-w",
                                    labelBody("junk-w", t, raterOf("Alice"), null, "Alice", "x"))))
                    .refused()
                    .isEmpty());
        }
        TeamSync.sync(lead, TeamSync.QUIET);
        TeamProgress.Reviewer a = lead.read(TeamProgress::reviewers).stream()
                .filter(r -> r.person().equals("Alice"))
                .findFirst()
                .orElseThrow();
        assertEquals(0, a.done(), "a bare withdrawal is not a decision: " + a);
        decide(alice, "Alice", t, 0);
        TeamSync.sync(alice, TeamSync.QUIET);
        TeamSync.sync(lead, TeamSync.QUIET);
        a = lead.read(TeamProgress::reviewers).stream()
                .filter(r -> r.person().equals("Alice"))
                .findFirst()
                .orElseThrow();
        assertEquals(1, a.done(), a.toString());
    }

    @Test
    void anAdjudicatorDoesNotThenLabelTheItem() throws Exception {
        String t = traces.get(10);
        alice.write(c -> Ledger.adjudicate(c, t, "Alice", TeamFixture.label(c, t, 0), "adjudicated"));
        TeamSync.sync(alice, TeamSync.QUIET);
        decide(alice, "Alice", t, 1);
        TeamSync.Report r = TeamSync.sync(alice, TeamSync.QUIET);
        assertEquals(1, r.refusedByHub(), r.toString());
        assertTrue(
                TeamSync.rejections(alice).get(0).contains("adjudicated"),
                TeamSync.rejections(alice).toString());
        TeamSync.sync(lead, TeamSync.QUIET);
        assertEquals(
                "0", count(lead, "SELECT count(*) FROM label WHERE created_by = 'Alice' AND trace_id = '" + t + "'"));
    }

    private String adjudicateSafety(Project p, String person, String trace, int v) {
        return p.write(c -> Ledger.append(
                c,
                null,
                Ledger.Entry.set(
                        trace,
                        Ledger.ensureRater(
                                c, org.tracejudge.safety.SafetyReview.ADJUDICATION, RaterKind.HUMAN, "", null, null),
                        TeamFixture.label(c, trace, v),
                        person)));
    }

    @Test
    void anExpertWhoLabelledAnItemDoesNotAdjudicateIt() throws Exception {
        // in an earlier push
        String t = traces.get(13);
        decide(alice, "Alice", t, 0);
        TeamSync.sync(alice, TeamSync.QUIET);
        adjudicateSafety(alice, "Alice", t, 1);
        TeamSync.Report r = TeamSync.sync(alice, TeamSync.QUIET);
        assertEquals(1, r.refusedByHub(), r.toString());
        assertTrue(
                TeamSync.rejections(alice).stream().anyMatch(m -> m.contains("an expert does not adjudicate it")),
                TeamSync.rejections(alice).toString());
        // and earlier in the same push
        String u = traces.get(14);
        decide(alice, "Alice", u, 0);
        adjudicateSafety(alice, "Alice", u, 1);
        r = TeamSync.sync(alice, TeamSync.QUIET);
        assertEquals(1, r.refusedByHub(), r.toString());
        // the lead sees Alice's labels and no adjudication of hers; another person adjudicates as before
        TeamSync.sync(lead, TeamSync.QUIET);
        String adjudications = "SELECT count(*) FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = '"
                + org.tracejudge.safety.SafetyReview.ADJUDICATION + "' AND l.trace_id IN ('" + t + "', '" + u + "')";
        assertEquals("0", count(lead, adjudications));
        assertEquals(
                "2",
                count(
                        lead,
                        "SELECT count(*) FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'Alice' "
                                + "AND l.trace_id IN ('" + t + "', '" + u + "')"));
        adjudicateSafety(bob, "Dr B", t, 1);
        assertEquals(0, TeamSync.sync(bob, TeamSync.QUIET).refusedByHub());
        TeamSync.sync(lead, TeamSync.QUIET);
        assertEquals("1", count(lead, adjudications));
    }

    @Test
    void rolesThatCouldStepAroundTheHubAreNotMembersAndOtherTeamsStayUnseen() throws Exception {
        HubServer.roles("tj_attack_root");
        try (Connection su = HubServer.superuser("postgres");
                Statement s = su.createStatement()) {
            s.execute("ALTER ROLE tj_attack_root BYPASSRLS");
        }
        try (Hub hub = Hub.connect(f.as(f.lead))) {
            SQLException e =
                    assertThrows(SQLException.class, () -> hub.addMember("ward", "tj_attack_root", "Root", false));
            assertTrue(e.getMessage().contains("BYPASSRLS"), e.getMessage());
        }
        // another team's blind project: alice learns nothing of it
        Path other = TeamFixture.file(dir, "other");
        SampleProject.build(other);
        try (Project p = Project.open(other)) {
            TeamSync.init(p, f.as(f.lead), "elsewhere", "Lead", true, TeamSync.QUIET);
        }
        try (Hub hub = Hub.connect(f.as(f.alice));
                Statement s = hub.connection().createStatement();
                ResultSet rs = s.executeQuery("SELECT string_agg(b, ',') FROM tracejudge.blind_projects() b")) {
            rs.next();
            assertEquals("ward", rs.getString(1));
        }
    }

    @Test
    void aChangedOrRemovedEntryIsNoticedByEveryLaptopThatHasIt() throws Exception {
        String t = traces.get(8);
        String id = decide(bob, "Dr B", t, 0);
        syncAll();
        // whoever can step around the hub (its administrator) changes Dr B's YES into a NO, and deletes another entry
        try (Connection su = HubServer.superuser(f.db);
                Statement s = su.createStatement()) {
            s.execute("ALTER TABLE tracejudge.entry DISABLE TRIGGER entry_no_change");
            s.execute("UPDATE tracejudge.entry SET body = regexp_replace(body, '\"value\": ?\"" + value(t, 0)
                    + "\"', '\"value\":\"" + value(t, 1) + "\"') WHERE id = '" + id + "'");
            s.execute("DELETE FROM tracejudge.entry WHERE kind = 'trace' AND id = '" + traces.get(9) + "'");
            s.execute("ALTER TABLE tracejudge.entry ENABLE TRIGGER entry_no_change");
        }
        TeamSync.Report r = TeamSync.sync(lead, TeamSync.QUIET);
        assertTrue(r.tampered() >= 2, r.toString());
        List<String> found = TeamSync.tamperFindings(lead);
        assertTrue(found.stream().anyMatch(l -> l.contains(id) && l.contains("changed")), found.toString());
        assertTrue(found.stream().anyMatch(l -> l.contains(traces.get(9)) && l.contains("gone")), found.toString());
        assertTrue(TeamSync.sync(bob, TeamSync.QUIET).tampered() >= 1);
        assertEquals(
                value(t, 0),
                count(lead, "SELECT value FROM label WHERE id = '" + id + "'"),
                "the laptop keeps what it took");
    }
}
