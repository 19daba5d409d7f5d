package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.Importer;
import org.tracejudge.model.LabelSet;
import org.tracejudge.model.RaterKind;

class ProjectTest {
    @TempDir
    Path dir;

    @Test
    void newProjectIsWalWithForeignKeysAndBuiltInLabelSets() {
        try (Project p = Project.open(dir.resolve("a.tjdb"), Project.OpenOptions.createIfMissing("Study A"))) {
            assertEquals("Study A", p.name());
            assertEquals("wal", pragma(p, "journal_mode"));
            assertEquals("1", pragma(p, "foreign_keys"));
            List<String> sets = p.labelSets().stream().map(LabelSet::name).toList();
            assertTrue(
                    sets.containsAll(List.of(
                            "toolfailbench-required", "toolfailbench-control", "tool-yes-no", "tool-selection")),
                    sets.toString());
        }
    }

    @Test
    void bulkWriteHasItsLargerPageCacheOnlyUntilItsCommit() {
        try (Project p = Project.open(dir.resolve("a.tjdb"), Project.OpenOptions.createIfMissing(null))) {
            assertEquals("-65536", pragma(p, "cache_size"));
            String inside = p.write(
                    c -> {
                        try (Statement s = c.createStatement();
                                ResultSet rs = s.executeQuery("PRAGMA cache_size")) {
                            rs.next();
                            return rs.getString(1);
                        }
                    },
                    256);
            assertEquals("-262144", inside);
            assertEquals("-65536", pragma(p, "cache_size"));
            assertThrows(
                    IllegalStateException.class,
                    () -> p.write(
                            c -> {
                                throw new IllegalStateException("failed");
                            },
                            256));
            assertEquals("-65536", pragma(p, "cache_size"), "restored after a failed write too");
        }
    }

    @Test
    void projectCanDefineItsOwnLabelSetButNotRedefineBuiltIns() {
        try (Project p = Project.open(dir.resolve("a.tjdb"), Project.OpenOptions.createIfMissing(null))) {
            p.defineLabelSet(new LabelSet("severity", "how bad", List.of("none", "minor", "major")));
            assertTrue(p.labelSets().stream()
                    .anyMatch(s -> s.name().equals("severity") && s.labels().size() == 3));
            ProjectException e = assertThrows(
                    ProjectException.class,
                    () -> p.defineLabelSet(new LabelSet("toolfailbench-control", "x", List.of("a"))));
            assertTrue(e.getMessage().contains("built in"), e.getMessage());
        }
    }

    @Test
    void missingFileIsRefusedWithItsName() {
        ProjectException e = assertThrows(ProjectException.class, () -> Project.open(dir.resolve("nope.tjdb")));
        assertTrue(
                e.getMessage().contains("nope.tjdb") && e.getMessage().contains("no such project file"),
                e.getMessage());
    }

    @Test
    void aFileThatIsNotSqliteIsRefusedClearly() throws Exception {
        Path f = dir.resolve("notes.tjdb");
        Files.writeString(f, "these are my notes, not a database ".repeat(200));
        ProjectException e = assertThrows(ProjectException.class, () -> Project.open(f));
        assertTrue(
                e.getMessage().contains("notes.tjdb") && e.getMessage().contains("not a Tracejudge project"),
                e.getMessage());
        ProjectException inWorkbench = assertThrows(
                ProjectException.class,
                () -> Project.open(f, Project.OpenOptions.existing().checkInBackground()));
        assertEquals(e.getMessage(), inWorkbench.getMessage(), "the workbench's open says the same");
    }

    @Test
    void aDamagedFileFailsTheIntegrityCheckWithAClearMessage() throws Exception {
        Path f = dir.resolve("damaged.tjdb");
        try (Project p = Project.open(f, Project.OpenOptions.createIfMissing(null))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
            p.read(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
                }
                return null;
            });
        }
        long size = Files.size(f);
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            // overwrite pages in the middle of the file (not the header) with garbage
            for (long pos = 8192; pos < size - 4096; pos += 4096 * 3) {
                raf.seek(pos + 100);
                raf.write(new byte[600]);
            }
        }
        ProjectException e = assertThrows(ProjectException.class, () -> Project.open(f));
        assertTrue(e.getMessage().contains("damaged.tjdb") && e.getMessage().contains("damaged"), e.getMessage());
    }

    /** A new project in which another program left an index that no longer matches its table: only integrity_check sees it. */
    private static void projectWithIndexDamage(Path f) throws Exception {
        Project.open(f, Project.OpenOptions.createIfMissing(null)).close();
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + f);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE scratch(a, b)");
            s.execute("CREATE INDEX scratch_a ON scratch(a)");
            s.execute("INSERT INTO scratch VALUES (1, 'x'), (2, 'y')");
            s.execute("PRAGMA writable_schema = ON");
            s.execute("UPDATE sqlite_master SET sql = 'CREATE INDEX scratch_a ON scratch(b)' WHERE name = 'scratch_a'");
        }
    }

    @Test
    void aPutOffFullCheckFindsIndexDamageThatTheQuickCheckMisses() throws Exception {
        Path f = dir.resolve("index-damage.tjdb");
        projectWithIndexDamage(f);
        try (Project p = Project.open(f, Project.OpenOptions.existing().checkInBackground())) {
            assertEquals(null, p.integrityCheckRun(), "opened at once, nothing checked yet");
            assertTrue(p.checkPending());
            ProjectException e = assertThrows(ProjectException.class, p::completeIntegrityCheck);
            assertTrue(
                    e.getMessage().contains("index-damage.tjdb")
                            && e.getMessage().contains("scratch_a"),
                    e.getMessage());
            assertFalse(p.checkPending());
        }
        // the damaged file was not recorded as verified: the next open checks it fully and refuses it
        ProjectException again = assertThrows(ProjectException.class, () -> Project.open(f));
        assertTrue(again.getMessage().contains("damaged"), again.getMessage());
    }

    @Test
    void aCheckRunAlongsideACommandStopsItsCommitWhenItFindsDamage() throws Exception {
        Path f = dir.resolve("alongside-damage.tjdb");
        projectWithIndexDamage(f);
        try (Project p = Project.open(f, Project.OpenOptions.existing().checkAlongside())) {
            ProjectException e = assertThrows(ProjectException.class, () -> p.setMeta("note", "written by a command"));
            assertTrue(
                    e.getMessage().contains("alongside-damage.tjdb")
                            && e.getMessage().contains("scratch_a"),
                    e.getMessage());
            assertEquals(null, p.meta("note"), "the command's transaction was rolled back");
        }
        ProjectException again = assertThrows(ProjectException.class, () -> Project.open(f));
        assertTrue(again.getMessage().contains("damaged"), again.getMessage());
    }

    @Test
    void aCheckRunAlongsideACommandLetsASoundFileCommitAndVerifiesIt() throws Exception {
        Path f = dir.resolve("alongside.tjdb");
        try (Project p = Project.open(f, Project.OpenOptions.createIfMissing(null))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
        }
        Path copy = dir.resolve("alongside-copy.tjdb");
        Files.copy(f, copy);
        try (Project p = Project.open(copy, Project.OpenOptions.existing().checkAlongside())) {
            p.setMeta("note", "written by a command");
            assertEquals("integrity_check", p.integrityCheckRun(), "a copy gets the full check before the commit");
            assertFalse(p.checkPending());
        }
        try (Project p = Project.open(copy)) {
            assertEquals("written by a command", p.meta("note"));
            assertEquals(
                    Project.NO_CHECK, p.integrityCheckRun(), "checked fully and closed cleanly: trusted for a week");
        }
        ProjectException missing = assertThrows(
                ProjectException.class,
                () -> Project.open(
                        dir.resolve("none.tjdb"), Project.OpenOptions.existing().checkAlongside()));
        assertTrue(missing.getMessage().contains("none.tjdb"), missing.getMessage());
        try (Project p = Project.open(
                dir.resolve("new.tjdb"),
                Project.OpenOptions.createIfMissing("New").checkAlongside())) {
            assertEquals("New", p.name(), "created and named");
        }
    }

    @Test
    void aPutOffFullCheckOfASoundFileVerifiesIt() throws Exception {
        Path f = dir.resolve("sound.tjdb");
        try (Project p = Project.open(f, Project.OpenOptions.createIfMissing(null))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
        }
        Path copy = dir.resolve("sound-copy.tjdb");
        Files.copy(f, copy);
        try (Project p = Project.open(copy, Project.OpenOptions.existing().checkInBackground())) {
            assertTrue(p.checkPending(), "a copy needs the full check, left to the background");
            p.completeIntegrityCheck();
            assertEquals("integrity_check", p.integrityCheckRun());
            assertFalse(p.checkPending());
        }
        try (Project p = Project.open(copy, Project.OpenOptions.existing().checkInBackground())) {
            assertFalse(p.checkPending(), "checked fully and closed cleanly: no check for a week");
            assertEquals(Project.NO_CHECK, p.integrityCheckRun());
        }
    }

    @Test
    void aFileChangedOutsideTracejudgeGetsTheFullIntegrityCheckAndAnUnchangedOneTheQuickCheck() throws Exception {
        Path f = dir.resolve("checked.tjdb");
        try (Project p = Project.open(f, Project.OpenOptions.createIfMissing(null))) {
            assertEquals(Project.NO_CHECK, p.integrityCheckRun(), "a new project is made from the verified template");
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
        }
        try (Project p = Project.open(f)) {
            assertEquals(Project.NO_CHECK, p.integrityCheckRun(), "as Tracejudge left it, made within the week");
        }
        // another program (or a copy from another laptop) changes the file
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + f);
                Statement s = c.createStatement()) {
            s.execute("UPDATE project_meta SET value = 'renamed elsewhere' WHERE key = 'name'");
        }
        try (Project p = Project.open(f)) {
            assertEquals("integrity_check", p.integrityCheckRun());
        }
        try (Project p = Project.open(f)) {
            assertEquals(Project.NO_CHECK, p.integrityCheckRun(), "verified and closed cleanly by the last open");
        }
        Path copy = dir.resolve("copy.tjdb");
        Files.copy(f, copy);
        try (Project p = Project.open(copy)) {
            assertEquals("integrity_check", p.integrityCheckRun(), "a copy is a file Tracejudge has not closed");
        }
    }

    @Test
    void aProjectMadeFromTheTemplateEqualsOneMadeByFlyway() throws Exception {
        Path viaTemplate = dir.resolve("template.tjdb");
        Project.open(viaTemplate, Project.OpenOptions.createIfMissing("x")).close();
        Path viaFlyway = dir.resolve("flyway.tjdb");
        Flyway.configure()
                .dataSource("jdbc:sqlite:" + viaFlyway, "", "")
                .locations("classpath:db/migration")
                .javaMigrations(new CalibrationSealMigration(), new TeamTablesMigration()) // schemas 12 and 14 are Java
                .load()
                .migrate();
        for (String q : List.of(
                "SELECT group_concat(type || ' ' || name || ' ' || coalesce(sql, ''), char(10)) FROM "
                        + "(SELECT * FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name)",
                "SELECT group_concat(installed_rank || ' ' || version || ' ' || script || ' ' || checksum || ' ' "
                        + "|| success, char(10)) FROM (SELECT * FROM flyway_schema_history ORDER BY installed_rank)")) {
            assertEquals(scalarOf(viaFlyway, q), scalarOf(viaTemplate, q), q);
        }
        assertEquals("wal", scalarOf(viaTemplate, "PRAGMA journal_mode"));
    }

    private static String scalarOf(Path f, String sql) throws Exception {
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + f);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void anOlderSchemaIsCopiedAsideBeforeItIsMigrated() throws Exception {
        Path f = dir.resolve("old.tjdb");
        Flyway.configure()
                .dataSource("jdbc:sqlite:" + f, "", "")
                .locations("classpath:db/migration")
                .target("1")
                .load()
                .migrate();
        try (Project p = Project.open(f)) {
            assertEquals(
                    String.valueOf(Project.SCHEMA_VERSION),
                    scalar(p, "SELECT max(CAST(version AS INTEGER)) FROM flyway_schema_history WHERE success = 1"));
        }
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> backups = s.filter(p -> p.getFileName().toString().startsWith("old.tjdb.backup-v1-"))
                    .toList();
            assertEquals(1, backups.size(), "one backup copy of the schema-1 file");
            try (Project b = Project.open(backups.get(0))) {
                // opening the backup migrates it too (after its own backup): it was a valid schema-1 project
                assertNotNull(b.file());
            }
        }
    }

    @Test
    void ledgerIsAppendOnlyAndTheCurrentLabelIsTheNewestEntry() {
        try (Project p = Project.open(dir.resolve("l.tjdb"), Project.OpenOptions.createIfMissing(null))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
            String trace = scalar(p, "SELECT id FROM trace ORDER BY id LIMIT 1");
            String first = p.write(c -> {
                String rater = Ledger.ensureRater(c, "alice", RaterKind.HUMAN, "", null, null);
                return Ledger.append(c, null, Ledger.Entry.set(trace, rater, "tool_skip", "alice"));
            });
            String second = p.write(c -> Ledger.append(
                    c,
                    null,
                    Ledger.Entry.set(trace, org.tracejudge.model.Ids.of("rater", "alice", ""), "correct", "alice")));
            assertEquals(first, scalar(p, "SELECT replaces FROM label WHERE id = '" + second + "'"));
            assertEquals(
                    "correct",
                    scalar(
                            p,
                            "SELECT value FROM current_label WHERE trace_id = '" + trace + "' AND rater_id = '"
                                    + org.tracejudge.model.Ids.of("rater", "alice", "") + "'"));
            ProjectException upd = assertThrows(
                    ProjectException.class,
                    () -> p.write(c -> {
                        try (Statement s = c.createStatement()) {
                            return s.executeUpdate("UPDATE label SET value = 'x' WHERE id = '" + first + "'");
                        }
                    }));
            assertTrue(upd.getMessage().contains("append-only"), upd.getMessage());
            assertThrows(
                    ProjectException.class,
                    () -> p.write(c -> {
                        try (Statement s = c.createStatement()) {
                            return s.executeUpdate("DELETE FROM label");
                        }
                    }));
            String withdrawn = p.write(c -> Ledger.append(
                    c, null, Ledger.Entry.withdraw(trace, org.tracejudge.model.Ids.of("rater", "alice", ""), "alice")));
            assertNotNull(withdrawn);
            assertNull(scalar(
                    p,
                    "SELECT value FROM current_label WHERE trace_id = '" + trace + "' AND rater_id = '"
                            + org.tracejudge.model.Ids.of("rater", "alice", "") + "'"));
            assertEquals("3", scalar(p, "SELECT count(*) FROM label WHERE created_by = 'alice'"));
        }
    }

    @Test
    void aFailedWriteLeavesNothingBehind() {
        try (Project p = Project.open(dir.resolve("t.tjdb"), Project.OpenOptions.createIfMissing(null))) {
            assertThrows(
                    ProjectException.class,
                    () -> p.write(c -> {
                        Ledger.ensureRater(c, "bob", RaterKind.HUMAN, "", null, null);
                        throw new ProjectException("boom");
                    }));
            assertEquals("0", scalar(p, "SELECT count(*) FROM rater"));
        }
    }

    static String pragma(Project p, String name) {
        return TestData.scalar(p, "PRAGMA " + name);
    }

    static String scalar(Project p, String sql) {
        return TestData.scalar(p, sql);
    }

    @Test
    void aReadOnlyFileFolderOrDiskIsSaidInWordsNeverInSqlitesText() {
        // run as root the permissions cannot be made to refuse, so SQLite's own errors are handed in as it raises them
        Path file = dir.resolve("ro.tjdb");
        for (String sqlite : new String[] {
            "[SQLITE_READONLY_DIRECTORY] Process does not have permission to create a "
                    + "journal file (attempt to write a readonly database)",
            "[SQLITE_READONLY] attempt to write a readonly database"
        }) {
            RuntimeException e = ProjectErrors.readOnlyOr(
                    file, new ProjectException(file + ": cannot open: " + sqlite, new java.sql.SQLException(sqlite)));
            assertTrue(
                    e.getMessage().startsWith(file + ": cannot write to it: ")
                            && e.getMessage().contains("read-only")
                            && e.getMessage().contains("Nothing was changed")
                            && !e.getMessage().contains("SQLITE"),
                    e.getMessage());
        }
        ProjectException other = new ProjectException("something else", null);
        assertEquals(other, ProjectErrors.readOnlyOr(file, other));
    }
}
