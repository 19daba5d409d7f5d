package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class VerifiedFilesTest {
    @org.junit.jupiter.api.io.TempDir
    Path dir;

    @Test
    void aFullRecordStillKeepsTheFileJustClosedAndForgetsDeletedFilesFirst() throws Exception {
        String before = System.getProperty("tracejudge.home");
        System.setProperty("tracejudge.home", dir.resolve("home").toString());
        try {
            Path gone = dir.resolve("gone.tjdb");
            Files.writeString(gone, "x");
            VerifiedFiles.recordCleanClose(gone);
            Files.delete(gone);
            Path last = null;
            for (int i = 0; i < 520; i++) { // more files than the record keeps
                last = dir.resolve("p" + i + ".tjdb");
                Files.writeString(last, "project " + i);
                VerifiedFiles.recordCleanClose(last);
                assertTrue(VerifiedFiles.unchangedSinceVerified(last), "the file just closed is recorded (" + i + ")");
            }
            Properties p = new Properties();
            try (var in = Files.newInputStream(dir.resolve("home").resolve("verified-projects.properties"))) {
                p.load(in);
            }
            assertEquals(500, p.size());
            assertTrue(p.getProperty(gone.toAbsolutePath().toString()) == null, "a deleted file is forgotten first");
            assertTrue(VerifiedFiles.unchangedSinceVerified(last));
        } finally {
            if (before == null) {
                System.clearProperty("tracejudge.home");
            } else {
                System.setProperty("tracejudge.home", before);
            }
        }
    }

    @Test
    void keysWithSeparatorsAndNonLatinCharactersReadBackAsWritten() throws Exception {
        for (String key : new String[] {"/home/a b/x.tjdb", "C:\\Users\\Zoë\\p=1:2#3!.tjdb", "/tmp/日本/p.tjdb"}) {
            Properties p = new Properties();
            p.load(new StringReader(VerifiedFiles.escape(key) + "=5:7\n"));
            assertEquals("5:7", p.getProperty(key), key);
        }
    }
}
