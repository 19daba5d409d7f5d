package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.model.RaterKind;
import org.tracejudge.store.Adjudications;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/**
 * Issue 47: what an attacker can write into a project file or a merge source does not change figures or decisions
 * silently. A merge source speaks for its own people only (item 6); calibration draws edited in the file (item 10)
 * are refused for corrected rates with the reason.
 */
class LedgerAttackTest {
    @TempDir
    Path dir;

    /** The classified sample with a uniform sample of 30 drawn and decided (the harness's labels as gold). */
    private Path decidedSample() throws Exception {
        Path p = CliTest.classifiedSample(dir);
        CliTest.Run r = CliTest.run("sample", p.toString(), "--n", "30", "--seed", "3");
        assertEquals(0, r.code(), r.err());
        try (Project project = Project.open(p)) {
            List<String> ids = new ArrayList<>();
            project.read(c -> {
                try (var s = c.createStatement();
                        var rs = s.executeQuery("SELECT trace_id FROM calibration_draw")) {
                    while (rs.next()) {
                        ids.add(rs.getString(1));
                    }
                }
                return null;
            });
            for (String t : ids) {
                String v = TestData.scalar(
                        project,
                        "SELECT l.value FROM current_label l JOIN rater r ON r.id = l.rater_id "
                                + "WHERE r.name = 'harness' AND l.trace_id = '" + t + "'");
                Adjudications.decide(project, t, "ana", v, null);
            }
        }
        assertEquals(0, CliTest.run("calibration", p.toString(), "--corrected").code());
        return p;
    }

    /** Edits the file as another program would (the append-only triggers dropped first where an UPDATE needs it). */
    private static void edit(Path p, String... sql) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + p);
                Statement s = c.createStatement()) {
            for (String q : sql) {
                s.execute(q);
            }
        }
    }

    private static void assertRefused(Path p, String why, String... extra) {
        List<String> args = new ArrayList<>(List.of("calibration", p.toString(), "--corrected"));
        args.addAll(List.of(extra));
        CliTest.Run r = CliTest.run(args.toArray(String[]::new));
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("was changed after it was drawn") && r.err().contains(why), r.err());
    }

    @Test
    void aRowInsertedIntoADrawIsRefused() throws Exception {
        Path p = decidedSample();
        edit(
                p,
                "INSERT INTO calibration_draw(sample, trace_id, design, stratum, inclusion, seed, why, drawn_at, "
                        + "population) SELECT d.sample, t.id, d.design, d.stratum, d.inclusion, d.seed, d.why, d.drawn_at, "
                        + "d.population FROM calibration_draw d, trace t WHERE t.id NOT IN (SELECT trace_id FROM "
                        + "calibration_draw) LIMIT 1");
        assertRefused(p, "31 rows where 30 were sealed");
    }

    @Test
    void aStratumSizeChangedIsRefused() throws Exception {
        Path p = decidedSample();
        edit(p, "DROP TRIGGER calibration_draw_no_update", "UPDATE calibration_draw SET population = 200");
        assertRefused(p, "rows changed since it was sealed");
    }

    @Test
    void aDisagreementSampleRelabelledUniformIsRefused() throws Exception {
        Path p = decidedSample();
        CliTest.Run r = CliTest.run("sample", p.toString(), "--design", "disagreement", "--name", "hard", "--n", "5");
        assertEquals(0, r.code(), r.err());
        edit(
                p,
                "DROP TRIGGER calibration_draw_no_update",
                "UPDATE calibration_draw SET design = 'uniform', inclusion = 0.5, population = 60 WHERE sample = 'hard'");
        assertRefused(p, "rows changed since it was sealed", "--sample", "hard");
        assertEquals(0, CliTest.run("calibration", p.toString(), "--corrected").code(), "the untouched sample is used");
    }

    @Test
    void aWholeDrawRemovedWithItsSealIsRefused() throws Exception {
        Path p = decidedSample();
        CliTest.Run r = CliTest.run("sample", p.toString(), "--n", "10", "--seed", "9", "--name", "second");
        assertEquals(0, r.code(), r.err());
        edit(
                p,
                "DROP TRIGGER calibration_draw_no_delete",
                "DELETE FROM calibration_draw WHERE sample = 'second'",
                "DELETE FROM calibration_seal WHERE sample = 'second'");
        assertRefused(p, "a draw or its seal was removed");
    }

    @Test
    void drawsOfAnOlderProjectAreSealedByTheMigrationAndCheckedFromThen() throws Exception {
        Path p = decidedSample();
        // the file as schema 11 left it: no seals (and nothing of the schemas after it)
        edit(p, TestData.UNDO_SCHEMA_16.toArray(String[]::new));
        edit(
                p,
                "DROP TABLE otlp_run",
                "DELETE FROM flyway_schema_history WHERE version = '15'",
                "DELETE FROM flyway_schema_history WHERE version = '14'",
                "DROP TABLE answer",
                "DROP TABLE scheme_version",
                "DELETE FROM flyway_schema_history WHERE version = '13'",
                "DROP TABLE calibration_seal",
                "DELETE FROM project_meta WHERE key = 'calibration.seal_head'",
                "DELETE FROM flyway_schema_history WHERE version = '12'",
                "PRAGMA user_version = 11");
        try (Project project = Project.open(p)) {
            assertEquals(
                    "30", TestData.scalar(project, "SELECT sum(rows) FROM calibration_seal WHERE how = 'migration'"));
        }
        assertEquals(0, CliTest.run("calibration", p.toString(), "--corrected").code(), "trusted as it was");
        edit(p, "DROP TRIGGER calibration_draw_no_update", "UPDATE calibration_draw SET population = 7");
        assertRefused(p, "(sealed at the schema 12 migration)");
    }

    // ---- item 6: merge keeps provenance ----

    private List<String> traces(Path f) {
        try (Project p = Project.open(f)) {
            return p.read(c -> {
                List<String> ids = new ArrayList<>();
                try (var s = c.createStatement();
                        var rs = s.executeQuery("SELECT id FROM trace ORDER BY model, id LIMIT 6")) {
                    while (rs.next()) {
                        ids.add(rs.getString(1));
                    }
                }
                return ids;
            });
        }
    }

    private Path laptop(String name) {
        Path f = dir.resolve(name);
        try (Project p = Project.open(f, Project.OpenOptions.createIfMissing(name))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
        }
        return f;
    }

    @Test
    void aSourceCannotSpeakForTheTargetsPeople() throws Exception {
        Path victim = laptop("alice.tjdb");
        List<String> t = traces(victim);
        try (Project p = Project.open(victim)) {
            Adjudications.decide(p, t.get(0), "alice", "correct", "mine");
            p.write(c -> {
                String me = Ledger.ensureRater(c, "alice", RaterKind.HUMAN, "", null, null);
                Ledger.append(c, null, Ledger.Entry.set(t.get(5), me, "correct", "alice"));
                return null;
            });
        }
        Path evil = laptop("mallory.tjdb");
        try (Project p = Project.open(evil)) {
            Adjudications.decide(p, t.get(1), "alice", "tool_skip", "forged decision"); // in the victim's name
            Adjudications.decide(p, t.get(2), "Alice", null, null); // a withdrawal in her name, another case
            Adjudications.decide(p, t.get(0), "mallory", null, null); // withdraws alice's decision on t0
            Adjudications.decide(p, t.get(4), "mallory", "correct", "my own work"); // taken
            p.write(c -> {
                String fake = Ledger.ensureRater(c, "alice", RaterKind.HUMAN, "", null, null);
                Ledger.append(c, null, Ledger.Entry.set(t.get(3), fake, "correct", "alice"));
                String judge = Ledger.ensureRater(c, "evil-judge", RaterKind.LLM_JUDGE, "1", null, null);
                Ledger.append(c, null, Ledger.Entry.set(t.get(3), judge, "banana", "mallory"));
                return null;
            });
        }
        CliTest.Run r = CliTest.run("merge", victim.toString(), evil.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("5 entries were refused"), r.err());
        assertTrue(r.out().contains("refused: 5 entries"), r.out());
        assertTrue(r.out().contains("a decision in the name of alice, one of this project's own annotators"), r.out());
        assertTrue(r.out().contains("a withdrawal in the name of Alice"), r.out());
        assertTrue(r.out().contains("it would withdraw the decision of alice"), r.out());
        assertTrue(r.out().contains("a label in the name of alice"), r.out());
        assertTrue(r.out().contains("\"banana\" (a machine rater's label) is not a label of"), r.out());
        assertTrue(r.out().contains("work of: mallory"), r.out());
        try (Project p = Project.open(victim)) {
            assertEquals(
                    "correct",
                    TestData.scalar(p, "SELECT value FROM current_adjudication WHERE trace_id = '" + t.get(0) + "'"),
                    "alice's decision stands");
            assertEquals(
                    "0",
                    TestData.scalar(
                            p,
                            "SELECT count(*) FROM adjudication WHERE lower(annotator) = 'alice' " + "AND trace_id <> '"
                                    + t.get(0) + "'"));
            assertEquals("0", TestData.scalar(p, "SELECT count(*) FROM label WHERE value = 'banana'"));
            assertEquals(
                    "1",
                    TestData.scalar(
                            p,
                            "SELECT count(*) FROM label l JOIN rater r ON r.id = l.rater_id "
                                    + "WHERE r.name = 'alice'"),
                    "only her own label");
            assertEquals(
                    "correct",
                    TestData.scalar(p, "SELECT value FROM current_adjudication WHERE trace_id = '" + t.get(4) + "'"),
                    "mallory's own work was merged");
        }

        // mallory's laptop is remembered as hers: the next merge from it takes her new work; the forgeries stay out
        try (Project p = Project.open(evil)) {
            Adjudications.decide(p, t.get(5), "mallory", "tool_skip", null);
        }
        r = CliTest.run("--quiet", "merge", victim.toString(), evil.toString(), "--format", "json");
        assertEquals(1, r.code(), r.err());
        JsonNode src = Json.read(r.out()).path("sources").get(0);
        assertEquals(5, src.path("refused").size(), r.out());
        assertEquals(1, src.path("adjudications").path("new").asInt(), r.out());
        assertTrue(src.path("refused").get(0).path("reason").asText().length() > 20, r.out());
    }

    @Test
    void theSamePersonOnTwoLaptopsIsTakenWhenSaidSoButABananaNever() throws Exception {
        Path a = laptop("a.tjdb");
        List<String> t = traces(a);
        try (Project p = Project.open(a)) {
            Adjudications.decide(p, t.get(0), "dana", "correct", null);
        }
        Path b = laptop("b.tjdb");
        try (Project p = Project.open(b)) {
            Adjudications.decide(p, t.get(1), "dana", "tool_skip", null);
            Adjudications.decide(p, t.get(2), "dana", "banana", null);
        }
        CliTest.Run r = CliTest.run("merge", a.toString(), b.toString(), "--same-person", "dana");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("refused: 1 entries") && r.out().contains("\"banana\" is not a label of"), r.out());
        try (Project p = Project.open(a)) {
            assertEquals(
                    "tool_skip",
                    TestData.scalar(p, "SELECT value FROM current_adjudication WHERE trace_id = '" + t.get(1) + "'"));
        }
    }
}
