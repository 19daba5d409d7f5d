package org.tracejudge.rules;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The leaf values of a tool return, in document order, recursing through objects and arrays (nested arrays
 * included). A leaf is any scalar, {@code null} included (it stringifies as {@code None}). Empty objects and
 * arrays contribute no leaf. Also renders the return as pretty-printed JSON (2-space indent, like Python's
 * {@code json.dumps(indent=2, ensure_ascii=False)}) and records where each leaf sits in that text.
 */
public final class LeafValues {

    /**
     * One leaf.
     *
     * @param pointer    RFC 6901 JSON pointer of the leaf in the return
     * @param node       the leaf node
     * @param pythonStr  the value as Python's {@code str()} prints it
     * @param returnSpan where the leaf's value sits in {@link #prettyText()} (string leaves: without the quotes)
     */
    public record Leaf(String pointer, JsonNode node, String pythonStr, Span returnSpan) {}

    private final List<Leaf> leaves;
    private final String prettyText;

    private LeafValues(List<Leaf> leaves, String prettyText) {
        this.leaves = List.copyOf(leaves);
        this.prettyText = prettyText;
    }

    public static LeafValues of(JsonNode toolReturn) {
        List<Leaf> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        if (toolReturn != null && !toolReturn.isMissingNode()) {
            walk(toolReturn, "", 0, sb, out, toolReturn.isContainerNode());
        }
        return new LeafValues(out, sb.toString());
    }

    public List<Leaf> leaves() {
        return leaves;
    }

    public int count() {
        return leaves.size();
    }

    public String prettyText() {
        return prettyText;
    }

    private static void walk(
            JsonNode n, String ptr, int depth, StringBuilder sb, List<Leaf> out, boolean rootIsContainer) {
        if (n.isObject()) {
            if (n.isEmpty()) {
                sb.append("{}");
                return;
            }
            sb.append("{\n");
            Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                indent(sb, depth + 1);
                quote(sb, e.getKey());
                sb.append(": ");
                walk(e.getValue(), ptr + "/" + escape(e.getKey()), depth + 1, sb, out, rootIsContainer);
                if (it.hasNext()) {
                    sb.append(',');
                }
                sb.append('\n');
            }
            indent(sb, depth);
            sb.append('}');
        } else if (n.isArray()) {
            if (n.isEmpty()) {
                sb.append("[]");
                return;
            }
            sb.append("[\n");
            for (int i = 0; i < n.size(); i++) {
                indent(sb, depth + 1);
                walk(n.get(i), ptr + "/" + i, depth + 1, sb, out, rootIsContainer);
                if (i < n.size() - 1) {
                    sb.append(',');
                }
                sb.append('\n');
            }
            indent(sb, depth);
            sb.append(']');
        } else {
            String py = PythonRepr.str(n);
            int start;
            int end;
            if (n.isTextual()) {
                sb.append('"');
                start = sb.length();
                escapeInto(sb, n.textValue());
                end = sb.length();
                sb.append('"');
            } else {
                start = sb.length();
                sb.append(
                        n.isNull()
                                ? "null"
                                : n.isBoolean()
                                        ? (n.booleanValue() ? "true" : "false")
                                        : n.isIntegralNumber()
                                                ? n.bigIntegerValue().toString()
                                                : PythonRepr.floatRepr(n.doubleValue()));
                end = sb.length();
            }
            out.add(new Leaf(ptr, n, py, new Span(start, end)));
        }
    }

    private static void indent(StringBuilder sb, int depth) {
        for (int i = 0; i < depth; i++) {
            sb.append("  ");
        }
    }

    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        escapeInto(sb, s);
        sb.append('"');
    }

    private static void escapeInto(StringBuilder sb, String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
    }

    static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }

    /** All object keys in the return, recursively (used for tolerant mode's named-field check). */
    public static void collectKeys(JsonNode n, java.util.Set<String> into) {
        if (n == null) {
            return;
        }
        if (n.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                into.add(e.getKey());
                collectKeys(e.getValue(), into);
            }
        } else if (n.isArray()) {
            for (JsonNode c : n) {
                collectKeys(c, into);
            }
        }
    }
}
