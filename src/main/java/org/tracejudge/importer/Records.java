package org.tracejudge.importer;

import org.tracejudge.model.RaterKind;
import org.tracejudge.store.Ledger;

/** What readers hand to the writer. Ids are computed by readers, so the writer only stores. */
final class Records {
    private Records() {}

    sealed interface Rec
            permits TaskRec,
                    TaskRef,
                    TraceRec,
                    RaterRec,
                    LabelRec,
                    JudgeRec,
                    AdjudicationRec,
                    LabelSetRec,
                    ToolsetRec,
                    JudgeConfigRec,
                    JudgeCallRec,
                    CommentRec,
                    SchemeRec,
                    AnswerRec,
                    ScoreRec,
                    StatsRec,
                    OtlpRunRec,
                    LateLogsRec {}

    /**
     * An OTLP run just handed on (after its trace): {@code openSpans} model calls still lack their messages, so the
     * project keeps its {@code spans} (one OTLP/JSON request) and the {@code messages} joined so far
     * ({@code {span id: [event, ...]}}) until log records complete it; with 0 ({@code spans} null) it is complete, and
     * a row the project kept for it goes.
     */
    record OtlpRunRec(String traceId, String otlpTraceId, String spans, String messages, int openSpans)
            implements Rec {}

    /**
     * Message log records whose spans were not in this import, by span id, of one OTLP trace: the project completes
     * its open run of that trace with them, if it has one ({@code otlp_run}); {@code records}: how many.
     */
    record LateLogsRec(
            String otlpTraceId,
            java.util.Map<String, java.util.List<com.fasterxml.jackson.databind.node.ObjectNode>> messages,
            int records)
            implements Rec {}

    /**
     * A score an agent trace file carried (Inspect, Langfuse), beside its label: the answer to the project scheme's
     * question of the same name, if the project has one (the writer decides; a project without a scheme ignores it).
     */
    record ScoreRec(String traceId, String raterId, String scorer, com.fasterxml.jackson.databind.JsonNode value)
            implements Rec {}

    record ToolsetRec(String id, String toolsJson) implements Rec {}

    record LabelSetRec(String name, String description, String labelsJson) implements Rec {}

    record TaskRec(
            String id,
            String key,
            String domain,
            String type,
            String target,
            String labelSet,
            String userMessage,
            String toolsetId,
            String toolsJson,
            String body)
            implements Rec {}

    /**
     * A file refers to a task another file of this import already brought in (results files embed their tasks and
     * share a parse cache): counted for this file too, so per-file counts do not depend on which reader came first.
     */
    record TaskRef(String id) implements Rec {}

    record TraceRec(
            String id,
            String taskId,
            String model,
            String run,
            String answer,
            String toolCalls,
            String turns,
            String extra)
            implements Rec {}

    record RaterRec(String id, String name, RaterKind kind, String version, String config, String description)
            implements Rec {}

    /** A label whose trace is known by id. {@code createdAt} null = now; {@code replaces} null = look it up. */
    record LabelRec(
            String id,
            String raterId,
            Ledger.Entry entry,
            String createdAt,
            String replaces,
            boolean replacesGiven,
            long line)
            implements Rec {}

    /** A judge-file verdict, still to be matched to its trace by (model, task key). */
    record JudgeRec(
            String sourceFile,
            long line,
            String pointer,
            String model,
            String taskKey,
            String raterId,
            String failureMode,
            String confidence,
            java.util.Map<String, Integer> scores,
            String reasoning,
            String raw,
            String error,
            String rowHash)
            implements Rec {}

    /** {@code line}: where in its file the entry stands (1-based), for messages. */
    record AdjudicationRec(
            String id,
            String traceId,
            String annotator,
            String action,
            String value,
            String rationale,
            String replaces,
            String createdAt,
            long line)
            implements Rec {}

    /** A comment or flag on a trace from another laptop's export ({@code trace_comment}). */
    record CommentRec(String id, String traceId, String author, String action, String text, String createdAt, long line)
            implements Rec {}

    /** A scheme version from another laptop's export ({@code scheme_version}, schema 13). */
    record SchemeRec(
            int version,
            String name,
            String body,
            String source,
            String note,
            String createdBy,
            String createdAt,
            long line)
            implements Rec {}

    /** An answer to a scheme's question ({@code answer}, schema 13); {@code value} is the answer's JSON. */
    record AnswerRec(
            String id,
            String traceId,
            String raterId,
            String question,
            int schemeVersion,
            String action,
            String value,
            String rationale,
            String nullReason,
            String replaces,
            String createdBy,
            String createdAt,
            long line)
            implements Rec {}

    /** A saved judge's settings from another laptop's export ({@code project_meta} key {@code judge:<name>}). */
    record JudgeConfigRec(String key, String configJson) implements Rec {}

    /** An answered judge call from another laptop's export (export --with-judge-cache): the response cache. */
    record JudgeCallRec(
            String id,
            String cacheKey,
            String traceId,
            String raterId,
            String provider,
            String model,
            Integer httpStatus,
            String response,
            String content,
            Long tokensIn,
            Long tokensOut,
            Long latencyMs,
            int attempts,
            String labelId,
            String createdAt)
            implements Rec {}

    /**
     * What an agent-trace reader found in one run (or, with {@code traces} 0, what it skipped outside any run), for
     * the import report: steps, tool calls and results, errors, how results were paired, tokens, and what was skipped.
     */
    record StatsRec(
            int traces,
            int steps,
            int toolCalls,
            int toolResults,
            int errors,
            int pairedById,
            int pairedByNameOrOrder,
            long tokensIn,
            long tokensOut,
            java.util.Map<String, Integer> skipped)
            implements Rec {}
}
