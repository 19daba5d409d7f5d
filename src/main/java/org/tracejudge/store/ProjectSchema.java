package org.tracejudge.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/** A project file's schema: its version, the backup copy made before a migration, and the migrations themselves. */
final class ProjectSchema {
    private ProjectSchema() {}

    /**
     * The file's schema version: the higher of Flyway's newest successful migration and the header's mark; 0 for an
     * empty database.
     *
     * @throws ProjectException when the file is another application's database or cannot be read
     */
    static int version(Path file, Connection c) {
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery(
                    "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='flyway_schema_history'")) {
                rs.next();
                if (rs.getInt(1) == 0) {
                    try (ResultSet any = s.executeQuery("SELECT count(*) FROM sqlite_master WHERE type='table'")) {
                        any.next();
                        if (any.getInt(1) > 0) {
                            throw new ProjectException(
                                    file + ": not a Tracejudge project (an SQLite database with other tables)");
                        }
                    }
                    return 0;
                }
            }
            int migrated;
            try (ResultSet rs = s.executeQuery(
                    "SELECT max(CAST(version AS INTEGER)) FROM flyway_schema_history WHERE success = 1")) {
                rs.next();
                migrated = rs.getInt(1);
            }
            // the header's mark (schema 6 on): a newer file is recognised from either mark, whichever is higher
            try (ResultSet rs = s.executeQuery("PRAGMA user_version")) {
                rs.next();
                return Math.max(migrated, rs.getInt(1));
            }
        } catch (SQLException e) {
            String msg = String.valueOf(e.getMessage());
            if (msg.contains("NOTADB") || msg.contains("not a database") || msg.contains("encrypted")) {
                throw new ProjectException(file + ": not a Tracejudge project (not an SQLite database)", e);
            }
            throw new ProjectException(file + ": cannot read the schema version: " + e.getMessage(), e);
        }
    }

    /** A consistent copy of the file before any migration touches it. */
    static void backup(Path file, Connection c, int version) {
        String stamp = LocalDateTime.now(ZoneId.systemDefault()).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path copy = file.resolveSibling(file.getFileName() + ".backup-v" + version + "-" + stamp);
        try (PreparedStatement s = c.prepareStatement("VACUUM INTO ?")) {
            s.setString(1, copy.toString());
            s.execute();
        } catch (SQLException e) {
            throw new ProjectException(
                    file + ": cannot make a backup copy before migrating (" + e.getMessage()
                            + "); the file was not changed",
                    e);
        }
    }

    /** Every migration of a project file, SQL and Java alike: the one place that lists them. */
    static FluentConfiguration migrations(Path file) {
        return Flyway.configure()
                .dataSource("jdbc:sqlite:" + file, "", "")
                .locations("classpath:db/migration")
                .javaMigrations(new CalibrationSealMigration(), new TeamTablesMigration());
    }

    static void migrate(Path file) {
        try {
            migrations(file).load().migrate();
        } catch (RuntimeException e) {
            throw new ProjectException(file + ": schema migration failed: " + e.getMessage(), e);
        }
    }
}
