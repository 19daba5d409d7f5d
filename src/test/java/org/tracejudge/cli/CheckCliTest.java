package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.json.Json;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;

/**
 * Issue 32: opening a file Tracejudge left as it is checks it at most once a week (so `info` on a big project reads a
 * few rows, not the whole file); `check` checks it whole on demand. A file another program changed is never taken for
 * one Tracejudge left as it is, even when the program sets its size and modification time back (the change time and
 * inode give it away), so opening checks it fully.
 */
class CheckCliTest {
    @TempDir
    Path dir;

    @Test
    void aSoundProjectPassesInTextAndJson() throws Exception {
        Path p = dir.resolve("p.tjdb");
        SampleProject.build(p);
        CliTest.Run r = CliTest.run("check", p.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("ok: " + p + " passed SQLite's integrity_check and foreign_key_check"), r.out());
        r = CliTest.run("-q", "check", p.toString(), "--quick", "--format", "json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().isEmpty(), "quiet: " + r.err());
        var doc = Json.read(r.out());
        assertTrue(doc.get("sound").asBoolean(), r.out());
        assertEquals("quick_check", doc.get("check").asText());
        r = CliTest.run("check", dir.resolve("none.tjdb").toString());
        assertEquals(1, r.code());
        assertTrue(r.err().contains("none.tjdb: no such project file"), r.err());
        r = CliTest.run("check", p.toString(), "--format", "xml");
        assertEquals(2, r.code(), r.err());
    }

    @Test
    void damageThatKeepsTheFilesSizeAndTimeIsFoundByOpeningWithinTheWeekAndByCheck() throws Exception {
        Path p = dir.resolve("q.tjdb");
        SampleProject.build(p);
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + p);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE scratch(a, b)"); // another program's table, sound for now
            s.execute("CREATE INDEX scratch_a ON scratch(a)");
            s.execute("INSERT INTO scratch VALUES (1, 'x'), (2, 'y')");
        }
        CliTest.Run r = CliTest.run("info", p.toString());
        assertEquals(0, r.code(), r.err()); // changed outside Tracejudge: checked fully, then recorded as checked
        try (Project pr = Project.open(p)) {
            assertEquals(Project.NO_CHECK, pr.integrityCheckRun(), "as Tracejudge left it, checked within the week");
        }
        long size = Files.size(p);
        FileTime time = Files.getLastModifiedTime(p);
        // the program breaks its index (the table says one thing, the index another), then hides the change
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + p);
                Statement s = c.createStatement()) {
            s.execute("PRAGMA writable_schema = ON");
            s.execute("UPDATE sqlite_master SET sql = 'CREATE INDEX scratch_a ON scratch(b)' WHERE name = 'scratch_a'");
            s.execute("PRAGMA writable_schema = OFF");
        }
        Files.deleteIfExists(p.resolveSibling(p.getFileName() + "-wal"));
        Files.deleteIfExists(p.resolveSibling(p.getFileName() + "-shm"));
        Files.setLastModifiedTime(p, time);
        assertEquals(size, Files.size(p), "same size");
        r = CliTest.run("info", p.toString());
        assertEquals(1, r.code(), "the change time gives the change away: opening checks the file fully: " + r.out());
        assertTrue(r.err().contains("damaged"), r.err());
        r = CliTest.run("check", p.toString());
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("q.tjdb") && r.err().contains("damaged"), r.err());
        r = CliTest.run("info", p.toString());
        assertEquals(1, r.code(), "once check found damage, the file is not trusted again: " + r.err());
        assertTrue(r.err().contains("damaged"), r.err());
    }

    @Test
    void anotherFileOfTheSameSizeAndTimePutInTheProjectsPlaceIsCheckedOnOpening() throws Exception {
        Path p = dir.resolve("r.tjdb");
        SampleProject.build(p);
        assertEquals(0, CliTest.run("check", p.toString()).code());
        try (Project pr = Project.open(p)) {
            assertEquals(Project.NO_CHECK, pr.integrityCheckRun(), "as Tracejudge left it, checked within the week");
        }
        FileTime time = Files.getLastModifiedTime(p);
        int page;
        int pageSize;
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:file:" + p + "?immutable=1");
                Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_task_1'");
            assertTrue(rs.next(), "the task table's key index");
            page = rs.getInt(1);
            rs = s.executeQuery("PRAGMA page_size");
            rs.next();
            pageSize = rs.getInt(1);
        }
        byte[] bytes = Files.readAllBytes(p);
        // the index's cells sit at the end of its page: garbage there is what a failing disk or another program leaves
        java.util.Arrays.fill(bytes, page * pageSize - 200, page * pageSize - 50, (byte) 0xff);
        Path other = dir.resolve("r.tjdb.new");
        Files.write(other, bytes);
        Files.setLastModifiedTime(other, time);
        Files.move(other, p, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertEquals(time, Files.getLastModifiedTime(p), "same time");
        assertEquals(bytes.length, Files.size(p), "same size");
        CliTest.Run r = CliTest.run("info", p.toString());
        assertEquals(1, r.code(), "a file put in the project's place is not the file Tracejudge left: " + r.out());
        assertTrue(r.err().contains("r.tjdb") && r.err().contains("damaged"), r.err());
    }
}
