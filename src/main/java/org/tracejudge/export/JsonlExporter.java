package org.tracejudge.export;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import org.tracejudge.json.Json;
import org.tracejudge.output.OutputFile;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.Timestamps;

/**
 * Writes a whole project as the workbench's JSON Lines: a header, then one self-describing object per
 * line ({@code kind}: label_set, toolset, task, rater, trace, label, adjudication, comment — the comments and flags
 * on traces) with the project's
 * stable ids, in an order that can be imported line by line. The file appears atomically.
 */
public final class JsonlExporter {
    public static final String FORMAT = "tracejudge";
    public static final int VERSION = 1;

    /** Columns holding JSON text: written as JSON, not as strings. */
    private static final Set<String> JSON_COLUMNS =
            Set.of("labels", "tools", "body", "tool_calls", "turns", "extra", "config", "scores", "evidence");

    private JsonlExporter() {}

    /** Counts of what was written ({@code judgeCalls}: cached judge answers, with {@code --with-judge-cache}). */
    public record Summary(
            long lines, long tasks, long traces, long labels, long adjudications, long judgeCalls, long comments) {}

    public static Summary export(Project project, Path out) {
        return export(project, out, false);
    }

    /**
     * The project as JSONL; with {@code withJudgeCache} also every saved judge's settings (never a key: only the name
     * of the variable holding it) and every answered judge call (the response cache, keys already scrubbed when they
     * were stored), so another laptop running the same judge version is answered from the cache and derives the same
     * ledger ids instead of paying again.
     */
    public static Summary export(Project project, Path out, boolean withJudgeCache) {
        try {
            return OutputFile.write(
                    out,
                    List.of(project.file()),
                    tmp -> project.read(c -> {
                        try (OutputStream os = Files.newOutputStream(tmp);
                                JsonGenerator g = Json.FACTORY.createGenerator(os)) {
                            g.setRootValueSeparator(null);
                            return write(c, project, g, withJudgeCache);
                        } catch (IOException e) {
                            // the output file failed, not the project: say which file, and a full disk as such
                            String m = String.valueOf(e.getMessage());
                            throw new ProjectException(
                                    out + ": cannot write the export: "
                                            + (m.contains("No space left")
                                                    ? "the disk is full; the file was left as it was"
                                                    : m),
                                    e);
                        }
                    }));
        } catch (OutputFile.Refused | ProjectException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            String m = String.valueOf(e.getMessage());
            throw new ProjectException(
                    out + ": cannot write the export: "
                            + (m.contains("No space left") ? "the disk is full; the file was left as it was" : m),
                    e);
        }
    }

    private static Summary write(Connection c, Project project, JsonGenerator g, boolean withJudgeCache)
            throws Exception {
        long[] n = new long[7];
        g.writeStartObject();
        g.writeStringField("kind", "header");
        g.writeStringField("format", FORMAT);
        g.writeNumberField("version", VERSION);
        g.writeStringField("project", project.name());
        g.writeStringField("exported_at", Timestamps.now());
        g.writeEndObject();
        newline(g);
        n[0]++;
        n[0] += rows(
                c, g, "label_set", "SELECT name, description, labels FROM label_set WHERE builtin = 0 ORDER BY name");
        n[0] += rows(c, g, "toolset", "SELECT id, tools FROM toolset ORDER BY id");
        n[1] = rows(
                c,
                g,
                "task",
                "SELECT id, task_key, domain, task_type, target_failure_mode, label_set, "
                        + "user_message, toolset_id, body FROM task ORDER BY task_key, id");
        n[0] += rows(
                c,
                g,
                "rater",
                "SELECT id, name, kind AS rater_kind, version, config, description "
                        + "FROM rater ORDER BY name, version");
        n[2] = rows(
                c,
                g,
                "trace",
                "SELECT id, task_id, model, run, answer, tool_calls, turns, extra FROM trace "
                        + "ORDER BY model, run, id");
        n[3] = rows(
                c,
                g,
                "label",
                "SELECT id, trace_id, rater_id, action, value, confidence, scores, rationale, "
                        + "raw, null_reason, evidence, replaces, created_by, created_at FROM label ORDER BY created_at, id");
        n[4] = rows(
                c,
                g,
                "adjudication",
                "SELECT id, trace_id, annotator, action, value, rationale, replaces, "
                        + "created_at FROM adjudication ORDER BY created_at, id");
        // the project's own questions and their answers (schema 13); none in a project without a scheme
        n[0] += rows(
                c,
                g,
                "scheme",
                "SELECT version AS scheme_version, name, body AS definition, source, note, created_by, created_at "
                        + "FROM scheme_version ORDER BY version",
                Set.of("scheme_version"));
        n[3] += rows(
                c,
                g,
                "answer",
                "SELECT id, trace_id, rater_id, question, scheme_version, action, value AS answer, rationale, "
                        + "null_reason, replaces, created_by, created_at FROM answer ORDER BY created_at, id",
                Set.of("scheme_version", "answer"));
        // comments and flags (schema 10): a flag asking the lead to look is part of the project's state too
        n[6] = rows(
                c,
                g,
                "comment",
                "SELECT id, trace_id, author, action, text, created_at FROM trace_comment ORDER BY created_at, id");
        if (withJudgeCache) {
            n[0] += rows(
                    c,
                    g,
                    "judge_config",
                    "SELECT key, value AS config FROM project_meta WHERE key LIKE 'judge:%' "
                            + "AND key NOT LIKE 'judge-%' ORDER BY key");
            n[5] = rows(
                    c,
                    g,
                    "judge_call",
                    "SELECT id, cache_key, trace_id, rater_id, provider, model, status, "
                            + "http_status, response, content, tokens_in, tokens_out, latency_ms, attempts, label_id, created_at "
                            + "FROM judge_call WHERE status = 'ok' ORDER BY created_at, id");
        }
        g.flush();
        return new Summary(n[0] + n[1] + n[2] + n[3] + n[4] + n[5] + n[6], n[1], n[2], n[3], n[4], n[5], n[6]);
    }

    private static long rows(Connection c, JsonGenerator g, String kind, String sql) throws Exception {
        return rows(c, g, kind, sql, JSON_COLUMNS);
    }

    /** Each row of {@code sql} as one line of {@code kind}; {@code json} names the columns written as JSON. */
    private static long rows(Connection c, JsonGenerator g, String kind, String sql, Set<String> json)
            throws Exception {
        long count = 0;
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            int cols = md.getColumnCount();
            while (rs.next()) {
                g.writeStartObject();
                g.writeStringField("kind", kind);
                for (int i = 1; i <= cols; i++) {
                    String name = md.getColumnLabel(i);
                    String v = rs.getString(i);
                    if (v == null) {
                        continue;
                    }
                    if (json.contains(name)) {
                        g.writeFieldName(name);
                        // stored JSON may be pretty-printed as imported; one line per object needs it compact
                        g.writeRawValue(
                                v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0
                                        ? Json.read(v).toString()
                                        : v);
                    } else {
                        g.writeStringField(name, v);
                    }
                }
                g.writeEndObject();
                newline(g);
                count++;
            }
        }
        return count;
    }

    private static void newline(JsonGenerator g) throws IOException {
        g.writeRaw('\n');
    }

    /** For tests and tools: parse one exported line. */
    public static JsonNode parseLine(String line) {
        return Json.read(line);
    }
}
