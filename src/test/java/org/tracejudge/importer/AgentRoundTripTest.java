package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.count;
import static org.tracejudge.TestData.scalar;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.export.JsonlExporter;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.store.Project;

/** Every agent-trace file of ../shared/corpora/formats, imported, exported as our JSONL, imported again: the same runs. */
class AgentRoundTripTest {
    @TempDir
    Path dir;

    @Test
    void everyCorpusFileRoundTripsThroughTheWorkbenchJsonl() throws Exception {
        List<Path> files = new ArrayList<>();
        for (String[] f : new String[][] {
            {"otel-genai", "agentevals_adk_py_v2_span_only_nolegacy_S6b.json"},
            {"otel-genai", "tempo_export_with_batches.json"},
            {"otel-genai", "helm.json"},
            {"otel-genai", "otel_genai_client_span_tool_calls.json"},
            {"otel-genai", "otel_genai_deprecated_client_span_tool_calls.json"},
            {"otel-genai", "otel_genai_tool_execution_span.json"},
            {"openinference", "openinference_client_span_tool_calls.json"},
            {"openinference", "openinference_client_span_input_output_only.json"},
            {"openinference", "langfuse-google-adk-2025-08-28.trace.json"},
            {"langfuse", "claude-agent-2025-12-22.trace.json"},
            {"langfuse", "microsoft-agent-2025-12-17.trace.json"},
            {"langfuse", "openai-agents-2025-09-30.trace.json"},
            {"langfuse", "vercel-aisdk-2025-11-17.trace.json"},
            {"inspect-ai", "2025-04-07T11-00-30-05-00_arithmetic-with-tool_gKECTBvzvzgtPqQCd3cirF.json"},
            {"inspect-ai", "2025-05-12T20-27-36-04-00_browser.json"},
            {"inspect-ai", "log_message_deduplication.eval"},
            {"inspect-ai", "log_tool_call_error.json"},
            {"atif", "openhands_hello-world.trajectory.json"},
            {"atif", "terminus_2_hello-world-context-summarization-linear-history.trajectory.json"},
            {"swe-agent", "6e44b9__sweagenttestrepo-1c2844.traj"},
            {"swe-agent", "swe-agent__test-repo-i1.traj"},
            {"swe-agent", "function_calling_simple.traj"}
        }) {
            files.add(AgentCorpus.file(f[0], f[1]));
        }
        Path jsonl = dir.resolve("export.jsonl");
        List<AgentCorpus.Run> before;
        int labels;
        try (Project a = Project.open(dir.resolve("a.tjdb"), Project.OpenOptions.createIfMissing("a"))) {
            ImportReport r = new Importer(a, null).importFiles(files, Format.AUTO, null);
            assertEquals(22, r.files().size());
            // one run per file, except the two-sample arithmetic log
            assertEquals(23, count(a, "trace"));
            before = AgentCorpus.runs(a);
            labels = count(a, "label");
            assertEquals(
                    3 + 3 + 2 + 2 + 2 + 2 + 1 + 1, labels, "one label per score in the Langfuse and Inspect files");
            JsonlExporter.export(a, jsonl);
        }
        assertTrue(Files.size(jsonl) > 0);
        try (Project b = Project.open(dir.resolve("b.tjdb"), Project.OpenOptions.createIfMissing("b"))) {
            new Importer(b, null).importFiles(List.of(jsonl), Format.AUTO, null);
            List<AgentCorpus.Run> after = AgentCorpus.runs(b);
            assertEquals(before.size(), after.size());
            for (int i = 0; i < before.size(); i++) {
                AgentCorpus.Run x = before.get(i);
                AgentCorpus.Run y = after.stream()
                        .filter(r -> r.id().equals(x.id()))
                        .findFirst()
                        .orElseThrow();
                assertEquals(TurnCodec.toJson(x.turns()), TurnCodec.toJson(y.turns()), x.id());
                assertEquals(x.answer(), y.answer());
                assertEquals(x.extra(), y.extra());
                assertEquals(x.calls(), y.calls());
                assertEquals(x.taskKey(), y.taskKey());
            }
            assertEquals(labels, count(b, "label"));
            assertEquals(scalar(b, "SELECT count(*) FROM rater"), String.valueOf(count(b, "rater")));
        }
    }
}
