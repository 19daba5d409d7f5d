package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.tracejudge.json.Json;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.model.Ids;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.ToolResult;
import org.tracejudge.model.Turn;

/**
 * Reads chat transcripts, one conversation per line, in the OpenAI chat-completions shape or the
 * Anthropic Messages shape. Tool results pair with their calls by id; the last assistant text is the
 * answer. An {@code expected} object (ToolFailBench task fields) becomes the trace's task.
 */
final class ChatTranscriptReader {
    private final boolean anthropic;
    /** model + conversation id → (content hash, line) of the conversations read so far in this file. */
    private final Map<String, String[]> idsSeen = new java.util.HashMap<>();

    ChatTranscriptReader(boolean anthropic) {
        this.anthropic = anthropic;
    }

    void read(Path file, BufferedReader in, Consumer<Records.Rec> out, ImportListener listener) throws IOException {
        JsonLines.read(
                file,
                in,
                listener,
                "a conversation object {id, model, messages: [...]}",
                (line, f, conv, text) -> conversation(line, f, (ObjectNode) conv, text, out));
    }

    private void conversation(long line, Fields f, ObjectNode conv, String raw, Consumer<Records.Rec> out) {
        JsonNode messages = conv.get("messages");
        if (messages == null || !messages.isArray()) {
            throw f.error("/messages", "expected an array of messages, found " + Fields.describe(messages));
        }
        List<Turn> turns = new ArrayList<>();
        if (anthropic && conv.hasNonNull("system")) {
            turns.add(Turn.text(Role.SYSTEM, blocksText(conv.get("system"))));
        }
        Map<String, ToolCall> callsById = new HashMap<>();
        List<ToolCall> executed = new ArrayList<>();
        for (int i = 0; i < messages.size(); i++) {
            String ptr = "/messages/" + i;
            JsonNode m = messages.get(i);
            if (!m.isObject()) {
                throw f.error(ptr, "expected a message object, found " + Fields.describe(m));
            }
            String roleText = f.requiredText(m, "role", ptr);
            Role role;
            try {
                role = Role.fromCode(roleText);
            } catch (IllegalArgumentException e) {
                throw f.error(ptr + "/role", "expected system, user, assistant or tool, found \"" + roleText + "\"");
            }
            Turn t = anthropic ? anthropicTurn(f, ptr, role, m, callsById) : openAiTurn(f, ptr, role, m, callsById);
            executed.addAll(t.toolCalls());
            turns.add(t);
        }
        String answer = "";
        for (int i = turns.size() - 1; i >= 0; i--) {
            Turn t = turns.get(i);
            if (t.role() == Role.ASSISTANT && t.text() != null && !t.text().isBlank()) {
                answer = t.text();
                break;
            }
        }
        String userMessage = turns.stream()
                .filter(t -> t.role() == Role.USER && t.text() != null)
                .map(Turn::text)
                .findFirst()
                .orElse("");
        String convId = conv.hasNonNull("id") ? conv.get("id").asText() : "line-" + line;
        String model = conv.hasNonNull("model") ? conv.get("model").asText() : "unknown";
        Records.TaskRec task = task(f, conv, convId, userMessage, !executed.isEmpty() || conv.has("tools"));
        out.accept(task);
        ObjectNode extra = Json.object();
        extra.put("format", anthropic ? "anthropic" : "openai");
        if (conv.has("metadata")) {
            extra.set("metadata", conv.get("metadata"));
        }
        String contentHash = Json.sha1Hex(raw);
        if (conv.hasNonNull("id")) {
            String[] earlier =
                    idsSeen.putIfAbsent(model + '\u0000' + convId, new String[] {contentHash, String.valueOf(line)});
            if (earlier != null && !earlier[0].equals(contentHash)) {
                throw f.error(
                        "/id",
                        "the conversation id \"" + convId + "\" of model " + model
                                + " is already on line " + earlier[1]
                                + " with other content; each conversation needs its own id "
                                + "(nothing was imported)");
            }
        }
        String id = Ids.of("trace", model, task.id(), convId, contentHash);
        out.accept(new Records.TraceRec(
                id,
                task.id(),
                model,
                convId,
                answer,
                TurnCodec.callsToJson(executed).toString(),
                TurnCodec.toJson(turns),
                extra.toString()));
    }

    private Records.TaskRec task(Fields f, ObjectNode conv, String convId, String userMessage, boolean offeredTools) {
        JsonNode expected = f.optionalObject(conv, "expected", "");
        ObjectNode body = expected == null ? Json.object() : ((ObjectNode) expected).deepCopy();
        if (!body.hasNonNull("task_id")) {
            body.put("task_id", "chat-" + convId);
        }
        if (!body.hasNonNull("target_failure_mode")) {
            body.put(
                    "target_failure_mode",
                    body.hasNonNull("expected_tool_call") || offeredTools ? "unspecified" : "control");
        }
        if (!body.hasNonNull("user_message")) {
            body.put("user_message", userMessage);
        }
        if (!body.hasNonNull("domain") && conv.path("metadata").hasNonNull("domain")) {
            body.set("domain", conv.path("metadata").get("domain"));
        }
        JsonNode tools = conv.get("tools");
        return TaskCodec.fromToolFailBench(
                body, tools != null && tools.isArray() ? tools : null, f, "/expected", false);
    }

    private static Turn openAiTurn(Fields f, String ptr, Role role, JsonNode m, Map<String, ToolCall> callsById) {
        JsonNode content = m.get("content");
        String text = content == null || content.isNull() ? null : blocksText(content);
        List<ToolCall> calls = new ArrayList<>();
        JsonNode tc = f.optionalArray(m, "tool_calls", ptr);
        if (tc != null) {
            for (int j = 0; j < tc.size(); j++) {
                String cptr = ptr + "/tool_calls/" + j;
                JsonNode c = tc.get(j);
                JsonNode fn = f.requiredObject(c, "function", cptr);
                String name = f.requiredText(fn, "name", cptr + "/function");
                JsonNode args = fn.get("arguments");
                if (args != null && args.isTextual()) {
                    try {
                        args = Json.MAPPER.readTree(args.asText());
                    } catch (IOException e) {
                        throw f.error(
                                cptr + "/function/arguments",
                                "expected a JSON string of the arguments, found " + "text that is not JSON: "
                                        + abbreviate(args.asText()));
                    }
                }
                ToolCall call = new ToolCall(c.hasNonNull("id") ? c.get("id").asText() : null, name, args);
                if (call.id() != null) {
                    callsById.put(call.id(), call);
                }
                calls.add(call);
            }
        }
        List<ToolResult> results = new ArrayList<>();
        if (role == Role.TOOL) {
            String callId = f.optionalText(m, "tool_call_id", ptr);
            ToolCall call = callId == null ? null : callsById.get(callId);
            if (callId != null && call == null) {
                throw f.error(
                        ptr + "/tool_call_id",
                        "expected the id of an earlier tool call, found \"" + callId
                                + "\", which no assistant message called");
            }
            results.add(new ToolResult(callId, call == null ? null : call.name(), parseMaybe(text), false));
            text = null;
        }
        return new Turn(role, text, calls, results, null, List.of());
    }

    private static Turn anthropicTurn(Fields f, String ptr, Role role, JsonNode m, Map<String, ToolCall> callsById) {
        JsonNode content = m.get("content");
        if (content == null || content.isNull()) {
            return new Turn(role, null, List.of(), List.of(), null, List.of());
        }
        if (content.isTextual()) {
            return Turn.text(role, content.asText());
        }
        if (!content.isArray()) {
            throw f.error(
                    ptr + "/content",
                    "expected a string or an array of content blocks, found " + Fields.describe(content));
        }
        StringBuilder text = new StringBuilder();
        List<ToolCall> calls = new ArrayList<>();
        List<ToolResult> results = new ArrayList<>();
        for (int j = 0; j < content.size(); j++) {
            String bptr = ptr + "/content/" + j;
            JsonNode b = content.get(j);
            String type = f.requiredText(b, "type", bptr);
            switch (type) {
                case "text" -> {
                    if (text.length() > 0) {
                        text.append('\n');
                    }
                    text.append(f.requiredText(b, "text", bptr));
                }
                case "thinking" ->
                    text.append("<think>").append(b.path("thinking").asText()).append("</think>");
                case "tool_use" -> {
                    ToolCall call = new ToolCall(
                            f.requiredText(b, "id", bptr), f.requiredText(b, "name", bptr), b.get("input"));
                    callsById.put(call.id(), call);
                    calls.add(call);
                }
                case "tool_result" -> {
                    String id = f.requiredText(b, "tool_use_id", bptr);
                    ToolCall call = callsById.get(id);
                    if (call == null) {
                        throw f.error(
                                bptr + "/tool_use_id",
                                "expected the id of an earlier tool_use block, found \"" + id
                                        + "\", which no assistant message used");
                    }
                    JsonNode c = b.get("content");
                    JsonNode value = c == null || c.isNull() ? null : parseMaybe(blocksText(c));
                    results.add(new ToolResult(
                            id, call.name(), value, b.path("is_error").asBoolean(false)));
                }
                default -> {
                    // images and other blocks carry nothing the workbench judges
                }
            }
        }
        Role r = role == Role.USER && !results.isEmpty() && text.length() == 0 ? Role.TOOL : role;
        return new Turn(r, text.length() == 0 ? null : text.toString(), calls, results, null, List.of());
    }

    /** Text of a string or of an array of text blocks. */
    private static String blocksText(JsonNode content) {
        if (content.isTextual()) {
            return content.asText();
        }
        if (content.isArray()) {
            StringBuilder sb = new StringBuilder();
            for (JsonNode b : content) {
                if (b.isTextual()) {
                    sb.append(b.asText());
                } else if (b.has("text")) {
                    if (sb.length() > 0) {
                        sb.append('\n');
                    }
                    sb.append(b.get("text").asText());
                }
            }
            return sb.toString();
        }
        return content.toString();
    }

    /** Tool output is often JSON written as text: keep it structured when it parses. */
    private static JsonNode parseMaybe(String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim();
        if (t.startsWith("{") || t.startsWith("[")) {
            try {
                return Json.MAPPER.readTree(t);
            } catch (IOException e) {
                // plain text after all
            }
        }
        return Json.MAPPER.getNodeFactory().textNode(text);
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
