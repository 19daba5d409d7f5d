package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One OTLP JSON Lines request read with Jackson's streaming parser straight into its spans, without a tree of the whole
 * line: the fast path of {@link OtlpReader#readLines}. It takes only the plain shape collectors write (an object whose
 * one key is {@code resourceSpans}, each resource's {@code scopeSpans}, spans with string ids and attributes
 * {@code [{key, value: {stringValue | intValue | ...}}]}) and gives up, returning {@code null}, on anything else or
 * anything wrong: a parse error, a duplicate key, a value of an unexpected type, content after the value. The line is
 * then read again as a tree by the reader's general code, which says what is wrong, so messages, the order in which
 * errors are found and the results stay those of the tree path. Rarely present parts of a span (status, events) are
 * read as small trees and interpreted by the same code as on the tree path.
 */
final class OtlpStreamedLine {
    private static final JsonNodeFactory NF = JsonNodeFactory.instance;

    /** One span as the tree path's {@code otlpSpan} would see it after reading its ids, times and attributes. */
    record Span(
            int resource,
            int scope,
            int index,
            String traceId,
            String spanId,
            String parentId,
            JsonNode kind,
            Map<String, JsonNode> attributes,
            long start,
            String name,
            JsonNode status,
            JsonNode events) {}

    /** Not this shape, or not well-formed: the tree path reads the line. */
    private static final class GiveUp extends Exception {
        private static final long serialVersionUID = 1L;

        GiveUp() { // no stack trace: it is an answer, not a failure
            super(null, null, false, false);
        }
    }

    private final JsonParser p;
    private final List<Span> spans = new ArrayList<>();

    private OtlpStreamedLine(JsonParser p) {
        this.p = p;
    }

    /** The spans of the request on {@code b[off, off + len)}, in file order; null if the tree path must read it. */
    static List<Span> read(byte[] b, int off, int len) {
        try (JsonParser p = StrictJson.parser(b, off, len)) {
            OtlpStreamedLine r = new OtlpStreamedLine(p);
            r.request();
            return p.nextToken() == null ? r.spans : null;
        } catch (GiveUp | IOException | ImportException | NumberFormatException e) {
            return null;
        }
    }

    private JsonToken next() throws IOException {
        return p.nextToken();
    }

    private void expect(JsonToken t) throws IOException, GiveUp {
        if (next() != t) {
            throw new GiveUp();
        }
    }

    private void request() throws IOException, GiveUp {
        expect(JsonToken.START_OBJECT);
        boolean seen = false;
        while (next() == JsonToken.FIELD_NAME) {
            // any other key (resourceLogs, batches, a Python or JS span's keys) makes it another kind of document
            if (!"resourceSpans".equals(p.currentName())) {
                throw new GiveUp();
            }
            expect(JsonToken.START_ARRAY);
            int i = 0;
            while (next() == JsonToken.START_OBJECT) {
                resourceSpans(i++);
            }
            if (p.currentToken() != JsonToken.END_ARRAY) {
                throw new GiveUp();
            }
            seen = true;
        }
        if (!seen) {
            throw new GiveUp();
        }
    }

    private void resourceSpans(int i) throws IOException, GiveUp {
        boolean scopes = false;
        while (next() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken t = next();
            switch (key) {
                case "resource" -> {
                    if (t != JsonToken.START_OBJECT) {
                        throw new GiveUp();
                    }
                    while (next() == JsonToken.FIELD_NAME) {
                        boolean attrs = "attributes".equals(p.currentName());
                        next();
                        if (attrs) {
                            attributes(); // checked as the tree path checks them, though nothing reads them yet
                        } else {
                            p.skipChildren();
                        }
                    }
                }
                case "scopeSpans" -> {
                    if (t != JsonToken.START_ARRAY) {
                        throw new GiveUp();
                    }
                    int j = 0;
                    while (next() == JsonToken.START_OBJECT) {
                        scopeSpans(i, j++);
                    }
                    if (p.currentToken() != JsonToken.END_ARRAY) {
                        throw new GiveUp();
                    }
                    scopes = true;
                }
                case "instrumentationLibrarySpans" -> throw new GiveUp();
                default -> p.skipChildren();
            }
        }
        if (!scopes) {
            throw new GiveUp();
        }
    }

    private void scopeSpans(int i, int j) throws IOException, GiveUp {
        boolean seen = false;
        while (next() == JsonToken.FIELD_NAME) {
            boolean isSpans = "spans".equals(p.currentName());
            JsonToken t = next();
            if (!isSpans) {
                p.skipChildren();
                continue;
            }
            if (t != JsonToken.START_ARRAY) {
                throw new GiveUp();
            }
            int k = 0;
            while (next() == JsonToken.START_OBJECT) {
                span(i, j, k++);
            }
            if (p.currentToken() != JsonToken.END_ARRAY) {
                throw new GiveUp();
            }
            seen = true;
        }
        if (!seen) {
            throw new GiveUp();
        }
    }

    private void span(int i, int j, int k) throws IOException, GiveUp {
        String traceId = null;
        String spanId = null;
        String parent = null;
        JsonNode kind = null;
        Map<String, JsonNode> attrs = null;
        long start = 0;
        String name = "";
        JsonNode status = null;
        JsonNode events = null;
        while (next() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken t = next();
            switch (key) {
                case "traceId" -> traceId = id(t, true);
                case "spanId" -> spanId = id(t, true);
                case "parentSpanId" -> parent = id(t, false);
                case "kind" ->
                    kind = t == JsonToken.VALUE_STRING
                            ? TextNode.valueOf(p.getText())
                            : t == JsonToken.VALUE_NULL ? null : tree();
                case "attributes" -> {
                    if (t != JsonToken.VALUE_NULL) {
                        attrs = attributes();
                    }
                }
                case "startTimeUnixNano" -> start = nanos(t);
                case "name" -> {
                    if (t != JsonToken.VALUE_STRING) {
                        throw new GiveUp();
                    }
                    name = p.getText();
                }
                case "status" -> status = tree();
                case "events" -> events = tree();
                default -> p.skipChildren();
            }
        }
        if (traceId == null || spanId == null) {
            throw new GiveUp();
        }
        spans.add(new Span(
                i,
                j,
                k,
                traceId,
                spanId,
                parent,
                kind,
                attrs == null ? new LinkedHashMap<>() : attrs,
                start,
                name,
                status,
                events));
    }

    /** The current value as the tree path would hold it. */
    private JsonNode tree() throws IOException {
        return StrictJson.MAPPER.readTree(p);
    }

    /** A span's id: a non-empty string (the parent's may be missing, null or empty). */
    private String id(JsonToken t, boolean required) throws IOException, GiveUp {
        if (t == JsonToken.VALUE_STRING) {
            String v = p.getText();
            if (!v.isEmpty()) {
                return v;
            }
        } else if (t != JsonToken.VALUE_NULL) {
            throw new GiveUp();
        }
        if (required) {
            throw new GiveUp();
        }
        return null;
    }

    private long nanos(JsonToken t) throws IOException, GiveUp {
        if (t == JsonToken.VALUE_STRING) {
            return Long.parseLong(p.getText());
        }
        if (t == JsonToken.VALUE_NULL) {
            return 0;
        }
        if (t == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
            return p.getLongValue();
        }
        throw new GiveUp();
    }

    /** {@code [{key, value}]} at its START_ARRAY, as {@link OtlpReader#attributes} makes it. */
    private Map<String, JsonNode> attributes() throws IOException, GiveUp {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw new GiveUp();
        }
        Map<String, JsonNode> out = new LinkedHashMap<>();
        while (next() == JsonToken.START_OBJECT) {
            String key = null;
            JsonNode value = null;
            while (next() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = next();
                if (field.equals("key")) {
                    if (t != JsonToken.VALUE_STRING) {
                        throw new GiveUp();
                    }
                    key = p.getText();
                } else if (field.equals("value")) {
                    value = anyValue(t);
                } else {
                    p.skipChildren();
                }
            }
            if (key == null) {
                throw new GiveUp();
            }
            out.put(key, value == null ? NF.nullNode() : value);
        }
        if (p.currentToken() != JsonToken.END_ARRAY) {
            throw new GiveUp();
        }
        return out;
    }

    /**
     * An AnyValue at its first token: {@code {stringValue: "..."}}, {@code {intValue: "123"}} and {@code {boolValue:
     * true}} straight from the tokens, any other as a small tree turned into a plain value by the tree path's own code
     * (whose failure means giving up here).
     */
    private JsonNode anyValue(JsonToken t) throws IOException, GiveUp {
        if (t != JsonToken.START_OBJECT) {
            if (t == JsonToken.VALUE_NULL) {
                return NF.nullNode();
            }
            throw new GiveUp();
        }
        if (next() != JsonToken.FIELD_NAME) {
            return NF.nullNode(); // {}
        }
        String field = p.currentName();
        JsonToken v = next();
        JsonNode plain = null;
        if (v == JsonToken.VALUE_STRING && field.equals("stringValue")) {
            plain = TextNode.valueOf(p.getText());
        } else if (v == JsonToken.VALUE_STRING && field.equals("intValue")) {
            plain = NF.numberNode(Long.parseLong(p.getText())); // as the tree path reads a decimal string
        } else if ((v == JsonToken.VALUE_TRUE || v == JsonToken.VALUE_FALSE) && field.equals("boolValue")) {
            plain = NF.booleanNode(v == JsonToken.VALUE_TRUE);
        }
        if (plain != null) {
            if (next() == JsonToken.END_OBJECT) {
                return plain;
            }
            throw new GiveUp(); // rare enough (two values in one AnyValue) to leave to the tree path
        }
        ObjectNode o = NF.objectNode();
        o.set(field, tree());
        while (next() == JsonToken.FIELD_NAME) {
            String more = p.currentName();
            next();
            o.set(more, tree());
        }
        if (p.currentToken() != JsonToken.END_OBJECT) {
            throw new GiveUp();
        }
        return OtlpValues.anyValue(o, new Fields(null, -1), "");
    }
}
