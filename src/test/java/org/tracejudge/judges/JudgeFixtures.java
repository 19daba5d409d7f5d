package org.tracejudge.judges;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.tracejudge.TestData;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.judges.prompt.Rubric;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.store.Project;

/** Projects and judge settings for the judge tests. */
final class JudgeFixtures {
    private JudgeFixtures() {}

    /** The sample project (60 traces) plus {@code copies} × 20 traces of extra made-up models. */
    static Path project(Path dir, int copies) throws Exception {
        Path file = dir.resolve("p.tjdb");
        List<Path> files = new ArrayList<>(TestData.sampleFiles());
        if (copies > 0) {
            ArrayNode sample = (ArrayNode) Json.MAPPER.readTree(
                    TestData.list(TestData.SAMPLE.resolve("results")).get(0).toFile());
            ArrayNode out = Json.MAPPER.createArrayNode();
            for (int m = 0; m < copies; m++) {
                for (var row : sample) {
                    ObjectNode r = row.deepCopy();
                    r.put("model_id", "copy-" + m);
                    // a different answer text per copy, so that no two traces make the same request
                    r.put("agent_answer", r.path("agent_answer").asText() + "\n(copy " + m + ")");
                    out.add(r);
                }
            }
            Path extra = dir.resolve("copies_20261101_120000.json");
            Files.writeString(extra, out.toString());
            files.add(extra);
        }
        try (Project p = Project.open(file, Project.OpenOptions.createIfMissing(null))) {
            new Importer(p, null).importFiles(files, null, null);
        }
        return file;
    }

    static JudgeConfig config(String name, ProviderKind wire, String baseUrl, String rubric, int concurrency) {
        return JudgeConfig.defaults(name)
                .withProvider(wire)
                .withBaseUrl(baseUrl)
                .withModel("judge-model-1")
                .withRubric(rubric)
                .withLimits(concurrency, 0);
    }

    static Rubric rubric(String name) {
        return new RubricLibrary(null).rubric(name);
    }

    static int tracesJudgeable(Project p) {
        return Integer.parseInt(TestData.scalar(
                p,
                "SELECT count(*) FROM trace t JOIN task k ON k.id = t.task_id "
                        + "WHERE k.task_type IN ('tool_required', 'control')"));
    }

    /** Ledger entries of a rater per trace: max over traces (1 = never twice). */
    static int maxEntriesPerTrace(Project p, String raterId) {
        String v = TestData.scalar(
                p,
                "SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM label " + "WHERE rater_id = '" + raterId
                        + "' GROUP BY trace_id)");
        return Integer.parseInt(v);
    }

    static int entries(Project p, String raterId, String action) {
        return Integer.parseInt(TestData.scalar(
                p, "SELECT count(*) FROM label WHERE rater_id = '" + raterId + "' AND action = '" + action + "'"));
    }

    static int tracesWithEntry(Project p, String raterId) {
        return Integer.parseInt(
                TestData.scalar(p, "SELECT count(DISTINCT trace_id) FROM label WHERE rater_id = '" + raterId + "'"));
    }
}
