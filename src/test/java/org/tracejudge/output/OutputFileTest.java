package org.tracejudge.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Outputs at any database's side-file names, as files or folders (and folders on the way), are refused. */
class OutputFileTest {
    @TempDir
    Path dir;

    private Path database(String name) throws Exception {
        return Files.write(
                dir.resolve(name), "SQLite format 3\0 header".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }

    @Test
    void aFileAtAnotherDatabasesSideFileNameIsRefusedAndNothingIsWritten() throws Exception {
        database("other.db");
        for (String name : List.of("other.db-wal", "other.db-shm", "other.db-journal", "new.tjdb-wal")) {
            Path out = dir.resolve(name);
            OutputFile.Refused e = assertThrows(
                    OutputFile.Refused.class, () -> OutputFile.write(out, tmp -> Files.writeString(tmp, "x")));
            assertTrue(e.getMessage().startsWith(out + ": is the name of SQLite's "), e.getMessage());
            assertTrue(Files.notExists(out));
        }
        try (var s = Files.list(dir)) {
            assertEquals(1, s.count(), "no temporary file left");
        }
    }

    @Test
    void aFolderAtASideFileNameOrBelowOneIsNeverMade() throws Exception {
        Path p = database("p.tjdb");
        OutputFile.Refused e = assertThrows(
                OutputFile.Refused.class, () -> OutputFile.makeFolder(dir.resolve("p.tjdb-journal"), List.of(p)));
        assertTrue(e.getMessage().contains("rollback journal (-journal) of the project " + p), e.getMessage());
        e = assertThrows(
                OutputFile.Refused.class,
                () -> OutputFile.makeFolder(
                        dir.resolve("p.tjdb-wal").resolve("a").resolve("b"), List.of(p)));
        assertTrue(
                e.getMessage().contains(": is inside a folder with the name of SQLite's write-ahead log"),
                e.getMessage());
        e = assertThrows(OutputFile.Refused.class, () -> OutputFile.makeFolder(p, List.of(p)));
        assertTrue(e.getMessage().contains("is the project " + p + " itself"), e.getMessage());
        assertTrue(Files.notExists(dir.resolve("p.tjdb-journal")) && Files.notExists(dir.resolve("p.tjdb-wal")));
        OutputFile.makeFolder(dir.resolve("dataset").resolve("data"), List.of(p));
        assertTrue(Files.isDirectory(dir.resolve("dataset").resolve("data")));
    }
}
