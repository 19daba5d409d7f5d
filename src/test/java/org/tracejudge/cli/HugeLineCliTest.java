package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A line too long for the Java heap (a child JVM with -Xmx64m) is refused in words naming the file or the heap, never
 * with an OutOfMemoryError's stack trace, and the project is left as it was.
 */
class HugeLineCliTest {
    @TempDir
    Path dir;

    private record Exit(int code, String err) {}

    private static Exit tracejudge(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                "org.tracejudge.Main"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new Exit(p.exitValue(), err);
    }

    /** One JSON line of a chat transcript whose user message holds {@code chars} characters. */
    private static void writeLongTranscript(BufferedWriter w, int chars) throws Exception {
        w.write("{\"id\":\"long\",\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"");
        char[] block = new char[1 << 16];
        java.util.Arrays.fill(block, 'x');
        for (int left = chars; left > 0; left -= block.length) {
            w.write(block, 0, Math.min(left, block.length));
        }
        w.write("\"}]}\n");
    }

    @Test
    void aLineLongerThanTheHeapReadsIsRefusedNamingTheFileOrTheHeap() throws Exception {
        Path p = dir.resolve("p.tjdb");
        Path small = dir.resolve("small.jsonl");
        Files.copy(Path.of("resources", "samples", "tour", "openai-transcripts.jsonl"), small);
        assertEquals(0, CliTest.run("import", p.toString(), small.toString()).code());
        String before = CliTest.run("info", p.toString(), "--format", "json").out();

        Path first = dir.resolve("first-line-40mb.jsonl");
        try (BufferedWriter w = Files.newBufferedWriter(first, StandardCharsets.UTF_8)) {
            writeLongTranscript(w, 40 << 20);
        }
        Exit e = tracejudge("import", p.toString(), first.toString());
        assertEquals(1, e.code(), e.err());
        assertTrue(
                e.err().contains("first-line-40mb.jsonl: line 1: line 1 is longer than")
                        && e.err().contains("-Xmx"),
                e.err());
        assertFalse(e.err().contains("OutOfMemoryError") || e.err().contains("\tat "), e.err());

        Path later = dir.resolve("second-line-40mb.jsonl");
        try (BufferedWriter w = Files.newBufferedWriter(later, StandardCharsets.UTF_8)) {
            w.write(Files.readAllLines(small).get(0).replace("\"oa-weather-1\"", "\"short\""));
            w.write('\n');
            writeLongTranscript(w, 40 << 20);
        }
        e = tracejudge("import", p.toString(), later.toString());
        assertEquals(1, e.code(), e.err());
        assertTrue(e.err().contains("out of memory") && e.err().contains("-Xmx"), e.err());
        assertFalse(e.err().contains("\tat "), "no stack trace: " + e.err());
        assertEquals(
                before, CliTest.run("info", p.toString(), "--format", "json").out(), "the project is as it was");

        // any command: an OutOfMemoryError in the command's own thread is said in words (a label table's 60 MB cell)
        Path table = dir.resolve("study.csv");
        try (BufferedWriter w = Files.newBufferedWriter(table, StandardCharsets.UTF_8)) {
            w.write("item,rater,label\n1,a,x\n1,b,");
            char[] block = new char[1 << 16];
            java.util.Arrays.fill(block, 'y');
            for (int i = 0; i < 60 * 16; i++) {
                w.write(block);
            }
            w.write('\n');
        }
        e = tracejudge("agreement", "--labels", table.toString());
        assertEquals(1, e.code(), e.err());
        assertTrue(
                e.err().startsWith("tracejudge: out of memory (this Java heap is")
                        && e.err().contains("-Xmx"),
                e.err());
        assertFalse(e.err().contains("\tat "), "no stack trace: " + e.err());
    }
}
