package org.tracejudge.ensemble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link TraceOrder} gives the order of SQLite's {@code ORDER BY model, task_key, run}, with ties in the order the
 * traces were read, on values whose UTF-16 order differs from SQLite's and with repeated tuples.
 */
class TraceOrderTest {
    private static final String[] PARTS = {"a", "b", "Z", "0", "-", "é", "\uE000", "😀", "中", ""};

    @Test
    void sortsAsSqliteWithTiesInReadOrder() throws Exception {
        SplittableRandom rng = new SplittableRandom(11);
        List<String> models = new ArrayList<>();
        List<String> tasks = new ArrayList<>();
        List<String> runs = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            models.add(text(rng, 2));
            tasks.add(text(rng, 3));
            runs.add(text(rng, 1));
        }
        int[] bySqlite = new int[models.size()];
        try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t(seq INTEGER, model TEXT, task_key TEXT, run TEXT)");
            }
            try (PreparedStatement s = c.prepareStatement("INSERT INTO t VALUES (?, ?, ?, ?)")) {
                for (int i = 0; i < models.size(); i++) {
                    s.setInt(1, i);
                    s.setString(2, models.get(i));
                    s.setString(3, tasks.get(i));
                    s.setString(4, runs.get(i));
                    s.executeUpdate();
                }
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT seq FROM t ORDER BY model, task_key, run, seq")) {
                for (int i = 0; rs.next(); i++) {
                    bySqlite[i] = rs.getInt(1);
                }
            }
        }
        assertArrayEquals(bySqlite, TraceOrder.of(models, tasks, runs), "packed ranks");
        assertArrayEquals(bySqlite, TraceOrder.of(models, tasks, runs, false), "comparator");
    }

    @Test
    void noTracesNoOrder() {
        assertEquals(0, TraceOrder.of(List.of(), List.of(), List.of()).length);
    }

    private static String text(SplittableRandom rng, int parts) {
        StringBuilder sb = new StringBuilder();
        for (int k = rng.nextInt(parts + 1); k >= 0; k--) {
            sb.append(PARTS[rng.nextInt(PARTS.length)]);
        }
        return sb.toString();
    }
}
