package org.tracejudge.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** SQLite's own checks of a project file, their failures in words that name the file and what to do. */
final class Integrity {
    private Integrity() {}

    /**
     * SQLite's {@code integrity_check} (every page, every index against its table) or, for a file that
     * has not changed since Tracejudge last closed it cleanly, {@code quick_check} (every page; not the
     * index contents), which takes a quarter of the time.
     */
    static void check(Path file, Connection c, String pragma) {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("PRAGMA " + pragma)) {
            StringBuilder problems = new StringBuilder();
            int n = 0;
            while (rs.next()) {
                String line = rs.getString(1);
                if (!"ok".equals(line) && n++ < 3) {
                    problems.append(problems.length() == 0 ? "" : "; ").append(line);
                }
            }
            if (problems.length() > 0) {
                throw new ProjectException(file + ": the project file is damaged (SQLite integrity check: " + problems
                        + "). Restore a backup copy (" + file.getFileName() + ".backup-*) or re-import.");
            }
        } catch (SQLException e) {
            String msg = String.valueOf(e.getMessage());
            if (msg.contains("NOTADB") || msg.contains("not a database") || msg.contains("encrypted")) {
                throw new ProjectException(file + ": not a Tracejudge project (not an SQLite database)", e);
            }
            throw new ProjectException(file + ": the project file is damaged: " + msg, e);
        }
    }

    /**
     * SQLite's {@code foreign_key_check}: the rows that refer to a missing row (table, row id, parent table), at most
     * 20; empty when sound.
     */
    static List<String> foreignKeyOrphans(Path file, Connection c) {
        List<String> orphans = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("PRAGMA foreign_key_check")) {
            while (rs.next() && orphans.size() < 20) {
                orphans.add(rs.getString(1) + " row " + rs.getLong(2) + " refers to a missing " + rs.getString(3));
            }
        } catch (SQLException e) {
            throw new ProjectException(file + ": the project file is damaged: " + e.getMessage(), e);
        }
        return orphans;
    }
}
