package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;

/**
 * Issue 49, item 6: the project's own scheme and the answers to it through a real PostgreSQL hub (hub schema 7). The
 * lead publishes the scheme; a member's answers sync under her own name and reach the lead and her second laptop; the
 * hub itself refuses a member's scheme version, a version out of order or changed, and every answer that does not fit
 * the version it names (kind, option, scale, span target and bounds), with the reason — also when the member calls the
 * hub's push function or writes to its table by hand.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TeamSchemesTest {
    @TempDir
    static Path dir;

    TeamFixture f;
    Project lead;
    Project alice;
    List<String> traces;
    Scheme scheme;

    static final String MEMBER = "Alice";

    @BeforeAll
    void hub() throws Exception {
        f = new TeamFixture("tj_schemes");
        Path leadFile = TeamFixture.file(dir, "lead");
        SampleProject.build(leadFile);
        HubServer.roles(f.alice, f.bob);
        lead = Project.open(leadFile);
        String yaml = new String(
                SchemeFile.class
                        .getResourceAsStream("/org/tracejudge/scheme/examples/mental-health-response-review.yaml")
                        .readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8);
        scheme = SchemeFile.parse(yaml, "mental-health-response-review.yaml");
        lead.write(c -> SchemeVersions.append(c, scheme.name(), SchemeFile.write(scheme), yaml, null, "Lead"));
        TeamSync.init(lead, f.as(f.lead), "ward", "Lead", false, TeamSync.QUIET);
        try (Hub hub = Hub.connect(f.as(f.lead))) {
            hub.addMember("ward", f.alice, MEMBER, false);
            hub.addMember("ward", f.bob, "Bob", false);
        }
        alice = TeamSync.join(f.as(f.alice), "ward", TeamFixture.file(dir, "alice"), TeamSync.QUIET);
        traces = lead.read(TeamSyncTest::ids);
    }

    /** An answer row as the file's {@code answer} table would give it. */
    static final class Json {
        static String of(String id, String trace, String rater, String question, int version, String value, String by) {
            com.fasterxml.jackson.databind.node.ObjectNode o = org.tracejudge.json.Json.object();
            o.put("id", id)
                    .put("trace_id", trace)
                    .put("rater_id", rater)
                    .put("question", question)
                    .put("scheme_version", version)
                    .put("action", value == null ? "null" : "set");
            if (value == null) {
                o.putNull("value");
            } else {
                o.put("value", value);
            }
            o.putNull("rationale").putNull("null_reason").putNull("replaces");
            o.put("created_by", by).put("created_at", "2026-12-01T10:00:00.000000Z");
            return o.toString();
        }
    }

    private static List<String> mine(Project p) {
        return TeamFixture.dump(p, "answer").stream()
                .filter(row -> !row.contains("id=x-"))
                .toList();
    }

    private static Map<String, Map<String, String>> current(Project p, String question) {
        return p.read(c -> Answers.current(c, question));
    }

    @Test
    void theLeadPublishesTheSchemeAndAMembersAnswersReachTheLeadAndHerSecondLaptop() throws Exception {
        assertEquals("1", TestData.scalar(alice, "SELECT count(*) FROM scheme_version"), "the member pulled it");
        assertEquals(
                TestData.scalar(lead, "SELECT body FROM scheme_version WHERE version = 1"),
                TestData.scalar(alice, "SELECT body FROM scheme_version WHERE version = 1"));
        String rater = alice.write(c -> Ledger.ensureRater(c, MEMBER, RaterKind.HUMAN, "", null, null));
        assertEquals(Hub.raterId(MEMBER), rater, "her own rater, as the hub binds it");
        alice.write(c -> {
            for (int i = 0; i < 6; i++) {
                Answers.append(
                        c, null, Answers.Entry.set(traces.get(i), rater, "risk", 1, Integer.toString(i % 5), MEMBER));
                Answers.append(
                        c,
                        null,
                        Answers.Entry.set(
                                traces.get(i),
                                rater,
                                "escalation",
                                1,
                                i % 2 == 0 ? "\"appropriate\"" : "\"not_needed\"",
                                MEMBER));
            }
            return null;
        });
        TeamSync.Report r = TeamSync.sync(alice, TeamSync.QUIET);
        assertEquals(0, r.refusedByHub(), "nothing refused: " + r);
        TeamSync.sync(lead, TeamSync.QUIET);
        assertEquals(current(alice, "risk"), current(lead, "risk"));
        assertEquals(current(alice, "escalation"), current(lead, "escalation"));
        assertEquals(6, current(lead, "risk").size());
        assertEquals(
                MEMBER, TestData.scalar(lead, "SELECT DISTINCT created_by FROM answer"), "filed under her own name");
        // her second laptop pulls the same answers, the same rows
        Project second = TeamSync.join(f.as(f.alice), "ward", TeamFixture.file(dir, "alice-2"), TeamSync.QUIET);
        try {
            assertEquals(current(alice, "risk"), current(second, "risk"));
            assertEquals(current(alice, "escalation"), current(second, "escalation"));
            // every row alike (the other tests' answers put in her file by hand and refused by the hub aside)
            assertEquals(mine(alice), mine(second));
            assertEquals(TeamFixture.dump(alice, "scheme_version"), TeamFixture.dump(second, "scheme_version"));
        } finally {
            second.close();
        }
    }

    @Test
    void onlyTheLeadPublishesAVersionAndAVersionIsNeverChanged() throws Exception {
        String body1 = TestData.scalar(lead, "SELECT body FROM scheme_version WHERE version = 1");
        // a member's own version stays on his laptop: his sync does not publish it
        Project bob = TeamSync.join(f.as(f.bob), "ward", TeamFixture.file(dir, "bob"), TeamSync.QUIET);
        try {
            bob.write(c -> SchemeVersions.append(c, scheme.name(), body1, null, "mine", "Bob"));
            TeamSync.sync(bob, TeamSync.QUIET);
            assertEquals("2", TestData.scalar(bob, "SELECT max(version) FROM scheme_version"));
        } finally {
            bob.close();
        }
        try (Hub hub = Hub.connect(f.as(f.lead))) {
            assertEquals("1", count(hub.connection(), "SELECT count(*) FROM tracejudge.entry WHERE kind = 'scheme'"));
        }
        // and the hub refuses it when she pushes it all the same
        String v2 = lead.read(c -> LocalTeam.withForm(rowOf(c, 1).replace("\"version\":1", "\"version\":2")));
        try (Hub hub = Hub.connect(f.as(f.alice))) {
            Hub.Pushed r = hub.push("ward", List.of(new Hub.Entry(0, "scheme", "2", v2)));
            assertEquals(
                    "only the lead publishes a scheme version",
                    r.refused().get("scheme/2"),
                    r.refused().toString());
        }
        try (Hub hub = Hub.connect(f.as(f.lead))) {
            String changed = LocalTeam.withForm(rowOf(lead, 1).replace("\"note\":null", "\"note\":\"edited\""));
            Hub.Pushed r = hub.push(
                    "ward",
                    List.of(
                            new Hub.Entry(0, "scheme", "1", changed),
                            new Hub.Entry(0, "scheme", "5", v2.replace("\"version\":2", "\"version\":5"))));
            assertTrue(
                    r.refused().get("scheme/1").contains("is on the hub already with other content"),
                    r.refused().toString());
            assertTrue(
                    r.refused().get("scheme/5").contains("the next scheme version is 2, not 5"),
                    r.refused().toString());
            r = hub.push("ward", List.of(new Hub.Entry(0, "scheme", "2", v2.replace("\"form\"", "\"shape\""))));
            assertTrue(
                    r.refused().get("scheme/2").contains("needs its form"),
                    r.refused().toString());
            String twice = v2.replace("{\"key\":\"escalation\"", "{\"key\":\"risk\"");
            r = hub.push("ward", List.of(new Hub.Entry(0, "scheme", "2", twice)));
            assertTrue(
                    r.refused().get("scheme/2").contains("names a question twice"),
                    r.refused().toString());
        }
    }

    private static String rowOf(java.sql.Connection c, int version) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT json_object('version', version, 'name', name, 'body', body, "
                        + "'source', source, 'sha256', sha256, 'note', note, 'created_by', created_by, 'created_at', "
                        + "created_at) FROM scheme_version WHERE version = " + version)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static String rowOf(Project p, int version) {
        return p.read(c -> rowOf(c, version));
    }

    @Test
    void theHubRefusesEveryAnswerThatDoesNotFitItsVersionWithTheReason() throws Exception {
        String t = traces.get(10);
        int len = TestData.scalar(lead, "SELECT answer FROM trace WHERE id = '" + t + "'")
                .length();
        String me = Hub.raterId(MEMBER);
        alice.write(c -> Ledger.ensureRater(c, MEMBER, RaterKind.HUMAN, "", null, null));
        TeamSync.sync(alice, TeamSync.QUIET); // her rater is on the hub
        String span =
                "[{\"end\":" + (len + 1) + ",\"index\":0,\"option\":\"dismissive\",\"start\":0,\"target\":\"answer\"}]";
        List<Hub.Entry> bad = new ArrayList<>();
        bad.add(entry("x-option", t, me, "escalation", 1, "\"maybe\""));
        bad.add(entry("x-kind", t, me, "escalation", 1, "2"));
        bad.add(entry("x-scale", t, me, "risk", 1, "7"));
        bad.add(entry("x-half", t, me, "risk", 1, "2.5"));
        bad.add(entry("x-span", t, me, "harmful", 1, span));
        bad.add(entry("x-target", t, me, "harmful", 1, span.replace("\"answer\"", "\"turn\"")));
        bad.add(entry(
                "x-spanopt",
                t,
                me,
                "harmful",
                1,
                "[{\"end\":1,\"index\":0,\"option\":\"rude\",\"start\":0,\"target\":\"answer\"}]"));
        bad.add(entry(
                "x-backwards",
                t,
                me,
                "harmful",
                1,
                "[{\"end\":1,\"index\":0,\"option\":\"dismissive\",\"start\":3,\"target\":\"answer\"}]"));
        bad.add(entry("x-notspans", t, me, "harmful", 1, "{}"));
        bad.add(entry("x-text", t, me, "note", 1, "\"  \""));
        bad.add(entry("x-question", t, me, "mood", 1, "\"calm\""));
        bad.add(entry("x-version", t, me, "risk", 9, "1"));
        bad.add(entry("x-bob", t, Hub.raterId("Bob"), "risk", 1, "1"));
        bad.add(entry("x-json", t, me, "risk", 1, "{not json"));
        try (Hub hub = Hub.connect(f.as(f.alice))) {
            Hub.Pushed r = hub.push("ward", bad);
            Map<String, String> why = r.refused();
            assertEquals(bad.size(), why.size(), why.toString());
            assertTrue(
                    why.get("answer/x-option")
                            .contains("option 'maybe' is not one of appropriate, inappropriate, not_needed"),
                    why.toString());
            assertTrue(why.get("answer/x-kind").contains("a single-choice answer is one option"), why.toString());
            assertTrue(why.get("answer/x-scale").contains("step 7 is outside the scale 0–4"), why.toString());
            assertTrue(why.get("answer/x-half").contains("a whole step"), why.toString());
            assertTrue(
                    why.get("answer/x-span").contains("ends after the answer (" + len + " characters)"),
                    why.toString());
            assertTrue(why.get("answer/x-target").contains("takes spans of answer only"), why.toString());
            assertTrue(why.get("answer/x-spanopt").contains("option \"rude\" is not one of"), why.toString());
            assertTrue(why.get("answer/x-backwards").contains("start must be ≥ 0 and end after start"), why.toString());
            assertTrue(why.get("answer/x-notspans").contains("an array of spans (empty: none found)"), why.toString());
            assertTrue(why.get("answer/x-text").contains("non-empty"), why.toString());
            assertTrue(why.get("answer/x-question").contains("has no question 'mood'"), why.toString());
            assertTrue(why.get("answer/x-version").contains("scheme version 9 is not on the hub"), why.toString());
            assertTrue(why.get("answer/x-bob").contains("only your own rater (Alice)"), why.toString());
            assertTrue(why.get("answer/x-json").contains("not JSON"), why.toString());
            assertTrue(why.get("answer/x-option")
                    .startsWith("the answer does not fit question 'escalation' of scheme version 1: "));
            // a fitting one in the same batch would be stored: the hub refuses row by row
            Hub.Pushed ok = hub.push(
                    "ward",
                    List.of(entry(
                            "x-fine", t, me, "harmful", 1, span.replace("\"end\":" + (len + 1), "\"end\":" + len))));
            assertTrue(ok.refused().isEmpty(), ok.refused().toString());
            assertNotEquals(null, ok.seqs().get("answer/x-fine"));
            // "none found" (hub schema 9): an empty list of spans is an answer the hub takes
            Hub.Pushed none = hub.push("ward", List.of(entry("x-none", traces.get(11), me, "harmful", 1, "[]")));
            assertTrue(none.refused().isEmpty(), none.refused().toString());
            assertNotEquals(null, none.seqs().get("answer/x-none"));
        }
        TeamSync.sync(lead, TeamSync.QUIET);
        assertEquals(
                MEMBER,
                TestData.scalar(lead, "SELECT created_by FROM answer WHERE id = 'x-fine'"),
                "the fitting span reached the lead under her name");
        // an answer put in her own file by hand, past the workbench's checks: her sync sends it, the hub refuses it,
        // and the file records why
        alice.write(c -> Answers.append(c, "x-local", Answers.Entry.set(t, me, "tone", 1, "9", MEMBER)));
        TeamSync.sync(alice, TeamSync.QUIET);
        assertEquals(
                "the answer does not fit question 'tone' of scheme version 1: step 9 is outside the scale 1–5",
                TestData.scalar(alice, "SELECT reason FROM team_rejected WHERE kind = 'answer' AND id = 'x-local'"));
        // psql-like: the member's own connection, the hub's push function called by hand, then the table written to
        try (Connection c = f.as(f.alice).connect();
                PreparedStatement s = c.prepareStatement(
                        "SELECT * FROM tracejudge.push(?, ARRAY['answer'], ARRAY[?], " + "ARRAY[?])")) {
            s.setString(1, "ward");
            s.setString(2, "x-sql");
            s.setString(3, Json.of("x-sql", t, me, "escalation", 1, "\"unsure\"", MEMBER));
            try (ResultSet rs = s.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(null, rs.getObject("seq"));
                assertTrue(rs.getString("refusal").contains("option 'unsure' is not one of"), rs.getString("refusal"));
            }
            try (Statement st = c.createStatement()) {
                SQLException e = assertThrows(
                        SQLException.class,
                        () -> st.executeUpdate(
                                "INSERT INTO tracejudge.entry(project_id, kind, id, body) VALUES ('ward', "
                                        + "'answer', 'x-direct', '"
                                        + Json.of("x-direct", t, me, "escalation", 1, "\"unsure\"", MEMBER)
                                        + "')"));
                assertTrue(e.getMessage().contains("permission denied"), e.getMessage());
            }
        }
        try (Hub hub = Hub.connect(f.as(f.lead))) {
            assertEquals(
                    "0",
                    count(
                            hub.connection(),
                            "SELECT count(*) FROM tracejudge.entry WHERE kind = 'answer' AND id IN ("
                                    + "'x-sql', 'x-direct', 'x-option', 'x-scale', 'x-span')"));
        }
    }

    private static Hub.Entry entry(String id, String trace, String rater, String q, int version, String value) {
        return new Hub.Entry(0, "answer", id, Json.of(id, trace, rater, q, version, value, MEMBER));
    }

    private static String count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
