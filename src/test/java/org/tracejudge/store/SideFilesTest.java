package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which paths are SQLite side files of some database: by name beside one or a project's name, or by content. */
class SideFilesTest {
    @TempDir
    Path dir;

    private Path database(String name) throws Exception {
        Path p = dir.resolve(name);
        Files.write(
                p, "SQLite format 3\0 and the rest of a header".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        return p;
    }

    @Test
    void aSuffixBesideAnyDatabaseOrAProjectNameIsASideFile() throws Exception {
        Path db = database("any.sqlite");
        SideFiles.Owner o = SideFiles.ownerOf(dir.resolve("any.sqlite-wal"));
        assertNotNull(o);
        assertEquals(db, o.database());
        assertEquals("wal", o.kind());
        assertTrue(o.describe().contains("write-ahead log (-wal) of the database " + db), o.describe());
        assertEquals(
                "journal", SideFiles.ownerOf(dir.resolve("any.sqlite-journal")).kind());
        assertEquals("shm", SideFiles.ownerOf(dir.resolve("any.sqlite-SHM")).kind(), "any case of the suffix");
        // a project not made yet: its name is enough
        SideFiles.Owner later = SideFiles.ownerOf(dir.resolve("later.tjdb-journal"));
        assertNotNull(later);
        assertTrue(later.describe().contains("the project") && later.describe().contains("not there yet"));
        assertNotNull(SideFiles.ownerOf(dir.resolve("Later.TJDB-Wal")), "any case");
    }

    @Test
    void aSuffixBesideNoDatabaseIsAnOrdinaryName() throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "text");
        assertNull(SideFiles.ownerOf(dir.resolve("notes.txt-wal")));
        assertNull(SideFiles.ownerOf(dir.resolve("notes-journal")));
        assertNull(SideFiles.ownerOf(dir.resolve("-wal")));
        assertNull(SideFiles.ownerOf(dir.resolve("p.tjdb")));
    }

    @Test
    void aSymbolicLinkToASideFileNameIsOne() throws Exception {
        database("q.tjdb");
        Path link = Files.createSymbolicLink(dir.resolve("out.jsonl"), dir.resolve("q.tjdb-wal"));
        assertEquals("wal", SideFiles.ownerOf(link).kind());
    }

    @Test
    void aWriteAheadLogOrJournalIsKnownByItsFirstBytesWhateverItsName() throws Exception {
        Path wal = Files.write(dir.resolve("renamed.jsonl"), new byte[] {0x37, 0x7f, 0x06, (byte) 0x83, 0, 0, 0, 0});
        assertEquals("wal", SideFiles.ownerOf(wal).kind());
        assertTrue(SideFiles.ownerOf(wal).describe().contains("by its content"));
        Path journal = Files.write(
                dir.resolve("j.txt"),
                new byte[] {(byte) 0xd9, (byte) 0xd5, 0x05, (byte) 0xf9, 0x20, (byte) 0xa1, 0x63, (byte) 0xd7, 0});
        assertEquals("journal", SideFiles.ownerOf(journal).kind());
    }

    @Test
    void noProjectIsMadeAtASideFileNameNorInAFolderOfOne() throws Exception {
        database("q.tjdb");
        ProjectException e = assertThrows(
                ProjectException.class,
                () -> Project.open(dir.resolve("q.tjdb-wal"), Project.OpenOptions.createIfMissing("x")));
        assertTrue(e.getMessage().contains("write-ahead log (-wal) of the project"), e.getMessage());
        assertThrows(
                ProjectException.class,
                () -> Project.open(
                        dir.resolve("q.tjdb-journal").resolve("new.tjdb"), Project.OpenOptions.createIfMissing("x")));
        assertTrue(Files.notExists(dir.resolve("q.tjdb-wal")) && Files.notExists(dir.resolve("q.tjdb-journal")));
    }
}
