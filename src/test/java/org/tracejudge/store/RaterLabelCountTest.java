package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schema 7's per-rater count of current labels (rater_label_count, kept by triggers) against the current_label
 * view, counted afresh: after migrating a schema-6 file with a ledger, after random appends (entries older than their
 * pair's newest, null verdicts, withdrawals, equal times), and after a team laptop's change of entries' times.
 */
class RaterLabelCountTest {
    @TempDir
    Path dir;

    private static final String[] RATERS = {"r-harness", "r-rule", "r-alice"};
    private static final String[] VALUES = {"correct", "tool_skip", "wrong_tool"};

    /** The oracle: counted from the view (newest entry per pair by created_at, id). */
    private static Map<String, Integer> fromView(Connection c) throws Exception {
        Map<String, Integer> out = new TreeMap<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT rater_id, count(*) FROM current_label WHERE value IS NOT NULL GROUP BY rater_id")) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getInt(2));
            }
        }
        return out;
    }

    private static Map<String, Integer> kept(Connection c) throws Exception {
        Map<String, Integer> out = new TreeMap<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT rater_id, labels FROM rater_label_count WHERE labels <> 0")) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getInt(2));
            }
        }
        return out;
    }

    private static int n;

    private static void append(Connection c, Random rnd, int count) throws Exception {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO label(id, trace_id, rater_id, action, value, "
                + "created_at) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (int i = 0; i < count; i++) {
                int a = rnd.nextInt(10);
                String action = a < 7 ? "set" : a < 9 ? "null" : "withdraw";
                s.setString(1, String.format("id-%03d-%06d", rnd.nextInt(1000), n++));
                s.setString(2, "t" + rnd.nextInt(25));
                s.setString(3, RATERS[rnd.nextInt(RATERS.length)]);
                s.setString(4, action);
                s.setString(5, action.equals("set") ? VALUES[rnd.nextInt(VALUES.length)] : null);
                // few distinct times: ties are common, and many entries are older than their pair's newest
                s.setString(6, String.format("2026-01-01T00:00:%02d.000000Z", rnd.nextInt(40)));
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    @Test
    void theKeptCountsAreTheCurrentLabelsThroughMigrationAppendsAndTimeChanges() throws Exception {
        Path f = dir.resolve("old.tjdb");
        Flyway.configure()
                .dataSource("jdbc:sqlite:" + f, "", "")
                .locations("classpath:db/migration")
                .target("6")
                .load()
                .migrate();
        Random rnd = new Random(7);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + f);
                Statement s = c.createStatement()) {
            s.execute("INSERT INTO label_set(name, labels) VALUES ('ls', '[]')");
            s.execute(
                    "INSERT INTO task(id, task_key, task_type, label_set, body) VALUES ('k', 'K', 'control', 'ls', '{}')");
            for (int t = 0; t < 25; t++) {
                s.execute("INSERT INTO trace(id, task_id, model) VALUES ('t" + t + "', 'k', 'm')");
            }
            for (String r : RATERS) {
                s.execute("INSERT INTO rater(id, name, kind, created_at) VALUES ('" + r + "', '" + r
                        + "', 'human', 'x')");
            }
            append(c, rnd, 300);
        }
        try (Project p = Project.open(f)) {
            p.read(c -> {
                assertEquals(fromView(c), kept(c), "migrated from schema 6");
                assertTrue(fromView(c).size() == 3, "every rater labels something");
                return null;
            });
            for (int round = 0; round < 20; round++) {
                p.write(c -> {
                    append(c, rnd, 1 + rnd.nextInt(40));
                    return null;
                });
                p.read(c -> {
                    assertEquals(fromView(c), kept(c), "after appends");
                    return null;
                });
            }
            // a team laptop taking the hub's times (LocalTeam.adopt): the no-update trigger is lifted for it
            for (int round = 0; round < 10; round++) {
                p.write(c -> {
                    try (Statement s = c.createStatement()) {
                        String sql;
                        try (ResultSet rs =
                                s.executeQuery("SELECT sql FROM sqlite_master WHERE name = 'label_no_update'")) {
                            assertTrue(rs.next());
                            sql = rs.getString(1);
                        }
                        s.execute("DROP TRIGGER label_no_update");
                        try (PreparedStatement u = c.prepareStatement(
                                "UPDATE label SET created_at = ? WHERE id IN (SELECT id FROM label ORDER BY random() LIMIT 5)")) {
                            u.setString(1, String.format("2026-01-01T00:00:%02d.000000Z", rnd.nextInt(45)));
                            u.executeUpdate();
                        }
                        s.execute(sql);
                    }
                    return null;
                });
                p.read(c -> {
                    assertEquals(fromView(c), kept(c), "after entries took other times");
                    return null;
                });
            }
            // and through the project's own reading
            Map<String, Integer> shown = new TreeMap<>();
            new ProjectQueries(p).raters().forEach(r -> shown.put(r.id(), r.labels()));
            Map<String, Integer> expected = p.read(RaterLabelCountTest::fromView);
            for (String r : RATERS) {
                assertEquals(expected.getOrDefault(r, 0), shown.get(r), r);
            }
        }
    }
}
