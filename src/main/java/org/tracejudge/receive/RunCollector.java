package org.tracejudge.receive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tracejudge.json.Json;

/**
 * Gathers what OTLP requests bring, run by run (one trace id is one run), until a run is complete: its root span (one
 * without a parent) has arrived and no span or log record of it for a quiet period. A span arrives only once it ended
 * (the SDKs export ended spans), so a root that arrived means the run's own work is over; the quiet period waits for
 * children exported in the same or the next batch. A run split over several requests, or over the traces and logs
 * signals, is one run. Retries of what is already here (the same span id, the same log record) add nothing; so do
 * retries of spans of runs already written. Log records that come after their run was written are gathered as a run
 * of their own, due after the quiet period: written, they complete the stored run (the project keeps a run whose
 * messages are missing open, {@code otlp_run}). So are log records of a run written before this receiver started,
 * once the project says it holds that run open ({@link #logsOnlyQuiet} / {@link #takeHeld}). Thread-safe: request
 * threads add, one scheduler takes due runs.
 */
final class RunCollector {
    private static final JsonNodeFactory NF = JsonNodeFactory.instance;
    /** How many written runs' span ids are remembered to drop an SDK's late retries of them. */
    private static final int WRITTEN_REMEMBERED = 100_000;

    /** A span or log record with the resource and scope it came under. */
    record Piece(String resource, String scope, ObjectNode item) {}

    /** One run being gathered. */
    static final class Run {
        final String traceId;
        final Map<String, Piece> spans = new LinkedHashMap<>();
        final Map<String, Piece> logs = new LinkedHashMap<>();
        boolean rootSeen;
        /** Log records of a run already written: due after the quiet period, root or not. */
        boolean afterWritten;
        /** When the project was last asked whether it holds this logs-only run open (0: not yet). */
        long askedNanos;

        long lastNanos;
        long bytes;

        Run(String traceId) {
            this.traceId = traceId;
        }

        /** The run as one OTLP/JSON request: its spans and log records under their resources and scopes. */
        ObjectNode document() {
            ObjectNode doc = NF.objectNode();
            group(doc.putArray("resourceSpans"), spans.values(), "scopeSpans", "spans");
            if (!logs.isEmpty()) {
                group(doc.putArray("resourceLogs"), logs.values(), "scopeLogs", "logRecords");
            }
            return doc;
        }

        private static void group(ArrayNode out, Iterable<Piece> pieces, String scopesKey, String itemsKey) {
            Map<String, Map<String, ArrayNode>> byResource = new LinkedHashMap<>();
            for (Piece p : pieces) {
                Map<String, ArrayNode> scopes = byResource.computeIfAbsent(p.resource, r -> new LinkedHashMap<>());
                scopes.computeIfAbsent(p.scope, s -> NF.arrayNode()).add(p.item);
            }
            byResource.forEach((resource, scopes) -> {
                ObjectNode r = out.addObject();
                r.set("resource", Json.read(resource));
                ArrayNode ss = r.putArray(scopesKey);
                scopes.forEach((scope, items) -> {
                    ObjectNode s = ss.addObject();
                    s.set("scope", Json.read(scope));
                    s.set(itemsKey, items);
                });
            });
        }
    }

    /** What one request brought. */
    record Added(int spans, int logs, int duplicates, int late, int withoutTrace) {}

    private final long quietNanos;
    private final Map<String, Run> runs = new LinkedHashMap<>();
    private final Map<String, Set<String>> written = new LinkedHashMap<>(16, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Set<String>> eldest) {
            return size() > WRITTEN_REMEMBERED;
        }
    };
    private long bytes;
    private long lateSpans;

    RunCollector(long quietNanos) {
        this.quietNanos = quietNanos;
    }

    /** Adds an OTLP/JSON traces or logs request ({@code resourceSpans} / {@code resourceLogs}). */
    synchronized Added add(JsonNode request, long now) {
        int[] n = new int[5]; // spans, logs, duplicates, late, without trace
        for (JsonNode rs : request.path("resourceSpans")) {
            String resource = Json.canonical(rs.path("resource").isObject() ? rs.get("resource") : NF.objectNode());
            for (JsonNode ss : scopes(rs, "scopeSpans", "instrumentationLibrarySpans")) {
                String scope = scopeOf(ss);
                for (JsonNode span : ss.path("spans")) {
                    addSpan(resource, scope, span, now, n);
                }
            }
        }
        for (JsonNode rl : request.path("resourceLogs")) {
            String resource = Json.canonical(rl.path("resource").isObject() ? rl.get("resource") : NF.objectNode());
            for (JsonNode sl : scopes(rl, "scopeLogs", "instrumentationLibraryLogs")) {
                String scope = scopeOf(sl);
                for (JsonNode log : sl.path("logRecords")) {
                    addLog(resource, scope, log, now, n);
                }
            }
        }
        return new Added(n[0], n[1], n[2], n[3], n[4]);
    }

    private static JsonNode scopes(JsonNode resourceItem, String key, String oldKey) {
        JsonNode s = resourceItem.path(key);
        return s.isArray() ? s : resourceItem.path(oldKey);
    }

    private static String scopeOf(JsonNode scopeItem) {
        JsonNode s = scopeItem.path("scope");
        if (!s.isObject()) {
            s = scopeItem.path("instrumentationLibrary");
        }
        return Json.canonical(s.isObject() ? s : NF.objectNode());
    }

    private void addSpan(String resource, String scope, JsonNode span, long now, int[] n) {
        String traceId = span.path("traceId").asText("");
        String spanId = span.path("spanId").asText("");
        if (!span.isObject() || traceId.isEmpty() || spanId.isEmpty()) {
            n[4]++;
            return;
        }
        Set<String> done = written.get(traceId);
        if (done != null) {
            if (done.contains(spanId)) {
                n[2]++;
            } else {
                n[3]++;
                lateSpans++;
            }
            return;
        }
        Run run = runs.computeIfAbsent(traceId, Run::new);
        if (run.spans.containsKey(spanId)) {
            n[2]++;
            return;
        }
        ObjectNode item = (ObjectNode) span;
        long size = Json.write(item).length();
        run.spans.put(spanId, new Piece(resource, scope, item));
        String parent = span.path("parentSpanId").asText("");
        if (parent.isEmpty()) {
            run.rootSeen = true;
        }
        run.lastNanos = now;
        run.bytes += size;
        bytes += size;
        n[0]++;
    }

    private void addLog(String resource, String scope, JsonNode log, long now, int[] n) {
        String traceId = log.path("traceId").asText("");
        if (!log.isObject() || traceId.isEmpty()) {
            n[4]++;
            return;
        }
        String text = Json.canonical(log);
        Set<String> done = written.get(traceId);
        if (done != null && done.contains(logKey(text))) {
            n[2]++;
            return;
        }
        Run run = runs.computeIfAbsent(traceId, Run::new);
        if (done != null) {
            run.afterWritten = true; // its run is in the project: these records complete it
        }
        if (run.logs.containsKey(text)) {
            n[2]++;
            return;
        }
        run.logs.put(text, new Piece(resource, scope, (ObjectNode) log));
        run.lastNanos = now;
        run.bytes += text.length();
        bytes += text.length();
        n[1]++;
    }

    /** Takes the runs that are complete at {@code now}: root arrived, nothing new for the quiet period. */
    synchronized List<Run> takeDue(long now) {
        List<Run> due = new ArrayList<>();
        runs.values().removeIf(r -> {
            if ((r.rootSeen || (r.afterWritten && r.spans.isEmpty())) && now - r.lastNanos >= quietNanos) {
                due.add(r);
                return true;
            }
            return false;
        });
        due.forEach(this::forget);
        return due;
    }

    /**
     * Runs of log records only, quiet for the period, that the project has not been asked about since their last
     * record: their spans may have been written before this receiver started. The caller asks the project which of
     * them it holds open and takes those ({@link #takeHeld}); the others wait for their spans.
     */
    synchronized List<String> logsOnlyQuiet(long now) {
        List<String> out = new ArrayList<>();
        for (Run r : runs.values()) {
            if (r.spans.isEmpty()
                    && !r.logs.isEmpty()
                    && !r.afterWritten
                    && now - r.lastNanos >= quietNanos
                    && r.askedNanos < r.lastNanos) {
                r.askedNanos = now;
                out.add(r.traceId);
            }
        }
        return out;
    }

    /** Takes the logs-only runs of these trace ids (the project holds their runs open), if still logs-only. */
    synchronized List<Run> takeHeld(java.util.Collection<String> traceIds) {
        List<Run> out = new ArrayList<>();
        for (String id : traceIds) {
            Run r = runs.get(id);
            if (r != null && r.spans.isEmpty()) {
                runs.remove(id);
                forget(r);
                out.add(r);
            }
        }
        return out;
    }

    /** Takes every run still gathered (at shutdown: written as they are). */
    synchronized List<Run> takeAll() {
        List<Run> all = new ArrayList<>(runs.values());
        runs.clear();
        all.forEach(this::forget);
        return all;
    }

    private void forget(Run r) {
        bytes -= r.bytes;
        Set<String> keys = new LinkedHashSet<>(r.spans.keySet());
        r.logs.keySet().forEach(text -> keys.add(logKey(text)));
        Set<String> before = written.remove(r.traceId); // re-put: the run is the most recently written
        if (before != null) {
            keys.addAll(before);
        }
        written.put(r.traceId, keys);
    }

    /** A log record's key among a written run's span ids: its canonical text's length and hash (no span id has ':'). */
    private static String logKey(String canonicalText) {
        return "log:" + canonicalText.length() + ":" + canonicalText.hashCode();
    }

    synchronized long bufferedBytes() {
        return bytes;
    }

    synchronized int inFlight() {
        return runs.size();
    }

    synchronized long lateSpans() {
        return lateSpans;
    }
}
