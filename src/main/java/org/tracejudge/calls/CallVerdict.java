package org.tracejudge.calls;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.tracejudge.json.Json;
import org.tracejudge.model.ToolCall;

/**
 * The call-level rule's verdict on one trace.
 *
 * @param check        the deciding check (the label's rationale)
 * @param judged       the call judged (the last call to the gold tool, else the model's last call), or null
 * @param judgedTurn   its turn, or -1
 * @param diff         its argument diff against the gold map (empty when exact or when no call was judged)
 * @param evidence     for each gold key: the turn its value came from
 * @param timelines    gold key -> every value seen for it across the conversation, in order (only keys whose value changed)
 * @param calls        calls the model made
 * @param otherTools   calls to tools other than the gold tool (FTR counts these)
 */
public record CallVerdict(
        String label,
        String check,
        ToolCall judged,
        int judgedTurn,
        List<ArgEntry> diff,
        List<Evidence> evidence,
        Map<String, List<TimelinePoint>> timelines,
        int calls,
        int otherTools) {

    /** Where a gold value came from, and how many sessions lie between there and the goal. */
    public record Evidence(String key, JsonNode gold, int turn, String session, Integer distance) {}

    /** One value of a key at one turn; {@code latest} marks the newest. */
    public record TimelinePoint(int turn, String session, JsonNode value, String source, boolean latest) {}

    /** The evidence column: {@code {"check", "judged", "diff", "evidence", "timelines", "calls", "other_tools"}}. */
    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("check", check);
        if (judged != null) {
            ObjectNode j = o.putObject("judged");
            j.put("name", judged.name());
            j.set("arguments", judged.arguments());
            j.put("turn", judgedTurn);
        }
        ArrayNode d = o.putArray("diff");
        for (ArgEntry e : diff) {
            ObjectNode x = d.addObject();
            x.put("key", e.key());
            x.put("kind", e.kind().code());
            if (e.gold() != null) {
                x.set("gold", e.gold());
            }
            if (e.actual() != null) {
                x.set("actual", e.actual());
            }
            if (e.origin() != null) {
                x.put("origin", e.origin().code());
            }
            if (e.turn() >= 0) {
                x.put("turn", e.turn());
                if (e.session() != null) {
                    x.put("session", e.session());
                }
            }
            if (e.stale()) {
                x.put("stale", true);
            }
        }
        ArrayNode ev = o.putArray("evidence");
        for (Evidence e : evidence) {
            ObjectNode x = ev.addObject();
            x.put("key", e.key());
            x.set("gold", e.gold());
            x.put("turn", e.turn());
            if (e.session() != null) {
                x.put("session", e.session());
            }
            if (e.distance() != null) {
                x.put("distance", e.distance());
            }
        }
        ObjectNode tl = o.putObject("timelines");
        timelines.forEach((k, pts) -> {
            ArrayNode a = tl.putArray(k);
            for (TimelinePoint p : pts) {
                ObjectNode x = a.addObject();
                x.put("turn", p.turn());
                if (p.session() != null) {
                    x.put("session", p.session());
                }
                x.set("value", p.value());
                x.put("source", p.source());
                if (p.latest()) {
                    x.put("latest", true);
                }
            }
        });
        o.put("calls", calls);
        o.put("other_tools", otherTools);
        return o;
    }
}
