package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;
import org.tracejudge.json.Json;
import org.tracejudge.model.Role;

/**
 * The GenAI conventions' deprecated message events ({@code gen_ai.system/user/assistant/tool.message} in,
 * {@code gen_ai.choice} out), as span events or as log records linked to a span: which events hold messages, and how
 * they become a model call's input and output where its attributes had none.
 */
final class GenAiEvents {
    private GenAiEvents() {}

    /** What ADK writes as an event's content when the content is kept on the spans instead. */
    static final String ELIDED = "<elided>";

    static final Set<String> MESSAGE_EVENTS = Set.of(
            "gen_ai.system.message",
            "gen_ai.user.message",
            "gen_ai.assistant.message",
            "gen_ai.tool.message",
            "gen_ai.choice");

    /**
     * The deprecated convention: the messages as events ({@code gen_ai.system/user/assistant/tool.message} in,
     * {@code gen_ai.choice} out), on the span or as log records linked to it; read where the attributes had none.
     */
    static void eventMessages(SpanAssembler.Span sp, List<ObjectNode> events) {
        ArrayNode in = Json.MAPPER.createArrayNode();
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (ObjectNode ev : events) {
            String name = ev.path("event").asText();
            if (ELIDED.equals(ev.path("content").asText(null)) && !ev.has("tool_calls")) {
                continue; // ADK: the content is on the span (llm_request / llm_response), the event only marks it
            }
            ObjectNode m = Json.object();
            JsonNode source = ev;
            if (name.equals("gen_ai.choice")) {
                source = AgentMessages.unwrap(ev.get("message"));
                if (source == null || !source.isObject()) {
                    source = ev;
                }
                m.put("role", "assistant");
            } else {
                m.put("role", name.substring("gen_ai.".length(), name.length() - ".message".length()));
            }
            JsonNode content = AgentMessages.unwrap(source.get("content"));
            if (content != null && !content.isNull()) {
                m.set("content", content);
            }
            JsonNode calls = AgentMessages.unwrap(source.get("tool_calls"));
            if (calls != null && calls.isArray()) {
                m.set("tool_calls", calls);
            }
            if (name.equals("gen_ai.tool.message") && source.hasNonNull("id")) {
                m.set("tool_call_id", source.get("id"));
            }
            (name.equals("gen_ai.choice") ? out : in).add(m);
        }
        if ((sp.input == null || sp.input.isEmpty()) && !in.isEmpty()) {
            sp.input = AgentMessages.parse(in, Role.USER);
        }
        if ((sp.output == null || sp.output.isEmpty()) && !out.isEmpty()) {
            sp.output = AgentMessages.parse(out, Role.ASSISTANT);
        }
    }
}
