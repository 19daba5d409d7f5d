package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.tracejudge.model.RaterKind;
import org.tracejudge.store.Ledger;

/**
 * Reads the workbench's own JSONL (see {@link org.tracejudge.export.JsonlExporter}). Ids are kept as
 * written, so importing another laptop's export adds only what this project does not have yet.
 */
final class WorkbenchJsonlReader {
    static final String FORMAT = "tracejudge";
    static final int VERSION = 1;

    void read(Path file, BufferedReader in, Consumer<Records.Rec> out, ImportListener listener) throws IOException {
        boolean[] header = {false};
        JsonLines.read(file, in, listener, "an object with a \"kind\"", (line, f, o, text) -> {
            String kind = f.requiredText(o, "kind", "");
            if (header[0]) {
                out.accept(record(f, kind, o));
                return;
            }
            if (!kind.equals("header") || !FORMAT.equals(o.path("format").asText())) {
                throw f.error(
                        "/kind",
                        "expected the header line {\"kind\": \"header\", \"format\": \"tracejudge\", "
                                + "\"version\": 1} first, found kind \"" + kind + "\"");
            }
            int v = o.path("version").asInt(-1);
            if (v < 1 || v > VERSION) {
                throw f.error("/version", "expected format version 1 to " + VERSION + ", found " + o.get("version"));
            }
            header[0] = true;
        });
        if (!header[0]) {
            throw new ImportException(file, 1, "", "the file is empty: expected the header line first");
        }
    }

    private static Records.Rec record(Fields f, String kind, JsonNode o) {
        return switch (kind) {
            case "label_set" ->
                new Records.LabelSetRec(
                        f.requiredText(o, "name", ""),
                        f.optionalText(o, "description", ""),
                        requiredArray(f, o, "labels").toString());
            case "toolset" ->
                new Records.ToolsetRec(
                        f.requiredText(o, "id", ""),
                        requiredArray(f, o, "tools").toString());
            case "task" ->
                new Records.TaskRec(
                        f.requiredText(o, "id", ""),
                        f.requiredText(o, "task_key", ""),
                        f.optionalText(o, "domain", ""),
                        taskType(f, o),
                        f.optionalText(o, "target_failure_mode", ""),
                        f.requiredText(o, "label_set", ""),
                        f.optionalText(o, "user_message", ""),
                        f.optionalText(o, "toolset_id", ""),
                        null,
                        f.requiredObject(o, "body", "").toString());
            case "trace" ->
                new Records.TraceRec(
                        f.requiredText(o, "id", ""),
                        f.requiredText(o, "task_id", ""),
                        f.requiredText(o, "model", ""),
                        textOr(o, "run", ""),
                        textOr(o, "answer", ""),
                        requiredArray(f, o, "tool_calls").toString(),
                        jsonOrNull(o, "turns"),
                        jsonOrNull(o, "extra"));
            case "rater" -> {
                String rk = f.requiredText(o, "rater_kind", "");
                RaterKind k;
                try {
                    k = RaterKind.fromCode(rk);
                } catch (IllegalArgumentException e) {
                    throw f.error("/rater_kind", "expected rule, llm-judge, human or imported, found \"" + rk + "\"");
                }
                yield new Records.RaterRec(
                        f.requiredText(o, "id", ""),
                        f.requiredText(o, "name", ""),
                        k,
                        textOr(o, "version", ""),
                        jsonOrNull(o, "config"),
                        f.optionalText(o, "description", ""));
            }
            case "label" -> label(f, o);
            case "adjudication" -> {
                String action = action(f, o, "set", "withdraw");
                yield new Records.AdjudicationRec(
                        f.requiredText(o, "id", ""),
                        f.requiredText(o, "trace_id", ""),
                        f.requiredText(o, "annotator", ""),
                        action,
                        valueFor(f, o, action),
                        f.optionalText(o, "rationale", ""),
                        f.optionalText(o, "replaces", ""),
                        createdAt(f, o),
                        f.line());
            }
            case "comment" -> {
                String action = action(f, o, "note", "flag", "unflag");
                String text = textOr(o, "text", "");
                if (text.length() > org.tracejudge.store.Comments.MAX_CHARS) {
                    throw f.error(
                            "/text",
                            "expected a comment of at most " + org.tracejudge.store.Comments.MAX_CHARS
                                    + " characters, found " + text.length());
                }
                yield new Records.CommentRec(
                        f.requiredText(o, "id", ""),
                        f.requiredText(o, "trace_id", ""),
                        f.requiredText(o, "author", ""),
                        action,
                        text,
                        createdAt(f, o),
                        f.line());
            }
            case "judge_config" -> {
                String key = f.requiredText(o, "key", "");
                if (!key.startsWith("judge:") || key.length() == "judge:".length()) {
                    throw f.error("/key", "expected \"judge:<name>\", found \"" + key + "\"");
                }
                JsonNode cfg = o.get("config");
                if (cfg == null || !cfg.isObject()) {
                    throw f.error(
                            "/config", "expected the judge's settings (an object), found " + Fields.describe(cfg));
                }
                yield new Records.JudgeConfigRec(key, cfg.toString());
            }
            case "judge_call" -> {
                String status = f.requiredText(o, "status", "");
                if (!status.equals("ok")) {
                    throw f.error(
                            "/status",
                            "expected \"ok\" (the cache holds answered calls only), found \"" + status + "\"");
                }
                yield new Records.JudgeCallRec(
                        f.requiredText(o, "id", ""),
                        f.requiredText(o, "cache_key", ""),
                        f.optionalText(o, "trace_id", ""),
                        f.optionalText(o, "rater_id", ""),
                        f.requiredText(o, "provider", ""),
                        f.requiredText(o, "model", ""),
                        o.hasNonNull("http_status")
                                ? (Integer) whole(f, o, "http_status").intValue()
                                : null,
                        f.optionalText(o, "response", ""),
                        f.optionalText(o, "content", ""),
                        o.hasNonNull("tokens_in") ? whole(f, o, "tokens_in") : null,
                        o.hasNonNull("tokens_out") ? whole(f, o, "tokens_out") : null,
                        o.hasNonNull("latency_ms") ? whole(f, o, "latency_ms") : null,
                        o.hasNonNull("attempts") ? whole(f, o, "attempts").intValue() : 1,
                        f.optionalText(o, "label_id", ""),
                        f.requiredText(o, "created_at", ""));
            }
            case "scheme" -> {
                JsonNode v = o.get("scheme_version");
                if (v == null || !v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
                    throw f.error(
                            "/scheme_version",
                            "expected the scheme's version, a whole number from 1, found " + Fields.describe(v));
                }
                yield new Records.SchemeRec(
                        v.asInt(),
                        f.requiredText(o, "name", ""),
                        f.requiredText(o, "definition", ""),
                        f.optionalText(o, "source", ""),
                        f.optionalText(o, "note", ""),
                        f.optionalText(o, "created_by", ""),
                        createdAt(f, o),
                        f.line());
            }
            case "answer" -> {
                String action = action(f, o, "set", "null", "withdraw");
                JsonNode sv = o.get("scheme_version");
                if (sv == null || !sv.isIntegralNumber() || !sv.canConvertToInt() || sv.asInt() < 1) {
                    throw f.error(
                            "/scheme_version",
                            "expected the version the answer was given under, a whole " + "number from 1, found "
                                    + Fields.describe(sv));
                }
                JsonNode value = o.get("answer");
                if (action.equals("set") == (value == null || value.isNull())) {
                    throw f.error(
                            "/answer",
                            action.equals("set")
                                    ? "expected the answer (a set answer has a value)"
                                    : "expected no value on a " + action + " entry");
                }
                yield new Records.AnswerRec(
                        f.requiredText(o, "id", ""),
                        f.requiredText(o, "trace_id", ""),
                        f.requiredText(o, "rater_id", ""),
                        f.requiredText(o, "question", ""),
                        sv.asInt(),
                        action,
                        value == null || value.isNull() ? null : org.tracejudge.json.Json.canonical(value),
                        f.optionalText(o, "rationale", ""),
                        f.optionalText(o, "null_reason", ""),
                        f.optionalText(o, "replaces", ""),
                        f.optionalText(o, "created_by", ""),
                        createdAt(f, o),
                        f.line());
            }
            default ->
                throw f.error(
                        "/kind",
                        "expected one of label_set, toolset, task, trace, rater, label, "
                                + "adjudication, comment, scheme, answer, judge_config, judge_call, found \"" + kind
                                + "\"");
        };
    }

    private static Records.LabelRec label(Fields f, JsonNode o) {
        String action = action(f, o, "set", "null", "withdraw");
        Map<String, Integer> scores = new HashMap<>();
        JsonNode s = f.optionalObject(o, "scores", "");
        if (s != null) {
            s.properties().iterator().forEachRemaining(e -> {
                if (!e.getValue().isNumber()) {
                    throw f.error("/scores/" + e.getKey(), "expected a number, found " + Fields.describe(e.getValue()));
                }
                scores.put(e.getKey(), e.getValue().asInt());
            });
        }
        JsonNode evidence = o.get("evidence");
        String traceId = f.requiredText(o, "trace_id", "");
        String raterId = f.requiredText(o, "rater_id", "");
        Ledger.Entry e = new Ledger.Entry(
                traceId,
                raterId,
                action,
                valueFor(f, o, action),
                f.optionalText(o, "confidence", ""),
                scores,
                f.optionalText(o, "rationale", ""),
                f.optionalText(o, "raw", ""),
                f.optionalText(o, "null_reason", ""),
                evidence == null || evidence.isNull() ? null : evidence,
                f.optionalText(o, "created_by", ""));
        return new Records.LabelRec(
                f.requiredText(o, "id", ""),
                raterId,
                e,
                createdAt(f, o),
                f.optionalText(o, "replaces", ""),
                true,
                f.line());
    }

    /** How far ahead of this computer's clock an entry's time may be (clocks of two laptops differ a little). */
    static final java.time.Duration CLOCK_SLACK = java.time.Duration.ofDays(1);

    /**
     * A ledger entry's time as the ledger stores it (ISO-8601 in UTC, e.g. {@code 2026-11-26T09:50:31.916377Z}):
     * refused, never guessed, when it is not one, or lies in the future (it would win over every later decision).
     */
    private static String createdAt(Fields f, JsonNode o) {
        String t = f.requiredText(o, "created_at", "");
        java.time.Instant at;
        try {
            at = java.time.format.DateTimeFormatter.ISO_INSTANT.parse(t, java.time.Instant::from);
        } catch (java.time.DateTimeException e) {
            throw f.error(
                    "/created_at",
                    "expected a time in ISO-8601 UTC (e.g. 2026-11-26T09:50:31.916377Z), found \""
                            + (t.length() > 40 ? t.substring(0, 40) + "…" : t) + "\"");
        }
        if (t.length() < 20 || !Character.isDigit(t.charAt(0)) || t.indexOf('-') != 4) {
            throw f.error("/created_at", "expected a four-digit year in ISO-8601 UTC, found \"" + t + "\"");
        }
        if (at.isAfter(java.time.Instant.now().plus(CLOCK_SLACK))) {
            throw f.error(
                    "/created_at",
                    "the time " + t + " lies in the future; an entry from the future would win "
                            + "over every later decision. Fix the clock of the computer that wrote it and export again.");
        }
        return t;
    }

    private static String action(Fields f, JsonNode o, String... allowed) {
        String a = f.requiredText(o, "action", "");
        for (String x : allowed) {
            if (x.equals(a)) {
                return a;
            }
        }
        throw f.error("/action", "expected one of " + String.join(", ", allowed) + ", found \"" + a + "\"");
    }

    private static String valueFor(Fields f, JsonNode o, String action) {
        String v = f.optionalText(o, "value", "");
        if (action.equals("set") && v == null) {
            throw f.error("/value", "expected the label (a string) for action \"set\", found nothing");
        }
        return action.equals("set") ? v : null;
    }

    private static String taskType(Fields f, JsonNode o) {
        String t = f.requiredText(o, "task_type", "");
        try {
            return org.tracejudge.model.TaskType.fromCode(t).code();
        } catch (IllegalArgumentException e) {
            throw f.error(
                    "/task_type", "expected tool_required, control, tool_selection or call_level, found \"" + t + "\"");
        }
    }

    private static JsonNode requiredArray(Fields f, JsonNode o, String field) {
        JsonNode n = o.get(field);
        if (n == null || !n.isArray()) {
            throw f.error("/" + field, "expected an array, found " + Fields.describe(n));
        }
        return n;
    }

    /** A whole number, written by the exporter as text (SQLite columns are read as strings) or as a number. */
    private static Long whole(Fields f, JsonNode o, String field) {
        JsonNode n = o.get(field);
        try {
            return n.isIntegralNumber() ? n.asLong() : Long.parseLong(n.asText());
        } catch (NumberFormatException e) {
            throw f.error("/" + field, "expected a whole number, found " + Fields.describe(n));
        }
    }

    private static String textOr(JsonNode o, String field, String dflt) {
        JsonNode n = o.get(field);
        return n == null || n.isNull() ? dflt : n.asText();
    }

    private static String jsonOrNull(JsonNode o, String field) {
        JsonNode n = o.get(field);
        return n == null || n.isNull() ? null : n.toString();
    }
}
