package org.tracejudge.judges.provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import okhttp3.Request;
import org.tracejudge.json.Json;

/** The Anthropic Messages format (docs.anthropic.com/en/api/messages). */
final class AnthropicWire implements WireFormat {
    /** The forced tool whose input is the verdict when structured output is asked for. */
    static final String VERDICT_TOOL = "record_verdict";

    static final String VERSION = "2023-06-01";

    /** How the forced tool of a project's own scheme is named ({@code scheme.JudgeForm#name}). */
    static final String SCHEME_TOOL_PREFIX = "scheme_";

    /** Whether a tool_use block is the answer: the verdict tool, or a scheme's form. */
    private static boolean isAnswerTool(String name) {
        return VERDICT_TOOL.equals(name) || name.startsWith(SCHEME_TOOL_PREFIX);
    }

    @Override
    public ObjectNode body(ChatRequest r, ProviderSettings s, boolean structured, boolean maxCompletionTokens) {
        ObjectNode o = Json.object();
        o.put("model", s.model());
        o.put("max_tokens", s.maxTokens());
        o.put("temperature", s.temperature());
        o.put("system", r.system());
        o.putArray("messages").addObject().put("role", "user").put("content", r.user());
        if (structured && r.form() != null) {
            // a project's own scheme: its form as the one tool, forced with tool_choice {"type": "tool", "name"}
            // (docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use, "Forcing tool use";
            // docs.anthropic.com/en/api/messages, tools and tool_choice); the tool_use block's input is the reply
            o.putArray("tools").add(r.form().tool().deepCopy());
            o.putObject("tool_choice").put("type", "tool").put("name", r.form().toolName());
        } else if (structured) {
            // one tool whose input schema is the verdict, and tool_choice forcing it
            // (docs.anthropic.com/en/docs/build-with-claude/tool-use, "Forcing tool use" / JSON output)
            ObjectNode tool = o.putArray("tools").addObject();
            tool.put("name", VERDICT_TOOL);
            tool.put("description", "Record the verdict for this trace.");
            tool.set("input_schema", r.schema());
            o.putObject("tool_choice").put("type", "tool").put("name", VERDICT_TOOL);
        }
        return o;
    }

    @Override
    public void authorize(Request.Builder b, String apiKey) {
        if (apiKey != null) {
            b.header("x-api-key", apiKey);
        }
        b.header("anthropic-version", VERSION);
    }

    @Override
    public boolean renamesTokenLimit() {
        return false;
    }

    @Override
    public Reply read(JsonNode root) {
        JsonNode blocks = root.path("content");
        if (!blocks.isArray()) {
            return Reply.malformed("the response has no content blocks");
        }
        StringBuilder text = new StringBuilder();
        StringBuilder thinking = new StringBuilder();
        boolean any = false;
        for (JsonNode block : blocks) {
            String type = block.path("type").asText();
            if ("text".equals(type) && block.path("text").isTextual()) {
                text.append(block.get("text").asText());
                any = true;
            } else if ("tool_use".equals(type)
                    && isAnswerTool(block.path("name").asText())
                    && block.path("input").isObject()) {
                text.append(block.get("input").toString()); // the forced verdict tool's input is the verdict
                any = true;
            } else if ("thinking".equals(type) && block.path("thinking").isTextual()) {
                thinking.append(block.get("thinking").asText());
            }
        }
        JsonNode usage = root.path("usage");
        int in = usage.path("input_tokens").asInt(0);
        int out = usage.path("output_tokens").asInt(0);
        String stop = root.path("stop_reason").asText("");
        String reasoning = thinking.length() == 0 ? null : thinking.toString();
        if ("refusal".equals(stop)) {
            return new Reply(
                    Reply.Status.REFUSED,
                    null,
                    reasoning,
                    false,
                    in,
                    out,
                    "the model declined to answer (stop_reason refusal)");
        }
        return new Reply(
                Reply.Status.OK, any ? text.toString() : null, reasoning, "max_tokens".equals(stop), in, out, null);
    }
}
