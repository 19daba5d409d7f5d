package org.tracejudge.store;

import java.sql.Connection;
import java.sql.Statement;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * Schema 12: calibration draws are sealed ({@link DrawSeals}). A Java migration because the seal is a SHA-256, which
 * SQLite's SQL cannot compute. The draws a project holds when it is migrated are sealed as they are: they are trusted
 * as they were at that moment (an edit made before the migration cannot be told from the draw).
 */
final class CalibrationSealMigration implements JavaMigration {
    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion("12");
    }

    @Override
    public String getDescription() {
        return "calibration seal";
    }

    @Override
    public Integer getChecksum() {
        return 12_0001; // the migration's content is this class: a fixed number, raised if it ever changes
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws Exception {
        Connection c = context.getConnection();
        DrawSeals.createTable(c);
        DrawSeals.sealExisting(c);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA user_version = 12");
        }
    }
}
