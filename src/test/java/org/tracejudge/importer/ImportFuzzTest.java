package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tracejudge.TestData;
import org.tracejudge.store.Project;

/**
 * A seeded mutation harness over every importer: the real sample files of each format (and, where ../shared is
 * beside the checkout, one real file of each agent-trace format), damaged as files get damaged — bytes flipped,
 * cut short, a line doubled or dropped, a value's type changed, a stray byte inserted — each imported into a project.
 * The rule: every input imports or is refused with an {@link ImportException} naming the file; never another
 * exception, and a refused file leaves the project exactly as it was (nothing half imported). Seeds are fixed, so
 * a failure names its mutation and can be replayed.
 */
class ImportFuzzTest {
    private static final int MUTATIONS = 30;

    @TempDir
    Path dir;

    static Stream<Path> inputs() {
        List<Path> files = new ArrayList<>(TestData.sampleFiles());
        Path samples = TestData.SAMPLE.getParent();
        files.add(samples.resolve("multiturn").resolve("toolhaystack-sample.jsonl"));
        files.add(samples.resolve("multiturn").resolve("diabench-sample.jsonl"));
        files.add(samples.resolve("safety").resolve("scenario.json"));
        Path formats = TestData.SHARED.resolve("corpora").resolve("formats");
        for (String f : new String[] {
            "otel-genai/otel_genai_client_span_tool_calls.json",
            "langfuse/openai-agents-2025-09-30.trace.json",
            "inspect-ai/2025-04-07T11-00-30-05-00_arithmetic-with-tool_gKECTBvzvzgtPqQCd3cirF.json",
            "atif/openhands_hello-world.trajectory.json",
            "swe-agent/function_calling_simple.traj"
        }) {
            Path p = formats.resolve(f);
            if (Files.isRegularFile(p)) {
                files.add(p);
            }
        }
        return files.stream().filter(Files::isRegularFile);
    }

    @ParameterizedTest
    @MethodSource("inputs")
    void everyDamagedFileImportsOrIsRefusedWithItsNameAndNothingHalfImported(Path original) throws Exception {
        byte[] bytes = Files.readAllBytes(original);
        String name = original.getFileName().toString();
        int refused = 0;
        try (Project p = Project.open(dir.resolve("fuzz.tjdb"), Project.OpenOptions.createIfMissing("fuzz"))) {
            for (int i = 0; i < MUTATIONS; i++) {
                Random r = new Random(name.hashCode() * 31L + i);
                String what;
                byte[] mutated;
                switch (i % 6) {
                    case 0 -> {
                        mutated = bytes.clone();
                        int at = r.nextInt(mutated.length);
                        mutated[at] = (byte) r.nextInt(256);
                        what = "byte " + at + " set to " + (mutated[at] & 0xff);
                    }
                    case 1 -> {
                        int len = r.nextInt(Math.max(1, bytes.length));
                        mutated = java.util.Arrays.copyOf(bytes, len);
                        what = "cut short at " + len;
                    }
                    case 2 -> {
                        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
                        int at = r.nextInt(lines.length);
                        List<String> l = new ArrayList<>(List.of(lines));
                        l.add(at, lines[at]);
                        mutated = String.join("\n", l).getBytes(StandardCharsets.UTF_8);
                        what = "line " + (at + 1) + " doubled";
                    }
                    case 3 -> {
                        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
                        int at = r.nextInt(lines.length);
                        List<String> l = new ArrayList<>(List.of(lines));
                        l.remove(at);
                        mutated = String.join("\n", l).getBytes(StandardCharsets.UTF_8);
                        what = "line " + (at + 1) + " dropped";
                    }
                    case 4 -> {
                        String s = new String(bytes, StandardCharsets.UTF_8);
                        String[] from = {"\"", "[", "{", ":", ","};
                        String[] to = {"'", "{", "[", "=", ""};
                        int k = r.nextInt(from.length);
                        int at = s.indexOf(from[k], r.nextInt(Math.max(1, s.length())));
                        if (at < 0) {
                            at = s.indexOf(from[k]);
                        }
                        mutated = (at < 0 ? s : s.substring(0, at) + to[k] + s.substring(at + from[k].length()))
                                .getBytes(StandardCharsets.UTF_8);
                        what = "'" + from[k] + "' at " + at + " made '" + to[k] + "'";
                    }
                    default -> {
                        int at = r.nextInt(bytes.length + 1);
                        byte[] stray = {(byte) 0xFF, 0, (byte) 0xC0, '"', '\\'};
                        byte b = stray[r.nextInt(stray.length)];
                        mutated = new byte[bytes.length + 1];
                        System.arraycopy(bytes, 0, mutated, 0, at);
                        mutated[at] = b;
                        System.arraycopy(bytes, at, mutated, at + 1, bytes.length - at);
                        what = "byte " + (b & 0xff) + " inserted at " + at;
                    }
                }
                Path file = dir.resolve(name);
                Files.write(file, mutated);
                String before = counts(p);
                try {
                    new Importer(p, null).importFiles(List.of(file), null, null);
                } catch (ImportException e) {
                    refused++;
                    assertTrue(
                            e.getMessage() != null && e.getMessage().contains(name),
                            name + " (" + what + "): the message names the file: " + e.getMessage());
                    assertEquals(before, counts(p), name + " (" + what + "): a refused file left something behind");
                } catch (RuntimeException e) {
                    fail(
                            name + " (" + what + "): " + e.getClass().getName()
                                    + " instead of a refusal naming the file: " + e.getMessage(),
                            e);
                }
            }
        }
        assertTrue(refused > 0, name + ": some of " + MUTATIONS + " damaged copies are refused");
    }

    private static String counts(Project p) {
        return p.read(c -> {
            StringBuilder sb = new StringBuilder();
            for (String t : new String[] {"task", "trace", "label", "adjudication", "rater", "import_source"}) {
                try (var s = c.createStatement();
                        var rs = s.executeQuery("SELECT count(*) FROM " + t)) {
                    rs.next();
                    sb.append(t).append('=').append(rs.getLong(1)).append(' ');
                }
            }
            return sb.toString();
        });
    }
}
