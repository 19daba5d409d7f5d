package org.tracejudge.ensemble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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
 * {@link TraceOrder#sqliteOrder} puts texts in the order SQLite's ORDER BY gives them (BINARY: UTF-8 bytes), which
 * the trace order of the label sources relies on; String's own order differs once characters beyond
 * U+FFFF meet characters from U+E000 up.
 */
class SqliteOrderTest {
    private static final String[] PARTS = {"a", "b", "Z", "0", "-", "é", "ß", "\uE000", "\uFFFD", "😀", "𝄞", "中", ""};

    @Test
    void javaSortsAsSqliteDoes() throws Exception {
        SplittableRandom rng = new SplittableRandom(3);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            StringBuilder sb = new StringBuilder();
            for (int k = rng.nextInt(6); k >= 0; k--) {
                sb.append(PARTS[rng.nextInt(PARTS.length)]);
            }
            if (!texts.contains(sb.toString())) {
                texts.add(sb.toString());
            }
        }
        List<String> bySqlite = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t(x TEXT)");
            }
            try (PreparedStatement s = c.prepareStatement("INSERT INTO t VALUES (?)")) {
                for (String t : texts) {
                    s.setString(1, t);
                    s.executeUpdate();
                }
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT x FROM t ORDER BY x")) {
                while (rs.next()) {
                    bySqlite.add(rs.getString(1));
                }
            }
        }
        List<String> byJava = new ArrayList<>(texts);
        byJava.sort(TraceOrder::sqliteOrder);
        assertEquals(bySqlite, byJava);
        List<String> byString = new ArrayList<>(texts);
        byString.sort(String::compareTo);
        assertNotEquals(bySqlite, byString, "the test has texts whose UTF-16 order differs");
    }
}
