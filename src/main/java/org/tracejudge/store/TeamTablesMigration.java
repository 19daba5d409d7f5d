package org.tracejudge.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * Schema 14: the laptop's side of a team project (what the hub sent, assignments, skips, refused and tampered
 * entries) in the project's own migrations, where it used to be created on first use by the team code. A Java
 * migration because files of a team that joined before the entries' digests were kept hold {@code team_entry} without
 * its {@code digest} column, and SQLite cannot add a column only when it is missing. Every table is created when
 * missing, so a team file made by an older build keeps what it holds; a project that never joins a team has them
 * empty.
 */
final class TeamTablesMigration implements JavaMigration {
    static final int VERSION = 14;

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion(String.valueOf(VERSION));
    }

    @Override
    public String getDescription() {
        return "team tables";
    }

    @Override
    public Integer getChecksum() {
        return 14_0001; // the migration's content is this class: a fixed number, raised if it ever changes
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws Exception {
        Connection c = context.getConnection();
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS team_entry (kind TEXT NOT NULL, id TEXT NOT NULL, seq INTEGER, "
                    + "PRIMARY KEY (kind, id)) WITHOUT ROWID");
            s.execute("CREATE TABLE IF NOT EXISTS team_meta (key TEXT PRIMARY KEY, value TEXT, seq INTEGER NOT NULL)");
            s.execute("CREATE TABLE IF NOT EXISTS team_assignment (id TEXT PRIMARY KEY, "
                    + "trace_id TEXT NOT NULL REFERENCES trace(id), reviewer TEXT NOT NULL, "
                    + "duty TEXT NOT NULL CHECK (duty IN ('review', 'adjudicate')), created_by TEXT, "
                    + "created_at TEXT NOT NULL)");
            s.execute("CREATE INDEX IF NOT EXISTS team_assignment_reviewer_idx ON team_assignment"
                    + "(reviewer, duty, trace_id)");
            s.execute("CREATE TRIGGER IF NOT EXISTS team_assignment_no_update BEFORE UPDATE ON team_assignment"
                    + " BEGIN SELECT RAISE(ABORT, 'assignments are append-only'); END");
            s.execute("CREATE TRIGGER IF NOT EXISTS team_assignment_no_delete BEFORE DELETE ON team_assignment"
                    + " BEGIN SELECT RAISE(ABORT, 'assignments are append-only'); END");
            // skips: a reviewer passed over a trace without deciding (not a decision; the lead's progress counts them)
            s.execute("CREATE TABLE IF NOT EXISTS team_skip (id TEXT PRIMARY KEY, "
                    + "trace_id TEXT NOT NULL REFERENCES trace(id), reviewer TEXT NOT NULL, created_at TEXT NOT NULL)");
            s.execute("CREATE INDEX IF NOT EXISTS team_skip_reviewer_idx ON team_skip(reviewer, trace_id)");
            s.execute("CREATE TRIGGER IF NOT EXISTS team_skip_no_update BEFORE UPDATE ON team_skip"
                    + " BEGIN SELECT RAISE(ABORT, 'skips are append-only'); END");
            s.execute("CREATE TRIGGER IF NOT EXISTS team_skip_no_delete BEFORE DELETE ON team_skip"
                    + " BEGIN SELECT RAISE(ABORT, 'skips are append-only'); END");
            // entries this file could not take (quarantined on pull), entries the hub refused (on push), and entries
            // the hub changed or removed after this file took them (tamper evidence)
            s.execute("CREATE TABLE IF NOT EXISTS team_refused (kind TEXT NOT NULL, id TEXT NOT NULL, seq INTEGER, "
                    + "reason TEXT, PRIMARY KEY (kind, id))");
            s.execute("CREATE TABLE IF NOT EXISTS team_rejected (kind TEXT NOT NULL, id TEXT NOT NULL, reason TEXT, "
                    + "at TEXT NOT NULL, PRIMARY KEY (kind, id))");
            s.execute("CREATE TABLE IF NOT EXISTS team_tamper (kind TEXT NOT NULL, id TEXT NOT NULL, seq INTEGER, "
                    + "what TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (kind, id))");
        }
        // the SHA-256 of each entry's body as the hub stored it when this file took it (entries taken before digests
        // were kept have none: the first check of such an entry takes the hub's)
        if (!hasColumn(c, "team_entry", "digest")) {
            try (Statement s = c.createStatement()) {
                s.execute("ALTER TABLE team_entry ADD COLUMN digest TEXT");
            }
        }
        try (Statement s = c.createStatement()) {
            s.execute("CREATE INDEX IF NOT EXISTS team_entry_seq_idx ON team_entry(seq)");
            s.execute("PRAGMA user_version = " + VERSION);
        }
    }

    private static boolean hasColumn(Connection c, String table, String column) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("PRAGMA table_info(" + table + ")")) {
            while (rs.next()) {
                if (column.equals(rs.getString("name"))) {
                    return true;
                }
            }
        }
        return false;
    }
}
