package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;

/**
 * A team project file made before digests were kept opens, is migrated to schema 14 (the team tables in the project's
 * migrations), gets its new column, keeps its entries and takes pulled ones.
 */
class LocalTeamUpgradeTest {
    @TempDir
    Path dir;

    @Test
    void aFileFromBeforeDigestsGainsThemAndStillTakesEntries() throws Exception {
        Path file = dir.resolve("old.tjdb");
        SampleProject.build(file);
        try (Project p = Project.open(file)) {
            p.write(c -> {
                try (Statement s = c.createStatement()) {
                    // the file as schema 13 left it (nothing of schemas 15 and 16), with the team table as schema 2's
                    // laptops
                    // made it
                    for (String undo : org.tracejudge.TestData.UNDO_SCHEMA_16) {
                        s.execute(undo);
                    }
                    s.execute("DROP TABLE otlp_run");
                    s.execute("DELETE FROM flyway_schema_history WHERE version = '15'");
                    s.execute("DROP TABLE team_entry");
                    s.execute("DELETE FROM flyway_schema_history WHERE version = '14'");
                    s.execute("PRAGMA user_version = 13");
                    s.execute("CREATE TABLE team_entry (kind TEXT NOT NULL, id TEXT NOT NULL, seq INTEGER, "
                            + "PRIMARY KEY (kind, id)) WITHOUT ROWID");
                    s.execute("INSERT INTO team_entry VALUES ('trace', 'old-1', 7)");
                }
                return null;
            });
        }
        try (Project p = Project.open(file)) {
            int added = p.write(c -> {
                return LocalTeam.apply(
                        c, List.of(new Hub.Entry(9, "meta", "m-1", "{\"key\":\"ensemble.rule\",\"value\":\"rule\"}")));
            });
            assertEquals(1, added);
            assertEquals("rule", p.meta("ensemble.rule"));
            p.read(c -> {
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT kind, id, seq, digest FROM team_entry ORDER BY seq")) {
                    assertTrue(rs.next());
                    assertEquals("old-1", rs.getString(2));
                    assertEquals(null, rs.getString(4), "an old entry has no digest until it is checked");
                    assertTrue(rs.next());
                    assertEquals(LocalTeam.digest("{\"key\":\"ensemble.rule\",\"value\":\"rule\"}"), rs.getString(4));
                }
                return null;
            });
        }
    }
}
