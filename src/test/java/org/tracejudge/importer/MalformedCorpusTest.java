package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;
import org.tracejudge.store.Project;

/**
 * Every malformed file in {@code src/test/resources/malformed} (cases.tsv says what each refusal must say) is refused
 * with its file, line or JSON pointer and what was expected, and the project is left exactly as it was; a changed
 * trace is refused on re-import unless --replace, which withdraws its earlier labels in the ledger.
 */
class MalformedCorpusTest {
    static final Path DIR = Path.of("src", "test", "resources", "malformed");

    @TempDir
    Path dir;

    static Stream<Arguments> cases() throws Exception {
        List<Arguments> out = new ArrayList<>();
        for (String line : Files.readAllLines(DIR.resolve("cases.tsv"), StandardCharsets.UTF_8)) {
            if (!line.isBlank() && !line.startsWith("#")) {
                String[] f = line.split("\t");
                out.add(Arguments.of(f[0], f[1]));
            }
        }
        return out.stream();
    }

    /** Everything a project holds, as one string: to compare before and after a refused import. */
    static String contents(Project p) {
        StringBuilder sb = new StringBuilder();
        for (String table : List.of("task", "trace", "label", "rater", "adjudication", "import_source")) {
            sb.append(TestData.scalar(p, "SELECT count(*) || ':' || coalesce(sum(length(id)), 0) FROM " + table))
                    .append(';');
        }
        sb.append(TestData.scalar(p, "SELECT group_concat(id || answer, ',') FROM (SELECT * FROM trace ORDER BY id)"));
        return sb.toString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isRefusedSayingWhereAndWhatWasExpected(String file, String expected) {
        try (Project p = Project.open(dir.resolve("p.tjdb"), Project.OpenOptions.createIfMissing("t"))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), Format.AUTO, null);
            String before = contents(p);
            Path f = DIR.resolve(file);
            ImportException e = assertThrows(
                    ImportException.class,
                    () -> new Importer(p, null).importFiles(List.of(f), Format.AUTO, null),
                    file);
            String name = f.getFileName().toString();
            assertTrue(e.getMessage().startsWith(name + ":"), "names the file: " + e.getMessage());
            for (String part : expected.split("\\|")) {
                assertTrue(e.getMessage().contains(part), "'" + part + "' in: " + e.getMessage());
            }
            assertFalse(e.getMessage().contains("cannot tell the format"), e.getMessage());
            assertEquals(before, contents(p), "the project is exactly as it was");
        }
    }

    @Test
    void everyKindTheIssueListsHasACase() throws Exception {
        String all = Files.readString(DIR.resolve("cases.tsv"));
        for (String kind : List.of(
                "duplicate-key",
                "1e400",
                "nan-in-first-row",
                "lone-surrogate",
                "arguments-a-number",
                "unknown-classification",
                "unknown-target-failure-mode",
                "mock-tool-return-a-string",
                "available-tools-a-string",
                "task-missing-user-message",
                "task-missing-ground-truth",
                "task-missing-expected-tool-call",
                "task-missing-domain",
                "row-missing-agent-trace",
                "row-missing-classification",
                "same-trace-twice",
                "nesting-10000-deep")) {
            assertTrue(all.contains(kind), kind);
        }
    }

    @Test
    void aChangedTraceIsRefusedOnReimportAndReplacedOnlyWithReplace() throws Exception {
        Path results = TestData.list(TestData.SAMPLE.resolve("results")).get(0);
        ArrayNode rows = (ArrayNode) Json.MAPPER.readTree(results.toFile());
        ObjectNode row = (ObjectNode) rows.get(0);
        String model = row.path("model_id").asText();
        String taskKey = row.path("task").path("task_id").asText();
        row.put("agent_answer", "Corrected: the flight is delayed by 145 minutes.");
        row.put("classification", "correct");
        Path corrected = dir.resolve(results.getFileName().toString());
        Files.writeString(corrected, rows.toString());
        try (Project p = Project.open(dir.resolve("r.tjdb"), Project.OpenOptions.createIfMissing("r"))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), Format.AUTO, null);
            String traceId = TestData.scalar(
                    p,
                    "SELECT t.id FROM trace t JOIN task k ON k.id = t.task_id WHERE t.model = '" + model
                            + "' AND k.task_key = '" + taskKey + "'");
            int labelsOnIt = Integer.parseInt(TestData.scalar(
                    p, "SELECT count(*) FROM current_label WHERE trace_id = '" + traceId + "' AND action = 'set'"));
            assertTrue(labelsOnIt >= 2, "the harness and the sample's judges label it");
            String before = contents(p);
            ImportException e = assertThrows(ImportException.class, () -> new Importer(p, null)
                    .importFiles(List.of(corrected), Format.AUTO, null));
            assertTrue(
                    e.getMessage().contains("the trace of model '" + model + "' on task '" + taskKey + "'")
                            && e.getMessage().contains("is already in the project with other content (answer differ)")
                            && e.getMessage().contains("--replace"),
                    e.getMessage());
            assertEquals(before, contents(p), "refused whole: no new harness label on the old answer");

            ImportReport r = new Importer(p, null).replacing(true).importFiles(List.of(corrected), Format.AUTO, null);
            assertTrue(
                    r.files()
                            .get(0)
                            .summary()
                            .contains("1 trace replaced (their earlier labels withdrawn in the ledger)"),
                    r.files().get(0).summary());
            assertEquals(
                    "Corrected: the flight is delayed by 145 minutes.",
                    TestData.scalar(p, "SELECT answer FROM trace WHERE id = '" + traceId + "'"));
            // the ledger: every earlier label withdrawn, then the file's harness label; no judge verdict on the new
            // answer
            assertEquals(
                    String.valueOf(labelsOnIt),
                    TestData.scalar(
                            p,
                            "SELECT count(*) FROM label WHERE trace_id = '" + traceId
                                    + "' AND action = 'withdraw' AND created_by LIKE 'import --replace%'"));
            assertEquals(
                    "harness=correct",
                    TestData.scalar(
                            p,
                            "SELECT group_concat(r.name || '=' || c.value) FROM "
                                    + "current_label c JOIN rater r ON r.id = c.rater_id WHERE c.trace_id = '" + traceId
                                    + "' AND c.action = 'set'"));
            // importing the corrected file again changes nothing
            String after = contents(p);
            ImportReport again = new Importer(p, null).importFiles(List.of(corrected), Format.AUTO, null);
            assertTrue(
                    again.files().get(0).changedNothing(), again.files().get(0).summary());
            assertEquals(after, contents(p));
        }
    }
}
