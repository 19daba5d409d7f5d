package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.tracejudge.json.Json;
import org.tracejudge.model.Role;

/**
 * Reads OpenTelemetry traces of LLM agents: OTLP/JSON requests ({@code resourceSpans}, with {@code resourceLogs}
 * events linked to their spans), JSON Lines of such requests (read line by line), Grafana Tempo exports
 * ({@code batches} / {@code instrumentationLibrarySpans}), Jaeger UI exports ({@code data[].spans[].tags}) and a
 * single span's attribute map. Spans carry the GenAI semantic conventions (latest: {@code gen_ai.input.messages} /
 * {@code gen_ai.output.messages} as JSON; older: {@code gen_ai.prompt.N.*} / {@code gen_ai.completion.N.*}; ADK's
 * {@code gcp.vertex.agent.*}) or OpenInference attributes ({@code openinference.span.kind},
 * {@code llm.input_messages.N.message.*}, {@code input.value}). Spans are grouped by trace id: one trace is one run.
 * Spans without GenAI or OpenInference attributes (HTTP, RPC plumbing) and span kinds the workbench does not use
 * are counted as skipped, with the reason.
 *
 * <p>This class keeps the state of a read (spans buffered per trace, log records waiting for their spans, runs kept
 * open) and assembles runs. Each container format is a span source of its own: the document shapes are
 * {@link SpanSource}s ({@link OtlpJsonRequest}, {@link JaegerExport}, {@link PythonSpanJson}, {@link JsSpanJson},
 * {@link AttributeMapSpan}); the file-level ones hand documents or spans on to them ({@link OtlpJsonLines},
 * {@link JsonValueSequence}, {@link OtlpJsonStream}, {@link OtlpProtobuf}). {@link OtlpLineIndex} finds where each
 * trace ends in JSON Lines, {@link OtlpValues} reads OTLP's value shapes, {@link SpanKinds} tells a span's kind by its
 * convention, {@link GenAiAttributes} and {@link GenAiEvents} map the conventions' content.
 */
final class OtlpReader {
    /** The document shapes, asked in this order (see {@link #document}). */
    private static final List<SpanSource> SOURCES = List.of(
            PythonSpanJson.INSTANCE,
            JsSpanJson.INSTANCE,
            OtlpJsonRequest.INSTANCE,
            JaegerExport.INSTANCE,
            AttributeMapSpan.INSTANCE);

    /** The file being read (an {@link OtlpFileGroup} reads several into one reader). */
    private Path file;
    /** Whether JSON Lines take {@link OtlpStreamedLine}'s fast path (tests compare it with the tree path). */
    boolean streamed = true;
    /** Tasks already built (many runs share one input): the content hash is computed once per task. */
    private final Map<AgentRun.TaskKey, Records.TaskRec> taskCache = new HashMap<>();

    private final Map<String, String> keyCache = new HashMap<>();
    /** Spans of each trace, in file order. */
    private final Map<String, List<SpanAssembler.Span>> traces = new LinkedHashMap<>();

    private final Map<String, Map<String, Integer>> skippedByTrace = new HashMap<>();
    private final Map<String, Integer> skippedOutside = new LinkedHashMap<>();
    /** The deprecated convention's message events, as log records of the current request, by span id. */
    private final Map<String, List<ObjectNode>> logMessages = new HashMap<>();
    /**
     * Each OTLP span as read, by trace, until its trace is assembled: a run with a model call still lacking its messages
     * is handed on with its spans, for the project to keep until its log records come ({@code otlp_run}).
     */
    private final Map<String, List<OtlpOpenRuns.RawSpan>> rawSpans = new HashMap<>();
    /**
     * Whether OTLP spans are kept until their trace is assembled, for a run that turns out open ({@code otlp_run}). Off
     * for one large request read span by span ({@link OtlpJsonStream}): every trace ends only at its end, and keeping
     * every span's attributes as well as its parse would double what the read holds.
     */
    boolean keepSpans = true;

    static final String NOT_KEPT_OPEN = "runs with model calls lacking their messages that are not kept open (the"
            + " request is too large to keep its spans: their log records must come in the same import)";

    /** Traces with a span of another shape (Jaeger, Python's or JS's JSON, an attribute map): never kept open. */
    private final Set<String> untracked = new java.util.HashSet<>();
    /** The message records joined to each trace's spans so far: trace id -> span id -> events. */
    private final Map<String, Map<String, List<ObjectNode>>> joined = new HashMap<>();
    /** The trace id of each span that has message log records waiting ({@link #logMessages}). */
    private final Map<String, String> logTraces = new HashMap<>();

    OtlpReader(Path file) {
        this.file = file;
    }

    /** The file being read. */
    Path file() {
        return file;
    }

    /** The next file of a group: errors and runs name it. */
    void file(Path next) {
        this.file = next;
    }

    /** One request of a group, not yet assembled (see {@link OtlpFileGroup}). */
    void take(JsonNode doc) {
        document(doc, new Fields(file, -1), "");
    }

    /** One span of a request read as it streams ({@link OtlpJsonStream}), not yet assembled. */
    void takeSpan(JsonNode span, Fields f, String ptr) {
        OtlpJsonRequest.span(span, f, ptr, Map.of(), this);
    }

    /** JSON values one after another, as {@link #readDocuments}, not yet assembled. */
    void takeDocuments(byte[] bytes) {
        parseDocuments(bytes);
    }

    /** Assembles and hands on every trace read so far. */
    void finishAll(Consumer<Records.Rec> out) {
        finish(out);
    }

    /** A whole document (one request, a Tempo or Jaeger export, or an attribute map). */
    void readDocument(JsonNode doc, Consumer<Records.Rec> out) {
        Fields f = new Fields(file, -1);
        document(doc, f, "");
        finish(out);
    }

    /**
     * JSON values one after another (pretty-printed requests or spans written back to back, as OpenTelemetry
     * Python's console exporter does), or one value; each is a document.
     */
    void readDocuments(byte[] bytes, Consumer<Records.Rec> out) {
        parseDocuments(bytes);
        finish(out);
    }

    private void parseDocuments(byte[] bytes) {
        JsonValueSequence.read(bytes, this);
    }

    /**
     * JSON Lines of OTLP requests, one line at a time (see {@link OtlpJsonLines}): only the spans' GenAI content is
     * kept until the end, or, with {@code ends} (from {@link OtlpLineIndex#lastLines}), until the trace's last line.
     */
    void readLines(
            java.io.InputStream in,
            boolean checked,
            Map<Long, List<String>> ends,
            ImportListener listener,
            Consumer<Records.Rec> out)
            throws IOException {
        new OtlpJsonLines(this, streamed).read(in, checked, ends, listener, out);
    }

    /** One document: an array of documents, or one of the {@link #SOURCES}' shapes. */
    void document(JsonNode doc, Fields f, String ptr) {
        if (doc.isArray()) {
            for (int i = 0; i < doc.size(); i++) {
                document(doc.get(i), f, ptr + "/" + i);
            }
            return;
        }
        for (SpanSource source : SOURCES) {
            if (source.reads(doc)) {
                source.read(doc, f, ptr, this);
                return;
            }
        }
        throw f.error(
                ptr,
                "expected an OTLP request (resourceSpans), a Tempo export (batches), a Jaeger export (data) "
                        + "or a span's attribute map (gen_ai.* / llm.* keys)");
    }

    /** The part of an OTLP span read the same way from a tree and from {@link OtlpStreamedLine}. */
    void otlpSpan(
            String traceId,
            String spanId,
            String parent,
            Map<String, JsonNode> a,
            long start,
            String name,
            JsonNode status,
            JsonNode events,
            Fields f,
            String ptr,
            Map<String, Map<String, JsonNode>> logAttrs) {
        Map<String, JsonNode> fromLogs = logAttrs.get(spanId);
        if (fromLogs != null) {
            fromLogs.forEach(a::putIfAbsent);
        }
        SpanAssembler.Span sp = span(a, spanId, parent, name, start, f, ptr);
        if (sp == null) {
            return;
        }
        if (keepSpans) {
            rawSpans.computeIfAbsent(traceId, k -> new ArrayList<>())
                    .add(new OtlpOpenRuns.RawSpan(spanId, sp.parentId, a, start, name, status, events));
        }
        if (status != null && status.isObject()) {
            JsonNode code = status.get("code");
            boolean failed =
                    code != null && ((code.isInt() && code.asInt() == 2) || "STATUS_CODE_ERROR".equals(code.asText()));
            if (failed) {
                sp.errorType = sp.errorType != null ? sp.errorType : "STATUS_CODE_ERROR";
                String msg = status.path("message").asText("");
                sp.errorMessage = sp.errorMessage != null ? sp.errorMessage : msg.isEmpty() ? null : msg;
            }
        }
        List<ObjectNode> messageEvents = new ArrayList<>();
        if (events != null && events.isArray()) {
            for (int i = 0; i < events.size(); i++) {
                JsonNode e = events.get(i);
                if (GenAiEvents.MESSAGE_EVENTS.contains(e.path("name").asText())) {
                    ObjectNode ev = Json.object().put("event", e.get("name").asText());
                    OtlpValues.attributes(e.get("attributes"), f, ptr + "/events/" + i + "/attributes")
                            .forEach(ev::set);
                    messageEvents.add(ev);
                }
                if ("exception".equals(e.path("name").asText())) {
                    Map<String, JsonNode> ea =
                            OtlpValues.attributes(e.get("attributes"), f, ptr + "/events/" + i + "/attributes");
                    sp.errorType = sp.errorType != null ? sp.errorType : GenAiAttributes.text(ea, "exception.type");
                    sp.errorMessage =
                            sp.errorMessage != null ? sp.errorMessage : GenAiAttributes.text(ea, "exception.message");
                }
            }
        }
        List<ObjectNode> fromLogMessages = logMessages.remove(spanId);
        if (fromLogMessages != null) {
            messageEvents.addAll(fromLogMessages);
            logTraces.remove(spanId);
            joined.computeIfAbsent(traceId, k -> new LinkedHashMap<>())
                    .computeIfAbsent(spanId, k -> new ArrayList<>())
                    .addAll(fromLogMessages);
        }
        if (sp.kind == SpanAssembler.Kind.MODEL && !messageEvents.isEmpty()) {
            GenAiEvents.eventMessages(sp, messageEvents);
        }
        if (sp.kind == SpanAssembler.Kind.OTHER) {
            skip(traceId, SpanKinds.plumbingNote(a));
            if (sp.failed()) {
                skip(traceId, "plumbing spans with an error status (not errors of the run)");
            }
            // kept for the tree (a model span's wrapper chain may pass through it)
        }
        add(traceId, sp);
    }

    /** Skip reasons the tests name (see {@link SpanKinds}). */
    static final String AGENT_STRUCTURE = SpanKinds.AGENT_STRUCTURE;

    static final String TOOL_FROM_MESSAGES = SpanKinds.TOOL_FROM_MESSAGES;

    /** A trace of a shape whose runs are never kept open (see {@link FlatSpans}). */
    void untrack(String traceId) {
        untracked.add(traceId);
    }

    void add(String traceId, SpanAssembler.Span s) {
        traces.computeIfAbsent(traceId, k -> new ArrayList<>()).add(s);
    }

    void skip(String traceId, String reason) {
        skippedByTrace.computeIfAbsent(traceId, k -> new LinkedHashMap<>()).merge(reason, 1, Integer::sum);
    }

    /** A GenAI message event from a log record linked to span {@code spanId}, kept until that span is read. */
    void logMessage(String spanId, String traceId, ObjectNode ev) {
        logMessages.computeIfAbsent(spanId, x -> new ArrayList<>()).add(ev);
        if (!traceId.isEmpty()) {
            logTraces.putIfAbsent(spanId, traceId);
        }
    }

    private void finish(Consumer<Records.Rec> out) {
        for (String traceId : new ArrayList<>(traces.keySet())) {
            finishTrace(traceId, out);
        }
        if (!logMessages.isEmpty()) {
            // message records of spans not in this import: by trace, for the project's open runs (otlp_run)
            Map<String, Map<String, List<ObjectNode>>> byTrace = new LinkedHashMap<>();
            for (var it = logMessages.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<String, List<ObjectNode>> e = it.next();
                String traceId = logTraces.remove(e.getKey());
                if (traceId != null) {
                    byTrace.computeIfAbsent(traceId, k -> new LinkedHashMap<>()).put(e.getKey(), e.getValue());
                    it.remove();
                }
            }
            byTrace.forEach((traceId, messages) -> out.accept(new Records.LateLogsRec(
                    traceId,
                    messages,
                    messages.values().stream().mapToInt(List::size).sum())));
        }
        if (!logMessages.isEmpty()) {
            int n = logMessages.values().stream().mapToInt(List::size).sum();
            skippedOutside.merge(
                    "message log records whose span is not in this import (span ids "
                            + String.join(
                                    ", ",
                                    logMessages.keySet().stream()
                                            .sorted()
                                            .limit(3)
                                            .toList())
                            + (logMessages.size() > 3 ? ", …" : "")
                            + "): import them with their spans",
                    n,
                    Integer::sum);
            logMessages.clear();
        }
        if (!skippedOutside.isEmpty()) {
            Records.StatsRec stats = new Records.StatsRec(
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    java.util.Collections.unmodifiableMap(new LinkedHashMap<>(skippedOutside)));
            out.accept(stats);
        }
    }

    /** Forgets one trace's spans and has it assembled and handed on. */
    void finishTrace(String traceId, Consumer<Records.Rec> out) {
        List<SpanAssembler.Span> spans = traces.remove(traceId);
        if (spans != null && !logMessages.isEmpty()) {
            for (SpanAssembler.Span s : spans) {
                // message log records that came in a later request than their span (OTel JS sends them on /v1/logs)
                List<ObjectNode> late = logMessages.remove(s.id);
                if (late != null) {
                    logTraces.remove(s.id);
                    joined.computeIfAbsent(traceId, k -> new LinkedHashMap<>())
                            .computeIfAbsent(s.id, k -> new ArrayList<>())
                            .addAll(late);
                }
                if (late != null && s.kind == SpanAssembler.Kind.MODEL) {
                    GenAiEvents.eventMessages(s, late);
                } else if (late != null) {
                    skip(traceId, "message log records of a span that is not a model call");
                }
            }
        }
        Map<String, Integer> skipped = skippedByTrace.remove(traceId);
        List<OtlpOpenRuns.RawSpan> raw = rawSpans.remove(traceId);
        Map<String, List<ObjectNode>> messages = joined.remove(traceId);
        boolean tracked = !untracked.remove(traceId);
        if (spans == null) {
            return;
        }
        Map<String, Integer> counted = skipped == null ? Map.of() : skipped;
        boolean genai = spans.stream().anyMatch(s -> s.kind != SpanAssembler.Kind.OTHER);
        if (!genai) {
            counted.forEach((k, v) -> skippedOutside.merge(k, v, Integer::sum));
            skippedOutside.merge("traces without a GenAI or OpenInference span", 1, Integer::sum);
            return;
        }
        assemble(traceId, spans, counted, out);
        if (tracked && (raw != null || !keepSpans)) {
            int open = OtlpOpenRuns.withoutMessages(spans);
            if (open > 0 && raw == null) {
                skippedOutside.merge(NOT_KEPT_OPEN, 1, Integer::sum);
                return;
            }
            out.accept(new Records.OtlpRunRec(
                    AgentRun.traceId("otlp", traceId),
                    traceId,
                    open == 0 ? null : OtlpOpenRuns.spansDocument(traceId, raw),
                    open == 0 || messages == null ? "{}" : OtlpOpenRuns.messagesJson(messages),
                    open));
        }
    }

    /**
     * A stored open run assembled again with message records that came later: {@code spans} as kept
     * ({@link Records.OtlpRunRec}), {@code messages} the records joined before and the new ones, by span id. Hands on
     * what an import of the spans with all those records would: the task, the trace, the counts and the run's new
     * {@link Records.OtlpRunRec}; records of span ids not in the run come back as a {@link Records.LateLogsRec}.
     */
    static void reassemble(
            Path file,
            String otlpTraceId,
            JsonNode spans,
            Map<String, List<ObjectNode>> messages,
            Consumer<Records.Rec> out) {
        OtlpReader r = new OtlpReader(file);
        messages.forEach((spanId, events) -> {
            r.logMessages.put(spanId, new ArrayList<>(events));
            r.logTraces.put(spanId, otlpTraceId);
        });
        r.take(spans);
        r.finishAll(out);
    }

    /** {@code {span id: [event, ...]}} as stored back as the map {@link #reassemble} takes. */
    static Map<String, List<ObjectNode>> messages(JsonNode stored) {
        return OtlpOpenRuns.messages(stored);
    }

    /** One trace's steps from its spans, handed on as records (touches no state of the parse but the task caches). */
    private void assemble(
            String traceId, List<SpanAssembler.Span> spans, Map<String, Integer> skipped, Consumer<Records.Rec> out) {
        ParentCycles.refuse(file, traceId, spans);
        AgentRun run = new AgentRun("otlp", file);
        run.taskCache = taskCache;
        run.keyCache = keyCache;
        run.sourceId = traceId;
        skipped.forEach((k, v) -> run.skipped.merge(k, v, Integer::sum));
        for (SpanAssembler.Span s : spans) {
            if (s.session != null) {
                run.session = s.session;
                break;
            }
        }
        SpanAssembler.assemble(spans, run);
        if (run.turns.isEmpty()) {
            // OpenInference chains without an LLM span: the root span's input and output
            for (SpanAssembler.Span s : spans) {
                if (s.kind != SpanAssembler.Kind.OTHER && s.rawInput != null) {
                    run.user(AgentMessages.parse(s.rawInput, Role.USER).stream()
                            .map(AgentMessages.Msg::text)
                            .filter(t -> t != null)
                            .findFirst()
                            .orElse(s.rawInput.asText()));
                    if (s.rawOutput != null) {
                        run.answer = s.rawOutput.isTextual() ? s.rawOutput.asText() : s.rawOutput.toString();
                    }
                    break;
                }
            }
        }
        run.emit(new Fields(file, -1), out);
    }

    // ---- one span's attributes -> the assembler's span (its kind by convention: SpanKinds)

    SpanAssembler.Span span(
            Map<String, JsonNode> a, String id, String parent, String name, long start, Fields f, String ptr) {
        SpanAssembler.Span s = new SpanAssembler.Span();
        s.id = id;
        s.parentId = parent == null || parent.isEmpty() ? null : parent;
        s.name = name;
        s.start = start;
        s.agent = GenAiAttributes.text(a, "gen_ai.agent.name");
        s.session = GenAiAttributes.first(
                GenAiAttributes.text(a, "gen_ai.conversation.id"),
                GenAiAttributes.text(a, "session.id"),
                GenAiAttributes.text(a, "gcp.vertex.agent.session_id"));
        SpanKinds.Decision d = SpanKinds.of(a, name);
        if (d.skipped() != null) {
            skipOutside(d.skipped());
            return null;
        }
        s.kind = d.kind();
        GenAiAttributes.fill(s, a, f, ptr);
        return s;
    }

    /** Counts a skipped thing that belongs to no trace. */
    void skipOutside(String reason) {
        skippedOutside.merge(reason, 1, Integer::sum);
    }
}
