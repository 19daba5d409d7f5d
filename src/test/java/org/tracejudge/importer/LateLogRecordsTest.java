package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tracejudge.TestData;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.model.RaterKind;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/**
 * Issue 53: the messages {@code @opentelemetry/instrumentation-openai} sends as log records on {@code /v1/logs}
 * (src/test/resources/sdk-captures/otel-openai: its spans in 001, its log records in 002) reach the project after the
 * spans, in an import of their own. The stored runs are completed, and read as an import of both files together does.
 */
class LateLogRecordsTest extends WithProject {
    private static Path spans() {
        return SdkCaptures.bodies("otel-openai").get(0);
    }

    private static Path logs() {
        return SdkCaptures.bodies("otel-openai").get(1);
    }

    /** Each run as read, but its id: user message -> turns, answer, model, calls, tokens, task type. */
    private static Map<String, String> content(Project p) {
        Map<String, String> out = new TreeMap<>();
        for (AgentCorpus.Run r : AgentCorpus.runs(p)) {
            out.put(
                    r.id() + " " + r.userMessage(),
                    TurnCodec.toJson(r.turns()) + " | " + r.answer() + " | " + r.model() + " | " + r.calls() + " | "
                            + r.extra() + " | " + r.taskKey() + " " + r.taskType());
        }
        return out;
    }

    private static int openRuns(Project p) {
        return Integer.parseInt(TestData.scalar(p, "SELECT count(*) FROM otlp_run"));
    }

    @Test
    void logsImportedAfterTheirSpansCompleteTheStoredRuns() throws Exception {
        assertTrue(spans().getFileName().toString().contains("traces"), spans().toString());
        assertTrue(logs().getFileName().toString().contains("logs"), logs().toString());
        ImportReport first = new Importer(project, null).importFiles(List.of(spans()), Format.AUTO, null);
        assertTrue(first.summary().contains("4 runs wait for messages a model call of theirs lacks"), first.summary());
        assertEquals(4, AgentCorpus.runs(project).size(), "the runs, still without their messages");
        assertEquals(4, openRuns(project), "each kept open for its log records");
        assertEquals(4, SdkCaptures.verdicts(AgentCorpus.runs(project)).size(), "no run right yet");

        ImportReport r = new Importer(project, null).importFiles(List.of(logs()), Format.AUTO, null);

        assertEquals(4, r.runsCompleted(), r.summary());
        int records = r.files().get(0).logRecordsJoined;
        assertTrue(r.summary().contains("completed 4 stored runs with " + records + " log records"), r.summary());
        assertTrue(records >= 16, r.summary()); // at least a user message and a choice per model call
        assertTrue(r.heldButNoRun().isEmpty(), "a file that completed runs did what was asked: " + r.heldButNoRun());
        List<AgentCorpus.Run> runs = AgentCorpus.runs(project);
        assertEquals(List.of(), SdkCaptures.verdicts(runs), "every run right once its messages came");
        assertEquals(4, runs.size());
        assertEquals(0, openRuns(project), "complete runs are kept open no longer");
        assertEquals(
                "4",
                TestData.scalar(project, "SELECT count(*) FROM task"),
                "the empty message's task went with the runs that had it");

        try (Project together =
                Project.open(dir.resolve("together.tjdb"), Project.OpenOptions.createIfMissing("together"))) {
            new Importer(together, null).importFiles(List.of(spans(), logs()), Format.AUTO, null);
            assertEquals(content(together), content(project), "the same as importing spans and logs together");
            assertEquals(0, openRuns(together));
        }
    }

    @Test
    void labelsOnACompletedRunAreWithdrawnWithTheReason() {
        new Importer(project, null).importFiles(List.of(spans()), Format.AUTO, null);
        String trace = AgentCorpus.runs(project).get(0).id();
        project.write(c -> {
            String rater = Ledger.ensureRater(c, "alice", RaterKind.HUMAN, "", null, null);
            return Ledger.append(c, null, Ledger.Entry.set(trace, rater, "tool_skip", "alice"));
        });
        assertEquals("1", TestData.scalar(project, "SELECT count(*) FROM current_label WHERE action = 'set'"));

        ImportReport r = new Importer(project, null).importFiles(List.of(logs()), Format.AUTO, null);

        assertTrue(
                r.summary()
                        .contains("(1 label on them withdrawn in the ledger: they judged the runs without their "
                                + "messages)"),
                r.summary());
        assertEquals(
                "withdraw",
                TestData.scalar(project, "SELECT action FROM current_label WHERE trace_id = '" + trace + "'"),
                "the label judged the run without its messages");
        String why = TestData.scalar(
                project, "SELECT created_by FROM label WHERE trace_id = '" + trace + "' AND action = 'withdraw'");
        assertTrue(
                why.contains("log records completed the run's messages")
                        && why.contains(logs().getFileName().toString()),
                why);
    }

    @Test
    void spansAndLogsImportedAgainCompleteTheOpenRunsWithoutReplace() {
        new Importer(project, null).importFiles(List.of(spans()), Format.AUTO, null);
        ImportReport r = new Importer(project, null).importFiles(List.of(spans(), logs()), Format.AUTO, null);
        assertEquals(4, r.runsCompleted(), r.summary());
        assertTrue(
                r.summary().contains("completed 4 stored runs (their spans and log records imported again)"),
                r.summary());
        assertEquals(List.of(), SdkCaptures.verdicts(AgentCorpus.runs(project)));
        assertEquals(0, openRuns(project));
        assertEquals("4", TestData.scalar(project, "SELECT count(*) FROM task"), "no task of an empty message left");
        // and again: nothing left to complete, nothing changes
        ImportReport again = new Importer(project, null).importFiles(List.of(spans(), logs()), Format.AUTO, null);
        assertEquals(0, again.runsCompleted(), again.summary());
        assertTrue(again.summary().contains("already in the project, nothing changed"), again.summary());
    }

    @Test
    void logsOfNoRunTheProjectHoldsAreSaidToBeSkipped() {
        ImportReport r = new Importer(project, null).importFiles(List.of(logs()), Format.AUTO, null);
        assertEquals(0, r.runsCompleted());
        assertTrue(
                r.summary().contains("message log records whose span is neither in this import nor in the project"),
                r.summary());
        assertEquals(1, r.heldButNoRun().size(), r.heldButNoRun().toString());
        assertEquals(0, AgentCorpus.runs(project).size());
    }

    @Test
    void logsImportedTwiceCompleteOnce() {
        new Importer(project, null).importFiles(List.of(spans()), Format.AUTO, null);
        new Importer(project, null).importFiles(List.of(logs()), Format.AUTO, null);
        Map<String, String> once = content(project);
        ImportReport r = new Importer(project, null).importFiles(List.of(logs()), Format.AUTO, null);
        assertEquals(0, r.runsCompleted(), r.summary());
        assertEquals(once, content(project));
    }

    /** Runs whose spans carry their messages are never kept open: no copy of their spans in the project. */
    @ParameterizedTest
    @ValueSource(strings = {"traceloop", "traceloop-json", "openinference", "langfuse-otel"})
    void runsWithTheirMessagesAreNotKeptOpen(String sdk) {
        new Importer(project, null).importFiles(SdkCaptures.bodies(sdk), Format.AUTO, null);
        assertEquals(4, AgentCorpus.runs(project).size());
        assertEquals(0, openRuns(project), sdk);
    }

    /**
     * One large request read span by span keeps no spans (memory stays that of the parse): its open runs are not kept,
     * and the import says so; its complete runs are handed on as complete.
     */
    @Test
    void aReaderThatKeepsNoSpansSaysItsOpenRunsAreNotKept() throws Exception {
        com.fasterxml.jackson.databind.JsonNode request =
                OtlpRequests.fromProtobuf(java.nio.file.Files.readAllBytes(spans()), false);
        OtlpReader reader = new OtlpReader(spans());
        reader.keepSpans = false;
        List<Records.Rec> out = new java.util.ArrayList<>();
        reader.readDocument(request, out::add);
        assertEquals(4, out.stream().filter(r -> r instanceof Records.TraceRec).count());
        assertEquals(
                0, out.stream().filter(r -> r instanceof Records.OtlpRunRec).count());
        Map<String, Integer> skipped = out.stream()
                .filter(r -> r instanceof Records.StatsRec st && st.traces() == 0)
                .map(r -> ((Records.StatsRec) r).skipped())
                .findFirst()
                .orElse(Map.of());
        assertEquals(4, skipped.getOrDefault(OtlpReader.NOT_KEPT_OPEN, 0), skipped.toString());

        OtlpReader keeping = new OtlpReader(spans());
        List<Records.Rec> kept = new java.util.ArrayList<>();
        keeping.readDocument(request, kept::add);
        assertEquals(
                4,
                kept.stream()
                        .filter(r -> r instanceof Records.OtlpRunRec o && o.openSpans() > 0)
                        .count());
    }
}
