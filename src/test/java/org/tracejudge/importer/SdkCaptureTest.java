package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.store.Project;

/**
 * Each SDK's own exporter output (src/test/resources/sdk-captures, made by bench/sdk-capture), imported as a user
 * would: every request the SDK sent, in one import, format detected from content. Every one of the four runs must read
 * right: one trace each, the user message, the calls with names and arguments, their results, the answer.
 */
class SdkCaptureTest extends WithProject {
    ImportReport importAll(Project p, String sdk) {
        for (var f : SdkCaptures.bodies(sdk)) {
            assertEquals(
                    f.getFileName().toString().contains("ingestion") ? Format.LANGFUSE : Format.OTLP,
                    FormatDetector.detect(f),
                    f + " detected from its content");
        }
        return new Importer(p, null).importFiles(SdkCaptures.bodies(sdk), Format.AUTO, null);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"traceloop", "traceloop-json", "openinference", "otel-openai", "langfuse-otel", "langfuse-v3"})
    void everyRunReadsRight(String sdk) {
        importAll(project, sdk);
        List<AgentCorpus.Run> runs = AgentCorpus.runs(project);
        List<String> wrong = SdkCaptures.verdicts(runs);
        assertEquals(List.of(), wrong, sdk + ": " + (4 - wrong.size()) + "/4 runs right");
        assertEquals(4, runs.size(), "one run per trace, however many requests its spans came in");
    }

    /** A run as compared between the protobuf and the JSON exporter: everything but ids and times. */
    private static Map<String, String> content(List<AgentCorpus.Run> runs) {
        Map<String, String> out = new TreeMap<>();
        for (AgentCorpus.Run r : runs) {
            out.put(
                    r.userMessage(),
                    TurnCodec.toJson(r.turns()) + " | " + r.answer() + " | " + r.model() + " | " + r.calls() + " | "
                            + r.extra().path("tokens"));
        }
        return out;
    }

    @Test
    void traceloopProtobufGivesWhatItsJsonExporterGives() throws Exception {
        importAll(project, "traceloop");
        Map<String, String> protobuf = content(AgentCorpus.runs(project));
        try (Project json = Project.open(dir.resolve("json.tjdb"), Project.OpenOptions.createIfMissing("json"))) {
            importAll(json, "traceloop-json");
            assertEquals(content(AgentCorpus.runs(json)), protobuf);
        }
        assertEquals(4, protobuf.size());
    }

    @Test
    void openInferenceToolSpansPairByNameAndTheMergedCallIsRepaired() {
        ImportReport r = importAll(project, "openinference");
        assertTrue(r.summary().contains("1 " + MergedStreamCalls.REPAIRED), r.summary());
        List<String> pairings = new ArrayList<>();
        for (AgentCorpus.Run run : AgentCorpus.runs(project)) {
            for (JsonNode s : run.steps()) {
                if (s.has("execution_pairing")) {
                    pairings.add(s.get("execution_pairing").asText());
                }
            }
        }
        // every traceTool span joined its call's result (6 calls), by name and order: the span has no call id
        assertEquals(
                List.of("name-order", "name-order", "name-order", "name-order", "name-order", "name-order"), pairings);
        assertTrue(!r.summary().contains("HTTP/RPC plumbing"), r.summary());
    }

    @Test
    void langfuseV5SaysWhatItSkipped() {
        ImportReport r = importAll(project, "langfuse-otel");
        assertTrue(r.summary().contains("1 " + MergedStreamCalls.REPAIRED), r.summary());
        assertTrue(!r.summary().contains("HTTP/RPC plumbing"), r.summary());
    }

    @Test
    void langfuseIngestionScoresAreKeptAsForExports() {
        ImportReport r = importAll(project, "langfuse-v3");
        // one numeric score per run: kept as the raw score of a null verdict, as a Langfuse export's numeric score is
        assertEquals(4, r.files().stream().mapToInt(f -> f.runs).sum(), r.summary());
        assertTrue(r.summary().contains("null verdict"), r.summary());
        assertTrue(r.summary().contains("ingestion events") || r.summary().contains("EVENT observations"), r.summary());
    }

    @Test
    void traceloopAgentSpansAreSaidToBeStructureNotPlumbing() {
        ImportReport r = importAll(project, "traceloop-json");
        assertTrue(r.summary().contains("4 " + OtlpReader.AGENT_STRUCTURE), r.summary());
        assertTrue(r.summary().contains("6 " + OtlpReader.TOOL_FROM_MESSAGES), r.summary());
        assertTrue(!r.summary().contains("HTTP/RPC plumbing"), r.summary());
    }

    /**
     * The case: a run imported whole, then one request of it alone with --replace. The file's run has less
     * (one chat span: 1 call of 2, no answer), so the replacement is refused naming what would be lost and the
     * trace's id; named with --replace-poorer it goes through.
     */
    @Test
    void aPoorerRunNeverReplacesAFullerOneUnnamed() throws Exception {
        List<java.nio.file.Path> bodies = SdkCaptures.bodies("traceloop-json");
        List<java.nio.file.Path> secondRun = bodies.stream()
                .filter(b -> b.getFileName().toString().compareTo("005") >= 0
                        && b.getFileName().toString().compareTo("011") < 0)
                .toList();
        assertEquals(6, secondRun.size(), secondRun.toString());
        new Importer(project, null).importFiles(secondRun, Format.AUTO, null);
        AgentCorpus.Run full = AgentCorpus.runs(project).get(0);
        assertEquals(2, full.calls().size(), "the run whole");

        List<java.nio.file.Path> firstRequest = List.of(secondRun.get(0));
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(
                ImportException.class,
                () -> new Importer(project, null).replacing(true).importFiles(firstRequest, Format.AUTO, null));
        assertTrue(
                e.getMessage()
                                .contains("in the file has less than the project's run (tool calls 2 → 1, turns 7 → 3, "
                                        + "the final answer → none)")
                        && e.getMessage().contains("--replace-poorer " + full.id()),
                e.getMessage());
        assertEquals(full.calls(), AgentCorpus.runs(project).get(0).calls(), "nothing replaced");

        new Importer(project, null)
                .replacing(true)
                .replacingPoorer(List.of(full.id()))
                .importFiles(firstRequest, Format.AUTO, null);
        assertEquals(1, AgentCorpus.runs(project).get(0).calls().size(), "replaced once named");
    }

    /**
     * Found by the held-out check (bench/sdk-capture/heldout.sh; this SDK's capture was copied here after it, so it
     * is held out no more): Langfuse's observeOpenAI records a streamed call without its id; the next model input
     * holds the same call with it, and the call keeps that id (three in sequence: call_cx1..3).
     */
    @Test
    void langfuseStreamedCallsGetTheirIdsBack() {
        ImportReport r =
                new Importer(project, null).importFiles(SdkCaptures.bodies("heldout-langfuse-otel"), Format.AUTO, null);
        assertTrue(r.summary().contains("3 " + MergedStreamCalls.ID_RESTORED), r.summary());
        AgentCorpus.Run run = AgentCorpus.runs(project).stream()
                .filter(x -> x.userMessage().startsWith("Convert 100 EUR to USD"))
                .findFirst()
                .orElseThrow();
        List<String> ids = new ArrayList<>();
        run.calls().forEach(c -> ids.add(c.path("id").asText(null)));
        assertEquals(
                List.of("call_cx1", "call_cx2", "call_cx3"), ids, run.calls().toString());
    }
}
