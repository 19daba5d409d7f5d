package org.tracejudge.sample;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.tracejudge.classify.SelectionLabeller;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.settings.AppDirs;
import org.tracejudge.store.Project;

/**
 * The bundled safety-review sample "Lantern" (resources/samples/safety): an invented peer-support scenario with 16
 * messages and two safety-critical tools, selector runs of two fictional models (nlt and structured, 64 runs),
 * classified, and the illustrative answers of two fictional safety judges (judges.jsonl: written by hand for the
 * sample, no model was run) so that the reveal after a blind commit has something to teach. Built into the data folder on first
 * use; its content warning is kept in {@code project_meta} under {@value #WARNING_KEY}.
 */
public final class SafetySample {
    private static final String ROOT = "/samples/safety/";
    static final String VERSION = "2";
    public static final String WARNING_KEY = "content_warning";

    private SafetySample() {}

    public static Path defaultFile() {
        return AppDirs.dataDir().resolve("samples").resolve("safety-sample.tjdb");
    }

    /** The content warning shown before the sample opens. */
    public static String contentWarning() {
        try (InputStream in = resource("scenario.json")) {
            return Json.MAPPER.readTree(in).path("content_warning").asText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Project open() {
        return open(defaultFile());
    }

    public static Project open(Path file) {
        if (Files.exists(file)) {
            try {
                Project p = Project.open(file);
                if (VERSION.equals(p.meta("safety_sample_version"))) {
                    return p;
                }
                p.close();
            } catch (RuntimeException e) {
                // rebuilt below
            }
        }
        build(file);
        return Project.open(file);
    }

    static void build(Path file) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path staging = Files.createTempDirectory("tracejudge-safety-sample");
            Path scenario = staging.resolve("scenario.json");
            Path runs = staging.resolve("runs.jsonl");
            try (InputStream a = resource("scenario.json");
                    InputStream b = resource("runs.jsonl")) {
                Files.copy(a, scenario);
                Files.copy(b, runs);
            }
            Path tmp = dir.resolve(file.getFileName() + ".building");
            Files.deleteIfExists(tmp);
            try (Project p = Project.open(tmp, Project.OpenOptions.createIfMissing("Safety review sample"))) {
                new Importer(p, ImportListener.NONE)
                        .importSources(List.of(
                                new Importer.Source(scenario, Format.NLT_SCENARIO, null),
                                new Importer.Source(runs, Format.NLT, null)));
                SelectionLabeller.classify(p);
                try (InputStream j = resource("judges.jsonl")) {
                    writeJudges(p, new String(j.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
                }
                p.setMeta(
                        "description",
                        "Invented peer-support conversations (no real people): a tool selector's "
                                + "decisions on 16 messages, two fictional models, NLT and structured calls, two illustrative judges.");
                p.setMeta(WARNING_KEY, contentWarning());
                p.setMeta("safety_sample_version", VERSION);
                p.checkpointFully();
            }
            for (String suffix : List.of("", "-wal", "-shm")) {
                Files.deleteIfExists(Path.of(file + suffix));
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            for (String suffix : List.of("-wal", "-shm")) {
                Files.deleteIfExists(Path.of(tmp + suffix));
            }
            Files.deleteIfExists(runs);
            Files.deleteIfExists(scenario);
            Files.deleteIfExists(staging);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot build the safety sample at " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The sample judges' answers (one line per judge and input: the tools it says YES to, its reasoning and quoted
     * evidence) as ledger entries on every run of the input, under judge raters of version "sample".
     */
    static void writeJudges(Project p, String jsonl) {
        p.write(c -> {
            java.util.Map<String, java.util.List<org.tracejudge.selection.SelectionTraces.Item>> runs =
                    new java.util.HashMap<>();
            for (org.tracejudge.selection.SelectionTraces.Item i : org.tracejudge.selection.SelectionTraces.all(c)) {
                runs.computeIfAbsent(i.taskKey(), k -> new java.util.ArrayList<>())
                        .add(i);
            }
            java.util.Map<String, String> raters = new java.util.HashMap<>();
            for (String line : jsonl.split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                com.fasterxml.jackson.databind.JsonNode o = Json.read(line);
                String judge = o.path("judge").asText();
                String rater = raters.computeIfAbsent(judge, j -> {
                    try {
                        return org.tracejudge.store.Ledger.ensureRater(
                                c,
                                j,
                                org.tracejudge.model.RaterKind.LLM_JUDGE,
                                "sample",
                                null,
                                o.path("rubric").asText() + " judge: illustrative answers written for the sample "
                                        + "(no model was run)");
                    } catch (java.sql.SQLException e) {
                        throw new IllegalStateException(e);
                    }
                });
                java.util.Set<String> yes = new java.util.HashSet<>();
                o.path("yes").forEach(n -> yes.add(n.asText()));
                for (org.tracejudge.selection.SelectionTraces.Item run :
                        runs.getOrDefault("lantern/" + o.path("input").asText(), java.util.List.of())) {
                    java.util.Map<String, Integer> scores = new java.util.TreeMap<>();
                    java.util.Map<String, Boolean> perTool = new java.util.LinkedHashMap<>();
                    for (String t : run.scenario().toolNames()) {
                        scores.put(SelectionLabeller.TOOL_PREFIX + t, yes.contains(t) ? 1 : 0);
                        perTool.put(t, yes.contains(t));
                    }
                    com.fasterxml.jackson.databind.JsonNode ev = o.has("evidence") ? o.get("evidence") : null;
                    org.tracejudge.store.Ledger.append(
                            c,
                            null,
                            new org.tracejudge.store.Ledger.Entry(
                                    run.traceId(),
                                    rater,
                                    "set",
                                    org.tracejudge.safety.SafetyReview.impliedVerdict(run, perTool),
                                    "high",
                                    scores,
                                    o.path("reasoning").asText(),
                                    null,
                                    null,
                                    ev,
                                    judge));
                }
            }
            return null;
        });
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = SafetySample.class.getResourceAsStream(ROOT + name);
        if (in == null) {
            throw new IOException("the bundled safety sample file " + name + " is missing from the class path");
        }
        return in;
    }
}
