package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** Every command's output format is the one {@link OutputFormat} type, each with the values it has always taken. */
class OutputFormatTest {
    /** Command path -> the values its {@code --format} accepts (first = default). */
    static final Map<String, List<String>> ACCEPTED = new LinkedHashMap<>();

    static {
        for (String c : List.of(
                "info", "check", "merge", "classify", "judge", "redact", "team init", "team sync", "team status")) {
            ACCEPTED.put(c, List.of("text", "json"));
        }
        for (String c : List.of("agreement", "calibration", "sample", "safety")) {
            ACCEPTED.put(c, List.of("table", "json"));
        }
        ACCEPTED.put("labels", List.of("csv", "json"));
        ACCEPTED.put("comments", List.of("table", "json", "csv"));
        ACCEPTED.put("metrics", List.of("table", "json", "csv", "markdown"));
        ACCEPTED.put("selection", List.of("table", "json", "csv", "markdown"));
    }

    @Test
    void everyFormatOptionIsTheOneTypeWithItsOwnValues() {
        CommandLine full = TracejudgeCli.full();
        List<String> withFormat = new ArrayList<>();
        for (List<String> path : CliHelpTest.commandPaths()) {
            CommandLine cl = full;
            for (String name : path) {
                cl = cl.getSubcommands().get(name);
            }
            OptionSpec o = cl.getCommandSpec().findOption("--format");
            String key = String.join(" ", path);
            if (o == null || key.equals("import")) {
                continue; // import's --format is the old spelling of --input-format
            }
            withFormat.add(key);
            assertEquals(OutputFormat.class, o.type(), key);
            List<String> values = new ArrayList<>();
            o.completionCandidates().forEach(values::add);
            assertEquals(ACCEPTED.get(key), values, key);
            assertEquals(ACCEPTED.get(key).get(0), o.defaultValue(), key);
        }
        assertEquals(
                new ArrayList<>(ACCEPTED.keySet()).stream().sorted().toList(),
                withFormat.stream().sorted().toList());
        OptionSpec output = full.getSubcommands().get("import").getCommandSpec().findOption("--output");
        assertEquals(OutputFormat.class, output.type());
    }

    @Test
    void aValueTheCommandDoesNotTakeIsAUsageErrorNamingItsValues() {
        for (Map.Entry<String, List<String>> e : ACCEPTED.entrySet()) {
            List<String> args = new ArrayList<>(List.of(e.getKey().split(" ")));
            args.addAll(List.of("p.tjdb", "--format", "yaml"));
            CliTest.Run r = CliTest.run(args.toArray(String[]::new));
            assertEquals(2, r.code(), e.getKey() + ": " + r.err());
            assertTrue(
                    r.err()
                            .contains("Invalid value for option '--format': expected one of " + e.getValue()
                                    + " (case-insensitive) but was 'yaml' (see: tracejudge " + e.getKey() + " --help)"),
                    r.err());
        }
    }

    @Test
    void valuesAreCaseInsensitive() {
        assertEquals(OutputFormat.json, new OutputFormat.TableJsonValues().convert("JSON"));
        assertEquals(OutputFormat.markdown, new OutputFormat.ReportValues().convert("Markdown"));
    }
}
