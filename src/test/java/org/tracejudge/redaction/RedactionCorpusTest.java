package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.tracejudge.json.Json;

/**
 * Recall of the redactor per kind over the first PII corpus in test resources (written with the first patterns: a
 * check against regressions, not a measure; the measured figures come from {@code redact --evaluate} on the
 * development and held-out sets), and what it takes out of ordinary benchmark text (ToolFailBench user messages and tool returns):
 * the numbers a judge needs must survive.
 */
class RedactionCorpusTest {
    /** Targets of issue 22: 95% for e-mails, phones and dates of birth, 85% for names and addresses. */
    static final Map<Redactor.Kind, Double> TARGET = Map.of(
            Redactor.Kind.EMAIL,
            0.95,
            Redactor.Kind.PHONE,
            0.95,
            Redactor.Kind.DOB,
            0.95,
            Redactor.Kind.NAME,
            0.85,
            Redactor.Kind.ADDRESS,
            0.85);

    record Row(Redactor.Kind kind, String lang, String text, String pii, int line) {}

    static List<Row> corpus() throws IOException {
        List<Row> rows = new ArrayList<>();
        try (InputStream in = RedactionCorpusTest.class.getResourceAsStream("/redaction/pii-corpus.tsv")) {
            String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].isBlank() || lines[i].startsWith("#")) {
                    continue;
                }
                String[] f = lines[i].split("\t");
                assertEquals(4, f.length, "line " + (i + 1));
                rows.add(new Row(Redactor.Kind.valueOf(f[0]), f[1], unescape(f[2]), unescape(f[3]), i + 1));
            }
        }
        return rows;
    }

    static String unescape(String s) {
        Matcher m = Pattern.compile("\\\\u([0-9A-Fa-f]{4})|\\\\n").matcher(s);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(
                    sb,
                    Matcher.quoteReplacement(
                            m.group(1) == null ? "\n" : String.valueOf((char) Integer.parseInt(m.group(1), 16))));
        }
        return m.appendTail(sb).toString();
    }

    /** Caught: every character of the detail lies in some redacted span (of any kind). */
    static boolean caught(Redactor.Result r, String text, String pii) {
        int at = text.indexOf(pii);
        for (int i = at; i < at + pii.length(); i++) {
            final int c = i;
            if (!Character.isWhitespace(text.charAt(i))
                    && r.spans().stream().noneMatch(s -> s.start() <= c && c < s.end())) {
                return false;
            }
        }
        return true;
    }

    @Test
    void recallPerKindMeetsTheTargets() throws IOException {
        Redactor redactor = new Redactor();
        List<Row> rows = corpus();
        assertTrue(rows.size() >= 68, "at least the 68 kinds of the issue");
        Map<Redactor.Kind, int[]> counts = new EnumMap<>(Redactor.Kind.class);
        List<String> missed = new ArrayList<>();
        java.util.Set<String> langs = new java.util.TreeSet<>();
        for (Row row : rows) {
            assertTrue(row.text().contains(row.pii()), "line " + row.line() + ": the detail is in the text");
            Redactor.Result r = redactor.redact(row.text());
            int[] c = counts.computeIfAbsent(row.kind(), k -> new int[2]);
            c[1]++;
            langs.add(row.lang());
            if (caught(r, row.text(), row.pii())) {
                c[0]++;
            } else {
                missed.add(row.kind() + " line " + row.line() + ": " + row.text() + " -> " + r.text());
            }
        }
        StringBuilder table = new StringBuilder("| kind | caught | of | recall |\n|---|---|---|---|\n");
        counts.forEach((k, c) -> table.append(
                String.format(Locale.ROOT, "| %s | %d | %d | %.1f%% |%n", k, c[0], c[1], 100.0 * c[0] / c[1])));
        System.out.println("redaction recall over " + rows.size() + " corpus rows, languages " + langs + "\n" + table);
        missed.forEach(m -> System.out.println("  missed " + m));
        counts.forEach((k, c) -> assertTrue(
                (double) c[0] / c[1] >= TARGET.get(k),
                k + " recall " + c[0] + "/" + c[1] + " below " + TARGET.get(k) + "\n" + String.join("\n", missed)));
    }

    @Test
    void ordinaryBenchmarkTextKeepsItsNumbers() throws IOException {
        Path root = Path.of("..", "shared", "corpora", "toolfailbench-v5");
        org.tracejudge.TestData.requireShared(Files.isDirectory(root), "../shared/corpora/toolfailbench-v5");
        Redactor redactor = new Redactor();
        Pattern number = Pattern.compile("\\d+(?:[.,]\\d+)*");
        int tasks = 0;
        int touched = 0;
        int numbers = 0;
        int lost = 0;
        int truths = 0;
        int lostOutsideAddresses = 0;
        int truthsHit = 0;
        Map<Redactor.Kind, Integer> spans = new EnumMap<>(Redactor.Kind.class);
        List<String> examples = new ArrayList<>();
        List<String> bad = new ArrayList<>();
        List<String> namesTaken = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.getFileName().toString().equals("tasks.json"))
                    .sorted()
                    .toList()) {
                JsonNode doc = Json.MAPPER.readTree(f.toFile());
                for (JsonNode t : doc.path("tasks")) {
                    tasks++;
                    String text = t.path("user_message").asText() + "\n"
                            + Json.MAPPER
                                    .writerWithDefaultPrettyPrinter()
                                    .writeValueAsString(t.path("mock_tool_return"));
                    Redactor.Result r = redactor.redact(text);
                    if (!r.spans().isEmpty()) {
                        touched++;
                        for (Redactor.Span s : r.spans()) {
                            if (examples.size() < 40) {
                                examples.add(t.path("task_id").asText() + " " + s.kind() + " '" + s.original() + "'");
                            }
                        }
                    }
                    r.spans().forEach(s -> spans.merge(s.kind(), 1, Integer::sum));
                    for (JsonNode must : t.path("ground_truth").path("answer_must_contain")) {
                        int at = text.indexOf(must.asText());
                        if (at >= 0) {
                            truths++;
                            final int a = at;
                            final int b = at + must.asText().length();
                            var hit = r.spans().stream()
                                    .filter(s -> s.start() < b && a < s.end())
                                    .toList();
                            if (!hit.isEmpty()) {
                                truthsHit++;
                                // street addresses where the task is about a property, IP addresses (personal data
                                // since issue 33) in security tasks
                                if (hit.stream().anyMatch(s -> s.kind() == Redactor.Kind.NAME)) {
                                    namesTaken.add(t.path("task_id").asText() + " " + hit);
                                } else if (!hit.stream()
                                        .allMatch(s -> (s.kind() == Redactor.Kind.ADDRESS
                                                        && f.toString().contains("real_estate"))
                                                || s.kind() == Redactor.Kind.IP)) {
                                    bad.add(t.path("task_id").asText() + " " + hit);
                                }
                                examples.add(
                                        t.path("task_id").asText() + " ground truth '" + must.asText() + "' redacted");
                            }
                        }
                    }
                    Matcher m = number.matcher(text);
                    while (m.find()) {
                        numbers++;
                        final int a = m.start();
                        final int b = m.end();
                        var hit = r.spans().stream()
                                .filter(s -> s.start() < b && a < s.end())
                                .toList();
                        if (!hit.isEmpty()) {
                            lost++;
                            if (hit.stream()
                                    .anyMatch(s -> s.kind() != Redactor.Kind.ADDRESS && s.kind() != Redactor.Kind.IP)) {
                                if (examples.size() < 80) {
                                    examples.add("number " + m.group() + " in " + hit);
                                }
                                lostOutsideAddresses++;
                            }
                        }
                    }
                }
            }
        }
        System.out.printf(
                Locale.ROOT,
                "benchmark text: %d tasks, %d with a redaction (%.1f%%), spans %s; numbers %d, "
                        + "redacted %d (%.2f%%)%n",
                tasks,
                touched,
                100.0 * touched / tasks,
                spans,
                numbers,
                lost,
                100.0 * lost / numbers);
        System.out.printf(
                Locale.ROOT,
                "ground-truth strings found in the text %d, redacted %d (property addresses); "
                        + "numbers redacted other than in addresses %d%n",
                truths,
                truthsHit,
                lostOutsideAddresses);
        examples.forEach(e -> System.out.println("  " + e));
        bad.forEach(b -> System.out.println("  ground truth taken: " + b));
        assertTrue(tasks >= 1000);
        namesTaken.forEach(b -> System.out.println("  name taken: " + b));
        assertTrue(bad.isEmpty(), "ground-truth strings other than names, property and IP addresses redacted: " + bad);
        // the legal tasks cite parties by name ("Lawrence", "Morrison"; with the larger name lists of issue 33b also
        // "Kennedy", "Pearson", "Miller", "Hadley" in case names): people's names, taken out by design. Not people:
        // the cities "Austin", "Charlotte", "Miami", "Erie" and "Marquez" (a school), 9 of the 23 measured.
        assertTrue(namesTaken.size() <= 24, namesTaken.size() + " ground-truth names taken: " + namesTaken);
        assertEquals(0, lostOutsideAddresses, "no number outside a street address or an IP address is redacted");
        assertTrue(truthsHit <= truths / 10, truthsHit + " of " + truths);
    }
}
