package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.selection.SelectionTraces;
import org.tracejudge.store.Project;
import org.tracejudge.team.Assigner;
import org.tracejudge.team.HubServer;
import org.tracejudge.team.LocalTeam;

/**
 * The README's three-person team, from the command line against a real PostgreSQL: a lead and two clinicians
 * double-review the Lantern sample on separate files, blind to each other; the lead sees progress and agreement and
 * adjudicates their disagreements.
 */
class TeamCliTest {
    @TempDir
    Path dir;

    @Test
    void withoutDoubleReviewAnInputsRunsGoToTheSameReviewer() throws Exception {
        String db = "tj_cli_overlap";
        String url = HubServer.freshDatabase(db).replace("jdbc:", "");
        HubServer.leadRole("tj_ov_lead", db);
        HubServer.roles("tj_ov_alice", "tj_ov_bob");
        Path lead = dir.resolve("lead.tjdb");
        assertEquals(
                0,
                CliTest.run(
                                "import",
                                lead.toString(),
                                "resources/samples/safety/scenario.json",
                                "resources/samples/safety/runs.jsonl")
                        .code());
        assertEquals(
                0,
                CliTest.run("safety", lead.toString(), "--set", "double_review=false")
                        .code());
        CliTest.Run r = CliTest.run(
                "team",
                "init",
                lead.toString(),
                "--hub",
                url,
                "--user",
                "tj_ov_lead",
                "--name",
                "lantern",
                "--person",
                "Dr Lead");
        assertEquals(0, r.code(), r.err());
        for (String[] m : new String[][] {{"tj_ov_alice", "Dr Alice"}, {"tj_ov_bob", "Dr Bob"}}) {
            assertEquals(
                    0,
                    CliTest.run("team", "members", lead.toString(), "--add", m[0], "--person", m[1])
                            .code());
        }
        r = CliTest.run("team", "assign", lead.toString(), "--to", "Dr Alice,Dr Bob", "--seed", "5");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("0 safety-critical under double review"), r.out());
        try (Project p = Project.open(lead)) {
            // every input's four runs with one reviewer (an input is decided once), the 16 inputs shared 8 and 8
            assertEquals(
                    "0",
                    TestData.scalar(
                            p,
                            "SELECT count(*) FROM (SELECT k.task_key FROM team_assignment a "
                                    + "JOIN trace t ON t.id = a.trace_id JOIN task k ON k.id = t.task_id GROUP BY k.task_key "
                                    + "HAVING count(DISTINCT a.reviewer) > 1 OR count(*) <> 4)"));
            assertEquals("32", TestData.scalar(p, "SELECT count(*) FROM team_assignment WHERE reviewer = 'Dr Alice'"));
        }
    }

    @Test
    void theLeadHandsACalibrationSampleOut() throws Exception {
        String db = "tj_cli_calibration";
        String url = HubServer.freshDatabase(db).replace("jdbc:", "");
        HubServer.leadRole("tj_cal_lead", db);
        HubServer.roles("tj_cal_alice", "tj_cal_bob");
        Path lead = dir.resolve("lead.tjdb");
        org.tracejudge.sample.SampleProject.build(lead);
        CliTest.Run r = CliTest.run("sample", lead.toString(), "--n", "12", "--seed", "2");
        assertEquals(0, r.code(), r.err());
        r = CliTest.run(
                "team",
                "init",
                lead.toString(),
                "--hub",
                url,
                "--user",
                "tj_cal_lead",
                "--name",
                "cal",
                "--person",
                "Dr Lead");
        assertEquals(0, r.code(), r.err());
        for (String[] m : new String[][] {{"tj_cal_alice", "Alice"}, {"tj_cal_bob", "Bob"}}) {
            assertEquals(
                    0,
                    CliTest.run("team", "members", lead.toString(), "--add", m[0], "--person", m[1])
                            .code());
        }
        r = CliTest.run("team", "assign", lead.toString(), "--show", "calibration", "--to", "Alice,Bob", "--seed", "1");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("12 items"), r.out());
        try (Project p = Project.open(lead)) {
            assertEquals(
                    "0",
                    TestData.scalar(
                            p,
                            "SELECT count(*) FROM team_assignment WHERE trace_id NOT IN "
                                    + "(SELECT trace_id FROM calibration_draw)"),
                    "only the drawn traces are handed out");
            assertEquals("12", TestData.scalar(p, "SELECT count(DISTINCT trace_id) FROM team_assignment"));
        }
    }

    @Test
    void leadAndTwoCliniciansDoubleReviewTheLanternSampleBlind() throws Exception {
        String db = "tj_cli";
        String url = HubServer.freshDatabase(db).replace("jdbc:", "");
        HubServer.leadRole("tj_cli_lead", db);
        HubServer.roles("tj_cli_alice", "tj_cli_bob");
        Path lead = dir.resolve("lead.tjdb");
        CliTest.Run r = CliTest.run(
                "import",
                lead.toString(),
                "resources/samples/safety/scenario.json",
                "resources/samples/safety/runs.jsonl");
        assertEquals(0, r.code(), r.err());
        assertEquals(0, CliTest.run("classify", lead.toString()).code());

        r = CliTest.run(
                "team",
                "init",
                lead.toString(),
                "--hub",
                url,
                "--user",
                "tj_cli_lead",
                "--name",
                "lantern",
                "--person",
                "Dr Lead",
                "--blind");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("published 'lantern'"), r.out());
        for (String[] m : new String[][] {{"tj_cli_alice", "Dr Alice"}, {"tj_cli_bob", "Dr Bob"}}) {
            r = CliTest.run("team", "members", lead.toString(), "--add", m[0], "--person", m[1], "--expert");
            assertEquals(0, r.code(), r.err());
        }
        assertTrue(r.out().contains("Dr Alice") && r.out().contains("Dr Bob"), r.out());

        r = CliTest.run("team", "assign", lead.toString(), "--to", "Dr Alice,Dr Bob", "--seed", "7");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("64 safety-critical under double review"), r.out());
        assertTrue(
                r.out().contains("Dr Alice                     64")
                        && r.out().contains("Dr Lead (adjudicate)         64"),
                r.out());

        Path a = dir.resolve("alice.tjdb");
        Path b = dir.resolve("bob.tjdb");
        r = CliTest.run("team", "join", url, a.toString(), "--project", "lantern", "--user", "tj_cli_alice");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("joined 'lantern' as Dr Alice (reviewer)"), r.out());
        assertEquals(
                0,
                CliTest.run("team", "join", url, b.toString(), "--project", "lantern", "--user", "tj_cli_bob")
                        .code());

        // alice answers every tool "no" except the first; bob agrees with her on the first 12 of the 16 inputs only
        label(a, "Dr Alice", i -> true);
        assertEquals(0, CliTest.run("team", "sync", a.toString()).code());
        assertEquals("0", TestData.scalar(project(b), "SELECT count(*) FROM label WHERE created_by = 'Dr Alice'"));
        r = CliTest.run("team", "sync", b.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        try (Project pb = Project.open(b)) {
            assertEquals(
                    "0",
                    TestData.scalar(pb, "SELECT count(*) FROM label WHERE created_by = 'Dr Alice'"),
                    "blind: bob sees none of alice's labels before his own");
        }
        label(b, "Dr Bob", i -> i < 12);
        assertEquals(0, CliTest.run("team", "sync", b.toString()).code());
        try (Project pb = Project.open(b)) {
            assertEquals(
                    "64",
                    TestData.scalar(pb, "SELECT count(*) FROM label WHERE created_by = 'Dr Alice'"),
                    "after his own, alice's arrive");
        }

        assertEquals(0, CliTest.run("team", "sync", lead.toString()).code());
        r = CliTest.run("team", "status", lead.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode st = Json.read(r.out());
        Map<String, JsonNode> byPerson = new LinkedHashMap<>();
        st.get("reviewers").forEach(n -> byPerson.put(n.get("person").asText(), n));
        assertEquals(64, byPerson.get("Dr Alice").get("done").asInt());
        assertEquals(64, byPerson.get("Dr Bob").get("done").asInt());
        assertEquals(16, byPerson.get("Dr Lead").get("to_adjudicate").asInt(), r.out());
        assertEquals(0, byPerson.get("Dr Lead").get("adjudicated").asInt());
        assertEquals(0, byPerson.get("Dr Alice").get("skipped").asInt(), r.out());
        assertEquals(64, st.get("agreement").get(0).get("n").asInt());
        assertEquals(0.75, st.get("agreement").get(0).get("agreement").asDouble(), 1e-9);

        // the lead adjudicates the disagreements (one decision per input covers its runs); everyone converges
        try (Project pl = Project.open(lead)) {
            java.util.Set<String> inputs = new java.util.HashSet<>();
            for (String t : disagreements(pl)) {
                SelectionTraces.Item it = pl.read(c -> SelectionTraces.one(c, t));
                if (inputs.add(it.taskKey())) {
                    SafetyReview.adjudicate(
                            pl, t, "Dr Lead", it.scenario().toolNames().get(0), true, "checked");
                }
            }
        }
        assertEquals(0, CliTest.run("team", "sync", lead.toString()).code());
        r = CliTest.run("team", "status", lead.toString());
        assertTrue(
                r.out().matches("(?s).*Dr Lead\\s+0\\s+0\\s+0\\s+0\\s+16\\s+16.*"),
                r.out()); // assigned done open skipped
        assertTrue(r.out().contains("agreement Dr Alice vs Dr Bob: n=64, observed 0.750"), r.out());
        assertEquals(0, CliTest.run("team", "sync", a.toString()).code());
        assertEquals(0, CliTest.run("team", "sync", b.toString()).code());
        try (Project pa = Project.open(a);
                Project pb = Project.open(b);
                Project pl = Project.open(lead)) {
            assertEquals(SafetyReview.finalLabels(pl), SafetyReview.finalLabels(pa));
            assertEquals(SafetyReview.finalLabels(pl), SafetyReview.finalLabels(pb));
        }
        // a newcomer's mistakes
        r = CliTest.run("team", "sync", dir.resolve("nope.tjdb").toString());
        assertEquals(1, r.code());
        assertTrue(r.err().contains("nope.tjdb"), r.err());
        r = CliTest.run("team", "init", lead.toString(), "--hub", "postgresql://x:pw@localhost/db", "--person", "X");
        assertEquals(1, r.code());
        assertFalse(r.err().contains("pw@"), r.err());
        r = CliTest.run("team", "assign", a.toString(), "--to", "Dr Bob");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("only the lead"), r.err());
    }

    /**
     * The hub's owner sets it up with team hub; a lead role that could step around it is refused by team init with the
     * reason; an entry changed on the hub behind everyone's back is reported loudly by team sync (exit 3) and team status.
     */
    @Test
    void theOwnerSetsUpTheHubAndTamperingIsSaidLoudly() throws Exception {
        String db = "tj_cli_owner";
        String url = HubServer.freshDatabase(db).replace("jdbc:", "");
        String owner = HubServer.ownerRole(db);
        HubServer.roles("tj_cli_owner_lead", "tj_cli_owner_root");
        try (var su = HubServer.superuser("postgres");
                var s = su.createStatement()) {
            s.execute("ALTER ROLE tj_cli_owner_root CREATEROLE");
        }
        CliTest.Run r =
                CliTest.run("team", "hub", url, "--user", owner, "--lead", "tj_cli_owner_lead,tj_cli_owner_root");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("hub schema " + org.tracejudge.team.Hub.SCHEMA_VERSION + " ready"), r.out());
        Path lead = dir.resolve("lead.tjdb");
        org.tracejudge.sample.SampleProject.build(lead);
        r = CliTest.run(
                "team", "init", lead.toString(), "--hub", url, "--user", "tj_cli_owner_root", "--person", "Root");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("CREATEROLE") && r.err().contains("plain login role"), r.err());
        r = CliTest.run(
                "team", "init", lead.toString(), "--hub", url, "--user", "tj_cli_owner_lead", "--person", "Dr Lead");
        assertEquals(0, r.code(), r.err());
        try (var su = HubServer.superuser(db);
                var s = su.createStatement()) {
            s.execute("ALTER TABLE tracejudge.entry DISABLE TRIGGER entry_no_change");
            s.execute("UPDATE tracejudge.entry SET body = replace(body, 'a', 'b') WHERE seq = (SELECT min(seq) FROM "
                    + "tracejudge.entry WHERE kind = 'trace')");
        }
        r = CliTest.run("team", "sync", lead.toString());
        assertEquals(3, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("WARNING: 1 entry this laptop already had was CHANGED OR REMOVED"), r.out());
        r = CliTest.run("team", "status", lead.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("WARNING: TAMPERED: trace "), r.out());
        r = CliTest.run("team", "status", lead.toString(), "--format", "json");
        assertEquals(1, Json.read(r.out()).path("tampered").asInt(), r.out());
    }

    private static Project project(Path p) {
        return Project.open(p);
    }

    /**
     * Labels every input assigned to {@code person} (one decision per input covers its runs): the first tool yes when
     * {@code firstYes(i)} for the i-th input, else all no.
     */
    private static void label(Path file, String person, java.util.function.IntPredicate firstYes) {
        try (Project p = Project.open(file)) {
            List<String> mine = p.read(c -> Assigner.assignedTo(c, person, Assigner.REVIEW));
            assertEquals(64, mine.size(), person + "'s queue");
            assertEquals(person, p.meta(LocalTeam.PERSON));
            Map<String, String> oneRunPerInput = new java.util.TreeMap<>();
            for (String t : mine) {
                SelectionTraces.Item it = p.read(c -> SelectionTraces.one(c, t));
                oneRunPerInput.putIfAbsent(it.taskKey(), t);
            }
            assertEquals(16, oneRunPerInput.size());
            int i = 0;
            for (String t : oneRunPerInput.values()) {
                SelectionTraces.Item it = p.read(c -> SelectionTraces.one(c, t));
                Map<String, Boolean> perTool = new LinkedHashMap<>();
                List<String> tools = it.scenario().toolNames();
                for (int k = 0; k < tools.size(); k++) {
                    perTool.put(tools.get(k), k == 0 && firstYes.test(i));
                }
                SafetyReview.label(p, t, person, perTool, "reviewed");
                i++;
            }
        }
    }

    private static List<String> disagreements(Project p) {
        return p.read(c -> {
            List<String> out = new java.util.ArrayList<>();
            try (var s = c.createStatement();
                    var rs = s.executeQuery("SELECT a.trace_id FROM current_label a "
                            + "JOIN current_label b ON a.trace_id = b.trace_id WHERE a.created_by = 'Dr Alice' "
                            + "AND b.created_by = 'Dr Bob' AND (a.value <> b.value OR a.scores <> b.scores)")) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        });
    }
}
