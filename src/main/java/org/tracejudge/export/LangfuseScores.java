package org.tracejudge.export;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.tracejudge.json.Json;
import org.tracejudge.model.Ids;
import org.tracejudge.output.OutputFile;
import org.tracejudge.store.Project;
import org.tracejudge.store.ScoreRows;

/**
 * Writes a project's decisions back as the JSON bodies Langfuse's public scores API takes
 * ({@code POST /api/public/scores}: {@code id, traceId, name, value, dataType, comment, metadata}), one per line, so a
 * team can put expert labels beside their traces. Only traces imported from Langfuse or OpenTelemetry have a
 * Langfuse trace id (Langfuse keeps the OTel trace id); others are counted and left out.
 *
 * <p>Per trace: every rater's current label except the imported raters' (those came from the file, often from
 * Langfuse itself) as a categorical score named after the rater, and the final human decision (the latest
 * adjudication) as {@code final}. A score's id is derived from the trace and the score name, so posting an updated
 * export replaces the earlier score instead of adding one. Langfuse sets a score's {@code source} itself (API);
 * where the label came from is in {@code metadata} ({@code source: tracejudge}, the rater and its kind).
 */
public final class LangfuseScores {
    private LangfuseScores() {}

    /** What was written: score bodies, the traces they are on, and traces left out for want of a Langfuse id. */
    public record Summary(int scores, int traces, int withoutLangfuseId) {}

    /**
     * Writes the score bodies to {@code out} through {@link OutputFile}: never over the project, an input or a
     * database, and all or nothing.
     */
    public static Summary write(Project project, Path out) {
        try {
            return OutputFile.write(out, java.util.List.of(project.file()), tmp -> writeTo(project, tmp));
        } catch (java.io.IOException e) {
            throw new org.tracejudge.store.ProjectException(out + ": cannot write the scores: " + e.getMessage(), e);
        }
    }

    private static Summary writeTo(Project project, Path out) {
        return project.read(c -> {
            int scores = 0;
            int traces = 0;
            int without = 0;
            List<ScoreRows.Source> rows = ScoreRows.sources(c);
            try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8);
                    ScoreRows read = new ScoreRows(c)) {
                for (ScoreRows.Source row : rows) {
                    boolean langfuseId =
                            row.sourceId() != null && ("langfuse".equals(row.format()) || "otlp".equals(row.format()));
                    if (!langfuseId) {
                        without++;
                        continue;
                    }
                    int before = scores;
                    // the newest entry per rater: a later withdrawal or null verdict ends it
                    for (var e : read.newestPerRater(row.traceId()).entrySet()) {
                        ScoreRows.Entry l = e.getValue();
                        if (!"set".equals(l.action()) || l.value() == null) {
                            continue;
                        }
                        w.write(body(
                                        row.sourceId(),
                                        row.traceId(),
                                        e.getKey(),
                                        l.value(),
                                        l.rationale(),
                                        e.getKey(),
                                        l.raterKind(),
                                        l.createdAt())
                                .toString());
                        w.write('\n');
                        scores++;
                    }
                    ScoreRows.Decision decision = read.newestDecision(row.traceId());
                    if (decision != null && decision.value() != null) {
                        w.write(body(
                                        row.sourceId(),
                                        row.traceId(),
                                        "final",
                                        decision.value(),
                                        decision.rationale(),
                                        decision.annotator(),
                                        "human",
                                        decision.createdAt())
                                .toString());
                        w.write('\n');
                        scores++;
                    }
                    if (scores > before) {
                        traces++;
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new Summary(scores, traces, without);
        });
    }

    private static ObjectNode body(
            String langfuseTraceId,
            String traceId,
            String name,
            String value,
            String comment,
            String rater,
            String raterKind,
            String createdAt) {
        ObjectNode b = Json.object();
        b.put("id", Ids.of("langfuse-score", langfuseTraceId, name));
        b.put("traceId", langfuseTraceId);
        b.put("name", name);
        b.put("value", value);
        b.put("dataType", "CATEGORICAL");
        if (comment != null && !comment.isBlank()) {
            b.put("comment", comment);
        }
        ObjectNode m = b.putObject("metadata");
        m.put("source", "tracejudge");
        m.put("rater", rater);
        m.put("rater_kind", raterKind);
        m.put("tracejudge_trace_id", traceId);
        if (createdAt != null) {
            m.put("created_at", createdAt);
        }
        return b;
    }
}
