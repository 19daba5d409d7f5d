package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Project#commitSoFar}: work that commits as it goes keeps each commit, and whatever stops it afterwards is
 * reported with what the commits hold, never as "nothing was saved".
 */
class CommitSoFarTest {
    @TempDir
    Path dir;

    private static void put(Connection c, String key) throws Exception {
        try (Statement s = c.createStatement()) {
            s.execute("INSERT INTO project_meta(key, value) VALUES ('" + key + "', 'x')");
        }
    }

    private static int count(Path file, String like) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM project_meta WHERE key LIKE '" + like + "'")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void aFailureAfterACommitSaysWhatWasKeptAndKeepsIt() throws Exception {
        Path file = dir.resolve("p.tjdb");
        try (Project p = Project.open(file, Project.OpenOptions.createIfMissing("p"))) {
            RuntimeException e = assertThrows(
                    RuntimeException.class,
                    () -> p.write(c -> {
                        put(c, "step-1");
                        p.commitSoFar("step 1", "run it again for the rest");
                        put(c, "step-2");
                        throw new IllegalStateException("the network went away");
                    }));
            assertEquals("the network went away. Kept: step 1; run it again for the rest.", e.getMessage());
            // the next write starts afresh: nothing of the failed work's "kept" carries over
            RuntimeException next = assertThrows(
                    RuntimeException.class,
                    () -> p.write(c -> {
                        throw new IllegalStateException("another failure");
                    }));
            assertEquals("another failure", next.getMessage());
        }
        assertEquals(1, count(file, "step-1"));
        assertEquals(0, count(file, "step-2"), "the transaction after the commit was rolled back");
    }

    /** A read-only error after a commit (the disk remounted read-only mid-run) does not say that nothing changed. */
    @Test
    void aReadOnlyErrorAfterACommitSaysWhatWasKept() throws Exception {
        Path file = dir.resolve("ro.tjdb");
        try (Project p = Project.open(file, Project.OpenOptions.createIfMissing("ro"))) {
            RuntimeException e = assertThrows(
                    RuntimeException.class,
                    () -> p.write(c -> {
                        put(c, "step-1");
                        p.commitSoFar("step 1", "run it again for the rest");
                        throw new IllegalStateException("[SQLITE_READONLY] attempt to write a readonly database");
                    }));
            assertEquals(
                    file + ": cannot write to it: the file, its folder or the disk it is on is read-only. What it was "
                            + "writing when it stopped was not saved. Make it writable (chmod u+w, or a writable "
                            + "folder), or work on a copy in a writable folder. Kept: step 1; run it again for the rest.",
                    e.getMessage());
        }
        assertEquals(1, count(file, "step-1"));
    }
}
