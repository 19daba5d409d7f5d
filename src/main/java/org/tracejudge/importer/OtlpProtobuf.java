package org.tracejudge.importer;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.logs.v1.LogRecord;
import io.opentelemetry.proto.logs.v1.ResourceLogs;
import io.opentelemetry.proto.logs.v1.ScopeLogs;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The span source for OTLP/protobuf: an {@code ExportTraceServiceRequest} or {@code ExportLogsServiceRequest} in
 * binary (what OpenTelemetry's {@code http/protobuf} exporters post, and the default of most SDKs), read with the
 * official generated classes and turned into the request's OTLP/JSON form (the protocol's JSON mapping: ids as hex,
 * 64-bit integers as decimal strings, enums as numbers), which {@link OtlpReader} reads. So a protobuf request and the
 * JSON form of the same request give the same records.
 *
 * <p>A body says neither which request it is (both put their resources in field 1) nor that it is protobuf at all:
 * {@link #parse} tries both messages and keeps the one the bytes fit without a field the schema does not know.
 */
final class OtlpProtobuf {
    private static final JsonNodeFactory NF = JsonNodeFactory.instance;
    private static final HexFormat HEX = HexFormat.of();

    /** Which request a body is. */
    enum Signal {
        TRACES,
        LOGS
    }

    private OtlpProtobuf() {}

    /** A body that is not an OTLP/protobuf request, with why. */
    static final class NotOtlp extends Exception {
        private static final long serialVersionUID = 1L;

        NotOtlp(String why) {
            super(why);
        }
    }

    /**
     * The request's OTLP/JSON form. {@code signal} is the one the endpoint said ({@code /v1/traces}, {@code /v1/logs});
     * null when a file's bytes must tell it.
     */
    static ObjectNode parse(byte[] bytes, Signal signal) throws NotOtlp {
        if (signal == Signal.TRACES) {
            return traces(parseTraces(bytes));
        }
        if (signal == Signal.LOGS) {
            return logs(parseLogs(bytes));
        }
        ExportTraceServiceRequest t = null;
        ExportLogsServiceRequest l = null;
        String why = null;
        try {
            t = parseTraces(bytes);
        } catch (NotOtlp e) {
            why = e.getMessage();
        }
        try {
            l = parseLogs(bytes);
        } catch (NotOtlp e) {
            why = why == null ? e.getMessage() : why;
        }
        boolean traces = t != null && known(t) && t.getResourceSpansCount() > 0;
        boolean logs = l != null && known(l) && l.getResourceLogsCount() > 0;
        if (traces && (!logs || spans(t) >= records(l))) {
            return traces(t);
        }
        if (logs) {
            return logs(l);
        }
        throw new NotOtlp(
                why != null
                        ? why
                        : "the bytes are neither an ExportTraceServiceRequest nor an ExportLogsServiceRequest (fields "
                                + "the OTLP schema does not have)");
    }

    /** Whether bytes can start an OTLP/protobuf request: field 1 (resource spans or logs), a message. */
    static boolean mayStart(byte[] head, int length) {
        return length >= 2 && head[0] == 0x0A;
    }

    /**
     * Whether a file (inflated when gzip-compressed) is an OTLP/protobuf request with at least one span or log record.
     * Read whole, up to the whole-document limit; a file beyond it is not taken for one here.
     */
    static boolean isRequest(java.nio.file.Path file) {
        try {
            if (java.nio.file.Files.size(file) > AgentFormats.wholeDocumentLimit()) {
                return false;
            }
            byte[] b;
            try (java.io.InputStream in = AgentFormats.open(file)) {
                b = in.readNBytes((int) AgentFormats.wholeDocumentLimit() + 1);
            }
            if (!mayStart(b, b.length) || b.length > AgentFormats.wholeDocumentLimit()) {
                return false;
            }
            parse(b, null);
            return true;
        } catch (java.io.IOException | NotOtlp e) {
            return false;
        }
    }

    private static ExportTraceServiceRequest parseTraces(byte[] bytes) throws NotOtlp {
        try {
            return ExportTraceServiceRequest.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new NotOtlp("not an OTLP/protobuf request (" + e.getMessage() + ")");
        }
    }

    private static ExportLogsServiceRequest parseLogs(byte[] bytes) throws NotOtlp {
        try {
            return ExportLogsServiceRequest.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new NotOtlp("not an OTLP/protobuf request (" + e.getMessage() + ")");
        }
    }

    private static int spans(ExportTraceServiceRequest t) {
        int n = 0;
        for (ResourceSpans r : t.getResourceSpansList()) {
            for (ScopeSpans s : r.getScopeSpansList()) {
                n += s.getSpansCount();
            }
        }
        return n;
    }

    private static int records(ExportLogsServiceRequest l) {
        int n = 0;
        for (ResourceLogs r : l.getResourceLogsList()) {
            for (ScopeLogs s : r.getScopeLogsList()) {
                n += s.getLogRecordsCount();
            }
        }
        return n;
    }

    /** Whether the message and every message in it has only fields its schema knows. */
    private static boolean known(Message m) {
        if (!m.getUnknownFields().asMap().isEmpty()) {
            return false;
        }
        for (Map.Entry<Descriptors.FieldDescriptor, Object> e : m.getAllFields().entrySet()) {
            if (e.getKey().getJavaType() != Descriptors.FieldDescriptor.JavaType.MESSAGE) {
                continue;
            }
            if (e.getKey().isRepeated()) {
                for (Object o : (List<?>) e.getValue()) {
                    if (!known((Message) o)) {
                        return false;
                    }
                }
            } else if (!known((Message) e.getValue())) {
                return false;
            }
        }
        return true;
    }

    static ObjectNode traces(ExportTraceServiceRequest req) {
        ObjectNode doc = NF.objectNode();
        ArrayNode rs = doc.putArray("resourceSpans");
        for (ResourceSpans r : req.getResourceSpansList()) {
            ObjectNode ro = rs.addObject();
            ro.putObject("resource")
                    .set("attributes", attributes(r.getResource().getAttributesList()));
            ArrayNode scopes = ro.putArray("scopeSpans");
            for (ScopeSpans s : r.getScopeSpansList()) {
                ObjectNode so = scopes.addObject();
                so.putObject("scope")
                        .put("name", s.getScope().getName())
                        .put("version", s.getScope().getVersion());
                ArrayNode spans = so.putArray("spans");
                for (Span sp : s.getSpansList()) {
                    spans.add(span(sp));
                }
            }
        }
        return doc;
    }

    private static ObjectNode span(Span sp) {
        ObjectNode o = NF.objectNode();
        o.put("traceId", hex(sp.getTraceId()));
        o.put("spanId", hex(sp.getSpanId()));
        if (!sp.getParentSpanId().isEmpty()) {
            o.put("parentSpanId", hex(sp.getParentSpanId()));
        }
        o.put("name", sp.getName());
        o.put("kind", sp.getKindValue());
        o.put("startTimeUnixNano", Long.toUnsignedString(sp.getStartTimeUnixNano()));
        o.put("endTimeUnixNano", Long.toUnsignedString(sp.getEndTimeUnixNano()));
        o.set("attributes", attributes(sp.getAttributesList()));
        if (sp.getEventsCount() > 0) {
            ArrayNode events = o.putArray("events");
            for (Span.Event e : sp.getEventsList()) {
                events.addObject()
                        .put("timeUnixNano", Long.toUnsignedString(e.getTimeUnixNano()))
                        .put("name", e.getName())
                        .set("attributes", attributes(e.getAttributesList()));
            }
        }
        if (sp.hasStatus()) {
            ObjectNode st = o.putObject("status").put("code", sp.getStatus().getCodeValue());
            if (!sp.getStatus().getMessage().isEmpty()) {
                st.put("message", sp.getStatus().getMessage());
            }
        }
        return o;
    }

    static ObjectNode logs(ExportLogsServiceRequest req) {
        ObjectNode doc = NF.objectNode();
        ArrayNode rl = doc.putArray("resourceLogs");
        for (ResourceLogs r : req.getResourceLogsList()) {
            ObjectNode ro = rl.addObject();
            ro.putObject("resource")
                    .set("attributes", attributes(r.getResource().getAttributesList()));
            ArrayNode scopes = ro.putArray("scopeLogs");
            for (ScopeLogs s : r.getScopeLogsList()) {
                ObjectNode so = scopes.addObject();
                so.putObject("scope")
                        .put("name", s.getScope().getName())
                        .put("version", s.getScope().getVersion());
                ArrayNode recs = so.putArray("logRecords");
                for (LogRecord lr : s.getLogRecordsList()) {
                    ObjectNode o = recs.addObject();
                    o.put("timeUnixNano", Long.toUnsignedString(lr.getTimeUnixNano()));
                    if (!lr.getSeverityText().isEmpty()) {
                        o.put("severityText", lr.getSeverityText());
                    }
                    if (!lr.getEventName().isEmpty()) {
                        o.put("eventName", lr.getEventName());
                    }
                    if (lr.hasBody()) {
                        o.set("body", anyValue(lr.getBody()));
                    }
                    o.set("attributes", attributes(lr.getAttributesList()));
                    if (!lr.getTraceId().isEmpty()) {
                        o.put("traceId", hex(lr.getTraceId()));
                    }
                    if (!lr.getSpanId().isEmpty()) {
                        o.put("spanId", hex(lr.getSpanId()));
                    }
                }
            }
        }
        return doc;
    }

    private static ArrayNode attributes(List<KeyValue> kvs) {
        ArrayNode out = NF.arrayNode();
        for (KeyValue kv : kvs) {
            out.addObject().put("key", kv.getKey()).set("value", anyValue(kv.getValue()));
        }
        return out;
    }

    /** An AnyValue in the JSON mapping ({@code {"stringValue": …}}, {@code intValue} as a decimal string, …). */
    private static ObjectNode anyValue(AnyValue v) {
        ObjectNode o = NF.objectNode();
        switch (v.getValueCase()) {
            case STRING_VALUE -> o.put("stringValue", v.getStringValue());
            case BOOL_VALUE -> o.put("boolValue", v.getBoolValue());
            case INT_VALUE -> o.put("intValue", Long.toString(v.getIntValue()));
            case DOUBLE_VALUE -> o.put("doubleValue", v.getDoubleValue());
            case BYTES_VALUE ->
                o.put(
                        "bytesValue",
                        java.util.Base64.getEncoder()
                                .encodeToString(v.getBytesValue().toByteArray()));
            case ARRAY_VALUE -> {
                ArrayNode values = o.putObject("arrayValue").putArray("values");
                for (AnyValue x : v.getArrayValue().getValuesList()) {
                    values.add(anyValue(x));
                }
            }
            case KVLIST_VALUE ->
                o.putObject("kvlistValue")
                        .set("values", attributes(v.getKvlistValue().getValuesList()));
            default -> {
                // an empty AnyValue: {} in JSON
            }
        }
        return o;
    }

    private static String hex(ByteString b) {
        return HEX.formatHex(b.toByteArray());
    }
}
