package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.cli.CliAccess;
import org.tracejudge.json.Json;

/** The import report per file on the command line: format judged, runs, steps, calls, errors, tokens, skipped. */
class AgentImportCliTest {
    @TempDir
    Path dir;

    @Test
    void theImportReportSaysWhatEachFileHeld() {
        Path tempo = AgentCorpus.file("otel-genai", "tempo_export_with_batches.json");
        Path inspect = AgentCorpus.file("inspect-ai", "log_tool_call_error.json");
        CliAccess.Run text =
                CliAccess.run("import", dir.resolve("a.tjdb").toString(), tempo.toString(), inspect.toString());
        assertEquals(0, text.code(), text.err());
        assertTrue(
                text.out()
                        .contains(
                                "tempo_export_with_batches.json (otlp): 1 task (1 new), 1 trace (1 new); 1 run: 5 steps, "
                                        + "1 tool call, 1 tool result (1 paired by id, 0 by name and order), 0 errors, tokens 4648 in / 129 out; skipped: "),
                text.out());
        assertTrue(text.out().contains("log_tool_call_error.json (inspect)"), text.out());
        assertTrue(
                text.out()
                        .contains("11 tool results (0 paired by id, 0 by name and order, 11 with no call), 11 errors"),
                text.out());

        CliAccess.Run json =
                CliAccess.run("import", dir.resolve("b.tjdb").toString(), tempo.toString(), "--output", "json");
        assertEquals(0, json.code(), json.err());
        JsonNode file = Json.read(json.out()).path("files").get(0);
        assertEquals("otlp", file.path("format").asText());
        JsonNode in = file.path("contents");
        assertEquals(1, in.path("runs").asInt());
        assertEquals(1, in.path("tool_calls").asInt());
        assertEquals(4648, in.path("tokens").path("input").asLong());
        assertTrue(
                in.path("skipped")
                                .path("spans without GenAI or OpenInference attributes (HTTP/RPC plumbing)")
                                .asInt()
                        > 50,
                in.toString());
    }
}
