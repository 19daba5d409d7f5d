package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * OTLP/JSON's value shapes, read and written: attribute lists, {@code AnyValue}, span and trace ids (hex, and Python's
 * {@code 0x} form) and nanosecond time stamps, each read with an error naming the field when it is not that shape.
 */
final class OtlpValues {
    private static final JsonNodeFactory NF = JsonNodeFactory.instance;

    private OtlpValues() {}

    /** Python's ids: "0x" and hex. */
    static String hexId(JsonNode v, Fields f, String ptr, boolean required) {
        if (v == null || v.isNull() || (v.isTextual() && v.asText().isEmpty())) {
            if (required) {
                throw f.error(ptr, "expected the span's id (a hex string), found " + Fields.describe(v));
            }
            return null;
        }
        if (!v.isTextual()) {
            throw f.error(ptr, "expected a hex string, found " + Fields.describe(v));
        }
        String t = v.asText();
        return t.startsWith("0x") ? t.substring(2) : t;
    }

    /** A plain JSON value as OTLP's AnyValue: what {@link #anyValue} reads back as the same value. */
    static ObjectNode toAnyValue(JsonNode v) {
        ObjectNode o = NF.objectNode();
        if (v == null || v.isNull() || v.isMissingNode()) {
            return o;
        }
        if (v.isTextual()) {
            o.set("stringValue", v);
        } else if (v.isBoolean()) {
            o.set("boolValue", v);
        } else if (v.isIntegralNumber()) {
            o.set("intValue", v);
        } else if (v.isNumber()) {
            o.set("doubleValue", v);
        } else if (v.isArray()) {
            ArrayNode values = o.putObject("arrayValue").putArray("values");
            v.forEach(x -> values.add(toAnyValue(x)));
        } else if (v.isObject()) {
            ArrayNode values = o.putObject("kvlistValue").putArray("values");
            v.properties()
                    .forEach(e -> values.addObject().put("key", e.getKey()).set("value", toAnyValue(e.getValue())));
        } else {
            o.put("stringValue", v.asText());
        }
        return o;
    }

    static String id(JsonNode s, String field, Fields f, String ptr, boolean required) {
        JsonNode v = s.get(field);
        if (v == null || v.isNull() || (v.isTextual() && v.asText().isEmpty())) {
            if (required) {
                throw f.error(
                        ptr + "/" + field,
                        "expected the span's " + field + " (a hex string), found "
                                + (v == null
                                        ? "nothing (the field is missing)"
                                        : v.isNull() ? "null" : "an empty string"));
            }
            return null;
        }
        if (!v.isTextual()) {
            throw f.error(ptr + "/" + field, "expected a hex string, found " + Fields.describe(v));
        }
        return v.asText();
    }

    static long nanos(JsonNode v, Fields f, String ptr) {
        if (v == null || v.isNull()) {
            return 0;
        }
        if (v.isIntegralNumber()) {
            return v.asLong();
        }
        if (v.isTextual()) {
            try {
                return Long.parseLong(v.asText());
            } catch (NumberFormatException e) {
                throw f.error(
                        ptr,
                        "expected nanoseconds since 1970 (an integer or a decimal string), found \"" + v.asText()
                                + "\"");
            }
        }
        throw f.error(
                ptr, "expected nanoseconds since 1970 (an integer or a decimal string), found " + Fields.describe(v));
    }

    /** OTLP attributes {@code [{key, value: {stringValue | intValue | ...}}]} as key -> plain JSON value. */
    static Map<String, JsonNode> attributes(JsonNode attrs, Fields f, String ptr) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        if (attrs == null || attrs.isNull()) {
            return out;
        }
        if (!attrs.isArray()) {
            throw f.error(ptr, "expected an array of attributes {key, value}, found " + Fields.describe(attrs));
        }
        for (int i = 0; i < attrs.size(); i++) {
            JsonNode kv = attrs.get(i);
            if (!kv.path("key").isTextual()) {
                throw f.error(
                        ptr + "/" + i + "/key",
                        "expected the attribute's key (a string), found " + Fields.describe(kv.get("key")));
            }
            out.put(kv.get("key").asText(), anyValue(kv.get("value"), f, ptr + "/" + i + "/value"));
        }
        return out;
    }

    static JsonNode anyValue(JsonNode v, Fields f, String ptr) {
        if (v == null || v.isNull() || (v.isObject() && v.isEmpty())) {
            return NF.nullNode();
        }
        if (!v.isObject()) {
            throw f.error(
                    ptr, "expected an AnyValue object ({stringValue}, {intValue}, ...), found " + Fields.describe(v));
        }
        if (v.has("stringValue")) {
            JsonNode s = v.get("stringValue");
            if (!s.isTextual()) {
                throw f.error(ptr + "/stringValue", "expected a string, found " + Fields.describe(s));
            }
            return s;
        }
        if (v.has("intValue")) {
            JsonNode n = v.get("intValue");
            if (n.isIntegralNumber()) {
                return n;
            }
            if (n.isTextual()) {
                try {
                    return NF.numberNode(Long.parseLong(n.asText()));
                } catch (NumberFormatException e) {
                    throw f.error(
                            ptr + "/intValue",
                            "expected an integer (a number or a decimal string), found \"" + n.asText() + "\"");
                }
            }
            throw f.error(
                    ptr + "/intValue",
                    "expected an integer (a number or a decimal string), found " + Fields.describe(n));
        }
        if (v.has("doubleValue")) {
            JsonNode n = v.get("doubleValue");
            if (n.isNumber()) {
                return n;
            }
            if (n.isTextual()) {
                try {
                    return NF.numberNode(Double.parseDouble(n.asText()));
                } catch (NumberFormatException e) {
                    throw f.error(ptr + "/doubleValue", "expected a number, found \"" + n.asText() + "\"");
                }
            }
            throw f.error(ptr + "/doubleValue", "expected a number, found " + Fields.describe(n));
        }
        if (v.has("boolValue")) {
            JsonNode b = v.get("boolValue");
            if (!b.isBoolean()) {
                throw f.error(ptr + "/boolValue", "expected true or false, found " + Fields.describe(b));
            }
            return b;
        }
        if (v.has("arrayValue")) {
            ArrayNode arr = NF.arrayNode();
            JsonNode vals = v.get("arrayValue").get("values");
            if (vals != null && vals.isArray()) {
                for (int i = 0; i < vals.size(); i++) {
                    arr.add(anyValue(vals.get(i), f, ptr + "/arrayValue/values/" + i));
                }
            }
            return arr;
        }
        if (v.has("kvlistValue")) {
            ObjectNode o = NF.objectNode();
            attributes(v.get("kvlistValue").get("values"), f, ptr + "/kvlistValue/values")
                    .forEach(o::set);
            return o;
        }
        if (v.has("bytesValue")) {
            return v.get("bytesValue");
        }
        throw f.error(
                ptr,
                "expected an AnyValue (stringValue, intValue, doubleValue, boolValue, arrayValue, kvlistValue "
                        + "or bytesValue), found the keys "
                        + v.properties().stream().map(Map.Entry::getKey).toList());
    }
}
