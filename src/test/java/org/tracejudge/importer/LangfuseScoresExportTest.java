package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.cli.CliAccess;
import org.tracejudge.export.LangfuseScores;
import org.tracejudge.json.Json;
import org.tracejudge.model.RaterKind;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/** Writing back (spec section 9): a project's labels on Langfuse / OTel traces as Langfuse score bodies. */
class LangfuseScoresExportTest {
    @TempDir
    Path dir;

    @Test
    void expertLabelsAndTheFinalDecisionBecomeScoreBodiesOnTheLangfuseTrace() throws Exception {
        Path lf = AgentCorpus.file("langfuse", "claude-agent-2025-12-22.trace.json");
        Path inspect = AgentCorpus.file("inspect-ai", "log_tool_call_error.json");
        Path db = dir.resolve("p.tjdb");
        try (Project p = Project.open(db, Project.OpenOptions.createIfMissing("t"))) {
            new Importer(p, null).importFiles(List.of(lf, inspect), Format.AUTO, null);
            String traceId = AgentCorpus.runs(p).stream()
                    .filter(r -> r.extra().path("format").asText().equals("langfuse"))
                    .findFirst()
                    .orElseThrow()
                    .id();
            p.write(c -> {
                String alice = Ledger.ensureRater(c, "alice", RaterKind.HUMAN, "", null, null);
                Ledger.append(
                        c,
                        org.tracejudge.model.Ids.random(),
                        new Ledger.Entry(
                                traceId,
                                alice,
                                "set",
                                "correct",
                                null,
                                null,
                                "both cities right",
                                null,
                                null,
                                null,
                                "test"));
                Ledger.adjudicate(c, traceId, "bob", "correct", "agreed");
                return null;
            });
            Path out = dir.resolve("scores.jsonl");
            LangfuseScores.Summary s = LangfuseScores.write(p, out);
            assertEquals(2, s.scores());
            assertEquals(1, s.traces());
            assertEquals(1, s.withoutLangfuseId(), "the Inspect run has no Langfuse trace id");
            List<String> lines = Files.readAllLines(out);
            assertEquals(2, lines.size());
            JsonNode alice = Json.read(lines.get(0));
            assertEquals(
                    "097f1d8982fa909b8cffb14a166ec272", alice.path("traceId").asText(), "Langfuse's own trace id");
            assertEquals("alice", alice.path("name").asText());
            assertEquals("correct", alice.path("value").asText());
            assertEquals("CATEGORICAL", alice.path("dataType").asText());
            assertEquals("both cities right", alice.path("comment").asText());
            assertEquals("tracejudge", alice.path("metadata").path("source").asText());
            JsonNode fin = Json.read(lines.get(1));
            assertEquals("final", fin.path("name").asText());
            assertEquals("bob", fin.path("metadata").path("rater").asText());
            // the scores the file brought (correctness, hallucination, toxicity) are not sent back
            assertTrue(lines.stream().noneMatch(l -> l.contains("\"hallucination\"")));
        }
        CliAccess.Run r =
                CliAccess.run("export", db.toString(), dir.resolve("cli.jsonl").toString(), "--langfuse-scores");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("wrote 2 Langfuse score bodies on 1 traces"), r.out());
        assertEquals(Files.readAllLines(dir.resolve("scores.jsonl")), Files.readAllLines(dir.resolve("cli.jsonl")));
    }
}
