package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;

/**
 * Redaction's output, byte for byte, on every message the repository holds (the development sets, both held-out sets,
 * the PII corpus) and on the strings of ../shared's corpora, in the default mode, the strict mode and with known
 * names: per file and mode one SHA-256 over each message's id, redacted text and spans (kind, start, end, why),
 * compared with {@code redaction-golden/digests.tsv}. It guards refactors that must change nothing (issue 52: the
 * detectors as recognizers). Only digests are stored and printed, never the held-out messages themselves. When a
 * change is MEANT to change redaction, rewrite the file with {@code -Dgolden.write=true} and say why in the commit.
 */
class RedactionGoldenTest {
    static final Path GOLDEN = Path.of("src/test/resources/redaction-golden/digests.tsv");
    static final Path SHARED_GOLDEN = Path.of("src/test/resources/redaction-golden/shared-digests.tsv");

    /** The modes compared: the default, strict (remote judges), and a project's known names. */
    static final Map<String, Redactor> MODES = modes();

    private static Map<String, Redactor> modes() {
        Map<String, Redactor> m = new LinkedHashMap<>();
        m.put("default", new Redactor());
        m.put("strict", new Redactor(new Redactor.Options(true, List.of(), List.of(), List.of())));
        m.put(
                "known",
                new Redactor(new Redactor.Options(
                        false, List.of("Priya", "Okafor", "Jordan Lee"), List.of("Sarah"), List.of("project x"))));
        return m;
    }

    record Message(String id, String text) {}

    @Test
    void bundledSetsRedactAsRecorded() throws IOException {
        Map<String, List<Message>> files = new TreeMap<>();
        for (String dir : List.of("redaction", "redaction-dev", "redaction-eval", "redaction-eval-47")) {
            try (Stream<Path> s = Files.walk(Path.of("src/test/resources", dir))) {
                for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                    List<Message> msgs = read(f);
                    if (msgs != null) {
                        files.put(Path.of("src/test/resources").relativize(f).toString(), msgs);
                    }
                }
            }
        }
        assertTrue(files.size() >= 20, "files read: " + files.keySet());
        compare(files, GOLDEN);
    }

    @Test
    void sharedCorporaRedactAsRecorded() throws IOException {
        Path formats = TestData.SHARED.resolve("corpora").resolve("formats");
        Path tfb = TestData.TOOLFAILBENCH;
        TestData.requireShared(
                Files.isDirectory(formats) && Files.isDirectory(tfb), "../shared/corpora/formats and toolfailbench-v5");
        Map<String, List<Message>> files = new TreeMap<>();
        try (Stream<Path> s = Files.walk(formats)) {
            for (Path f : s.filter(
                            p -> p.toString().endsWith(".json") || p.toString().endsWith(".traj"))
                    .sorted()
                    .toList()) {
                Set<String> strings = new LinkedHashSet<>();
                collect(Json.MAPPER.readTree(f.toFile()), strings);
                List<Message> msgs = new ArrayList<>();
                int n = 0;
                for (String str : strings) {
                    msgs.add(new Message(Integer.toString(n++), str));
                }
                files.put("formats/" + formats.relativize(f), msgs);
            }
        }
        try (Stream<Path> s = Files.walk(tfb)) {
            for (Path f : s.filter(p -> p.getFileName().toString().equals("tasks.json"))
                    .sorted()
                    .toList()) {
                List<Message> msgs = new ArrayList<>();
                for (JsonNode t : Json.MAPPER.readTree(f.toFile()).path("tasks")) {
                    msgs.add(new Message(
                            t.path("task_id").asText(),
                            t.path("user_message").asText() + "\n"
                                    + Json.MAPPER
                                            .writerWithDefaultPrettyPrinter()
                                            .writeValueAsString(t.path("mock_tool_return"))));
                }
                files.put("toolfailbench-v5/" + tfb.relativize(f), msgs);
            }
        }
        assertTrue(files.size() >= 10, "files read: " + files.size());
        compare(files, SHARED_GOLDEN);
    }

    /** The messages of a labelled set, of the PII corpus or of a source text (one a line); null for other files. */
    private static List<Message> read(Path f) throws IOException {
        String name = f.getFileName().toString();
        List<Message> out = new ArrayList<>();
        if (name.endsWith(".jsonl")) {
            int n = 0;
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode o = Json.MAPPER.readTree(line);
                out.add(new Message(
                        o.path("id").asText("line " + n), o.path("text").asText("")));
            }
            return out;
        }
        if (name.endsWith(".tsv")) {
            for (RedactionCorpusTest.Row r : RedactionCorpusTest.corpus()) {
                out.add(new Message("line " + r.line(), r.text()));
            }
            return out;
        }
        if (name.endsWith(".txt")) {
            int n = 0;
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                n++;
                if (!line.isBlank()) {
                    out.add(new Message("line " + n, line));
                }
            }
            return out;
        }
        return null;
    }

    private static void compare(Map<String, List<Message>> files, Path golden) throws IOException {
        Map<String, String> now = new TreeMap<>();
        for (Map.Entry<String, Redactor> mode : MODES.entrySet()) {
            for (Map.Entry<String, List<Message>> f : files.entrySet()) {
                now.put(
                        mode.getKey() + "\t" + f.getKey(),
                        f.getValue().size() + "\t" + digest(mode.getValue(), f.getValue()));
            }
        }
        StringBuilder sb = new StringBuilder(
                "# mode\tfile\tmessages\tSHA-256 over id, redacted text and spans (RedactionGoldenTest)\n");
        now.forEach((k, v) -> sb.append(k).append('\t').append(v).append('\n'));
        if (Boolean.getBoolean("golden.write")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, sb.toString(), StandardCharsets.UTF_8);
            System.out.println("wrote " + golden + " (" + now.size() + " rows)");
            return;
        }
        assertTrue(Files.isRegularFile(golden), golden + " is missing: run once with -Dgolden.write=true");
        Map<String, String> recorded = new TreeMap<>();
        for (String line : Files.readAllLines(golden, StandardCharsets.UTF_8)) {
            if (!line.startsWith("#") && !line.isBlank()) {
                String[] p = line.split("\t");
                recorded.put(p[0] + "\t" + p[1], p[2] + "\t" + p[3]);
            }
        }
        List<String> changed = new ArrayList<>();
        for (String k : new java.util.TreeSet<>(union(recorded.keySet(), now.keySet()))) {
            if (!java.util.Objects.equals(recorded.get(k), now.get(k))) {
                changed.add(k.replace('\t', ' '));
            }
        }
        System.out.println(
                "redaction golden: " + now.size() + " mode-file rows compared, " + changed.size() + " changed");
        assertEquals(List.of(), changed, "redaction output changed (mode, file)");
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new LinkedHashSet<>(a);
        u.addAll(b);
        return u;
    }

    static String digest(Redactor r, List<Message> msgs) {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (Message m : msgs) {
            Redactor.Result res = r.redact(m.text());
            StringBuilder sb = new StringBuilder();
            sb.append(m.id()).append('\u0000').append(res.text()).append('\u0000');
            for (Redactor.Span s : res.spans()) {
                sb.append(s.kind())
                        .append(',')
                        .append(s.start())
                        .append(',')
                        .append(s.end())
                        .append(',')
                        .append(s.why())
                        .append(';');
            }
            sb.append('\n');
            md.update(sb.toString().getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private static void collect(JsonNode n, Set<String> out) {
        if (n.isTextual()) {
            String s = n.asText();
            out.add(s);
            String st = s.strip();
            if (st.startsWith("{") || st.startsWith("[")) {
                try {
                    collect(Json.MAPPER.readTree(st), out);
                } catch (IOException e) {
                    // not JSON after all: the string itself is the text
                }
            }
        }
        n.forEach(c -> collect(c, out));
    }
}
