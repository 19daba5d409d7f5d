package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.store.Project;

/**
 * The importer's own SHA-256 gives the JDK's digest byte for byte: the published test vectors, every length
 * around the padding's edges, random lengths up to four blocks, the real sample and shared corpus files; and the
 * value an import records is the JDK's SHA-256 of the file.
 */
class Sha256Test {
    @TempDir
    Path dir;

    private static byte[] jdk(byte[] bytes) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(bytes);
    }

    @Test
    void publishedVectors() {
        // FIPS 180-4 examples (NIST CSRC "SHA256.pdf"): one block, two blocks, the empty message
        assertEquals(
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                HexFormat.of().formatHex(Sha256.digest("abc".getBytes(StandardCharsets.US_ASCII))));
        assertEquals(
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
                HexFormat.of()
                        .formatHex(Sha256.digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
                                .getBytes(StandardCharsets.US_ASCII))));
        assertEquals(
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                HexFormat.of().formatHex(Sha256.digest(new byte[0])));
    }

    @Test
    void everyLengthUpToFourBlocksAndRandomOnes() throws Exception {
        Random random = new Random(32);
        for (int n = 0; n <= 4 * 64 + 1; n++) {
            byte[] bytes = new byte[n];
            random.nextBytes(bytes);
            assertArrayEquals(jdk(bytes), Sha256.digest(bytes), "length " + n);
            assertArrayEquals(jdk(bytes), Sha256.jdk(bytes), "length " + n + " through the JDK in pieces");
        }
        for (int i = 0; i < 200; i++) {
            byte[] bytes = new byte[random.nextInt(300_000)];
            random.nextBytes(bytes);
            assertArrayEquals(jdk(bytes), Sha256.digest(bytes), "length " + bytes.length);
        }
        byte[] ones = new byte[200];
        java.util.Arrays.fill(ones, (byte) 0xff); // every byte with its sign bit set
        assertArrayEquals(jdk(ones), Sha256.digest(ones));
    }

    @Test
    void realFiles() throws Exception {
        List<Path> files = new ArrayList<>(TestData.sampleFiles());
        if (Files.isDirectory(TestData.TOOLFAILBENCH)) {
            try (Stream<Path> s = Files.walk(TestData.TOOLFAILBENCH)) {
                s.filter(Files::isRegularFile).sorted().forEach(files::add);
            }
        }
        assertTrue(files.size() > 5, "files to hash: " + files);
        for (Path f : files) {
            byte[] bytes = Files.readAllBytes(f);
            assertEquals(HexFormat.of().formatHex(jdk(bytes)), Sha256.hex(bytes), f.toString());
            assertArrayEquals(jdk(bytes), Sha256.digest(bytes), f.toString());
        }
    }

    @Test
    void anImportRecordsTheFilesSha256() throws Exception {
        Path results = TestData.list(TestData.SAMPLE.resolve("results")).get(0);
        Path project = dir.resolve("p.tjdb");
        try (Project p = Project.open(project, Project.OpenOptions.createIfMissing("sha"))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
            String recorded = TestData.scalar(
                    p, "SELECT sha256 FROM import_source WHERE file_name = '" + results.getFileName() + "'");
            assertEquals(HexFormat.of().formatHex(jdk(Files.readAllBytes(results))), recorded);
        }
    }

    @Test
    void aResultsFileNamedWithoutItsRunIsHashedBeforeItsRunIsNamed() throws Exception {
        // the run of a results file whose name has no timestamp is its hash: hashed first, not aside
        Path results = TestData.list(TestData.SAMPLE.resolve("results")).get(0);
        Path renamed = dir.resolve("results.json");
        Files.copy(results, renamed);
        List<Path> files = new ArrayList<>(List.of(
                TestData.SAMPLE.resolve("travel/tasks.json"), TestData.SAMPLE.resolve("energy/tasks.json"), renamed));
        String sha = HexFormat.of().formatHex(jdk(Files.readAllBytes(renamed)));
        try (Project p = Project.open(dir.resolve("q.tjdb"), Project.OpenOptions.createIfMissing("sha"))) {
            new Importer(p, null).importFiles(files, null, null);
            assertEquals(sha, TestData.scalar(p, "SELECT sha256 FROM import_source WHERE file_name = 'results.json'"));
            assertEquals("sha256:" + sha.substring(0, 16), TestData.scalar(p, "SELECT DISTINCT run FROM trace"));
        }
    }

    @Test
    void theCompilerFromTheJvmOptions() {
        assertTrue(Sha256.c2(List.of()), "the JVM's default is tiered with C2");
        assertTrue(Sha256.c2(List.of("-Xmx512m", "-XX:+UseSerialGC")));
        assertFalse(Sha256.c2(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")), "the shipped command line");
        assertTrue(Sha256.c2(List.of("-XX:TieredStopAtLevel=1", "-XX:TieredStopAtLevel=4")), "the last one wins");
        assertTrue(Sha256.c2(List.of("-XX:TieredStopAtLevel=1", "-XX:-TieredCompilation")), "C2 alone");
        assertFalse(Sha256.c2(List.of("-Xint")));
        assertTrue(Sha256.c2(List.of("-XX:TieredStopAtLevel=x")), "an option the JVM would refuse: the default");
    }

    /**
     * The JIT options the launchers give {@code import} (the checkout's ./tracejudge and the installed Linux script,
     * the same in both) leave C2 on, so the JDK's digest is taken; and a JVM accepts them with the directives file,
     * printing nothing on stdout (a typo in installers/jit-import.json would stop every import from starting).
     */
    @Test
    void theImportLaunchersLetC2CompileTheDigests() throws Exception {
        List<String> checkout = importOptions(Path.of("tracejudge"), "$directives", "installers/jit-import.json");
        List<String> installed =
                importOptions(Path.of("installers/linux/tracejudge"), "$directives", "installers/jit-import.json");
        assertTrue(checkout.contains("-XX:CompilerDirectivesFile=installers/jit-import.json"), checkout.toString());
        assertEquals(checkout, installed, "the installed script's import options");
        assertTrue(Sha256.c2(checkout), checkout.toString());

        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(checkout);
        command.add("-version");
        Process jvm = new ProcessBuilder(command)
                .redirectError(dir.resolve("err.txt").toFile())
                .redirectOutput(dir.resolve("out.txt").toFile())
                .start();
        assertTrue(jvm.waitFor(60, TimeUnit.SECONDS), "java -version did not end");
        String err = Files.readString(dir.resolve("err.txt"));
        assertEquals(0, jvm.exitValue(), err);
        assertEquals("", Files.readString(dir.resolve("out.txt")), "stdout");
        assertTrue(
                err.contains("version")
                        && !err.toLowerCase(java.util.Locale.ROOT).contains("error"),
                err);
    }

    /** The -XX options of a launcher script's import branch (from its `= import ]` test to the next exec or else). */
    private static List<String> importOptions(Path script, String variable, String value) throws Exception {
        String text = Files.readString(script);
        int start = text.indexOf("= import ]");
        assertTrue(start >= 0, script + ": no import branch");
        int end = text.indexOf("-jar", start);
        int cp = text.indexOf("-cp", start);
        end = end < 0 || (cp >= 0 && cp < end) ? cp : end;
        List<String> options = new ArrayList<>();
        Matcher m = Pattern.compile("-XX:[^\\s\"\\\\]+").matcher(text.substring(start, end));
        while (m.find()) {
            String o = m.group().replace(variable, value);
            if (!o.startsWith("-XX:+UseSerialGC")) { // where the common options go differs between the scripts
                options.add(o);
            }
        }
        return options;
    }
}
