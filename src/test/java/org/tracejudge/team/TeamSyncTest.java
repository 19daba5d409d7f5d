package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/** Push and pull against a real PostgreSQL: round trips, idempotence, the order of current labels. */
class TeamSyncTest {
    @TempDir
    Path dir;

    @Test
    void everyKindRoundTripsAndResyncIsANoOp() throws Exception {
        TeamFixture f = new TeamFixture("tj_roundtrip");
        Path leadFile = TeamFixture.file(dir, "lead");
        SampleProject.build(leadFile);
        try (Project lead = Project.open(leadFile)) {
            lead.write(c -> {
                String trace = firstTrace(c);
                String rater = Ledger.ensureRater(c, "Dr Lead", RaterKind.HUMAN, "", null, "the lead");
                Ledger.append(
                        c,
                        null,
                        new Ledger.Entry(
                                trace,
                                rater,
                                "set",
                                TeamFixture.label(c, trace, 0),
                                "high",
                                Map.of("faithful", 3),
                                "fine",
                                "raw text",
                                null,
                                org.tracejudge.json.Json.read("{\"spans\":[1,2]}"),
                                "Dr Lead"));
                Ledger.append(c, null, Ledger.Entry.withdraw(trace, rater, "Dr Lead"));
                Ledger.adjudicate(c, trace, "Dr Lead", TeamFixture.label(c, trace, 0), "checked by hand");
                Ledger.adjudicate(c, trace, "Dr Lead", null, null);
                return null;
            });
            lead.setMeta("ensemble.rule", "rule");
            TeamSync.Report init = TeamSync.init(lead, f.as(f.lead), "demo", "Dr Lead", false, TeamSync.QUIET);
            assertTrue(init.pushed() > 100, "the whole project went to the hub: " + init);

            HubServer.roles(f.alice);
            try (Hub hub = Hub.connect(f.as(f.lead))) {
                hub.addMember("demo", f.alice, "Dr Alice", true);
            }
            try (Project alice = TeamSync.join(f.as(f.alice), "demo", TeamFixture.file(dir, "alice"), TeamSync.QUIET)) {
                TeamFixture.assertSameContent(lead, alice);
                assertEquals("rule", alice.meta("ensemble.rule"), "settings travel");
                assertEquals("Dr Alice", alice.meta(LocalTeam.PERSON));

                TeamSync.Report again = TeamSync.sync(alice, TeamSync.QUIET);
                assertEquals(0, again.pushed());
                assertEquals(0, again.pulled());
                assertEquals(0, TeamSync.sync(lead, TeamSync.QUIET).pushed(), "the lead's re-sync sends nothing");
                assertEquals(0, TeamSync.sync(lead, TeamSync.QUIET).pulled());

                // alice decides; it reaches the lead, and alice's file and the lead's agree again
                alice.write(c -> Ledger.adjudicate(
                        c, firstTrace(c), "Dr Alice", TeamFixture.label(c, firstTrace(c), 1), "wrong number"));
                assertEquals(1, TeamSync.waiting(alice)[0]);
                assertEquals(1, TeamSync.sync(alice, TeamSync.QUIET).pushed());
                assertEquals(0, TeamSync.waiting(alice)[0]);
                assertEquals(1, TeamSync.sync(lead, TeamSync.QUIET).pulled());
                TeamFixture.assertSameContent(lead, alice);
                assertEquals(
                        0,
                        TeamSync.sync(alice, TeamSync.QUIET).pulled(),
                        "alice's own entry is not pulled back as new");

                // the lead changes a policy: it reaches alice
                lead.setMeta("ensemble.rule", "rule-tolerant");
                TeamSync.sync(lead, TeamSync.QUIET);
                TeamSync.sync(alice, TeamSync.QUIET);
                assertEquals("rule-tolerant", alice.meta("ensemble.rule"));
            }
        }
    }

    @Test
    void skewedClocksConvergeOnTheSameCurrentLabelsAndFinalAdjudications() throws Exception {
        TeamFixture f = new TeamFixture("tj_skew");
        Path leadFile = TeamFixture.file(dir, "lead");
        SampleProject.build(leadFile);
        HubServer.roles(f.alice, f.bob);
        try (Project lead = Project.open(leadFile)) {
            TeamSync.init(lead, f.as(f.lead), "skew", "Lead", false, TeamSync.QUIET);
            try (Hub hub = Hub.connect(f.as(f.lead))) {
                hub.addMember("skew", f.alice, "Alice", true);
                hub.addMember("skew", f.bob, "Bob", true);
            }
            try (Project a = TeamSync.join(f.as(f.alice), "skew", TeamFixture.file(dir, "a"), TeamSync.QUIET);
                    Project b = TeamSync.join(f.as(f.bob), "skew", TeamFixture.file(dir, "b"), TeamSync.QUIET)) {
                List<String> traces = a.read(c -> ids(c));
                // alice's laptop runs three hours fast, bob's two hours slow; both adjudicate the same traces offline
                for (int i = 0; i < 20; i++) {
                    String t = traces.get(i);
                    int n = i;
                    a.write(c -> adjudicateAt(
                            c,
                            t,
                            "Alice",
                            TeamFixture.label(c, t, n % 2),
                            "2031-01-01T03:00:00.0000" + (10 + n) + "Z"));
                    b.write(c -> adjudicateAt(
                            c,
                            t,
                            "Bob",
                            TeamFixture.label(c, t, n % 3 == 0 ? 0 : 1),
                            "2030-12-31T22:00:00.0000" + (10 + n) + "Z"));
                }
                TeamSync.sync(a, TeamSync.QUIET);
                TeamSync.sync(b, TeamSync.QUIET);
                TeamSync.sync(a, TeamSync.QUIET);
                TeamSync.sync(lead, TeamSync.QUIET);
                List<String> current = TeamFixture.dump(a, "current_adjudication", "current_label");
                assertEquals(current, TeamFixture.dump(b, "current_adjudication", "current_label"));
                assertEquals(current, TeamFixture.dump(lead, "current_adjudication", "current_label"));
                TeamFixture.assertSameContent(a, b);
                // after a sync each laptop writes on the hub's clock: a decision made now comes after both skewed ones
                Timestamps_reset();
                TeamSync.sync(b, TeamSync.QUIET);
                String t0 = traces.get(0);
                b.write(c ->
                        org.tracejudge.store.Ledger.adjudicate(c, t0, "Bob", TeamFixture.label(c, t0, 2), "later"));
                TeamSync.sync(b, TeamSync.QUIET);
                TeamSync.sync(a, TeamSync.QUIET);
                assertEquals(TeamFixture.dump(a, "current_adjudication"), TeamFixture.dump(b, "current_adjudication"));
            }
        }
    }

    /**
     * Small batches and pages (by count and by characters) on a hub whose seqs interleave two projects: the pull's seq
     * windows cross stretches of the other project's entries and pages that stop at their character budget, the
     * pipelined push sends many batches, and both laptops still end with the same content and a no-op re-sync.
     */
    @Test
    void smallBatchesAndInterleavedProjectsMoveEverything() throws Exception {
        int push = TeamSync.pushBatch;
        int pull = TeamSync.pullBatch;
        long pushChars = TeamSync.pushChars;
        long pullChars = TeamSync.pullChars;
        try {
            TeamFixture f = new TeamFixture("tj_pages");
            HubServer.roles(f.alice);
            Path aFile = TeamFixture.file(dir, "lead-a");
            Path bFile = TeamFixture.file(dir, "lead-b");
            SampleProject.build(aFile);
            SampleProject.build(bFile);
            try (Project a = Project.open(aFile);
                    Project b = Project.open(bFile)) {
                TeamSync.init(a, f.as(f.lead), "a", "Lead", false, TeamSync.QUIET);
                TeamSync.init(b, f.as(f.lead), "b", "Lead", false, TeamSync.QUIET);
                List<String> traces = a.read(TeamSyncTest::ids);
                // more of project a after all of b: a's seqs have a gap b fills
                a.write(c -> {
                    String r = Ledger.ensureRater(c, "Lead", RaterKind.HUMAN, "", null, null);
                    for (int i = 0; i < 30; i++) {
                        Ledger.append(
                                c,
                                null,
                                Ledger.Entry.set(traces.get(i), r, TeamFixture.label(c, traces.get(i), 0), "Lead"));
                    }
                    return null;
                });
                TeamSync.sync(a, TeamSync.QUIET);
                try (Hub hub = Hub.connect(f.as(f.lead))) {
                    hub.addMember("a", f.alice, "Alice", false);
                }
                TeamSync.pushBatch = 7;
                TeamSync.pullBatch = 9;
                TeamSync.pushChars = 1500;
                TeamSync.pullChars = 2500;
                try (Project alice =
                        TeamSync.join(f.as(f.alice), "a", TeamFixture.file(dir, "alice"), TeamSync.QUIET)) {
                    TeamFixture.assertSameContent(a, alice);
                    alice.write(c -> {
                        String r = Ledger.ensureRater(c, "Alice", RaterKind.HUMAN, "", null, null);
                        for (int i = 0; i < 25; i++) {
                            Ledger.append(
                                    c,
                                    null,
                                    Ledger.Entry.set(
                                            traces.get(i), r, TeamFixture.label(c, traces.get(i), i % 2), "Alice"));
                        }
                        return null;
                    });
                    TeamSync.Report sent = TeamSync.sync(alice, TeamSync.QUIET);
                    assertEquals(26, sent.pushed(), "25 labels and alice's rater, in batches of at most 7: " + sent);
                    assertEquals(0, sent.pulled(), "alice's own entries are not taken back as new");
                    assertEquals(26, TeamSync.sync(a, TeamSync.QUIET).pulled());
                    TeamFixture.assertSameContent(a, alice);
                    assertEquals(
                            0,
                            TeamSync.sync(alice, TeamSync.QUIET).pushed()
                                    + TeamSync.sync(alice, TeamSync.QUIET).pulled());
                    assertEquals(0, TeamSync.waiting(alice)[0]);
                }
                assertEquals(
                        "0",
                        org.tracejudge.TestData.scalar(
                                a, "SELECT count(*) FROM label WHERE trace_id NOT IN (SELECT id FROM trace)"));
            }
        } finally {
            TeamSync.pushBatch = push;
            TeamSync.pullBatch = pull;
            TeamSync.pushChars = pushChars;
            TeamSync.pullChars = pullChars;
        }
    }

    /**
     * Skips (S in the workbench) reach the lead and count in the progress per reviewer until the item is decided; the
     * hub takes a reviewer's skip only under their own name, a skip reveals nothing under the blind policy, and a hub
     * that does not take skips yet (schema 1) leaves them waiting on the laptop while everything else syncs.
     */
    @Test
    void skipsReachTheLeadAndCountUntilDecided() throws Exception {
        TeamFixture f = new TeamFixture("tj_skips");
        Path leadFile = TeamFixture.file(dir, "lead");
        SampleProject.build(leadFile);
        HubServer.roles(f.alice);
        try (Project lead = Project.open(leadFile)) {
            TeamSync.init(lead, f.as(f.lead), "skips", "Lead", true, TeamSync.QUIET);
            List<String> t = lead.read(TeamSyncTest::ids);
            lead.write(c -> Assigner.save(c, Assigner.overlap(t.subList(0, 3), List.of("Alice"), 1, 1), "Lead"));
            try (Hub hub = Hub.connect(f.as(f.lead))) {
                hub.addMember("skips", f.alice, "Alice", false);
            }
            TeamSync.sync(lead, TeamSync.QUIET);
            try (Project alice =
                    TeamSync.join(f.as(f.alice), "skips", TeamFixture.file(dir, "alice"), TeamSync.QUIET)) {
                alice.write(c -> {
                    LocalTeam.recordSkip(c, t.get(0), "Alice");
                    LocalTeam.recordSkip(c, t.get(1), "Alice");
                    LocalTeam.recordSkip(c, t.get(1), "Alice"); // skipped twice: one item
                    return null;
                });
                assertEquals(3, TeamSync.waiting(alice)[0]);
                assertEquals(3, TeamSync.sync(alice, TeamSync.QUIET).pushed());
                assertEquals(3, TeamSync.sync(lead, TeamSync.QUIET).pulled());
                TeamProgress.Reviewer a =
                        lead.read(c -> TeamProgress.reviewers(c)).get(0);
                assertEquals(new TeamProgress.Reviewer("Alice", 3, 0, 3, 2, 0, 0), a);
                try (java.sql.Connection su = HubServer.superuser(f.db);
                        var s = su.createStatement();
                        var rs = s.executeQuery(
                                "SELECT count(*) FROM tracejudge.decided WHERE role = '" + f.alice + "'")) {
                    rs.next();
                    assertEquals(0, rs.getInt(1), "a skip is not a decision: the blind policy reveals nothing for it");
                }

                // deciding a skipped item takes it off the skipped count
                alice.write(c -> Ledger.adjudicate(c, t.get(0), "Alice", TeamFixture.label(c, t.get(0), 0), null));
                TeamSync.sync(alice, TeamSync.QUIET);
                TeamSync.sync(lead, TeamSync.QUIET);
                assertEquals(
                        new TeamProgress.Reviewer("Alice", 3, 1, 2, 1, 0, 0),
                        lead.read(c -> TeamProgress.reviewers(c)).get(0));

                // the hub files a skip under the member's own name, whatever name its body gives
                try (Hub hub = Hub.connect(f.as(f.alice))) {
                    Hub.Pushed r = hub.push(
                            "skips",
                            List.of(
                                    new Hub.Entry(
                                            0,
                                            "skip",
                                            "forged",
                                            "{\"id\":\"forged\"," + "\"trace_id\":\"" + t.get(2)
                                                    + "\",\"reviewer\":\"Lead\",\"created_at\":\"2099-01-01T00:00:00.000000Z\"}")));
                    assertEquals("Alice", r.stamps().get("skip/forged")[1]);
                    assertTrue(
                            r.stamps().get("skip/forged")[0].compareTo("2099") < 0, "the hub's time, not the client's");
                }
                alice.write(c -> {
                    Ledger.adjudicate(c, t.get(1), "Alice", TeamFixture.label(c, t.get(1), 1), null);
                    return null;
                });
                assertEquals(1, TeamSync.sync(alice, TeamSync.QUIET).pushed());
                TeamSync.sync(lead, TeamSync.QUIET);
                assertEquals(
                        new TeamProgress.Reviewer("Alice", 3, 2, 1, 1, 0, 0),
                        lead.read(c -> TeamProgress.reviewers(c)).get(0));
                assertEquals(
                        1,
                        Integer.parseInt(org.tracejudge.TestData.scalar(
                                lead, "SELECT count(*) FROM team_skip WHERE id = 'forged' AND reviewer = 'Alice'")));
            }
        }
    }

    private static void Timestamps_reset() {
        org.tracejudge.store.Timestamps.setOffset(java.time.Duration.ZERO);
    }

    static String adjudicateAt(java.sql.Connection c, String trace, String who, String value, String at)
            throws SQLException {
        try (var s = c.prepareStatement(
                "INSERT INTO adjudication(id, trace_id, annotator, action, value, rationale, replaces, "
                        + "created_at) VALUES (?,?,?,?,?,?,?,?)")) {
            String id = org.tracejudge.model.Ids.random();
            s.setString(1, id);
            s.setString(2, trace);
            s.setString(3, who);
            s.setString(4, "set");
            s.setString(5, value);
            s.setString(6, null);
            s.setString(7, null);
            s.setString(8, at);
            s.executeUpdate();
            return id;
        }
    }

    static String firstTrace(java.sql.Connection c) throws SQLException {
        return ids(c).get(0);
    }

    static List<String> ids(java.sql.Connection c) throws SQLException {
        List<String> out = new java.util.ArrayList<>();
        try (var s = c.createStatement();
                var rs = s.executeQuery("SELECT id FROM trace ORDER BY id")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    @Test
    void aUrlWithAPasswordIsRefused() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> HubAddress.parse("postgresql://alice:secret@localhost/hub", null));
        assertTrue(e.getMessage().contains("pgpass") && !e.getMessage().contains("secret"), e.getMessage());
        assertThrows(
                IllegalArgumentException.class, () -> HubAddress.parse("postgresql://localhost/hub?password=x", null));
        HubAddress a = HubAddress.parse("postgresql://bob@db.example.org:5433/hub?sslmode=verify-full", null);
        assertEquals("jdbc:postgresql://db.example.org:5433/hub?sslmode=verify-full", a.url());
        assertEquals("bob", a.user());
    }
}
