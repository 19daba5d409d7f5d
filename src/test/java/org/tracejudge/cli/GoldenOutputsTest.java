package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command's output on the bundled projects (the tool-use benchmark sample, the tour of trace kinds and the
 * safety-review sample, built as the workbench builds them: {@link GoldenProjects}), byte for byte against the golden files under
 * {@code src/test/resources/golden/PROJECT/COMMAND.txt}: a refactor (issue 52) changes none of them. See
 * {@link GoldenOutputs} for the commands and what is masked. After a deliberate change of a command's output,
 * rewrite them with {@code -Dgolden.update=true} and read the diff.
 */
class GoldenOutputsTest {
    static final Path GOLDEN = Path.of("src/test/resources/golden");
    /** Where a differing output is written as it is now (diff -r against {@link #GOLDEN}). */
    static final Path ACTUAL = Path.of("target/golden-actual");

    @TempDir
    Path dir;

    @Test
    void everyCommandOnTheBundledProjectsAsBefore() throws Exception {
        Map<String, Path> projects = GoldenProjects.build(dir.resolve("projects"));
        GoldenOutputs golden = new GoldenOutputs(dir);
        boolean update = Boolean.getBoolean("golden.update");
        GoldenOutputs.deleteTree(ACTUAL);
        List<String> differ = new ArrayList<>();
        int compared = 0;
        for (Map.Entry<String, Path> project : projects.entrySet()) {
            Path folder = GOLDEN.resolve(project.getKey());
            // the judges only where no two traces send the same request: which of two such is answered from the
            // cache the other filled depends on when the writer committed it
            Map<String, String> records = golden.runAll(
                    project.getKey(), project.getValue(), !project.getKey().equals("safety"));
            if (update) {
                GoldenOutputs.deleteTree(folder);
                Files.createDirectories(folder);
            }
            TreeSet<String> kept = new TreeSet<>();
            if (Files.isDirectory(folder)) {
                try (Stream<Path> s = Files.list(folder)) {
                    s.forEach(f -> kept.add(f.getFileName().toString()));
                }
            }
            for (Map.Entry<String, String> r : records.entrySet()) {
                Path f = folder.resolve(r.getKey() + ".txt");
                if (update) {
                    Files.writeString(f, r.getValue(), StandardCharsets.UTF_8);
                    continue;
                }
                kept.remove(f.getFileName().toString());
                compared++;
                String want = Files.exists(f) ? Files.readString(f, StandardCharsets.UTF_8) : null;
                if (!r.getValue().equals(want)) {
                    // the output as it is now, beside the golden one, for a diff
                    Path now = ACTUAL.resolve(project.getKey()).resolve(f.getFileName());
                    Files.createDirectories(now.getParent());
                    Files.writeString(now, r.getValue(), StandardCharsets.UTF_8);
                    differ.add(f + (want == null ? " (missing)" : firstDifference(want, r.getValue())));
                }
            }
            if (!update) {
                kept.forEach(k -> differ.add(folder.resolve(k) + " (no command makes it any more)"));
            }
        }
        if (!update) {
            assertTrue(compared >= 140, "every command of every project was compared: " + compared);
        }
        assertEquals(
                List.of(),
                differ,
                "outputs that changed (diff -r " + GOLDEN + " " + ACTUAL + "; rerun with -Dgolden.update=true if the "
                        + "change is meant)");
    }

    private static String firstDifference(String want, String got) {
        String[] a = want.split("\n", -1);
        String[] b = got.split("\n", -1);
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            String x = i < a.length ? a[i] : "<end>";
            String y = i < b.length ? b[i] : "<end>";
            if (!x.equals(y)) {
                int c = 0;
                while (c < x.length() && c < y.length() && x.charAt(c) == y.charAt(c)) {
                    c++;
                }
                int from = Math.max(0, c - 40);
                return " line " + (i + 1) + " column " + (c + 1) + ": golden «"
                        + cut(x.substring(Math.min(from, x.length()))) + "», now «"
                        + cut(y.substring(Math.min(from, y.length()))) + "»";
            }
        }
        return "";
    }

    private static String cut(String s) {
        return s.length() > 120 ? s.substring(0, 120) + "…" : s;
    }
}
