package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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
 * open) and assembles runs; {@link OtlpLineIndex} finds where each trace ends in JSON Lines, {@link OtlpValues} reads
 * OTLP's value shapes, {@link GenAiAttributes} and {@link GenAiEvents} map the conventions, and {@link ForeignSpans}
 * reads the non-OTLP span shapes.
 */
final class OtlpReader {
    private static final JsonNodeFactory NF = JsonNodeFactory.instance;
    private static final Set<String> MODEL_OPS =
            Set.of("chat", "generate_content", "text_completion", "completion", "responses");
    private static final Set<String> AGENT_OPS = Set.of("invoke_agent", "create_agent", "invoke_workflow");
    private static final Set<String> OI_UNUSED =
            Set.of("RETRIEVER", "EMBEDDING", "RERANKER", "GUARDRAIL", "EVALUATOR", "PROMPT");
    private static final Set<String> SPAN_KINDS = Set.of(
            "SPAN_KIND_UNSPECIFIED",
            "SPAN_KIND_INTERNAL",
            "SPAN_KIND_SERVER",
            "SPAN_KIND_CLIENT",
            "SPAN_KIND_PRODUCER",
            "SPAN_KIND_CONSUMER");

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
    private final Map<String, List<RawSpan>> rawSpans = new HashMap<>();
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
    /** Reads the span shapes other than OTLP/JSON into this reader. */
    private final ForeignSpans foreign = new ForeignSpans(this);
    /** The message records joined to each trace's spans so far: trace id -> span id -> events. */
    private final Map<String, Map<String, List<ObjectNode>>> joined = new HashMap<>();
    /** The trace id of each span that has message log records waiting ({@link #logMessages}). */
    private final Map<String, String> logTraces = new HashMap<>();

    /** An OTLP span as {@link #otlpSpan} read it: written back as OTLP/JSON when its run is kept open. */
    private record RawSpan(
            String spanId,
            String parent,
            Map<String, JsonNode> attributes,
            long start,
            String name,
            JsonNode status,
            JsonNode events) {}

    OtlpReader(Path file) {
        this.file = file;
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
        otlpSpan(span, f, ptr, Map.of());
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
        int n = 0;
        try (com.fasterxml.jackson.core.JsonParser p = StrictJson.parser(bytes)) {
            while (p.nextToken() != null) {
                long line = p.currentTokenLocation().getLineNr();
                JsonNode doc = StrictJson.MAPPER.readTree(p);
                // the first value is named by its JSON pointer alone; later ones by the line they start on too
                Fields f = new Fields(file, n == 0 ? -1 : line);
                document(doc, f, n == 0 ? "" : "/" + n);
                n++;
            }
        } catch (JsonProcessingException e) {
            throw ImportException.fromParse(file, e, "", 0);
        } catch (IOException e) {
            throw new ImportException(file, -1, null, "cannot read: " + e.getMessage());
        }
        if (n == 0) {
            throw new ImportException(file, -1, null, "the file is empty");
        }
    }

    /**
     * JSON Lines of OTLP requests, one line at a time, parsed from the line's bytes: only the spans' GenAI content is
     * kept until the end, or, with {@code ends} (from {@link OtlpLineIndex#lastLines}), until the trace's last line. The bytes are
     * UTF-8 already when {@code checked} (the importer checked the whole file); else (gzip) each line is checked here.
     * This thread reads and parses the lines; each line's tree is turned into spans, and finished traces into runs, on a
     * second thread (see {@link TraceAssembly}), in line order: all this reader's state is that thread's, and
     * {@code out} is called from it only, in the order of a one-thread read, for the last time before this returns.
     */
    void readLines(
            java.io.InputStream in,
            boolean checked,
            Map<Long, List<String>> ends,
            ImportListener listener,
            Consumer<Records.Rec> out)
            throws IOException {
        try (TraceAssembly a = TraceAssembly.start()) {
            try {
                parseLines(in, checked, ends, listener, out, a);
            } catch (RuntimeException e) {
                throw a.failed(e);
            } catch (IOException e) {
                RuntimeException none = new IllegalStateException(e);
                RuntimeException earlier = a.failed(none); // a trace assembled before the read failed may have failed
                if (earlier != none) {
                    throw earlier;
                }
                throw e;
            }
            a.finish();
        }
    }

    private void parseLines(
            java.io.InputStream in,
            boolean checked,
            Map<Long, List<String>> ends,
            ImportListener listener,
            Consumer<Records.Rec> out,
            TraceAssembly assembly)
            throws IOException {
        ByteLines lines = new ByteLines(in);
        var decoder = java.nio.charset.StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
        while (lines.next()) {
            byte[] b = lines.array();
            int off = lines.offset();
            int len = lines.length();
            long line = lines.number();
            if (!checked && !ByteLines.ascii(b, off, len)) {
                try {
                    decoder.reset().decode(java.nio.ByteBuffer.wrap(b, off, len));
                } catch (java.nio.charset.CharacterCodingException e) {
                    throw new ImportException(
                            file,
                            line,
                            null,
                            "not UTF-8 text (an invalid byte sequence); save the "
                                    + "file as UTF-8 and import it again");
                }
            }
            if (line == 1
                    && len >= 3
                    && (b[off] & 0xff) == 0xEF
                    && (b[off + 1] & 0xff) == 0xBB
                    && (b[off + 2] & 0xff) == 0xBF) {
                off += 3; // a byte order mark
                len -= 3;
            }
            if (blank(b, off, len)) {
                continue;
            }
            List<OtlpStreamedLine.Span> spans = streamed ? OtlpStreamedLine.read(b, off, len) : null;
            if (spans != null) {
                assembly.run(() -> streamedRequest(spans, line, ends, out), len);
            } else { // not the plain shape, or something is wrong with it: the tree path says what
                JsonNode node;
                try {
                    node = StrictJson.readTree(b, off, len);
                } catch (JsonProcessingException e) {
                    throw ImportException.fromParse(file, e, "", line - 1);
                }
                JsonNode tree = node;
                assembly.run(() -> request(tree, line, ends, out), len);
            }
            if ((line & 63) == 0 && listener.cancelled()) {
                throw new ImportCancelledException();
            }
        }
        assembly.run(() -> finish(out), 0);
    }

    /** One line's request: its spans kept, the traces that end on it assembled and handed on. */
    private void request(JsonNode node, long line, Map<Long, List<String>> ends, Consumer<Records.Rec> out) {
        Fields f = new Fields(file, line);
        if (node == null || !node.isObject()) {
            throw f.error("", "expected an OTLP request object {resourceSpans: [...]}, found " + Fields.describe(node));
        }
        document(node, f, "");
        finishTraces(line, ends, out);
    }

    /** Assembles and hands on the traces whose last span was on this line. */
    private void finishTraces(long line, Map<Long, List<String>> ends, Consumer<Records.Rec> out) {
        List<String> done = ends == null ? null : ends.remove(line);
        if (done != null) {
            for (String traceId : done) {
                finishTrace(traceId, out);
            }
        }
    }

    /** Only whitespace (as String.isBlank sees ASCII; a line of other spaces is not JSON and is said to be so). */
    private static boolean blank(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            if (b[i] != ' ' && b[i] != '\t' && b[i] != 0x0B && b[i] != '\f' && (b[i] < 0x1C || b[i] > 0x1F)) {
                return false;
            }
        }
        return true;
    }

    private void document(JsonNode doc, Fields f, String ptr) {
        if (doc.isArray()) {
            for (int i = 0; i < doc.size(); i++) {
                document(doc.get(i), f, ptr + "/" + i);
            }
            return;
        }
        if (doc.path("context").isObject() && doc.get("context").has("trace_id")) {
            foreign.pythonSpan(doc, f, ptr);
            return;
        }
        if (doc.path("spanContext").isObject() && doc.get("spanContext").has("traceId")) {
            foreign.jsSpan(doc, f, ptr);
            return;
        }
        if (doc.has("resourceSpans") || doc.has("resourceLogs") || doc.has("batches")) {
            Map<String, Map<String, JsonNode>> logAttrs = logs(doc, f);
            String key = doc.has("resourceSpans") ? "resourceSpans" : "batches";
            JsonNode rs = doc.get(key);
            if (rs == null && doc.has("resourceLogs")) {
                return;
            }
            if (rs == null || !rs.isArray()) {
                throw f.error(ptr + "/" + key, "expected an array of resource spans, found " + Fields.describe(rs));
            }
            for (int i = 0; i < rs.size(); i++) {
                String rptr = ptr + "/" + key + "/" + i;
                JsonNode r = rs.get(i);
                // the resource's attributes are checked (a malformed one is refused) though nothing reads them yet
                OtlpValues.attributes(r.path("resource").get("attributes"), f, rptr + "/resource/attributes");
                String scopeKey = r.has("scopeSpans") ? "scopeSpans" : "instrumentationLibrarySpans";
                JsonNode scopes = r.get(scopeKey);
                if (scopes == null || !scopes.isArray()) {
                    throw f.error(
                            rptr + "/scopeSpans", "expected an array of scope spans, found " + Fields.describe(scopes));
                }
                for (int j = 0; j < scopes.size(); j++) {
                    String sptr = rptr + "/" + scopeKey + "/" + j;
                    JsonNode spans = scopes.get(j).get("spans");
                    if (spans == null || !spans.isArray()) {
                        throw f.error(sptr + "/spans", "expected an array of spans, found " + Fields.describe(spans));
                    }
                    for (int k = 0; k < spans.size(); k++) {
                        otlpSpan(spans.get(k), f, sptr + "/spans/" + k, logAttrs);
                    }
                }
            }
        } else if (doc.path("data").isArray()) {
            foreign.jaeger(doc.get("data"), f, ptr + "/data");
        } else if (looksLikeAttributeMap(doc)) {
            Map<String, JsonNode> a = new LinkedHashMap<>();
            doc.properties().iterator().forEachRemaining(e -> a.put(e.getKey(), e.getValue()));
            SpanAssembler.Span s =
                    span(a, "span", null, doc.path("gen_ai.operation.name").asText("span"), 0, f, ptr);
            if (s != null) {
                String traceId = "attributes-" + Json.sha1Hex(doc.toString()).substring(0, 16);
                untracked.add(traceId);
                add(traceId, s);
            }
        } else {
            throw f.error(
                    ptr,
                    "expected an OTLP request (resourceSpans), a Tempo export (batches), a Jaeger export (data) "
                            + "or a span's attribute map (gen_ai.* / llm.* keys)");
        }
    }

    static boolean looksLikeAttributeMap(JsonNode doc) {
        if (!doc.isObject()) {
            return false;
        }
        for (var it = doc.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (k.startsWith("gen_ai.") || k.equals("openinference.span.kind") || k.startsWith("llm.")) {
                return true;
            }
        }
        return false;
    }

    /** Log records by span id (their attributes complete the span's where it lacks them). */
    private Map<String, Map<String, JsonNode>> logs(JsonNode doc, Fields f) {
        Map<String, Map<String, JsonNode>> out = new HashMap<>();
        JsonNode rl = doc.get("resourceLogs");
        if (rl == null || !rl.isArray()) {
            return out;
        }
        for (int i = 0; i < rl.size(); i++) {
            JsonNode scopes = rl.get(i).path("scopeLogs");
            for (int j = 0; j < scopes.size(); j++) {
                JsonNode recs = scopes.get(j).path("logRecords");
                for (int k = 0; k < recs.size(); k++) {
                    JsonNode r = recs.get(k);
                    String ptr = "/resourceLogs/" + i + "/scopeLogs/" + j + "/logRecords/" + k;
                    String spanId = r.path("spanId").asText("");
                    if (spanId.isEmpty()) {
                        skippedOutside.merge("log records not linked to a span", 1, Integer::sum);
                        continue;
                    }
                    Map<String, JsonNode> a = OtlpValues.attributes(r.get("attributes"), f, ptr + "/attributes");
                    String event = r.path("eventName").isTextual()
                            ? r.get("eventName").asText()
                            : GenAiAttributes.text(a, "event.name");
                    if (event != null && GenAiEvents.MESSAGE_EVENTS.contains(event)) {
                        ObjectNode ev = Json.object().put("event", event);
                        JsonNode body = r.get("body");
                        if (body != null && body.has("kvlistValue")) {
                            OtlpValues.attributes(
                                            body.get("kvlistValue").get("values"), f, ptr + "/body/kvlistValue/values")
                                    .forEach(ev::set);
                        } else if (body != null && body.isObject() && !body.isEmpty()) {
                            ev.set("content", OtlpValues.anyValue(body, f, ptr + "/body"));
                        }
                        a.forEach((key, v) -> {
                            if (!key.equals("event.name") && !ev.has(key)) {
                                ev.set(key, v);
                            }
                        });
                        logMessages
                                .computeIfAbsent(spanId, x -> new ArrayList<>())
                                .add(ev);
                        String traceId = r.path("traceId").asText("");
                        if (!traceId.isEmpty()) {
                            logTraces.putIfAbsent(spanId, traceId);
                        }
                        continue;
                    }
                    if (r.path("body").has("kvlistValue")) {
                        a.putAll(OtlpValues.attributes(
                                r.get("body").get("kvlistValue").get("values"), f, ptr + "/body/kvlistValue/values"));
                    }
                    out.computeIfAbsent(spanId, x -> new HashMap<>()).putAll(a);
                }
            }
        }
        return out;
    }

    private void otlpSpan(JsonNode s, Fields f, String ptr, Map<String, Map<String, JsonNode>> logAttrs) {
        if (!s.isObject()) {
            throw f.error(ptr, "expected a span object, found " + Fields.describe(s));
        }
        String traceId = OtlpValues.id(s, "traceId", f, ptr, true);
        String spanId = OtlpValues.id(s, "spanId", f, ptr, true);
        String parent = OtlpValues.id(s, "parentSpanId", f, ptr, false);
        JsonNode kind = s.get("kind");
        if (unknownKind(kind)) {
            skip(traceId, "spans of unknown span kind " + kind);
            return;
        }
        Map<String, JsonNode> a = OtlpValues.attributes(s.get("attributes"), f, ptr + "/attributes");
        long start = OtlpValues.nanos(s.get("startTimeUnixNano"), f, ptr + "/startTimeUnixNano");
        otlpSpan(
                traceId,
                spanId,
                parent,
                a,
                start,
                s.path("name").asText(""),
                s.get("status"),
                s.get("events"),
                f,
                ptr,
                logAttrs);
    }

    private static boolean unknownKind(JsonNode kind) {
        return kind != null
                && !kind.isNull()
                && !(kind.isInt() && kind.asInt() >= 0 && kind.asInt() <= 5)
                && !(kind.isTextual() && SPAN_KINDS.contains(kind.asText()));
    }

    /** A line's spans read by {@link OtlpStreamedLine}: as {@link #request} would take them from the line's tree. */
    private void streamedRequest(
            List<OtlpStreamedLine.Span> spans, long line, Map<Long, List<String>> ends, Consumer<Records.Rec> out) {
        Fields f = new Fields(file, line);
        Map<String, Map<String, JsonNode>> noLogs = Map.of();
        for (OtlpStreamedLine.Span s : spans) {
            if (unknownKind(s.kind())) {
                skip(s.traceId(), "spans of unknown span kind " + s.kind());
                continue;
            }
            String ptr = "/resourceSpans/" + s.resource() + "/scopeSpans/" + s.scope() + "/spans/" + s.index();
            otlpSpan(
                    s.traceId(),
                    s.spanId(),
                    s.parentId(),
                    s.attributes(),
                    s.start(),
                    s.name(),
                    s.status(),
                    s.events(),
                    f,
                    ptr,
                    noLogs);
        }
        finishTraces(line, ends, out);
    }

    /** The part of an OTLP span read the same way from a tree and from {@link OtlpStreamedLine}. */
    private void otlpSpan(
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
                    .add(new RawSpan(spanId, sp.parentId, a, start, name, status, events));
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
            skip(traceId, plumbingNote(a));
            if (sp.failed()) {
                skip(traceId, "plumbing spans with an error status (not errors of the run)");
            }
            // kept for the tree (a model span's wrapper chain may pass through it)
        }
        add(traceId, sp);
    }

    static final String PLUMBING = "spans without GenAI or OpenInference attributes (HTTP/RPC plumbing)";
    static final String AGENT_STRUCTURE =
            "agent and workflow spans (structure only: the model calls and tool executions under them are read)";
    static final String TOOL_FROM_MESSAGES =
            "tool spans of no tool-execution convention (the calls and results are read from the model's messages)";

    /**
     * What a span of no use to a run is, said truthfully: Langfuse structure; an agent's or workflow's span (an agent
     * name, a Traceloop agent/workflow/task kind, an OpenInference AGENT or CHAIN kind, an invoke_agent operation);
     * else HTTP/RPC plumbing.
     */
    static String plumbingNote(Map<String, JsonNode> a) {
        if (LangfuseOtelSpans.is(a)) {
            return LangfuseOtelSpans.skipNote(a);
        }
        String traceloop = GenAiAttributes.text(a, "traceloop.span.kind");
        String openInference = GenAiAttributes.text(a, "openinference.span.kind");
        String operation = GenAiAttributes.text(a, "gen_ai.operation.name");
        if ("tool".equals(traceloop)) {
            return TOOL_FROM_MESSAGES;
        }
        boolean agent = a.containsKey("gen_ai.agent.name")
                || (traceloop != null
                        && java.util.Set.of("agent", "workflow", "task").contains(traceloop))
                || (openInference != null && java.util.Set.of("AGENT", "CHAIN").contains(openInference))
                || (operation != null
                        && java.util.Set.of("invoke_agent", "create_agent").contains(operation));
        return agent ? AGENT_STRUCTURE : PLUMBING;
    }

    /** A trace of a shape whose runs are never kept open (see {@link ForeignSpans}). */
    void untrack(String traceId) {
        untracked.add(traceId);
    }

    void add(String traceId, SpanAssembler.Span s) {
        traces.computeIfAbsent(traceId, k -> new ArrayList<>()).add(s);
    }

    void skip(String traceId, String reason) {
        skippedByTrace.computeIfAbsent(traceId, k -> new LinkedHashMap<>()).merge(reason, 1, Integer::sum);
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
    private void finishTrace(String traceId, Consumer<Records.Rec> out) {
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
        List<RawSpan> raw = rawSpans.remove(traceId);
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
            int open = withoutMessages(spans);
            if (open > 0 && raw == null) {
                skippedOutside.merge(NOT_KEPT_OPEN, 1, Integer::sum);
                return;
            }
            out.accept(new Records.OtlpRunRec(
                    AgentRun.traceId("otlp", traceId),
                    traceId,
                    open == 0 ? null : spansDocument(traceId, raw),
                    open == 0 || messages == null ? "{}" : messagesJson(messages),
                    open));
        }
    }

    /**
     * Model calls of a run that still lack their messages: no input, or no output from a call that did not fail. A
     * model span with a model span below it wraps that call (its own messages are not read) and is not counted.
     */
    static int withoutMessages(List<SpanAssembler.Span> spans) {
        Map<String, String> parents = new HashMap<>();
        for (SpanAssembler.Span s : spans) {
            if (s.id != null && s.parentId != null) {
                parents.put(s.id, s.parentId);
            }
        }
        Set<String> wrappers = new java.util.HashSet<>();
        for (SpanAssembler.Span s : spans) {
            if (s.kind != SpanAssembler.Kind.MODEL) {
                continue;
            }
            String p = parents.get(s.id);
            for (int hops = 0; p != null && hops < spans.size(); hops++) {
                wrappers.add(p);
                p = parents.get(p);
            }
        }
        int open = 0;
        for (SpanAssembler.Span s : spans) {
            if (s.kind == SpanAssembler.Kind.MODEL
                    && !wrappers.contains(s.id)
                    && (s.input == null
                            || s.input.isEmpty()
                            || ((s.output == null || s.output.isEmpty()) && !s.failed()))) {
                open++;
            }
        }
        return open;
    }

    /** The spans of a run as one OTLP/JSON request (their attributes as read, linked log records' included). */
    private static String spansDocument(String traceId, List<RawSpan> raw) {
        ObjectNode doc = NF.objectNode();
        ArrayNode spans = doc.putArray("resourceSpans")
                .addObject()
                .putArray("scopeSpans")
                .addObject()
                .putArray("spans");
        for (RawSpan r : raw) {
            ObjectNode s = spans.addObject();
            s.put("traceId", traceId).put("spanId", r.spanId());
            if (r.parent() != null) {
                s.put("parentSpanId", r.parent());
            }
            s.put("name", r.name() == null ? "" : r.name());
            s.put("startTimeUnixNano", Long.toString(r.start()));
            ArrayNode attrs = s.putArray("attributes");
            r.attributes().forEach((k, v) -> attrs.addObject().put("key", k).set("value", OtlpValues.toAnyValue(v)));
            if (r.status() != null && r.status().isObject()) {
                s.set("status", r.status());
            }
            if (r.events() != null && r.events().isArray() && !r.events().isEmpty()) {
                s.set("events", r.events());
            }
        }
        return Json.write(doc);
    }

    private static String messagesJson(Map<String, List<ObjectNode>> messages) {
        ObjectNode o = NF.objectNode();
        messages.forEach((spanId, events) -> o.putArray(spanId).addAll(events));
        return Json.write(o);
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
        Map<String, List<ObjectNode>> out = new LinkedHashMap<>();
        if (stored != null && stored.isObject()) {
            stored.properties().forEach(e -> {
                List<ObjectNode> events = new ArrayList<>();
                e.getValue().forEach(ev -> {
                    if (ev.isObject()) {
                        events.add((ObjectNode) ev);
                    }
                });
                out.put(e.getKey(), events);
            });
        }
        return out;
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

    // ---- one span's attributes -> the assembler's span

    SpanAssembler.Span span(
            Map<String, JsonNode> a, String id, String parent, String name, long start, Fields f, String ptr) {
        SpanAssembler.Span s = new SpanAssembler.Span();
        s.id = id;
        s.parentId = parent == null || parent.isEmpty() ? null : parent;
        s.name = name;
        s.start = start;
        String op = GenAiAttributes.text(a, "gen_ai.operation.name");
        String oi = GenAiAttributes.text(a, "openinference.span.kind");
        s.agent = GenAiAttributes.text(a, "gen_ai.agent.name");
        s.session = GenAiAttributes.first(
                GenAiAttributes.text(a, "gen_ai.conversation.id"),
                GenAiAttributes.text(a, "session.id"),
                GenAiAttributes.text(a, "gcp.vertex.agent.session_id"));
        if (oi != null) {
            String k = oi.toUpperCase(java.util.Locale.ROOT);
            if (OI_UNUSED.contains(k)) {
                skipOutside("OpenInference " + k + " spans (not used)");
                return null;
            }
            s.kind = switch (k) {
                case "LLM" -> SpanAssembler.Kind.MODEL;
                case "TOOL" -> SpanAssembler.Kind.TOOL;
                case "AGENT", "CHAIN" -> SpanAssembler.Kind.AGENT;
                default -> null;
            };
            if (s.kind == null) {
                skipOutside("spans of unknown OpenInference kind '" + oi + "'");
                return null;
            }
        } else if (op == null && LangfuseOtelSpans.is(a)) {
            s.kind = LangfuseOtelSpans.kind(a); // Langfuse's own SDKs: langfuse.observation.* only
        } else if ((op != null && MODEL_OPS.contains(op))
                || a.containsKey("llm.request.type")
                || ("call_llm".equals(name) && a.containsKey("gcp.vertex.agent.llm_request"))
                || (op == null
                        && (a.containsKey("gen_ai.input.messages")
                                || a.containsKey("gen_ai.prompt")
                                || a.containsKey("gen_ai.prompt.0.role")))) {
            s.kind = SpanAssembler.Kind.MODEL;
        } else if (op == null && VercelAiSpans.isModel(a)) {
            s.kind = SpanAssembler.Kind.MODEL; // the Vercel AI SDK's ai.* spans (see VercelAiSpans)
        } else if ("execute_tool".equals(op) && "(merged tools)".equals(GenAiAttributes.text(a, "gen_ai.tool.name"))) {
            // google-adk's trace_merged_tool_calls: after parallel calls, one more execute_tool span named
            // "execute_tool (merged)" whose tool_response lists the responses again; each call has its own span
            skipOutside("ADK's merged parallel-call spans (each call has its own execute_tool span)");
            return null;
        } else if ("execute_tool".equals(op) || (op == null && VercelAiSpans.isTool(a))) {
            s.kind = SpanAssembler.Kind.TOOL;
        } else if (op != null && AGENT_OPS.contains(op)) {
            s.kind = SpanAssembler.Kind.AGENT;
        } else if (op != null) {
            skipOutside("gen_ai." + op + " spans (not used)");
            return null;
        }
        GenAiAttributes.fill(s, a, f, ptr);
        return s;
    }

    private void skipOutside(String reason) {
        skippedOutside.merge(reason, 1, Integer::sum);
    }
}
