package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;

/**
 * Issue 49 on a real PostgreSQL hub (schema 8): an answer to a blind question (the mental-health review's risk, blind
 * by default for its safety-critical step) is read only by its author, by members who answered the same (trace,
 * question) themselves, by the member assigned to adjudicate the trace, and by the lead, even in a project without the
 * blind policy; answers to other questions are read as before. A member who answers later pulls the answers hidden
 * from them until then.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TeamBlindQuestionsTest {
    @TempDir
    static Path dir;

    TeamFixture f;
    Project lead;
    Project alice;
    Project bob;
    Project carol;
    List<String> traces;

    @BeforeAll
    void hub() throws Exception {
        f = new TeamFixture("tj_blindq");
        Path leadFile = TeamFixture.file(dir, "lead");
        SampleProject.build(leadFile);
        HubServer.roles(f.alice, f.bob, f.carol);
        lead = Project.open(leadFile);
        Scheme scheme = SchemeFile.example("mental-health-response-review.yaml");
        assertTrue(scheme.question("risk").orElseThrow().blind());
        lead.write(c -> SchemeVersions.append(c, scheme.name(), SchemeFile.write(scheme), null, null, "Lead"));
        // no blind policy for the project: the question's own blindness is what hides its answers
        TeamSync.init(lead, f.as(f.lead), "ward", "Lead", false, TeamSync.QUIET);
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

    private static void answer(Project p, String person, String trace, String question, String json) {
        p.write(c -> {
            String rater = Ledger.ensureRater(c, person, RaterKind.HUMAN, "", null, null);
            return Answers.append(c, null, Answers.Entry.set(trace, rater, question, 1, json, person));
        });
    }

    /** The hub's answers a role reads: "person question=value", sorted. */
    private List<String> onHub(String role, String trace) throws Exception {
        List<String> out = new java.util.ArrayList<>();
        try (Hub hub = Hub.connect(f.as(role));
                Statement s = hub.connection().createStatement();
                ResultSet rs = s.executeQuery("SELECT person, question, (body::jsonb)->>'value' FROM tracejudge.entry "
                        + "WHERE kind = 'answer' AND trace_id = '" + trace + "'")) {
            while (rs.next()) {
                out.add(rs.getString(1) + " " + rs.getString(2) + "=" + rs.getString(3));
            }
        }
        out.sort(null);
        return out;
    }

    private static Map<String, String> risk(Project p, String trace) {
        return new TreeMap<>(p.read(c -> Answers.current(c, "risk")).getOrDefault(trace, Map.of()));
    }

    @Test
    void aBlindQuestionsAnswersReachOnlyThoseWhoAnsweredItTheAdjudicatorAndTheLead() throws Exception {
        String t = traces.get(0);
        answer(alice, "Alice", t, "risk", "4");
        answer(alice, "Alice", t, "escalation", "\"inappropriate\"");
        assertEquals(0, TeamSync.sync(alice, TeamSync.QUIET).refusedByHub());

        // Bob has not answered risk on t: he reads Alice's escalation (not blind), not her risk
        assertEquals(List.of("Alice escalation=\"inappropriate\""), onHub(f.bob, t));
        TeamSync.sync(bob, TeamSync.QUIET);
        assertEquals(Map.of(), risk(bob, t));
        assertEquals(
                Map.of("Alice", "\"inappropriate\""),
                bob.read(c -> Answers.current(c, "escalation")).get(t));
        // the lead reads everything
        assertEquals(List.of("Alice escalation=\"inappropriate\"", "Alice risk=4"), onHub(f.lead, t));
        TeamSync.sync(lead, TeamSync.QUIET);
        assertEquals(Map.of("Alice", "4"), risk(lead, t));

        // Bob answers risk: now he reads Alice's, and his sync pulls it though his cursor is past it
        answer(bob, "Bob", t, "risk", "3");
        assertEquals(0, TeamSync.sync(bob, TeamSync.QUIET).refusedByHub());
        assertEquals(List.of("Alice escalation=\"inappropriate\"", "Alice risk=4", "Bob risk=3"), onHub(f.bob, t));
        assertEquals(Map.of("Alice", "4", "Bob", "3"), risk(bob, t));
        // and Alice reads Bob's: she answered risk on t
        TeamSync.sync(alice, TeamSync.QUIET);
        assertEquals(Map.of("Alice", "4", "Bob", "3"), risk(alice, t));

        // Carol answered nothing: she reads neither risk answer, until the lead assigns her to adjudicate t
        TeamSync.sync(carol, TeamSync.QUIET);
        assertEquals(Map.of(), risk(carol, t));
        assertEquals(List.of("Alice escalation=\"inappropriate\""), onHub(f.carol, t));
        String body = org.tracejudge.json.Json.object()
                .put("id", "adj-" + t)
                .put("trace_id", t)
                .put("reviewer", "Carol")
                .put("duty", "adjudicate")
                .put("created_by", "Lead")
                .put("created_at", "2026-12-01T10:00:00.000000Z")
                .toString();
        try (Hub hub = Hub.connect(f.as(f.lead))) {
            Hub.Pushed r = hub.push("ward", List.of(new Hub.Entry(0, "assignment", "adj-" + t, body)));
            assertTrue(r.refused().isEmpty(), r.refused().toString());
        }
        assertEquals(List.of("Alice escalation=\"inappropriate\"", "Alice risk=4", "Bob risk=3"), onHub(f.carol, t));
        TeamSync.sync(carol, TeamSync.QUIET);
        assertEquals(Map.of("Alice", "4", "Bob", "3"), risk(carol, t));
        // another trace's blind answers stay hidden from her
        String t2 = traces.get(1);
        answer(alice, "Alice", t2, "risk", "1");
        TeamSync.sync(alice, TeamSync.QUIET);
        assertEquals(List.of(), onHub(f.carol, t2));
    }
}
