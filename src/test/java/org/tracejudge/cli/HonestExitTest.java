package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;

/**
 * Commands run as a user runs them (a child JVM with real standard output): a write to a full disk or a closed pipe
 * is reported and exits non-zero, a full disk under the project or the export is named as such with the file,
 * and a zero-byte project file is refused untouched.
 */
class HonestExitTest {
    @TempDir
    Path dir;

    record Exit(int code, String out, String err) {}

    private static Exit tracejudge(File stdout, boolean closeStdoutAtOnce, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "org.tracejudge.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (stdout != null) {
            pb.redirectOutput(stdout);
        }
        Process p = pb.start();
        String out = "";
        if (closeStdoutAtOnce) {
            p.getInputStream().close(); // the reader goes away before anything is written: writes get EPIPE
        }
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (stdout == null && !closeStdoutAtOnce) {
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new Exit(p.exitValue(), out, err);
    }

    private Path sample() throws Exception {
        Path p = dir.resolve("s.tjdb");
        List<String> args = new ArrayList<>(List.of("import", p.toString()));
        TestData.sampleFiles().forEach(f -> args.add(f.toString()));
        assertEquals(0, CliTest.run(args.toArray(String[]::new)).code());
        return p;
    }

    @Test
    void aFullStandardOutputIsReportedNotSwallowed() throws Exception {
        File full = new File("/dev/full");
        assumeTrue(full.exists(), "/dev/full is not here");
        Path p = sample();
        for (String[] args :
                List.of(new String[] {"labels", p.toString()}, new String[] {"info", p.toString()}, new String[] {
                    "labels", p.toString(), "--format", "json"
                })) {
            Exit e = tracejudge(full, false, args);
            assertEquals(1, e.code(), args[0] + ": " + e.err());
            assertTrue(e.err().contains("tracejudge: cannot write the output: the disk is full"), e.err());
            assertEquals(1, e.err().split("cannot write the output", -1).length - 1, "said once: " + e.err());
        }
    }

    @Test
    void aClosedPipeStopsTheCommandWithExit141Quietly() throws Exception {
        Path p = sample();
        Exit e = tracejudge(null, true, "labels", p.toString());
        assertEquals(141, e.code(), e.err());
        assertEquals(
                "", e.err(), "`labels | head -1`: the reader stopped on purpose, as with cat or git log, no error");
        // an export to standard output that did not arrive is not reported as exported
        e = tracejudge(null, true, "export", p.toString(), "-");
        assertEquals(141, e.code(), e.err());
        assertFalse(e.err().contains("exported"), e.err());
        File full = new File("/dev/full");
        if (full.exists()) {
            e = tracejudge(full, false, "export", p.toString(), "-");
            assertEquals(1, e.code(), e.err());
            assertTrue(e.err().contains("the disk is full"), e.err());
            assertFalse(e.err().contains("exported"), e.err());
        }
        Exit ok = tracejudge(null, false, "labels", p.toString());
        assertEquals(0, ok.code(), ok.err());
        assertEquals(61, ok.out().split("\n").length, "header and 60 traces");
    }

    @Test
    void aZeroByteProjectIsRefusedByInfoAndStaysEmpty() throws Exception {
        Path f = Files.createFile(dir.resolve("zero.tjdb"));
        CliTest.Run r = CliTest.run("info", f.toString());
        assertEquals(1, r.code());
        assertTrue(r.err().contains("zero.tjdb: an empty file (0 bytes), not a Tracejudge project"), r.err());
        assertEquals(0, Files.size(f));
    }

    @Test
    void twoImportsCreatingTheSameNewProjectAtOnceBothSucceed() throws Exception {
        for (int round = 0; round < 3; round++) {
            Path project = dir.resolve("race-" + round + ".tjdb");
            List<String> cmd = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    "org.tracejudge.Main",
                    "import",
                    project.toString()));
            TestData.sampleFiles().forEach(f -> cmd.add(f.toString()));
            Process a = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            Process b = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String outA = new String(a.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String outB = new String(b.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, a.waitFor(), outA);
            assertEquals(0, b.waitFor(), outB);
            try (var s = Files.list(dir)) {
                assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".part")), "no temporary file left");
            }
            CliTest.Run info = CliTest.run("info", project.toString());
            assertEquals(0, info.code(), info.err());
            assertTrue(info.out().contains("Traces:  60"), info.out());
        }
    }

    /** A 3 MB tmpfs (root only; skipped elsewhere), unmounted afterwards. */
    @Test
    void aFullDiskIsNamedWithTheFileForImportExportAndRedirectedOutput() throws Exception {
        Path mnt = Files.createDirectory(dir.resolve("small-disk"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", mnt.toString())
                .redirectErrorStream(true)
                .start();
        assumeTrue(mount.waitFor() == 0, "cannot mount a tmpfs here (not root?)");
        try {
            Path project = mnt.resolve("p.tjdb");
            List<String> tasks = new ArrayList<>(List.of("import", project.toString()));
            List<String> rest = new ArrayList<>(List.of("import", project.toString()));
            for (Path f : TestData.sampleFiles()) {
                (f.getFileName().toString().equals("tasks.json") ? tasks : rest).add(f.toString());
            }
            assertEquals(0, CliTest.run(tasks.toArray(String[]::new)).code());
            Path sample = sample();
            Exit labels = tracejudge(null, false, "labels", sample.toString());
            fill(mnt, "filler", 150 * 1024);
            CliTest.Run r = CliTest.run(rest.toArray(String[]::new));
            assertEquals(1, r.code(), r.out());
            assertTrue(r.err().contains(project + ": the disk is full; nothing of this change was saved"), r.err());
            assertFalse(r.err().contains("no transaction is active"), r.err());
            assertTrue(CliTest.run("info", project.toString()).out().contains("Traces:  0"), "nothing half-imported");

            Path export = mnt.resolve("out.jsonl");
            r = CliTest.run("export", sample.toString(), export.toString());
            assertEquals(1, r.code(), r.out());
            assertTrue(r.err().contains(export + ": cannot write the export: the disk is full"), r.err());
            assertFalse(Files.exists(export));

            fill(mnt, "filler-2", 0);
            File csv = mnt.resolve("labels.csv").toFile();
            Exit e = tracejudge(csv, false, "labels", sample.toString());
            assertEquals(1, e.code(), e.err());
            assertTrue(e.err().contains("the disk is full"), e.err());
            assertTrue(csv.length() < labels.out().getBytes(StandardCharsets.UTF_8).length, "only part was written");
        } finally {
            new ProcessBuilder("umount", mnt.toString()).start().waitFor();
        }
    }

    /** Fills the file system but {@code leave} bytes. */
    private static void fill(Path mnt, String name, long leave) throws Exception {
        long free = Files.getFileStore(mnt).getUsableSpace();
        try (var os = Files.newOutputStream(mnt.resolve(name))) {
            byte[] block = new byte[4096];
            for (long w = 0; w + block.length <= free - leave; w += block.length) {
                os.write(block);
            }
        } catch (java.io.IOException full) {
            // filled to the last block
        }
    }
}
