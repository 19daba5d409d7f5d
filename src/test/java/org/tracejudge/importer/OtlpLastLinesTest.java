package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first pass of OTLP JSON Lines scanned as two halves at once gives the same last line per trace as one scan,
 * wherever the middle falls: traces spread over both halves, {@code \n}, {@code \r\n} and {@code \r} line ends,
 * blank lines, a last line without an end.
 */
class OtlpLastLinesTest {
    @TempDir
    Path dir;

    @Test
    void twoHalvesGiveTheSameLinesAsOneScan() throws Exception {
        Random rnd = new Random(34);
        String[] ends = {"\n", "\r\n", "\r", "\n"};
        for (int file = 0; file < 40; file++) {
            StringBuilder sb = new StringBuilder();
            int lines = 1 + rnd.nextInt(60);
            for (int i = 0; i < lines; i++) {
                if (rnd.nextInt(8) == 0) {
                    sb.append("   "); // a blank line
                } else {
                    sb.append("{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[");
                    int spans = 1 + rnd.nextInt(3);
                    for (int k = 0; k < spans; k++) {
                        sb.append(k == 0 ? "" : ",")
                                .append("{\"traceId\":\"t")
                                .append(rnd.nextInt(12)) // few ids: most traces occur in both halves
                                .append("\",\"spanId\":\"s")
                                .append(k)
                                .append("\",\"name\":\"")
                                .append("x".repeat(rnd.nextInt(200)))
                                .append("\"}");
                    }
                    sb.append("]}]}]}");
                }
                if (i < lines - 1 || rnd.nextBoolean()) {
                    sb.append(ends[rnd.nextInt(ends.length)]);
                }
            }
            byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
            Path f = Files.write(dir.resolve("f" + file + ".jsonl"), bytes);
            Map<Long, List<String>> one = OtlpLineIndex.lastLines(new ByteArrayInputStream(bytes));
            Map<Long, List<String>> two = OtlpLineIndex.lastLines(f, 0); // split whatever the size
            assertFalse(one.isEmpty());
            assertEquals(sorted(one), sorted(two), "file " + file + ": " + sb);
        }
    }

    private static Map<Long, List<String>> sorted(Map<Long, List<String>> m) {
        Map<Long, List<String>> out = new java.util.TreeMap<>();
        m.forEach((k, v) -> out.put(k, v.stream().sorted().toList()));
        return out;
    }
}
