package org.tracejudge.store;

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

/**
 * A project's scheme versions (table {@code scheme_version}, schema 13): its own questions, each change a new version,
 * never edited in place. The body is the scheme as canonical JSON, which answers are checked against; the source is
 * the file as the team wrote it. A project without a version judges with the built-in label sets only.
 */
public final class SchemeVersions {
    private SchemeVersions() {}

    /** One stored version. */
    public record Version(
            int version,
            String name,
            String body,
            String source,
            String sha256,
            String note,
            String createdBy,
            String createdAt) {}

    /** The newest version; null when the project has no scheme of its own. */
    public static Version current(Connection c) throws SQLException {
        return one(c, "SELECT " + COLUMNS + " FROM scheme_version ORDER BY version DESC LIMIT 1", null);
    }

    /** One version by number; null when there is no such version. */
    public static Version get(Connection c, int version) throws SQLException {
        return one(c, "SELECT " + COLUMNS + " FROM scheme_version WHERE version = ?", version);
    }

    /** Every version, oldest first. */
    public static List<Version> all(Connection c) throws SQLException {
        List<Version> out = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT " + COLUMNS + " FROM scheme_version ORDER BY version")) {
            while (rs.next()) {
                out.add(read(rs));
            }
        }
        return out;
    }

    /**
     * Appends the next version (the current one + 1, or 1) and returns it. The caller has checked the scheme and what
     * the change orphans; this only writes.
     */
    public static Version append(Connection c, String name, String body, String source, String note, String createdBy)
            throws SQLException {
        Version cur = current(c);
        int next = cur == null ? 1 : cur.version() + 1;
        String at = Timestamps.now();
        String sha = sha256(body);
        try (PreparedStatement s = c.prepareStatement("INSERT INTO scheme_version(version, name, body, source, sha256, "
                + "note, created_by, created_at) VALUES (?,?,?,?,?,?,?,?)")) {
            s.setInt(1, next);
            s.setString(2, name);
            s.setString(3, body);
            s.setString(4, source);
            s.setString(5, sha);
            s.setString(6, note);
            s.setString(7, createdBy);
            s.setString(8, at);
            s.executeUpdate();
        }
        return new Version(next, name, body, source, sha, note, createdBy, at);
    }

    /** Stores a version as another laptop's export wrote it (the importer checked it is the next one). */
    public static void insert(
            Connection c,
            int version,
            String name,
            String body,
            String source,
            String note,
            String createdBy,
            String createdAt)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO scheme_version(version, name, body, source, sha256, "
                + "note, created_by, created_at) VALUES (?,?,?,?,?,?,?,?)")) {
            s.setInt(1, version);
            s.setString(2, name);
            s.setString(3, body);
            s.setString(4, source);
            s.setString(5, sha256(body));
            s.setString(6, note);
            s.setString(7, createdBy);
            s.setString(8, createdAt);
            s.executeUpdate();
        }
    }

    private static final String COLUMNS = "version, name, body, source, sha256, note, created_by, created_at";

    private static Version one(Connection c, String sql, Integer arg) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            if (arg != null) {
                s.setInt(1, arg);
            }
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? read(rs) : null;
            }
        }
    }

    private static Version read(ResultSet rs) throws SQLException {
        return new Version(
                rs.getInt(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getString(6),
                rs.getString(7),
                rs.getString(8));
    }

    static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
