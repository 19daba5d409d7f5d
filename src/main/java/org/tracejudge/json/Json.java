package org.tracejudge.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;

/** The one Jackson configuration the app uses, and a canonical form for content hashes. */
public final class Json {
    private Json() {}

    public static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(
                    StreamReadConstraints.builder().maxStringLength(200_000_000).build())
            .build();
    public static final ObjectMapper MAPPER = new ObjectMapper(FACTORY);

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static JsonNode read(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Text of a node with object keys sorted at every level: equal content gives equal text. */
    public static String canonical(JsonNode node) {
        StringBuilder sb = new StringBuilder();
        appendCanonical(node, sb);
        return sb.toString();
    }

    private static void appendCanonical(JsonNode node, StringBuilder sb) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            sb.append("null");
        } else if (node.isObject()) {
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            Collections.sort(names);
            sb.append('{');
            for (int i = 0; i < names.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(MAPPER.getNodeFactory().textNode(names.get(i)).toString())
                        .append(':');
                appendCanonical(node.get(names.get(i)), sb);
            }
            sb.append('}');
        } else if (node.isArray()) {
            sb.append('[');
            Iterator<JsonNode> it = node.elements();
            boolean first = true;
            while (it.hasNext()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                appendCanonical(it.next(), sb);
            }
            sb.append(']');
        } else {
            sb.append(node.toString());
        }
    }

    /** SHA-1 of the canonical text, hex. */
    /** The top-level fields in which two JSON objects differ, comma-separated (for messages). */
    public static String differingFields(String a, String b) {
        JsonNode x = read(a);
        JsonNode y = read(b);
        java.util.TreeSet<String> names = new java.util.TreeSet<>();
        x.fieldNames().forEachRemaining(names::add);
        y.fieldNames().forEachRemaining(names::add);
        java.util.List<String> differ = new java.util.ArrayList<>();
        for (String n : names) {
            if (!java.util.Objects.equals(x.get(n), y.get(n))) {
                differ.add(n);
            }
        }
        return differ.isEmpty() ? "the order of fields" : String.join(", ", differ);
    }

    public static String contentHash(JsonNode node) {
        return sha1Hex(canonical(node));
    }

    public static String sha1Hex(String text) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-1");
            return HexFormat.of().formatHex(sha.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
