package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.json.Json;
import org.tracejudge.sample.SampleProject;

/**
 * What a user meets that a test of one class does not show: the mode of the files Tracejudge writes for them, and
 * Ctrl-C in the middle of an import (a real SIGINT to a child JVM).
 */
class OutputModesAndInterruptCliTest {
    @TempDir
    Path dir;

    @Test
    void anExportIsReadableAsAnyNewFileIsAndAReplacedFileKeepsItsMode() throws Exception {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "POSIX file modes");
        Path p = dir.resolve("p.tjdb");
        SampleProject.build(p);
        Path reference = Files.createFile(dir.resolve("made-as-any-file")); // the umask's mode
        Set<PosixFilePermission> usual = Files.getPosixFilePermissions(reference);

        Path fresh = dir.resolve("new export.jsonl");
        assertEquals(0, CliTest.run("export", p.toString(), fresh.toString()).code());
        assertEquals(
                usual, Files.getPosixFilePermissions(fresh), "a new export is made as any new file, not owner-only");

        Path shared = dir.resolve("shared.jsonl");
        Files.writeString(shared, "old\n");
        Set<PosixFilePermission> groupReadable = PosixFilePermissions.fromString("rw-r-----");
        Files.setPosixFilePermissions(shared, groupReadable);
        assertEquals(0, CliTest.run("export", p.toString(), shared.toString()).code());
        assertTrue(Files.readString(shared).startsWith("{\"kind\":\"header\""), "replaced");
        assertEquals(groupReadable, Files.getPosixFilePermissions(shared), "the replaced file keeps its mode");

        Path data = dir.resolve("dataset");
        assertEquals(
                0,
                CliTest.run("export", p.toString(), data.toString(), "--dataset")
                        .code());
        assertEquals(usual, Files.getPosixFilePermissions(data.resolve("data").resolve("train.jsonl")));
        assertEquals(usual, Files.getPosixFilePermissions(data.resolve("README.md")));
        try (var s = Files.list(dir)) {
            assertTrue(s.noneMatch(f -> f.getFileName().toString().endsWith(".part")), "no temporary file left");
        }
    }

    /** {@code n} OpenAI transcripts made from the tour's, each its own trace. */
    private Path manyTranscripts(int n) throws Exception {
        List<String> lines = Files.readAllLines(Path.of("resources", "samples", "tour", "openai-transcripts.jsonl"));
        Path f = dir.resolve("many.jsonl");
        try (BufferedWriter w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            for (int i = 0; i < n; i++) {
                ObjectNode run = (ObjectNode) Json.read(lines.get(i % lines.size()));
                run.put("id", "many-" + i);
                run.put("model", "model-" + i % 5);
                ((ObjectNode) run.get("expected")).put("task_id", "T-" + i % 300);
                w.write(Json.write(run));
                w.write('\n');
            }
        }
        return f;
    }

    private static int traces(Path project) {
        CliTest.Run r = CliTest.run("info", project.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        return Json.read(r.out()).get("traces").asInt();
    }

    @Test
    void ctrlCInTheMiddleOfAnImportExits130SaysNothingWasKeptAndARerunCompletes() throws Exception {
        // a JVM whose parent ignores SIGINT (a background job) ignores it too; env resets it, as a terminal has it
        assumeTrue(
                new ProcessBuilder("env", "--default-signal=INT", "true")
                                .start()
                                .waitFor()
                        == 0,
                "env --default-signal (GNU coreutils 8.31+)");
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "/proc (Linux): to see the import's threads");
        Path p = dir.resolve("p.tjdb");
        Path small = dir.resolve("small.jsonl");
        Files.copy(Path.of("resources", "samples", "tour", "anthropic-transcripts.jsonl"), small);
        assertEquals(0, CliTest.run("import", p.toString(), small.toString()).code());
        int before = traces(p);
        Path many = manyTranscripts(40_000);

        List<String> cmd = new ArrayList<>(List.of(
                "env",
                "--default-signal=INT",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "org.tracejudge.Main",
                "import",
                p.toString(),
                many.toString()));
        Process child = new ProcessBuilder(cmd)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        Path wal = dir.resolve("p.tjdb-wal");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        // the child has opened the project (its WAL exists) and reads for a while: SQLite holds the transaction's pages
        // until the commit writes them to the WAL at the end, so a small WAL means nothing is being committed yet
        while (child.isAlive() && !Files.exists(wal) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(threadShows(child, "import-reader"), "the import's reader started");
        assertTrue(
                child.isAlive() && Files.size(wal) < 1_000_000,
                "the import was still reading when interrupted (alive " + child.isAlive() + ", WAL " + Files.size(wal)
                        + " bytes)");
        assertEquals(
                0,
                new ProcessBuilder("kill", "-INT", Long.toString(child.pid()))
                        .start()
                        .waitFor());
        String err = new String(child.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(60, TimeUnit.SECONDS));
        assertEquals(130, child.exitValue(), err);
        assertTrue(
                err.contains("interrupted: the import is one transaction, so the project holds what it held before"),
                err);
        assertEquals(before, traces(p), "what was committed before is kept, nothing of the interrupted import");

        CliTest.Run again = CliTest.run("import", p.toString(), many.toString());
        assertEquals(0, again.code(), again.err());
        assertEquals(before + 40_000, traces(p), "the re-run completes");
    }

    /**
     * Ctrl-C in the middle of classify (a real SIGINT once its trace reader runs): it exits 130 and says what its
     * commits so far hold; with fewer traces than one commit's worth that is nothing of this run, which the ledger
     * then shows, and a re-run classifies every trace.
     */
    @Test
    void ctrlCInTheMiddleOfClassifyExits130SaysWhatWasKeptAndARerunCompletes() throws Exception {
        assumeTrue(
                new ProcessBuilder("env", "--default-signal=INT", "true")
                                .start()
                                .waitFor()
                        == 0,
                "env --default-signal (GNU coreutils 8.31+)");
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "/proc (Linux): to see the classify threads");
        Path p = org.tracejudge.classify.BenchProject.build(
                org.tracejudge.TestData.toolFailBench(), dir.resolve("c"), 30, 1000, false);
        Process child = new ProcessBuilder(
                        "env",
                        "--default-signal=INT",
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        "org.tracejudge.Main",
                        "classify",
                        p.toString(),
                        "--mode",
                        "tolerant")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        // env execs java in its place: the child's own threads show when the classify pipeline is running
        boolean reading = threadShows(child, "classify-read");
        assertTrue(reading && child.isAlive(), "classify was reading traces when interrupted");
        assertEquals(
                0,
                new ProcessBuilder("kill", "-INT", Long.toString(child.pid()))
                        .start()
                        .waitFor());
        String err = new String(child.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(60, TimeUnit.SECONDS));
        assertEquals(130, child.exitValue(), err);
        assertTrue(
                err.contains("tracejudge: interrupted: classify commits as it goes. Kept: nothing of this run (the "
                        + "labels the project held before)"),
                err);
        CliTest.Run info = CliTest.run("info", p.toString(), "--format", "json");
        assertTrue(!info.out().contains("rule-tolerant"), "no tolerant label was committed: " + info.out());

        CliTest.Run again = CliTest.run("classify", p.toString(), "--mode", "tolerant");
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().contains("ledger: 30000 entries appended, 0 traces unchanged"), again.out());
    }

    /** Waits (60 s at most) until the child process has a thread of this name (Linux: /proc/PID/task/TID/comm). */
    private static boolean threadShows(Process child, String name) throws InterruptedException {
        Path tasks = Path.of("/proc", Long.toString(child.pid()), "task");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (child.isAlive() && System.nanoTime() < deadline) {
            try (var ts = Files.list(tasks)) {
                boolean seen = ts.anyMatch(t -> {
                    try {
                        return Files.readString(t.resolve("comm")).trim().equals(name);
                    } catch (java.io.IOException gone) {
                        return false;
                    }
                });
                if (seen) {
                    return true;
                }
            } catch (java.io.IOException gone) {
                return false;
            }
            Thread.sleep(5);
        }
        return false;
    }
}
