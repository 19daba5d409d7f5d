package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The summary of current labels after bulk writes with the trigger paused and caught up ({@link LabelSummaryPause})
 * against the same writes with the trigger on: the same random appends (null verdicts, withdrawals, overrides, equal
 * times, entries older than their pair's newest, new traces) to two copies of a project that already has labels give
 * the same label_current rows, the same combination per trace and the same pairs per combination, and the trigger is
 * back as it was.
 */
public class LabelSummaryPauseTest {
    @TempDir
    Path dir;

    private static final String[] RATERS = {"r-harness", "r-judge-a", "r-judge-b", "r-alice"};
    private static final String[] VALUES = {"correct", "tool_skip", "wrong_tool"};
    private static final int TRACES = 80;

    private static Path project(Path f) throws Exception {
        ProjectSchema.migrations(f).load().migrate();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + f);
                Statement s = c.createStatement()) {
            s.execute(
                    "INSERT INTO label_set(name, labels) VALUES ('ls', '[\"correct\",\"tool_skip\",\"wrong_tool\"]')");
            s.execute("INSERT INTO task(id, task_key, task_type, label_set, body) VALUES ('k', 'K', 'control', 'ls', "
                    + "'{}')");
            for (int t = 0; t < TRACES; t++) {
                s.execute("INSERT INTO trace(id, task_id, model) VALUES ('t" + t + "', 'k', 'm')");
            }
            for (String r : RATERS) {
                s.execute(
                        "INSERT INTO rater(id, name, kind, created_at) VALUES ('" + r + "', '" + r + "', 'rule', 'x')");
            }
        }
        return f;
    }

    /** {@code count} random entries, the same for the same {@code seed}; some for traces that arrive with them. */
    private static void append(Connection c, long seed, int count, int round) throws Exception {
        Random rnd = new Random(seed);
        try (PreparedStatement s = c.prepareStatement("INSERT OR IGNORE INTO label(id, trace_id, rater_id, action, "
                + "value, created_at) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (int i = 0; i < count; i++) {
                int a = rnd.nextInt(10);
                String action = a < 7 ? "set" : a < 9 ? "null" : "withdraw";
                // ids repeat now and then: the ignored entry changes nothing
                s.setString(1, String.format("id-%03d-%04d", rnd.nextInt(1000), rnd.nextInt(3000)));
                s.setString(2, "t" + rnd.nextInt(TRACES));
                s.setString(3, RATERS[rnd.nextInt(RATERS.length)]);
                s.setString(4, action);
                s.setString(5, action.equals("set") ? VALUES[rnd.nextInt(VALUES.length)] : null);
                // few distinct times: ties are common, and many entries are older than their pair's newest
                s.setString(6, String.format("2026-01-01T00:00:%02d.000000Z", rnd.nextInt(30) + round * 5));
                s.addBatch();
            }
            s.executeBatch();
        }
        try (Statement s = c.createStatement()) {
            // a trace that arrives with no label, and one whose labels came first
            s.execute("INSERT INTO trace(id, task_id, model) VALUES ('new-" + seed + "', 'k', 'm')");
            s.execute("INSERT OR IGNORE INTO label(id, trace_id, rater_id, action, value, created_at) VALUES ('early-"
                    + seed + "', 'late-" + seed + "', 'r-judge-a', 'set', 'correct', '2026-01-01T00:00:00.000000Z')");
            s.execute("INSERT INTO trace(id, task_id, model) VALUES ('late-" + seed + "', 'k', 'm')");
        }
    }

    static List<String> summary(Connection c) throws Exception {
        return summary(c, true);
    }

    /**
     * The summary as rows of text: what the trigger's and the catch-up's must agree on. Without {@code ids} (two
     * projects whose entries have their own ids and times) a pair's current entry is given by its value, and checked
     * to be the ledger's newest entry of the pair.
     */
    public static List<String> summary(Connection c, boolean ids) throws Exception {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT trace_id, rater_id, label_id, created_at, value "
                    + "FROM label_current ORDER BY trace_id, rater_id")) {
                while (rs.next()) {
                    out.add("current " + rs.getString(1) + " " + rs.getString(2) + " "
                            + (ids ? rs.getString(3) + " " + rs.getString(4) + " " : "") + rs.getString(5));
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT (SELECT count(*) FROM (SELECT trace_id, rater_id, id, value "
                    + "FROM label l WHERE NOT EXISTS (SELECT 1 FROM label n WHERE n.trace_id = l.trace_id "
                    + "AND n.rater_id = l.rater_id AND (n.created_at > l.created_at OR (n.created_at = l.created_at "
                    + "AND n.id > l.id))) EXCEPT SELECT trace_id, rater_id, label_id, value FROM label_current)), "
                    + "(SELECT count(*) FROM label_current) - (SELECT count(*) FROM (SELECT DISTINCT trace_id, "
                    + "rater_id FROM label))")) {
                assertTrue(rs.next());
                assertEquals(0, rs.getInt(1), "pairs whose newest entry is not their current one");
                assertEquals(0, rs.getInt(2), "pairs without a current entry");
            }
            try (ResultSet rs = s.executeQuery("SELECT v.trace_id, replace(replace(c.key, char(31), '='), char(30), "
                    + "';') FROM trace_label_values v LEFT JOIN label_combo c ON c.id = v.combo ORDER BY v.trace_id")) {
                while (rs.next()) {
                    out.add("trace " + rs.getString(1) + " {" + rs.getString(2) + "}");
                }
            }
            // every combination a trace has, with its pairs
            try (ResultSet rs = s.executeQuery("SELECT replace(replace(c.key, char(31), '='), char(30), ';'), "
                    + "x.rater_id, x.value FROM label_combo c LEFT JOIN label_combo_value x ON x.combo = c.id "
                    + "WHERE c.id IN (SELECT combo FROM trace_label_values) ORDER BY c.key, x.rater_id")) {
                while (rs.next()) {
                    out.add("combo {" + rs.getString(1) + "} " + rs.getString(2) + "=" + rs.getString(3));
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM label_combo WHERE id = 0 AND key = ''")) {
                assertTrue(rs.next());
                out.add("empty combination " + rs.getInt(1));
            }
        }
        return out;
    }

    private static String triggerSql(Connection c) throws Exception {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT group_concat(name || ':' || sql, char(10)) FROM (SELECT name, "
                        + "sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name)")) {
            assertTrue(rs.next());
            return rs.getString(1);
        }
    }

    @Test
    void pausedAndCaughtUpEqualsTheTriggerOnAProjectWithLabels() throws Exception {
        Path a = project(dir.resolve("trigger.tjdb"));
        Path b = project(dir.resolve("paused.tjdb"));
        try (Connection ca = DriverManager.getConnection("jdbc:sqlite:" + a);
                Connection cb = DriverManager.getConnection("jdbc:sqlite:" + b)) {
            String triggers = triggerSql(cb);
            // labels before: written with the trigger on both
            append(ca, 1, 200, 0);
            append(cb, 1, 200, 0);
            assertEquals(summary(ca), summary(cb));
            for (int round = 1; round <= 6; round++) {
                long seed = 100L + round;
                int count = round == 3 ? 5 : 150;
                append(ca, seed, count, round);
                cb.setAutoCommit(false);
                LabelSummaryPause p = LabelSummaryPause.pause(cb);
                append(cb, seed, count, round);
                if (round == 4) {
                    // a commit in the middle (a classify that commits as it goes)
                    p.resume();
                    cb.commit();
                    p.pauseAgain();
                    append(ca, seed + 50, count, round);
                    append(cb, seed + 50, count, round);
                }
                p.resume();
                cb.commit();
                cb.setAutoCommit(true);
                List<String> expected = summary(ca);
                assertEquals(expected, summary(cb), "round " + round);
                assertTrue(expected.size() > TRACES, "rows: " + expected.size());
                assertEquals(triggers, triggerSql(cb), "the triggers after round " + round);
            }
            // and the trigger, back, keeps the summary as before
            append(ca, 999, 100, 9);
            append(cb, 999, 100, 9);
            assertEquals(summary(ca), summary(cb), "after the pauses, with the trigger on");
        }
    }

    @Test
    void aRolledBackPauseLeavesTheFileAsBefore() throws Exception {
        Path f = project(dir.resolve("p.tjdb"));
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + f)) {
            append(c, 7, 100, 0);
            List<String> before = summary(c);
            String triggers = triggerSql(c);
            c.setAutoCommit(false);
            LabelSummaryPause.pause(c);
            append(c, 8, 100, 1);
            c.rollback();
            c.setAutoCommit(true);
            assertEquals(triggers, triggerSql(c));
            assertEquals(before, summary(c));
        }
    }
}
