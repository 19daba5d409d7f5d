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
            VerifiedFiles.recordCleanClose(gone, java.time.Instant.now());
            Files.delete(gone);
            Path last = null;
            for (int i = 0; i < 520; i++) { // more files than the record keeps
                last = dir.resolve("p" + i + ".tjdb");
                Files.writeString(last, "project " + i);
                VerifiedFiles.recordCleanClose(last, null);
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
    void aCheckStaysGoodForAWeekAndOnlyWhileTheFileIsAsTracejudgeLeftIt() throws Exception {
        String before = System.getProperty("tracejudge.home");
        System.setProperty("tracejudge.home", dir.resolve("home").toString());
        try {
            Path f = dir.resolve("p.tjdb");
            Files.writeString(f, "project");
            java.time.Instant now = java.time.Instant.now();
            assertEquals(VerifiedFiles.Trust.UNKNOWN, VerifiedFiles.trust(f, now), "never seen");
            VerifiedFiles.recordCleanClose(f, null);
            assertEquals(
                    VerifiedFiles.Trust.CHECK_DUE, VerifiedFiles.trust(f, now), "closed cleanly, no check recorded");
            VerifiedFiles.recordCleanClose(f, now);
            assertEquals(VerifiedFiles.Trust.CHECKED_RECENTLY, VerifiedFiles.trust(f, now));
            assertEquals(
                    VerifiedFiles.Trust.CHECKED_RECENTLY,
                    VerifiedFiles.trust(f, now.plus(java.time.Duration.ofDays(6))));
            assertEquals(
                    VerifiedFiles.Trust.CHECK_DUE,
                    VerifiedFiles.trust(f, now.plus(java.time.Duration.ofDays(8))),
                    "a week later the quick check is due again");
            assertEquals(
                    VerifiedFiles.Trust.CHECK_DUE,
                    VerifiedFiles.trust(f, now.minus(java.time.Duration.ofDays(1))),
                    "a check time in the future (a clock set back) is not trusted");
            // Tracejudge's own transactions change the file: the check time carries over
            Files.writeString(f, "project, more");
            VerifiedFiles.recordCleanClose(f, null);
            assertEquals(VerifiedFiles.Trust.CHECKED_RECENTLY, VerifiedFiles.trust(f, now));
            // another program changes it
            Files.writeString(f, "project, changed elsewhere");
            assertEquals(VerifiedFiles.Trust.UNKNOWN, VerifiedFiles.trust(f, now));
            // an entry of an older build (no check time) is read, and asks for the quick check
            Path home = dir.resolve("home").resolve("verified-projects.properties");
            Files.writeString(f, "project again");
            VerifiedFiles.recordCleanClose(f, now);
            String text = Files.readString(home, java.nio.charset.StandardCharsets.ISO_8859_1);
            Files.writeString(home, text.replaceAll("@\\d+", ""), java.nio.charset.StandardCharsets.ISO_8859_1);
            assertEquals(VerifiedFiles.Trust.CHECK_DUE, VerifiedFiles.trust(f, now));
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
