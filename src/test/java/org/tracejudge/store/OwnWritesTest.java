package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.sample.SampleProject;

/**
 * A write nobody here made while Tracejudge has the file open is never blessed by the clean close that follows: the
 * next open runs the full check. Tracejudge's own writes, checkpoints included, keep the file trusted.
 */
class OwnWritesTest {
    @TempDir
    Path dir;

    /** The sample project, opened and closed once so that its check is recorded. */
    private Path checkedSample() {
        Path p = dir.resolve("p.tjdb");
        SampleProject.build(p);
        try (Project project = Project.open(p)) {
            project.verify(false);
        }
        try (Project project = Project.open(p)) {
            assertEquals(Project.NO_CHECK, project.integrityCheckRun(), "recorded as checked");
        }
        return p;
    }

    /** Garbage over the first page of an index of the trace table, as a disk or another program would write it. */
    private static void garbageOverAnIndexPage(Project project, Path p) throws Exception {
        int root = Integer.parseInt(TestData.scalar(
                project, "SELECT rootpage FROM sqlite_master WHERE type = 'index' AND tbl_name = 'trace' LIMIT 1"));
        int pageSize = Integer.parseInt(TestData.scalar(project, "PRAGMA page_size"));
        byte[] garbage = new byte[pageSize];
        new java.util.Random(47).nextBytes(garbage);
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(garbage), (long) (root - 1) * pageSize);
        }
    }

    @Test
    void damageWrittenWhileTheFileIsOpenIsFoundByTheNextOpen() throws Exception {
        Path p = checkedSample();
        try (Project project = Project.open(p)) {
            assertEquals(Project.NO_CHECK, project.integrityCheckRun());
            garbageOverAnIndexPage(project, p);
            project.setMeta("note", "a write of our own after it"); // the session writes, commits and closes cleanly
        }
        ProjectException e =
                assertThrows(ProjectException.class, () -> Project.open(p).close());
        assertTrue(e.getMessage().contains("damaged"), e.getMessage());
    }

    @Test
    void damageWrittenWhileTheFileIsOpenOnlyToReadIsFoundToo() throws Exception {
        Path p = checkedSample();
        try (Project project = Project.open(p)) {
            garbageOverAnIndexPage(project, p);
        }
        assertThrows(ProjectException.class, () -> Project.open(p).close());
    }

    @Test
    void ourOwnWritesAndCheckpointsKeepTheFileTrusted() throws Exception {
        Path p = checkedSample();
        try (Project project = Project.open(p)) {
            String big = "x".repeat(1 << 20);
            for (int i = 0; i < 12; i++) { // 12 MB through the log: checkpoints mid-session (OwnWrites.afterCommit)
                project.setMeta("filler" + i, big);
            }
        }
        try (Project project = Project.open(p)) {
            assertEquals(Project.NO_CHECK, project.integrityCheckRun(), "our own writes are no reason to check");
            assertEquals(1 << 20, project.meta("filler11").length());
        }
        // two projects of the file in one process (the workbench and its safety window): still our own writes
        try (Project a = Project.open(p);
                Project b = Project.open(p)) {
            for (int i = 0; i < 6; i++) {
                a.setMeta("a" + i, "y".repeat(1 << 20));
                b.setMeta("b" + i, "z".repeat(1 << 20));
            }
        }
        try (Project project = Project.open(p)) {
            assertEquals(Project.NO_CHECK, project.integrityCheckRun());
        }
    }
}
