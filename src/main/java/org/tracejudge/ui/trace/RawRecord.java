package org.tracejudge.ui.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.tracejudge.json.Json;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.Trace;
import org.tracejudge.model.Turn;

/**
 * A trace as it was imported, step by step (issue 36, item 8): each turn as stored with, for agent formats, the
 * step's source entry (span or event, agent, model, tokens, how a result was paired), then everything else the source
 * carried (a results file's raw provider responses and errors, a transcript's metadata, usage). Plain data, built off
 * the FX thread from the trace already read; no window here.
 *
 * <p>Under the blind mode, fields that can carry a verdict (a score, a classification, a label, a judgement) are
 * held back wherever they sit, and the record says how many were.
 */
public final class RawRecord {
    /** One entry of the record: a title for the list and the JSON shown for it. */
    public record Entry(String title, String json) {}

    /** Field names that can carry somebody's verdict on the run. */
    private static final Set<String> VERDICT_KEYS = Set.of(
            "score",
            "scores",
            "classification",
            "label",
            "labels",
            "verdict",
            "judgement",
            "judgment",
            "grade",
            "grades",
            "eval",
            "evaluation",
            "feedback");

    private final List<Entry> entries;
    private final int heldBack;

    private RawRecord(List<Entry> entries, int heldBack) {
        this.entries = List.copyOf(entries);
        this.heldBack = heldBack;
    }

    public List<Entry> entries() {
        return entries;
    }

    /** How many verdict-carrying fields the blind mode held back (0 when not blind). */
    public int heldBack() {
        return heldBack;
    }

    /** The record of {@code trace}; {@code blind} holds back fields that can carry a verdict. */
    public static RawRecord of(Trace trace, boolean blind) {
        int[] held = {0};
        List<Entry> out = new ArrayList<>();
        JsonNode turns = Json.read(TurnCodec.toJson(trace.turns()));
        JsonNode extra = trace.extra() == null ? null : trace.extra().deepCopy();
        JsonNode steps = extra != null && extra.path("steps").isArray() ? extra.get("steps") : null;
        for (int i = 0; i < turns.size(); i++) {
            Turn turn = trace.turns().get(i);
            JsonNode step = steps != null && i < steps.size() ? steps.get(i) : null;
            JsonNode shown = turns.get(i);
            if (step != null) {
                ObjectNode both = Json.object();
                both.set("turn", turns.get(i));
                both.set("source", step);
                shown = both;
            }
            String before = i == 0 ? null : trace.turns().get(i - 1).sessionId();
            boolean newSession = turn.sessionId() != null && !turn.sessionId().equals(before);
            out.add(new Entry(title(i + 1, turn, step, newSession), pretty(shown, blind, held)));
        }
        if (turns.isEmpty()) {
            ObjectNode derived = Json.object();
            derived.set("executed_calls", TurnCodec.callsToJson(trace.executedCalls()));
            derived.put("answer", trace.answer());
            out.add(new Entry("Calls and answer (the source had no turns)", pretty(derived, blind, held)));
        }
        if (extra instanceof ObjectNode o) {
            o.remove("steps");
            JsonNode responses = o.get("raw_responses");
            if (responses != null && responses.isArray() && !responses.isEmpty()) {
                // a results file's provider responses, one per model call: an entry each
                for (int i = 0; i < responses.size(); i++) {
                    JsonNode r = responses.get(i);
                    StringBuilder t = new StringBuilder("Provider response ").append(i + 1);
                    if (r.hasNonNull("finish_reason")) {
                        t.append(" · ").append(r.get("finish_reason").asText());
                    }
                    if (r.path("tool_calls").isArray() && !r.get("tool_calls").isEmpty()) {
                        t.append(" · ")
                                .append(r.get("tool_calls").size())
                                .append(" tool call")
                                .append(r.get("tool_calls").size() == 1 ? "" : "s");
                    }
                    out.add(new Entry(t.toString(), pretty(r, blind, held)));
                }
                o.remove("raw_responses");
            }
            if (!o.isEmpty()) {
                out.add(new Entry("Everything else the source carried", pretty(o, blind, held)));
            }
        }
        return new RawRecord(out, held[0]);
    }

    private static String title(int n, Turn turn, JsonNode step, boolean newSession) {
        StringBuilder t =
                new StringBuilder().append(n).append(". ").append(turn.role().code());
        if (step != null
                && step.hasNonNull("kind")
                && !step.get("kind").asText().equals(turn.role().code())) {
            t.append(" (").append(step.get("kind").asText()).append(')');
        }
        if (!turn.toolCalls().isEmpty()) {
            t.append(" → ");
            List<String> names = new ArrayList<>();
            for (ToolCall c : turn.toolCalls()) {
                names.add(c.name());
            }
            t.append(String.join(", ", names));
        }
        if (!turn.toolResults().isEmpty()) {
            t.append(" ← ").append(turn.toolResults().get(0).name());
            if (turn.toolResults().size() > 1) {
                t.append(" +").append(turn.toolResults().size() - 1);
            }
            if (turn.toolResults().stream().anyMatch(r -> r.error())) {
                t.append(" (error)");
            }
        }
        if (turn.badges().contains(Turn.EARLIER_TURN)) {
            t.append(" · earlier turn, context");
        }
        if (newSession) { // named where a session starts, not on every step of it
            t.append(" · session ").append(turn.sessionId());
        }
        return t.toString();
    }

    private static String pretty(JsonNode n, boolean blind, int[] held) {
        if (blind) {
            held[0] += holdBack(n);
        }
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(n);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return n.toString();
        }
    }

    /** Removes verdict-carrying fields from {@code n} in place; returns how many. */
    private static int holdBack(JsonNode n) {
        int count = 0;
        if (n instanceof ObjectNode o) {
            Iterator<String> names = o.fieldNames();
            List<String> drop = new ArrayList<>();
            while (names.hasNext()) {
                String k = names.next();
                if (VERDICT_KEYS.contains(k.toLowerCase(Locale.ROOT))) {
                    drop.add(k);
                }
            }
            for (String k : drop) {
                o.put(k, "(held back in blind mode)");
            }
            count += drop.size();
            for (JsonNode child : o) {
                count += holdBack(child);
            }
        } else if (n instanceof ArrayNode a) {
            for (JsonNode child : a) {
                count += holdBack(child);
            }
        }
        return count;
    }
}
