package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tracejudge.json.Json;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolCall;

/**
 * Chat messages in the shapes agent tools write them, read into one form: OpenTelemetry GenAI {@code parts}
 * ({@code text}, {@code tool_call}, {@code tool_call_response}), OpenAI chat ({@code tool_calls}, {@code tool_call_id}),
 * Anthropic content blocks ({@code tool_use}, {@code tool_result}), OpenAI Responses items ({@code function_call},
 * {@code function_call_output}), the Vercel AI SDK's tool-call lists ({@code toolCallId}, {@code toolName}), Inspect
 * ChatMessages ({@code function} as the tool name, {@code error}), and plain {@code {prompt}} / {@code {text}} objects.
 * A JSON string holding any of these is read as what it holds.
 */
final class AgentMessages {
    private AgentMessages() {}

    /** One message: who spoke, its text (null when none), the tools it called and the tool results it carries. */
    record Msg(Role role, String text, List<ToolCall> calls, List<Res> results) {
        Msg {
            calls = calls == null ? List.of() : List.copyOf(calls);
            results = results == null ? List.of() : List.copyOf(results);
        }

        boolean empty() {
            return (text == null || text.isBlank()) && calls.isEmpty() && results.isEmpty();
        }
    }

    /** A tool result as the message carried it: the call id it names (may be null or not match), the tool name if given. */
    record Res(String callId, String name, JsonNode content, boolean error, String errorType, String errorMessage) {}

    /** A JSON string that holds an object or an array, parsed; anything else as it is. */
    static JsonNode unwrap(JsonNode n) {
        for (int depth = 0; depth < 3 && n != null && n.isTextual(); depth++) {
            String t = n.asText().trim();
            boolean quoted =
                    t.length() >= 2 && t.startsWith("\"") && t.endsWith("\""); // a JSON string of a JSON string
            if (!(t.startsWith("{") || t.startsWith("[") || quoted)) {
                return n;
            }
            try {
                JsonNode parsed = Json.MAPPER.readTree(t);
                if (parsed == null || (quoted && !parsed.isTextual())) {
                    return n;
                }
                n = parsed;
            } catch (IOException e) {
                return n;
            }
        }
        return n;
    }

    /** Tool output or arguments: JSON text parsed when it parses, else kept as text. */
    static JsonNode value(JsonNode n) {
        if (n == null || n.isMissingNode()) {
            return null;
        }
        return unwrap(n);
    }

    /** The messages in {@code n}; a message without a role gets {@code defaultRole}. Never null. */
    static List<Msg> parse(JsonNode n, Role defaultRole) {
        List<Msg> out = new ArrayList<>();
        parseInto(unwrap(n), defaultRole, out, 0);
        return out;
    }

    private static void parseInto(JsonNode n, Role defaultRole, List<Msg> out, int depth) {
        if (n == null || n.isNull() || n.isMissingNode() || depth > 8) {
            return;
        }
        if (n.isTextual()) {
            if (!n.asText().isEmpty()) {
                out.add(new Msg(defaultRole, n.asText(), null, null));
            }
            return;
        }
        if (n.isArray()) {
            for (JsonNode e : n) {
                parseInto(unwrap(e), defaultRole, out, depth + 1);
            }
            return;
        }
        if (!n.isObject()) {
            out.add(new Msg(defaultRole, n.asText(), null, null));
            return;
        }
        if (n.path("messages").isArray() && !n.has("role")) {
            parseInto(n.get("messages"), defaultRole, out, depth + 1);
            return;
        }
        if ("response".equals(n.path("object").asText()) && n.path("output").isArray()) {
            parseInto(n.get("output"), Role.ASSISTANT, out, depth + 1);
            return;
        }
        if (n.has("prompt") && !n.has("role")) {
            if (n.path("system").isTextual()) {
                out.add(new Msg(Role.SYSTEM, n.get("system").asText(), null, null));
            }
            parseInto(unwrap(n.get("prompt")), Role.USER, out, depth + 1);
            return;
        }
        Msg m = one(n, defaultRole);
        if (m != null) {
            out.add(m);
        }
    }

    static Role role(String code, Role fallback) {
        if (code == null) {
            return fallback;
        }
        return switch (code.toLowerCase(Locale.ROOT)) {
            case "system", "developer" -> Role.SYSTEM;
            case "user", "human" -> Role.USER;
            case "assistant", "model", "ai", "agent" -> Role.ASSISTANT;
            case "tool", "function", "ipython", "tool_result" -> Role.TOOL;
            default -> fallback;
        };
    }

    private static Msg one(JsonNode o, Role defaultRole) {
        String type = o.path("type").asText("");
        switch (type) {
            case "function_call", "tool_call" -> {
                if (!o.has("parts")) {
                    return new Msg(
                            Role.ASSISTANT,
                            null,
                            List.of(new ToolCall(text(o, "call_id", "id"), nameOf(o), value(o.get("arguments")))),
                            null);
                }
            }
            case "function_call_output", "tool_call_response", "tool_result" -> {
                if (!o.has("parts")) {
                    JsonNode content = o.has("output")
                            ? o.get("output")
                            : o.has("response") ? o.get("response") : o.get("content");
                    return new Msg(
                            Role.TOOL,
                            null,
                            null,
                            List.of(result(
                                    text(o, "call_id", "tool_use_id", "id"),
                                    null,
                                    blocksValue(content),
                                    o.path("is_error").asBoolean(false),
                                    null)));
                }
            }
            case "reasoning" -> {
                return null;
            }
            default -> {
                // a message
            }
        }
        if (o.has("toolCallId") && o.has("toolName")) {
            return new Msg(
                    Role.ASSISTANT,
                    null,
                    List.of(new ToolCall(
                            o.get("toolCallId").asText(),
                            o.get("toolName").asText(),
                            value(o.has("input") ? o.get("input") : o.get("args")))),
                    null);
        }
        Role role = role(o.hasNonNull("role") ? o.get("role").asText() : null, defaultRole);
        if (role == Role.TOOL
                && !o.has("tool_call_id")
                && "function".equals(o.path("content").path("type").asText())
                && o.path("content").path("function").has("parameters")) {
            return null; // Langfuse's LangChain integration lists the offered tools as tool messages: not results
        }
        StringBuilder text = new StringBuilder();
        List<ToolCall> calls = new ArrayList<>();
        List<Res> results = new ArrayList<>();
        if (o.path("parts").isArray()) {
            for (JsonNode p : o.get("parts")) {
                part(p, text, calls, results);
            }
        }
        JsonNode content = o.get("content");
        if (content != null && !content.isNull()) {
            if (content.isTextual()) {
                append(text, content.asText());
            } else if (content.isArray()) {
                for (JsonNode b : content) {
                    part(b, text, calls, results);
                }
            } else if (content.isObject() && (content.has("parts") || content.has("role"))) {
                Msg inner = one(content, role);
                if (inner != null) {
                    return inner;
                }
            } else if (content.isObject()) {
                part(content, text, calls, results);
            }
        } else if (o.path("text").isTextual() && !o.has("parts")) {
            append(text, o.get("text").asText());
        }
        if (o.path("tool_calls").isArray()) {
            for (JsonNode c : o.get("tool_calls")) {
                calls.add(new ToolCall(text(c, "id", "tool_call_id", "call_id"), nameOf(c), value(argsOf(c))));
            }
        }
        if (calls.isEmpty() && o.path("additional_kwargs").path("tool_calls").isArray()) {
            // LangChain's message dict: the provider's tool calls kept in additional_kwargs
            for (JsonNode c : o.get("additional_kwargs").get("tool_calls")) {
                calls.add(new ToolCall(text(c, "id", "tool_call_id", "call_id"), nameOf(c), value(argsOf(c))));
            }
        }
        if (role == Role.ASSISTANT
                && calls.isEmpty()
                && text.length() > 2
                && text.charAt(0) == '['
                && text.charAt(1) == '{') {
            // Koog writes an assistant turn's tool calls as the OpenAI tool_calls list, serialised into its content
            List<ToolCall> inText = callsInText(text.toString());
            if (!inText.isEmpty()) {
                calls.addAll(inText);
                text.setLength(0);
            }
        }
        if (o.path("function_call").isObject()) {
            JsonNode c = o.get("function_call");
            calls.add(new ToolCall(null, c.path("name").asText("?"), value(c.get("arguments"))));
        }
        boolean toolMessage = role == Role.TOOL
                || o.has("tool_call_id")
                || o.path("tool_call_ids").isArray();
        if (toolMessage && results.isEmpty()) {
            String id = o.hasNonNull("tool_call_id")
                    ? o.get("tool_call_id").asText()
                    : o.path("tool_call_ids").isArray()
                                    && o.get("tool_call_ids").size() > 0
                            ? o.get("tool_call_ids").get(0).asText()
                            : null;
            String name = o.path("function").isTextual()
                    ? o.get("function").asText()
                    : o.path("name").isTextual() ? o.get("name").asText() : null;
            JsonNode err = o.get("error");
            boolean isError = err != null && !err.isNull() && !(err.isBoolean() && !err.asBoolean());
            // a result that is not text (an object, a number, a list that is not content blocks) is kept as it is
            JsonNode asIs =
                    text.length() == 0 && content != null && !content.isNull() && !content.isTextual() ? content : null;
            results.add(new Res(
                    id,
                    name,
                    text.length() == 0
                            ? asIs
                            : value(Json.MAPPER.getNodeFactory().textNode(text.toString())),
                    isError,
                    err != null && err.isObject() ? err.path("type").asText(null) : null,
                    err != null && err.isObject()
                            ? err.path("message").asText(null)
                            : err != null && err.isTextual() ? err.asText() : null));
            text.setLength(0);
        }
        if (!results.isEmpty() && calls.isEmpty() && text.length() == 0) {
            role = Role.TOOL;
        }
        return new Msg(role, text.length() == 0 ? null : text.toString(), calls, results);
    }

    /** The calls of a text that is exactly an OpenAI {@code tool_calls} list ({@code [{id, type:function, function:{name, arguments}}]}), else none. */
    private static List<ToolCall> callsInText(String text) {
        JsonNode list;
        try {
            list = Json.MAPPER.readTree(text);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        List<ToolCall> out = new ArrayList<>();
        for (JsonNode c : list) {
            if (!c.path("function").path("name").isTextual()
                    || !"function".equals(c.path("type").asText("function"))) {
                return List.of();
            }
            out.add(new ToolCall(text(c, "id"), nameOf(c), value(argsOf(c))));
        }
        return out;
    }

    private static void part(JsonNode p, StringBuilder text, List<ToolCall> calls, List<Res> results) {
        if (p.isTextual()) {
            append(text, p.asText());
            return;
        }
        String type = p.path("type").asText("");
        switch (type) {
            case "text", "input_text", "output_text", "" -> {
                if (p.path("content").isTextual()) {
                    append(text, p.get("content").asText());
                } else if (p.path("text").isTextual()) {
                    append(text, p.get("text").asText());
                } else if (p.has("function_call")) { // ADK / Gemini parts
                    JsonNode c = p.get("function_call");
                    calls.add(new ToolCall(text(c, "id"), c.path("name").asText("?"), value(c.get("args"))));
                } else if (p.has("function_response")) {
                    JsonNode r = p.get("function_response");
                    results.add(
                            result(text(r, "id"), r.path("name").asText(null), value(r.get("response")), false, null));
                }
            }
            case "tool_call", "tool_use", "function_call" ->
                calls.add(new ToolCall(
                        text(p, "id", "call_id"),
                        nameOf(p),
                        value(p.has("arguments") ? p.get("arguments") : p.get("input"))));
            case "tool_call_response", "tool_result", "function_call_output" -> {
                JsonNode c =
                        p.has("response") ? p.get("response") : p.has("output") ? p.get("output") : p.get("content");
                results.add(result(
                        text(p, "id", "tool_use_id", "call_id"),
                        p.path("name").asText(null),
                        blocksValue(c),
                        p.path("is_error").asBoolean(false),
                        null));
            }
            default -> {
                // reasoning, images, files: nothing the workbench judges
            }
        }
    }

    /** A result; an object {@code {error: ...}} as the response marks it failed. */
    private static Res result(String id, String name, JsonNode content, boolean isError, String type) {
        JsonNode c = value(content);
        String message = null;
        if (c != null && c.isObject() && c.hasNonNull("error") && c.size() <= 2) {
            isError = true;
            message = c.get("error").isTextual()
                    ? c.get("error").asText()
                    : c.get("error").toString();
        }
        return new Res(id, name, c, isError, type, message);
    }

    /** Content blocks of a tool result ({@code [{type:text,text}]}) as their text; other values as they are. */
    private static JsonNode blocksValue(JsonNode c) {
        c = value(c);
        if (c != null
                && c.isArray()
                && c.size() > 0
                && c.get(0).isObject()
                && c.get(0).has("text")) {
            StringBuilder sb = new StringBuilder();
            for (JsonNode b : c) {
                append(sb, b.path("text").asText(""));
            }
            return value(Json.MAPPER.getNodeFactory().textNode(sb.toString()));
        }
        return c;
    }

    private static JsonNode argsOf(JsonNode c) {
        if (c.path("function").isObject()) {
            return c.get("function").get("arguments");
        }
        return c.has("arguments") ? c.get("arguments") : c.get("input");
    }

    private static String nameOf(JsonNode c) {
        if (c.path("function").isObject() && c.get("function").path("name").isTextual()) {
            return c.get("function").get("name").asText();
        }
        if (c.path("function").isTextual()) {
            return c.get("function").asText();
        }
        if (c.path("name").isTextual()) {
            return c.get("name").asText();
        }
        return c.path("function_name").asText("?");
    }

    private static String text(JsonNode o, String... fields) {
        for (String f : fields) {
            JsonNode v = o.get(f);
            if (v != null && (v.isTextual() || v.isNumber()) && !v.asText().isEmpty()) {
                return v.asText();
            }
        }
        return null;
    }

    private static void append(StringBuilder sb, String s) {
        if (s == null || s.isEmpty()) {
            return;
        }
        if (sb.length() > 0) {
            sb.append('\n');
        }
        sb.append(s);
    }
}
