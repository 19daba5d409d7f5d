package org.tracejudge.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Locale;

/**
 * What a project file is before SQLite opens it for writing. Our files carry SQLite's {@code application_id}
 * {@link #APPLICATION_ID} in their header; a file without it is ours only when it holds Flyway's history table
 * (projects made before the mark, which the next open marks). A zero-byte file, a file that is not SQLite and
 * another application's database are refused from the header alone (and a read-only, immutable look at the
 * schema), before anything switches the journal mode or writes: the file is left exactly as it was.
 */
final class ProjectFiles {
    /** "TJdb" in ASCII: SQLite's application_id of a Tracejudge project. */
    static final int APPLICATION_ID = 0x544A6462;

    private static final byte[] MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    private ProjectFiles() {}

    /** @return the file's application_id (0 for an unmarked project of an older Tracejudge) */
    static int refuseForeign(Path file) {
        byte[] header = new byte[100];
        int n;
        try {
            if (Files.size(file) == 0) {
                throw new ProjectException(
                        file + ": an empty file (0 bytes), not a Tracejudge project; it was left as it is");
            }
            try (InputStream in = Files.newInputStream(file)) {
                n = in.readNBytes(header, 0, header.length);
            }
        } catch (IOException e) {
            throw new ProjectException(file + ": cannot read: " + e.getMessage(), e);
        }
        if (n < header.length || !Arrays.equals(Arrays.copyOf(header, MAGIC.length), MAGIC)) {
            throw new ProjectException(
                    file + ": not a Tracejudge project (not an SQLite database); it was left as it is");
        }
        int appId = ByteBuffer.wrap(header, 68, 4).getInt();
        int userVersion = ByteBuffer.wrap(header, 60, 4).getInt();
        if (appId == APPLICATION_ID && userVersion > Project.SCHEMA_VERSION) {
            // refused from the header, before SQLite opens it for writing (switching to WAL would change it)
            throw new ProjectException(file + ": made by a newer Tracejudge (schema " + userVersion
                    + "); this version reads schema " + Project.SCHEMA_VERSION + " and older. The file was left as it "
                    + "is: open it with a newer Tracejudge, or export it there (tracejudge export) and import the "
                    + "export here.");
        }
        if (appId == APPLICATION_ID) {
            return appId;
        }
        if (appId != 0) {
            throw new ProjectException(file + ": not a Tracejudge project (an SQLite database of another application, "
                    + "application_id " + String.format(Locale.ROOT, "0x%08X", appId) + "); it was left as it is");
        }
        String tables = tables(file);
        if (tables == null || tables.contains("|flyway_schema_history|")) {
            return 0;
        }
        throw new ProjectException(file + ": not a Tracejudge project (an SQLite database with other tables"
                + (tables.length() > 2
                        ? ": "
                                + tables.substring(1, Math.min(tables.length() - 1, 80))
                                        .replace('|', ' ')
                        : "")
                + "); it was left as it is");
    }

    /**
     * The file's tables as {@code |a|b|}, read through an immutable read-only connection (no lock, no journal, no
     * change); null when that cannot tell (the schema still in a write-ahead log a crash left).
     */
    private static String tables(Path file) {
        SqliteNative.prepare();
        String url = "jdbc:sqlite:file:" + file.toAbsolutePath().toUri().getRawPath() + "?mode=ro&immutable=1";
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")) {
            StringBuilder sb = new StringBuilder("|");
            while (rs.next()) {
                sb.append(rs.getString(1)).append('|');
            }
            if (sb.length() == 1 && Files.exists(file.resolveSibling(file.getFileName() + "-wal"))) {
                return null;
            }
            return sb.toString();
        } catch (SQLException e) {
            throw new ProjectException(
                    file + ": not a Tracejudge project (an unreadable SQLite database: " + e.getMessage()
                            + "); it was left as it is",
                    e);
        }
    }

    /** Marks a project file as ours (a file made before the mark, or by Flyway without the template). */
    static void mark(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA application_id = " + APPLICATION_ID);
        }
    }

    static int applicationId(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("PRAGMA application_id")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
