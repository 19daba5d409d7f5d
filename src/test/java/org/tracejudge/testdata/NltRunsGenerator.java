package org.tracejudge.testdata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.tracejudge.json.Json;

/**
 * Writes NLT selector runs (formats.md §5) for a scenario file, with known intended verdicts: each row's selected
 * set is the expected set, or the expected set with one tool dropped and/or one added, or (NLT) text with a tool's
 * line missing. The selector text rotates through the variants real models write.
 */
public final class NltRunsGenerator {
    private NltRunsGenerator() {}

    /** One generated row and the verdict the rule must give it. */
    public record Row(
            String model, String approach, String inputId, String verdict, Set<String> selected, ObjectNode json) {}

    static final String[] SEPARATORS = {" -- ", " \u2013 ", " \u2014 ", " - ", ": ", "--"};

    /**
     * @param accuracy per model: the chance a row is correct (NLT); structured rows get {@code structuredAccuracy}
     */
    public static List<Row> rows(
            Path scenarioFile, Map<String, Double> accuracy, double structuredAccuracy, long seed) {
        JsonNode sc;
        try {
            sc = Json.MAPPER.readTree(scenarioFile.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> tools = new ArrayList<>();
        sc.path("tools").forEach(t -> tools.add(t.path("name").asText()));
        Random rnd = new Random(seed);
        List<Row> out = new ArrayList<>();
        int style = 0;
        for (Map.Entry<String, Double> m : accuracy.entrySet()) {
            for (String approach : List.of("nlt", "structured")) {
                double acc = approach.equals("nlt") ? m.getValue() : structuredAccuracy;
                for (JsonNode in : sc.path("inputs")) {
                    Set<String> expected = new LinkedHashSet<>();
                    in.path("expected_tools").forEach(n -> expected.add(n.asText()));
                    Set<String> selected = new LinkedHashSet<>(expected);
                    String verdict = "correct";
                    boolean dropLine = false;
                    if (rnd.nextDouble() >= acc) {
                        int kind = rnd.nextInt(approach.equals("nlt") ? 4 : 3);
                        List<String> others = tools.stream()
                                .filter(t -> !expected.contains(t))
                                .toList();
                        boolean miss = (kind == 0 || kind == 2) && !expected.isEmpty();
                        boolean add = (kind == 1 || kind == 2 || expected.isEmpty()) && kind != 3 && !others.isEmpty();
                        if (kind == 3) {
                            dropLine = true;
                            verdict = "unparseable";
                        } else {
                            if (miss) {
                                selected.remove(List.copyOf(expected).get(rnd.nextInt(expected.size())));
                            }
                            if (add) {
                                selected.add(others.get(rnd.nextInt(others.size())));
                            }
                            verdict = miss && add
                                    ? "missed_and_extra"
                                    : miss ? "missed_tool" : add ? "extra_tool" : "correct";
                        }
                    }
                    ObjectNode row = Json.object();
                    row.set("id", in.get("id"));
                    row.put("scenario", sc.path("scenario").asText());
                    row.put("input", in.path("input").asText());
                    row.set("expected_tools", in.get("expected_tools"));
                    row.put("model_id", m.getKey());
                    row.put("approach", approach);
                    if (approach.equals("nlt")) {
                        row.put(
                                "output",
                                text(tools, selected, style++, dropLine ? tools.get(rnd.nextInt(tools.size())) : null));
                    } else {
                        var calls = row.putArray("tool_calls");
                        for (String t : selected) {
                            var c = calls.addObject();
                            c.put("name", t);
                            c.putObject("arguments");
                        }
                    }
                    out.add(new Row(m.getKey(), approach, in.path("id").asText(), verdict, selected, row));
                }
            }
        }
        return out;
    }

    /** Selector text in style {@code style}; {@code drop} names a tool whose line is left out. */
    public static String text(List<String> tools, Set<String> selected, int style, String drop) {
        StringBuilder sb =
                new StringBuilder("Thinking: reading the message and going through the tools one by one.\n\n");
        String sep = SEPARATORS[style % SEPARATORS.length];
        boolean bold = style % 3 == 1;
        boolean lower = style % 4 == 2;
        boolean finish = style % 5 != 4;
        for (String t : tools) {
            if (t.equals(drop)) {
                continue;
            }
            String name = lower ? t.toLowerCase(Locale.ROOT) : t;
            String v = selected.contains(t) ? "YES" : "NO";
            if (style % 7 == 3) {
                v = v.charAt(0) + v.substring(1).toLowerCase(Locale.ROOT);
            }
            sb.append(bold ? "**" + name + "**" : name)
                    .append(style % 6 == 5 ? "   " : "")
                    .append(sep)
                    .append(bold ? "**" + v + "**" : v)
                    .append('\n');
        }
        if (finish) {
            sb.append("\nAssessment finished.");
        }
        return sb.toString();
    }

    public static void write(List<Row> rows, Path file) {
        StringBuilder sb = new StringBuilder();
        rows.forEach(r -> sb.append(r.json().toString()).append('\n'));
        try {
            Files.writeString(file, sb.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Intended verdict per (model, approach, scenario/input id). */
    public static Map<String, String> verdicts(List<Row> rows) {
        Map<String, String> m = new LinkedHashMap<>();
        rows.forEach(r -> m.put(
                r.model() + "|" + r.approach() + "|" + r.json().path("scenario").asText() + "/" + r.inputId(),
                r.verdict()));
        return m;
    }
}
