package org.tracejudge.importer;

import java.util.ArrayList;
import java.util.List;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolCall;

/**
 * Parallel tool calls that an instrumentation merged while it put a streamed turn together: the deltas of calls 0 and
 * 1 appended into one call (id {@code call_p1call_p2}, name {@code get_weatherget_weather}, as OpenInference JS records
 * a streamed OpenAI turn). The next model call's input holds the same turn as the agent itself rebuilt it, with each
 * call apart; when it has calls whose ids (or, without ids, names or arguments) joined in order give the merged
 * one, those calls replace it. Langfuse's {@code observeOpenAI} merges them its own way: one call without an id whose
 * arguments are the calls' arguments written one after another. Each repair is counted on the run, so the import report says so.
 */
final class MergedStreamCalls {
    static final String REPAIRED = "streamed parallel calls the SDK merged into one (e.g. call_p1call_p2), "
            + "repaired from the next model input";
    static final String ID_RESTORED =
            "streamed calls the SDK recorded without an id, the id taken from the next model input";

    private MergedStreamCalls() {}

    /** How many calls {@link #repair} put apart, and how many got back the id the SDK left out. */
    record Repairs(int merged, int ids) {}

    /** Repairs the outputs of {@code models} (model spans in start order). */
    static Repairs repair(List<SpanAssembler.Span> models) {
        int repaired = 0;
        int ids = 0;
        for (int i = 0; i + 1 < models.size(); i++) {
            SpanAssembler.Span m = models.get(i);
            List<AgentMessages.Msg> next = models.get(i + 1).input;
            if (m.output == null || next == null) {
                continue;
            }
            List<AgentMessages.Msg> out = new ArrayList<>();
            boolean changed = false;
            for (AgentMessages.Msg o : m.output) {
                List<ToolCall> calls = new ArrayList<>();
                for (ToolCall c : o.calls()) {
                    List<ToolCall> apart = apart(c, next);
                    ToolCall withId = apart == null && c.id() == null ? sameCallWithId(c, next) : null;
                    if (withId != null) {
                        calls.add(withId);
                        changed = true;
                        ids++;
                    } else if (apart == null) {
                        calls.add(c);
                    } else {
                        calls.addAll(apart);
                        changed = true;
                        repaired++;
                    }
                }
                out.add(new AgentMessages.Msg(o.role(), o.text(), calls, o.results()));
            }
            if (changed) {
                m.output = out;
            }
        }
        return new Repairs(repaired, ids);
    }

    /**
     * A streamed call recorded without an id (Langfuse's {@code observeOpenAI}): the call of an assistant message in
     * the next model input with the same name and the same arguments, when it has an id and exactly one call there
     * matches; else null.
     */
    private static ToolCall sameCallWithId(ToolCall call, List<AgentMessages.Msg> next) {
        ToolCall found = null;
        for (AgentMessages.Msg x : next) {
            if (x.role() != Role.ASSISTANT) {
                continue;
            }
            for (ToolCall c : x.calls()) {
                if (c.id() != null && c.name().equals(call.name()) && sameArguments(c.arguments(), call.arguments())) {
                    if (found != null && !found.id().equals(c.id())) {
                        return null; // two candidates: leave it to pairing by name and order
                    }
                    found = c;
                }
            }
        }
        return found == null ? null : new ToolCall(found.id(), call.name(), call.arguments());
    }

    private static boolean sameArguments(
            com.fasterxml.jackson.databind.JsonNode a, com.fasterxml.jackson.databind.JsonNode b) {
        if (a == null || b == null) {
            return a == b;
        }
        return java.util.Objects.equals(parsed(a), parsed(b));
    }

    private static com.fasterxml.jackson.databind.JsonNode parsed(com.fasterxml.jackson.databind.JsonNode n) {
        if (n.isTextual()) {
            try {
                return org.tracejudge.json.Json.read(n.asText());
            } catch (RuntimeException notJson) {
                return n;
            }
        }
        return n;
    }

    /**
     * Langfuse's {@code observeOpenAI} keeps one call without an id, named once, whose arguments are the calls'
     * arguments one after another ({"city":"Berlin"}{"city":"Madrid"}); read as JSON that is the first call's.
     */
    private static boolean argumentsJoined(ToolCall merged, List<ToolCall> calls) {
        StringBuilder joined = new StringBuilder();
        for (ToolCall c : calls) {
            if (!c.name().equals(merged.name())) {
                return false;
            }
            joined.append(
                    c.arguments() == null
                            ? ""
                            : c.arguments().isTextual() ? c.arguments().asText() : c.arguments());
        }
        com.fasterxml.jackson.databind.JsonNode a = merged.arguments();
        if (a == null) {
            return false;
        }
        String text = a.isTextual() ? a.asText() : a.toString();
        return text.equals(joined.toString())
                || java.util.Objects.equals(a, calls.get(0).arguments());
    }

    /** The calls of an assistant message in {@code next} that {@code merged} is the concatenation of, or null. */
    private static List<ToolCall> apart(ToolCall merged, List<AgentMessages.Msg> next) {
        for (AgentMessages.Msg x : next) {
            if (x.role() != Role.ASSISTANT || x.calls().size() < 2) {
                continue;
            }
            StringBuilder ids = new StringBuilder();
            StringBuilder names = new StringBuilder();
            boolean allIds = true;
            for (ToolCall c : x.calls()) {
                allIds &= c.id() != null;
                ids.append(c.id() == null ? "" : c.id());
                names.append(c.name());
            }
            boolean same = (allIds && merged.id() != null)
                    ? ids.toString().equals(merged.id())
                    : (merged.id() == null
                            && (names.toString().equals(merged.name()) || argumentsJoined(merged, x.calls())));
            if (same) {
                return x.calls();
            }
        }
        return null;
    }
}
