package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.tracejudge.json.Json;
import org.tracejudge.model.Role;

/**
 * One span's attributes as the assembler's model or tool fields, under each convention a span may carry: the GenAI
 * semantic conventions (latest {@code gen_ai.input.messages} / {@code gen_ai.output.messages}, older
 * {@code gen_ai.prompt.N.*} / {@code gen_ai.completion.N.*}, ADK's {@code gcp.vertex.agent.*}), OpenInference's flat
 * {@code llm.input_messages.N.message.*} and {@code input.value}, with {@link VercelAiSpans},
 * {@link OpenInferenceSpans} and {@link LangfuseOtelSpans} adding what their SDKs write on top. No state: the reader
 * decides a span's kind, this fills its fields.
 */
final class GenAiAttributes {
    private static final JsonNodeFactory NF = JsonNodeFactory.instance;

    private GenAiAttributes() {}

    /** The model or tool fields of a span of known kind, from its attributes (also Langfuse's raw OTel attributes). */
    static void fill(SpanAssembler.Span s, Map<String, JsonNode> a, Fields f, String ptr) {
        String name = s.name == null ? "" : s.name;
        s.rawInput = a.get("input.value");
        s.rawOutput = a.get("output.value");
        s.errorType = text(a, "error.type");
        if (s.kind == SpanAssembler.Kind.MODEL) {
            model(s, a, f, ptr);
        } else if (s.kind == SpanAssembler.Kind.TOOL) {
            s.toolName = first(
                    text(a, "gen_ai.tool.name"),
                    text(a, "tool.name"),
                    name.startsWith("execute_tool ") ? name.substring("execute_tool ".length()) : null);
            s.callId = first(text(a, "gen_ai.tool.call.id"), text(a, "tool_call.id"));
            s.args = AgentMessages.value(firstNonEmpty(
                    a, "gen_ai.tool.call.arguments", "gcp.vertex.agent.tool_call_args", "input.value", "input"));
            JsonNode result = firstNonEmpty(
                    a, "gen_ai.tool.call.result", "gcp.vertex.agent.tool_response", "output.value", "output");
            s.result = AgentMessages.value(result);
            s.resultKnown = result != null;
            if (VercelAiSpans.isTool(a)) {
                VercelAiSpans.tool(s, a);
            }
            if (OpenInferenceSpans.isTool(a)) {
                OpenInferenceSpans.tool(s);
            }
        }
        if (LangfuseOtelSpans.is(a) && s.kind != SpanAssembler.Kind.OTHER) {
            LangfuseOtelSpans.fill(s, a);
        }
    }

    static void model(SpanAssembler.Span s, Map<String, JsonNode> a, Fields f, String ptr) {
        s.model = first(text(a, "gen_ai.response.model"), text(a, "llm.model_name"), text(a, "gen_ai.request.model"));
        s.tokensIn =
                number(a, f, ptr, "gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens", "llm.token_count.prompt");
        s.tokensOut = number(
                a,
                f,
                ptr,
                "gen_ai.usage.output_tokens",
                "gen_ai.usage.completion_tokens",
                "llm.token_count.completion");
        // input
        if (a.containsKey("gen_ai.input.messages")) {
            s.input = AgentMessages.parse(jsonAttr(a, "gen_ai.input.messages", f, ptr), Role.USER);
        } else if (hasPrefix(a, "llm.input_messages.")) {
            s.input = AgentMessages.parse(flatMessages(a, "llm.input_messages.", true), Role.USER);
        } else if (hasPrefix(a, "gen_ai.prompt.")) {
            s.input = AgentMessages.parse(flatMessages(a, "gen_ai.prompt.", false), Role.USER);
        } else if (a.containsKey("gen_ai.prompt")) {
            s.input = AgentMessages.parse(a.get("gen_ai.prompt"), Role.USER);
        } else if (nonEmpty(a.get("gcp.vertex.agent.llm_request"))) {
            JsonNode req = AgentMessages.unwrap(a.get("gcp.vertex.agent.llm_request"));
            s.input = AgentMessages.parse(req.path("contents"), Role.USER);
            if (req.path("config").path("system_instruction").isTextual()) {
                s.system = req.get("config").get("system_instruction").asText();
            }
        } else if (a.containsKey("input.value")) {
            s.input = AgentMessages.parse(a.get("input.value"), Role.USER);
        } else if (a.containsKey("input")) {
            s.input = AgentMessages.parse(a.get("input"), Role.USER);
        }
        if (a.containsKey("gen_ai.system_instructions")) {
            StringBuilder sb = new StringBuilder();
            for (AgentMessages.Msg m : AgentMessages.parse(a.get("gen_ai.system_instructions"), Role.SYSTEM)) {
                if (m.text() != null) {
                    sb.append(sb.length() > 0 ? "\n" : "").append(m.text());
                }
            }
            s.system = sb.toString();
        }
        // output
        if (a.containsKey("gen_ai.output.messages")) {
            s.output = AgentMessages.parse(jsonAttr(a, "gen_ai.output.messages", f, ptr), Role.ASSISTANT);
        } else if (hasPrefix(a, "llm.output_messages.")) {
            s.output = AgentMessages.parse(flatMessages(a, "llm.output_messages.", true), Role.ASSISTANT);
        } else if (hasPrefix(a, "gen_ai.completion.")) {
            s.output = AgentMessages.parse(flatMessages(a, "gen_ai.completion.", false), Role.ASSISTANT);
        } else if (a.containsKey("gen_ai.completion")) {
            s.output = AgentMessages.parse(a.get("gen_ai.completion"), Role.ASSISTANT);
        } else if (nonEmpty(a.get("gcp.vertex.agent.llm_response"))) {
            s.output = AgentMessages.parse(
                    AgentMessages.unwrap(a.get("gcp.vertex.agent.llm_response")).path("content"), Role.ASSISTANT);
        } else if (a.containsKey("output.value")) {
            s.output = AgentMessages.parse(a.get("output.value"), Role.ASSISTANT);
        } else if (a.containsKey("output")) {
            s.output = AgentMessages.parse(a.get("output"), Role.ASSISTANT);
        }
        s.tools = tools(a);
        if (VercelAiSpans.isModel(a)) {
            VercelAiSpans.model(s, a);
        }
    }

    /** Offered tools as OpenAI function schemas. */
    static JsonNode tools(Map<String, JsonNode> a) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        JsonNode defs = AgentMessages.unwrap(a.get("gen_ai.tool.definitions"));
        if (defs != null && defs.isArray()) {
            for (JsonNode d : defs) {
                ObjectNode fn = out.addObject().put("type", "function").putObject("function");
                fn.put(
                        "name",
                        d.path("name").asText(d.path("function").path("name").asText("?")));
                if (d.has("description")) {
                    fn.set("description", d.get("description"));
                }
                if (d.has("parameters")) {
                    fn.set("parameters", AgentMessages.unwrap(d.get("parameters")));
                }
            }
            return out;
        }
        Map<Integer, Map<String, JsonNode>> fns = indexed(a, "llm.request.functions.");
        for (Map<String, JsonNode> fn : fns.values()) {
            ObjectNode o = out.addObject().put("type", "function").putObject("function");
            o.put("name", fn.containsKey("name") ? fn.get("name").asText() : "?");
            if (fn.containsKey("description")) {
                o.set("description", fn.get("description"));
            }
            if (fn.containsKey("parameters")) {
                o.set("parameters", AgentMessages.unwrap(fn.get("parameters")));
            }
        }
        for (Map<String, JsonNode> t : indexed(a, "llm.tools.").values()) {
            JsonNode schema = AgentMessages.unwrap(t.get("tool.json_schema"));
            if (schema != null && schema.isObject()) {
                out.add(
                        schema.has("function")
                                ? schema
                                : NF.objectNode().put("type", "function").set("function", schema));
            }
        }
        return out.isEmpty() ? null : out;
    }

    /** Messages flattened into attributes ({@code prefix.N.role}, OpenInference {@code prefix.N.message.role}) as objects. */
    static JsonNode flatMessages(Map<String, JsonNode> a, String prefix, boolean openInference) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (Map<String, JsonNode> m : indexed(a, prefix).values()) {
            Map<String, JsonNode> msg = m;
            if (openInference) {
                msg = new HashMap<>();
                for (Map.Entry<String, JsonNode> e : m.entrySet()) {
                    if (e.getKey().startsWith("message.")) {
                        msg.put(e.getKey().substring("message.".length()), e.getValue());
                    }
                }
            }
            ObjectNode o = out.addObject();
            if (msg.containsKey("role")) {
                o.set("role", msg.get("role"));
            }
            if (msg.containsKey("content")) {
                o.set("content", msg.get("content"));
            } else {
                ArrayNode blocks = NF.arrayNode();
                for (Map<String, JsonNode> c : indexed(msg, "contents.").values()) {
                    String type = c.containsKey("message_content.type")
                            ? c.get("message_content.type").asText()
                            : "text";
                    if (type.equals("text") && c.containsKey("message_content.text")) {
                        blocks.addObject().put("type", "text").set("text", c.get("message_content.text"));
                    }
                }
                if (!blocks.isEmpty()) {
                    o.set("content", blocks);
                }
            }
            ArrayNode calls = NF.arrayNode();
            for (Map<String, JsonNode> c : indexed(msg, "tool_calls.").values()) {
                String p = openInference ? "tool_call." : "";
                ObjectNode call = calls.addObject();
                if (c.containsKey(p + "id")) {
                    call.set("id", c.get(p + "id"));
                }
                JsonNode name = c.containsKey(p + "function.name") ? c.get(p + "function.name") : c.get(p + "name");
                call.set("name", name == null ? NF.textNode("?") : name);
                JsonNode args = c.containsKey(p + "function.arguments")
                        ? c.get(p + "function.arguments")
                        : c.get(p + "arguments");
                if (args != null) {
                    call.set("arguments", args);
                }
            }
            if (!calls.isEmpty()) {
                o.set("tool_calls", calls);
            }
            if (msg.containsKey("tool_call_id")) {
                o.set("tool_call_id", msg.get("tool_call_id"));
            }
        }
        return out;
    }

    /** {@code prefix.N.rest} keys grouped by N (in order), each as rest -> value. */
    static Map<Integer, Map<String, JsonNode>> indexed(Map<String, JsonNode> a, String prefix) {
        TreeMap<Integer, Map<String, JsonNode>> out = new TreeMap<>();
        for (Map.Entry<String, JsonNode> e : a.entrySet()) {
            String k = e.getKey();
            if (!k.startsWith(prefix)) {
                continue;
            }
            String rest = k.substring(prefix.length());
            int dot = rest.indexOf('.');
            if (dot <= 0) {
                continue;
            }
            try {
                int n = Integer.parseInt(rest.substring(0, dot));
                out.computeIfAbsent(n, x -> new LinkedHashMap<>()).put(rest.substring(dot + 1), e.getValue());
            } catch (NumberFormatException ignored) {
                // not an index
            }
        }
        return out;
    }

    static boolean hasPrefix(Map<String, JsonNode> a, String prefix) {
        for (String k : a.keySet()) {
            if (k.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** A JSON-string attribute that must hold JSON (latest convention messages). */
    static JsonNode jsonAttr(Map<String, JsonNode> a, String key, Fields f, String ptr) {
        JsonNode v = a.get(key);
        if (v != null && v.isTextual()) {
            try {
                return Json.MAPPER.readTree(v.asText());
            } catch (IOException e) {
                throw f.error(
                        ptr + "/attributes[" + key + "]",
                        "expected a JSON string of messages, found text that is not JSON");
            }
        }
        if (v != null && !v.isArray() && !v.isObject()) {
            throw f.error(
                    ptr + "/attributes[" + key + "]",
                    "expected a JSON string of messages, found " + Fields.describe(v));
        }
        return v;
    }

    static boolean nonEmpty(JsonNode n) {
        if (n == null || n.isNull()) {
            return false;
        }
        String t = n.isTextual() ? n.asText().trim() : n.toString();
        return !t.isEmpty() && !t.equals("{}") && !t.equals("[]");
    }

    static JsonNode firstNonEmpty(Map<String, JsonNode> a, String... keys) {
        for (String k : keys) {
            if (nonEmpty(a.get(k))) {
                return a.get(k);
            }
        }
        return null;
    }

    static String text(Map<String, JsonNode> a, String key) {
        JsonNode v = a.get(key);
        return v == null || v.isNull() || v.isContainerNode() ? null : v.asText();
    }

    static String first(String... vs) {
        for (String v : vs) {
            if (v != null && !v.isEmpty()) {
                return v;
            }
        }
        return null;
    }

    static Long number(Map<String, JsonNode> a, Fields f, String ptr, String... keys) {
        for (String k : keys) {
            JsonNode v = a.get(k);
            if (v == null || v.isNull()) {
                continue;
            }
            if (v.isIntegralNumber()) {
                return v.asLong();
            }
            if (v.isTextual()) {
                try {
                    return Long.parseLong(v.asText().trim());
                } catch (NumberFormatException e) {
                    throw f.error(
                            ptr + "/attributes[" + k + "]",
                            "expected an integer token count, found the string \"" + v.asText() + "\"");
                }
            }
            if (v.isNumber()) {
                return (long) v.asDouble();
            }
            throw f.error(
                    ptr + "/attributes[" + k + "]", "expected an integer token count, found " + Fields.describe(v));
        }
        return null;
    }
}
