package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Project#readInParallel}: work on a connection and thread of its own that sees what is committed and cannot
 * write; called from inside a write, it runs on that write's connection, so it sees the write's own changes.
 */
class ReadInParallelTest {
    private static long count(java.sql.Connection c) throws Exception {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM project_meta")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void readsBesideTheProjectAndInsideAWriteReadsTheWrite(@TempDir Path tmp) {
        try (Project p = Project.open(tmp.resolve("a.tjdb"), Project.OpenOptions.createIfMissing("a"))) {
            long before = p.read(ReadInParallelTest::count);
            String[] thread = new String[1];
            long aside = Project.join(p.readInParallel(c -> {
                thread[0] = Thread.currentThread().getName();
                return count(c);
            }));
            assertEquals(before, aside);
            assertNotEquals(Thread.currentThread().getName(), thread[0], "ran on a thread of its own");

            long inside = p.write(c -> {
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("INSERT INTO project_meta(key, value) VALUES ('aside-test', 'x')");
                }
                return Project.join(p.readInParallel(ReadInParallelTest::count)); // the uncommitted row is seen
            });
            assertEquals(before + 1, inside);

            ProjectException e = assertThrows(
                    ProjectException.class,
                    () -> Project.join(p.readInParallel(c -> {
                        try (Statement s = c.createStatement()) {
                            return s.executeUpdate("INSERT INTO project_meta(key, value) VALUES ('no', 'write')");
                        }
                    })));
            assertTrue(e.getMessage().contains("read failed"), e.getMessage());
            assertEquals(before + 1, p.read(ReadInParallelTest::count), "nothing written aside");
        }
    }
}
