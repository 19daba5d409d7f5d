package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.json.Json;
import org.tracejudge.model.Ids;
import org.tracejudge.model.RaterKind;
import org.tracejudge.safety.QuestionReview;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.CriticalReview;
import org.tracejudge.scheme.Kind;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;

/**
 * Issue 49 on a real PostgreSQL hub (schema 10): the safety review's rules on a question with a safety-critical option
 * (the mental-health review's risk), as the hub applies them to a tool-selection item's labels. An expert who
 * answered a (trace, question) does not adjudicate it, a third member does not answer one two others answered, an
 * adjudicator does not then answer it; each refused with the reason whether it comes from a laptop's sync or from SQL
 * typed as the member's own role. A question with no safety-critical option is answered by as many as like, and is not
 * adjudicated.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TeamQuestionReviewTest {
    @TempDir
    static Path dir;

    TeamFixture f;
    Project lead;
    Project alice;
    Project bob;
    Project carol;
    Scheme scheme;
    List<String> traces;

    private static final String ADJ = Ids.of("rater", CriticalReview.ADJUDICATION, "");

    @BeforeAll
    void hub() throws Exception {
        f = new TeamFixture("tj_qreview");
        Path leadFile = TeamFixture.file(dir, "lead");
        SampleProject.build(leadFile);
        HubServer.roles(f.alice, f.bob, f.carol);
        lead = Project.open(leadFile);
        scheme = SchemeFile.example("mental-health-response-review.yaml");
        assertTrue(CriticalReview.applies(scheme.question("risk").orElseThrow()));
        assertTrue(!CriticalReview.applies(scheme.question("tone").orElseThrow()));
        lead.write(c -> SchemeVersions.append(c, scheme.name(), SchemeFile.write(scheme), null, null, "Lead"));
        TeamSync.init(lead, f.as(f.lead), "ward", "Lead", true, TeamSync.QUIET);
        try (Hub hub = Hub.connect(f.as(f.lead))) {
            hub.addMember("ward", f.alice, "Alice", true);
            hub.addMember("ward", f.bob, "Bob", true);
            hub.addMember("ward", f.carol, "Carol", true);
        }
        alice = TeamSync.join(f.as(f.alice), "ward", TeamFixture.file(dir, "alice"), TeamSync.QUIET);
        bob = TeamSync.join(f.as(f.bob), "ward", TeamFixture.file(dir, "bob"), TeamSync.QUIET);
        carol = TeamSync.join(f.as(f.carol), "ward", TeamFixture.file(dir, "carol"), TeamSync.QUIET);
        traces = lead.read(TeamSyncTest::ids);
    }

    private static String answer(Project p, String person, String trace, String question, String json) {
        return p.write(c -> {
            String rater = Ledger.ensureRater(c, person, RaterKind.HUMAN, "", null, null);
            return Answers.append(c, null, Answers.Entry.set(trace, rater, question, 1, json, person));
        });
    }

    /** An adjudication written straight into a laptop's file, past the core's own check (an edited file). */
    private static String forgedAdjudication(Project p, String by, String trace, String question, String json) {
        return p.write(c -> {
            String rater = Ledger.ensureRater(c, CriticalReview.ADJUDICATION, RaterKind.HUMAN, "", null, null);
            return Answers.append(c, null, Answers.Entry.set(trace, rater, question, 1, json, by));
        });
    }

    /** An answer's body as a laptop pushes it. */
    private static String body(String id, String trace, String rater, String question, String value, String by) {
        return Json.object()
                .put("id", id)
                .put("trace_id", trace)
                .put("rater_id", rater)
                .put("question", question)
                .put("scheme_version", 1)
                .put("action", "set")
                .put("value", value)
                .put("created_by", by)
                .put("created_at", "2026-12-01T10:00:00.000000Z")
                .toString();
    }

    /** What the member's own role typing SQL gets: the hub's refusal of one answer, or null when it was stored. */
    private String typed(String role, String id, String body) throws SQLException {
        try (Hub hub = Hub.connect(f.as(role))) {
            Connection c = hub.connection();
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT seq, refusal FROM tracejudge.push('ward', " + "ARRAY['answer'], ARRAY[?], ARRAY[?])")) {
                s.setString(1, id);
                s.setString(2, body);
                try (ResultSet rs = s.executeQuery()) {
                    assertTrue(rs.next());
                    String refusal = rs.getString(2);
                    assertEquals(refusal == null, rs.getObject(1) != null, "stored exactly when not refused");
                    return refusal;
                }
            }
        }
    }

    private long onHub(String id) throws SQLException {
        try (Hub hub = Hub.connect(f.as(f.lead));
                PreparedStatement s = hub.connection()
                        .prepareStatement("SELECT count(*) FROM tracejudge.entry WHERE kind = 'answer' AND id = ?")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private void assign(String trace, String person) throws SQLException {
        String id = "adj-" + trace + "-" + person;
        String body = Json.object()
                .put("id", id)
                .put("trace_id", trace)
                .put("reviewer", person)
                .put("duty", "adjudicate")
                .put("created_by", "Lead")
                .put("created_at", "2026-12-01T10:00:00.000000Z")
                .toString();
        try (Hub hub = Hub.connect(f.as(f.lead))) {
            Hub.Pushed r = hub.push("ward", List.of(new Hub.Entry(0, "assignment", id, body)));
            assertTrue(r.refused().isEmpty(), r.refused().toString());
        }
    }

    @Test
    void theHubKeepsTheExpertsFromAdjudicatingAndAThirdFromAnswering() throws Exception {
        String t = traces.get(0);
        Question risk = scheme.question("risk").orElseThrow();
        answer(alice, "Alice", t, "risk", "4");
        answer(bob, "Bob", t, "risk", "1");
        assertEquals(0, TeamSync.sync(alice, TeamSync.QUIET).refusedByHub());
        assertEquals(0, TeamSync.sync(bob, TeamSync.QUIET).refusedByHub());
        TeamSync.sync(alice, TeamSync.QUIET);
        assertEquals(
                CriticalReview.Status.NEEDS_ADJUDICATION,
                QuestionReview.review(alice, risk, t).status());

        // Alice's laptop refuses her adjudication; an edited file sends it anyway, and the hub refuses it
        IllegalArgumentException own = assertThrows(
                IllegalArgumentException.class,
                () -> QuestionReview.adjudicate(alice, risk, 1, t, Answer.parse(Kind.ORDINAL, "4"), "Alice"));
        assertTrue(own.getMessage().contains("answered this item as an expert"), own.getMessage());
        String forged = forgedAdjudication(alice, "Alice", t, "risk", "4");
        TeamSync.Report r = TeamSync.sync(alice, TeamSync.QUIET);
        assertEquals(1, r.refusedByHub(), r.toString());
        assertTrue(
                TeamSync.rejections(alice).stream().anyMatch(m -> m.contains("an expert does not adjudicate it")),
                TeamSync.rejections(alice).toString());
        assertEquals(0, onHub(forged));
        // and typed as her own role, with another's name on it: refused, with the reason
        String why = typed(f.alice, "typed-adj-1", body("typed-adj-1", t, ADJ, "risk", "4", "Carol"));
        assertEquals("you answered 'risk' on this item as an expert: an expert does not adjudicate it", why);
        // nor may she write the log herself
        try (Hub hub = Hub.connect(f.as(f.alice))) {
            SQLException denied = assertThrows(SQLException.class, () -> hub.connection()
                    .createStatement()
                    .executeUpdate("INSERT INTO tracejudge.entry(project_id, kind, id, body, author) VALUES ('ward', "
                            + "'answer', 'typed-adj-2', '" + body("typed-adj-2", t, ADJ, "risk", "4", "Carol")
                            + "', current_user)"));
            assertTrue(denied.getMessage().contains("permission denied"), denied.getMessage());
        }

        // the lead, who reads both answers, breaks the tie with an answer of their own as a third expert: the laptop
        // takes it, the hub refuses it; and Carol (no answer of hers on t) typing it as her role is refused too
        TeamSync.sync(lead, TeamSync.QUIET);
        String third = answer(lead, "Lead", t, "risk", "2");
        r = TeamSync.sync(lead, TeamSync.QUIET);
        assertEquals(1, r.refusedByHub(), r.toString());
        assertTrue(
                TeamSync.rejections(lead).stream().anyMatch(m -> m.contains("a third does not answer it")),
                TeamSync.rejections(lead).toString());
        assertEquals(0, onHub(third));
        carol.write(c -> Ledger.ensureRater(c, "Carol", RaterKind.HUMAN, "", null, null));
        assertEquals(0, TeamSync.sync(carol, TeamSync.QUIET).refusedByHub()); // her rater, and nothing else
        assertEquals(
                "two experts answered 'risk' on this item already: a third does not answer it (only the adjudicator "
                        + "decides it)",
                typed(f.carol, "typed-third", body("typed-third", t, Hub.raterId("Carol"), "risk", "3", "Carol")));
        // a question with no safety-critical option is anyone's to answer, and nobody's to adjudicate
        answer(alice, "Alice", t, "tone", "2");
        answer(bob, "Bob", t, "tone", "4");
        assertEquals(0, TeamSync.sync(alice, TeamSync.QUIET).refusedByHub());
        assertEquals(0, TeamSync.sync(bob, TeamSync.QUIET).refusedByHub());
        assertNull(typed(f.carol, "typed-tone", body("typed-tone", t, Hub.raterId("Carol"), "tone", "3", "Carol")));
        assertEquals(
                "question 'tone' has no safety-critical option: its answers are not adjudicated",
                typed(f.carol, "typed-tone-adj", body("typed-tone-adj", t, ADJ, "tone", "3", "Carol")));

        // one of the two revises: theirs to make
        answer(bob, "Bob", t, "risk", "3");
        assertEquals(0, TeamSync.sync(bob, TeamSync.QUIET).refusedByHub());

        // the lead assigns Carol to adjudicate t: she pulls both answers and decides, under her own name
        assign(t, "Carol");
        TeamSync.sync(carol, TeamSync.QUIET);
        assertEquals(
                CriticalReview.Status.NEEDS_ADJUDICATION,
                QuestionReview.review(carol, risk, t).status());
        String adj = QuestionReview.adjudicate(carol, risk, 1, t, Answer.parse(Kind.ORDINAL, "4"), "Carol");
        r = TeamSync.sync(carol, TeamSync.QUIET);
        assertEquals(0, r.refusedByHub(), TeamSync.rejections(carol).toString());
        assertEquals(1, onHub(adj));
        // an adjudicator does not then answer the item herself
        assertEquals(
                "you adjudicated 'risk' on this item: an adjudicator does not then answer it",
                typed(f.carol, "typed-after", body("typed-after", t, Hub.raterId("Carol"), "risk", "4", "Carol")));

        // every laptop that reads the answers comes to the same settled item
        TeamSync.sync(alice, TeamSync.QUIET);
        TeamSync.sync(bob, TeamSync.QUIET);
        for (Project p : List.of(alice, bob, carol)) {
            CriticalReview.Review settled = QuestionReview.review(p, risk, t);
            assertEquals(CriticalReview.Status.SETTLED, settled.status(), settled.why());
            assertEquals("Carol", settled.adjudicator());
            assertEquals("4", settled.settled().toJson());
        }
        assertEquals(
                Map.of("Alice", "4", "Bob", "3", CriticalReview.ADJUDICATION, "4"),
                new java.util.TreeMap<>(
                        bob.read(c -> Answers.current(c, "risk")).get(t)));
    }
}
