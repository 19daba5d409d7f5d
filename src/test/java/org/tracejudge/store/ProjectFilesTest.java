package org.tracejudge.store;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Zero-byte and foreign files are refused untouched; our files carry application_id; busy and racing creates. */
class ProjectFilesTest {
    @TempDir
    Path dir;

    @Test
    void aZeroByteFileIsRefusedAndLeftEmpty() throws Exception {
        Path f = Files.createFile(dir.resolve("empty.tjdb"));
        ProjectException e = assertThrows(ProjectException.class, () -> Project.open(f));
        assertTrue(
                e.getMessage().contains("empty.tjdb: an empty file (0 bytes), not a Tracejudge project"),
                e.getMessage());
        assertThrows(ProjectException.class, () -> Project.open(f, Project.OpenOptions.createIfMissing("x")));
        assertThrows(
                ProjectException.class,
                () -> Project.open(f, Project.OpenOptions.createIfMissing("x").checkAlongside()));
        assertEquals(0, Files.size(f));
        assertEquals(List.of(f), listing());
    }

    @Test
    void anotherApplicationsDatabaseIsRefusedWithoutSwitchingItsJournalMode() throws Exception {
        Path f = dir.resolve("contacts.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + f);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE contact(name TEXT, phone TEXT)");
            s.execute("INSERT INTO contact VALUES ('Ana', '555-0100')");
        }
        byte[] before = Files.readAllBytes(f);
        assertEquals(1, before[18], "rollback journal (legacy) mode before");
        ProjectException e = assertThrows(ProjectException.class, () -> Project.open(f));
        assertTrue(
                e.getMessage().contains("not a Tracejudge project (an SQLite database with other tables: contact)")
                        && e.getMessage().contains("left as it is"),
                e.getMessage());
        assertThrows(ProjectException.class, () -> Project.open(f, Project.OpenOptions.createIfMissing("x")));
        assertArrayEquals(before, Files.readAllBytes(f), "byte for byte as it was: not switched to WAL");
        assertEquals(List.of(f), listing(), "no -wal or -shm file left beside it");

        Path other = dir.resolve("other-app.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + other);
                Statement s = c.createStatement()) {
            s.execute("PRAGMA application_id = 1234");
            s.execute("CREATE TABLE flyway_schema_history(x)");
        }
        byte[] otherBefore = Files.readAllBytes(other);
        e = assertThrows(ProjectException.class, () -> Project.open(other));
        assertTrue(
                e.getMessage().contains("an SQLite database of another application, application_id 0x000004D2"),
                e.getMessage());
        assertArrayEquals(otherBefore, Files.readAllBytes(other));
    }

    @Test
    void ourFilesCarryTheApplicationIdAndOlderOnesAreMarkedOnOpening() throws Exception {
        Path made = dir.resolve("new.tjdb");
        Project.open(made, Project.OpenOptions.createIfMissing("n")).close();
        assertEquals(ProjectFiles.APPLICATION_ID, appId(made));
        Path old = dir.resolve("old.tjdb");
        ProjectSchema.migrations(old).load().migrate();
        assertEquals(0, appId(old), "made before the mark");
        Project.open(old).close();
        assertEquals(ProjectFiles.APPLICATION_ID, appId(old));
    }

    @Test
    void severalOpenersCreatingTheSameProjectAtOnceGetOneSoundProject() throws Exception {
        for (int round = 0; round < 5; round++) {
            Path f = dir.resolve("race-" + round + ".tjdb");
            int n = 4;
            ExecutorService pool = Executors.newFixedThreadPool(n);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<String>> names = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                final int who = i;
                names.add(pool.submit(() -> {
                    go.await();
                    try (Project p = Project.open(f, Project.OpenOptions.createIfMissing("creator-" + who))) {
                        return p.name();
                    }
                }));
            }
            go.countDown();
            List<String> got = new ArrayList<>();
            for (Future<String> x : names) {
                got.add(x.get());
            }
            pool.shutdown();
            assertEquals(1, got.stream().distinct().count(), "every opener sees the one creator's project: " + got);
            try (Stream<Path> s = Files.list(dir)) {
                assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".part")), "no temporary file left");
            }
        }
    }

    @Test
    void aBusyProjectSaysWhoHoldsIt() throws Exception {
        Path f = dir.resolve("busy.tjdb");
        Project.open(f, Project.OpenOptions.createIfMissing("b")).close();
        // another process holds a write transaction open: a child JVM that opens the project as "tracejudge import"
        ProcessBuilder pb = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                HoldWriteLock.class.getName(),
                f.toString(),
                "tracejudge import");
        pb.redirectErrorStream(true);
        Process child = pb.start();
        try {
            String ready =
                    new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream(), UTF_8)).readLine();
            assertEquals("holding", ready);
            long t0 = System.nanoTime();
            try (Project p = Project.open(f)) {
                ProjectException e = assertThrows(ProjectException.class, () -> p.setMeta("k", "v"));
                long waited = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(waited >= Project.BUSY_TIMEOUT_MILLIS - 500, "waited " + waited + " ms first");
                assertTrue(
                        e.getMessage().contains("busy.tjdb: busy: tracejudge import (pid " + child.pid()),
                        e.getMessage());
                assertTrue(e.getMessage().contains("Try again when it has finished"), e.getMessage());
            }
        } finally {
            child.destroy();
            child.waitFor();
        }
        try (Project p = Project.open(f)) {
            p.setMeta("k", "v");
            assertEquals("v", p.meta("k"), "once the holder is gone the write goes through");
        }
    }

    /** Child process: opens the project, starts a write transaction and holds it until killed. */
    public static final class HoldWriteLock {
        public static void main(String[] args) throws Exception {
            Project.setActivity(args[1]);
            Project p = Project.open(Path.of(args[0]));
            p.write(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("INSERT INTO project_meta(key, value) VALUES ('holder', 'x') "
                            + "ON CONFLICT(key) DO UPDATE SET value = 'y'");
                }
                System.out.println("holding");
                System.out.flush();
                Thread.sleep(60_000);
                return null;
            });
        }
    }

    private static int appId(Path f) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + f);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("PRAGMA application_id")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private List<Path> listing() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
