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

    private MergedStreamCalls() {}

    /** Repairs the outputs of {@code models} (model spans in start order); returns how many calls were repaired. */
    static int repair(List<SpanAssembler.Span> models) {
        int repaired = 0;
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
                    if (apart == null) {
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
        return repaired;
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
