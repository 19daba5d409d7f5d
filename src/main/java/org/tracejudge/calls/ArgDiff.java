package org.tracejudge.calls;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The key-by-key diff of a call's arguments against the gold argument map. Values compare exactly as JSON, except
 * that numbers compare by value (3 = 3.0). Keys are listed in gold order, then the call's extra keys in its order.
 * Every value the call passes that is not the gold one is classed by {@link Origin}: the schema default, in-context
 * (linked to the latest earlier turn it occurs in) or out-of-context.
 */
public final class ArgDiff {
    /** The marker ToolHaystack writes for a value the conversation never gave. */
    public static final String MISSING = "MISSING";

    private ArgDiff() {}

    public static boolean isMissingMarker(JsonNode v) {
        return v != null && v.isTextual() && v.asText().equals(MISSING);
    }

    /** True when any gold value is the {@code MISSING} marker. */
    public static boolean hasMissingMarker(JsonNode goldArgs) {
        if (goldArgs != null && goldArgs.isObject()) {
            for (JsonNode v : goldArgs) {
                if (isMissingMarker(v)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * @param conv   the conversation (values are searched in turns before {@code before})
     * @param before the turn of the call
     * @param tool   the called tool's schema (for defaults), or null
     */
    public static List<ArgEntry> diff(
            JsonNode gold, JsonNode actual, Conversation conv, int before, Schemas.Tool tool) {
        List<ArgEntry> out = new ArrayList<>();
        JsonNode g =
                gold != null && gold.isObject() ? gold : com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        JsonNode a = actual != null && actual.isObject()
                ? actual
                : com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        for (Iterator<Map.Entry<String, JsonNode>> it = g.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            JsonNode gv = e.getValue();
            JsonNode av = a.get(key);
            if (isMissingMarker(gv)) {
                if (av != null && !isMissingMarker(av)) {
                    out.add(classed(key, DiffKind.MISSING_MARKER, gv, av, conv, before, tool));
                }
            } else if (av == null) {
                out.add(new ArgEntry(key, DiffKind.MISSING, gv, null, null, -1, null, false));
            } else if (!sameType(gv, av)) {
                out.add(classed(key, DiffKind.WRONG_TYPE, gv, av, conv, before, tool));
            } else if (!sameValue(gv, av)) {
                out.add(classed(key, DiffKind.WRONG_VALUE, gv, av, conv, before, tool));
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = a.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!g.has(e.getKey())) {
                out.add(classed(e.getKey(), DiffKind.EXTRA, null, e.getValue(), conv, before, tool));
            }
        }
        return out;
    }

    private static ArgEntry classed(
            String key,
            DiffKind kind,
            JsonNode gold,
            JsonNode actual,
            Conversation conv,
            int before,
            Schemas.Tool tool) {
        JsonNode def = tool == null ? null : tool.property(key).get("default");
        if (def != null && sameValue(def, actual)) {
            return new ArgEntry(key, kind, gold, actual, Origin.DEFAULT, -1, null, false);
        }
        int turn = conv.lastOccurrence(actual, before);
        if (turn < 0) {
            return new ArgEntry(key, kind, gold, actual, Origin.OUT_OF_CONTEXT, -1, null, false);
        }
        boolean stale = false;
        if (gold != null && !isMissingMarker(gold) && kind != DiffKind.EXTRA) {
            int goldTurn = conv.lastOccurrence(gold, before);
            stale = goldTurn > turn;
        }
        return new ArgEntry(key, kind, gold, actual, Origin.IN_CONTEXT, turn, conv.sessionId(turn), stale);
    }

    static boolean sameType(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return true;
        }
        return a.getNodeType() == b.getNodeType();
    }

    static boolean sameValue(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return a.equals(b);
    }
}
