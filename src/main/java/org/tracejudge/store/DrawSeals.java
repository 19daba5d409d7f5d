package org.tracejudge.store;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.tracejudge.json.Json;

/**
 * Seals of the calibration draws (table {@code calibration_seal}, schema 12). Each draw — the rows one call of
 * {@code sample} (or one until-precise batch) added under one sample name and time — gets a SHA-256 over its rows,
 * every column that the corrected rates rest on (trace, design, stratum, inclusion probability, seed, why, time,
 * stratum size), chained to the seal before it as the hub chains its entries' digests, and the newest seal's digest
 * and the number of seals are kept in {@code project_meta} ({@code calibration.seal_head}). A row inserted, a stratum
 * size or design changed, a draw removed: the seal no longer matches, and the corrected rates refuse the sample with
 * the reason ({@link #problems}).
 *
 * <p>This is tamper evidence against edits that do not know the scheme (a tool or a hand in an SQLite editor), as the
 * hub's digests are: someone who recomputes every digest can reseal; no key is kept that they could not read.
 * Draws that existed before schema 12 were sealed by the migration as they were then ({@code how = 'migration'}).
 */
public final class DrawSeals {
    static final String HEAD = "calibration.seal_head";

    private DrawSeals() {}

    /** Creates the table (schema 12). */
    static void createTable(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE calibration_seal ("
                    + "sample TEXT NOT NULL, drawn_at TEXT NOT NULL, rows INTEGER NOT NULL, "
                    + "digest TEXT NOT NULL, sealed_at TEXT NOT NULL, "
                    + "how TEXT NOT NULL CHECK (how IN ('drawn', 'migration')), "
                    + "PRIMARY KEY (sample, drawn_at))");
        }
    }

    /** Seals every draw not sealed yet (the migration: the draws are trusted as they are). */
    static int sealExisting(Connection c) throws SQLException {
        List<String[]> draws = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT d.sample, d.drawn_at FROM calibration_draw d "
                        + "WHERE NOT EXISTS (SELECT 1 FROM calibration_seal x WHERE x.sample = d.sample "
                        + "AND x.drawn_at = d.drawn_at) GROUP BY d.sample, d.drawn_at ORDER BY min(d.rowid)")) {
            while (rs.next()) {
                draws.add(new String[] {rs.getString(1), rs.getString(2)});
            }
        }
        for (String[] d : draws) {
            seal(c, d[0], d[1], "migration");
        }
        return draws.size();
    }

    /** Seals the draw of sample {@code sample} made at {@code drawnAt}, inside the caller's transaction. */
    public static void seal(Connection c, String sample, String drawnAt) throws SQLException {
        seal(c, sample, drawnAt, "drawn");
    }

    private static void seal(Connection c, String sample, String drawnAt, String how) throws SQLException {
        String[] head = head(c);
        String prev = head == null ? "" : head[0];
        int count = head == null ? 0 : Integer.parseInt(head[1]);
        int[] rows = {0};
        String digest = digest(c, prev, sample, drawnAt, rows);
        try (PreparedStatement s = c.prepareStatement("INSERT INTO calibration_seal(sample, drawn_at, rows, digest, "
                + "sealed_at, how) VALUES (?,?,?,?,?,?)")) {
            s.setString(1, sample);
            s.setString(2, drawnAt);
            s.setInt(3, rows[0]);
            s.setString(4, digest);
            s.setString(5, Timestamps.now());
            s.setString(6, how);
            s.executeUpdate();
        }
        try (PreparedStatement s =
                c.prepareStatement("INSERT OR REPLACE INTO project_meta(key, value) VALUES (?, ?)")) {
            s.setString(1, HEAD);
            s.setString(2, digest + " " + (count + 1));
            s.executeUpdate();
        }
    }

    /** The newest seal's digest and the number of seals, or null before the first. */
    private static String[] head(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT value FROM project_meta WHERE key = ?")) {
            s.setString(1, HEAD);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next() || rs.getString(1) == null) {
                    return null;
                }
                String[] v = rs.getString(1).split(" ", 2);
                return v.length == 2 ? v : new String[] {v[0], "-1"};
            }
        }
    }

    /** SHA-256 (hex) of {@code prev} and the draw's rows in trace order, each row as a canonical JSON array. */
    static String digest(Connection c, String prev, String sample, String drawnAt, int[] rows) throws SQLException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        sha.update(prev.getBytes(StandardCharsets.UTF_8));
        try (PreparedStatement s = c.prepareStatement("SELECT sample, trace_id, design, stratum, inclusion, seed, why, "
                + "drawn_at, population FROM calibration_draw WHERE sample = ? AND drawn_at = ? ORDER BY trace_id")) {
            s.setString(1, sample);
            s.setString(2, drawnAt);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    ArrayNode row = Json.MAPPER.createArrayNode();
                    row.add(rs.getString(1))
                            .add(rs.getString(2))
                            .add(rs.getString(3))
                            .add(rs.getString(4));
                    double pi = rs.getDouble(5);
                    if (rs.wasNull()) {
                        row.addNull();
                    } else {
                        row.add(Double.toString(pi));
                    }
                    row.add(rs.getLong(6)).add(rs.getString(7)).add(rs.getString(8));
                    long population = rs.getLong(9);
                    if (rs.wasNull()) {
                        row.addNull();
                    } else {
                        row.add(population);
                    }
                    sha.update(("\n" + Json.write(row)).getBytes(StandardCharsets.UTF_8));
                    rows[0]++;
                }
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /**
     * What breaks the seals of sample {@code sample}: a draw whose rows no longer match its seal (with how many rows it
     * was sealed with and holds now), rows no seal covers, a sealed draw whose rows are gone, a seal removed (the next
     * one no longer follows) or the newest seals gone. Empty when every seal holds.
     */
    public static List<String> problems(Connection c, String sample) throws SQLException {
        List<String> out = new ArrayList<>();
        String prev = "";
        int count = 0;
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT sample, drawn_at, rows, digest, how FROM calibration_seal ORDER BY rowid")) {
            while (rs.next()) {
                String name = rs.getString(1);
                String at = rs.getString(2);
                String stored = rs.getString(4);
                int[] rows = {0};
                String now = digest(c, prev, name, at, rows);
                if (!now.equals(stored) && name.equals(sample)) {
                    String what = rows[0] != rs.getInt(3)
                            ? rows[0] + " rows where " + rs.getInt(3) + " were sealed"
                            : "rows changed since it was sealed (e.g. a design, stratum size, probability or trace)";
                    out.add("the draw of " + at + " holds " + what
                            + ("migration".equals(rs.getString(5)) ? " (sealed at the schema 12 migration)" : ""));
                }
                // another sample's broken seal is named by that sample's own refusal; a seal removed before this
                // one breaks this one's link, and the head check below catches any removal
                prev = stored;
                count++;
            }
        }
        try (PreparedStatement s =
                c.prepareStatement("SELECT drawn_at, count(*) FROM calibration_draw d WHERE sample = ? "
                        + "AND NOT EXISTS (SELECT 1 FROM calibration_seal x WHERE x.sample = d.sample AND x.drawn_at = d.drawn_at) "
                        + "GROUP BY drawn_at ORDER BY min(rowid)")) {
            s.setString(1, sample);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getInt(2) + " row(s) dated " + rs.getString(1) + " that no seal covers (inserted)");
                }
            }
        }
        String[] head = head(c);
        if (count > 0 || head != null) {
            String expected = head == null ? "(none)" : head[0] + " " + head[1];
            if (!expected.equals(prev + " " + count)) {
                out.add("the chain of seals does not end where the project recorded it (" + count
                        + " seals found, " + (head == null ? "none" : head[1])
                        + " recorded): a draw or its seal was removed");
            }
        }
        return out;
    }
}
