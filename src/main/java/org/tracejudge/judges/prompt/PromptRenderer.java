package org.tracejudge.judges.prompt;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.tracejudge.json.Json;
import org.tracejudge.model.GroundTruth;
import org.tracejudge.model.Task;
import org.tracejudge.model.TaskType;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.Trace;
import org.tracejudge.rules.Span;
import org.tracejudge.rules.ThinkBlocks;

/**
 * The judge's input (the user prompt): headed sections in a fixed order — task type, domain, user
 * message, available tools, (tool-required tasks only) expected call and tool return, executed calls,
 * final answer with think blocks removed, ground truth. Free text sits in fences longer than any run
 * of backticks inside it, so an answer cannot open a section of its own. The rule label is never shown.
 */
public final class PromptRenderer {
    /** Bumped when the layout changes: part of every judge version, so a new layout is a new rater. */
    public static final String FORMAT = "prompt-format-1";

    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private PromptRenderer() {}

    public static String render(Task task, Trace trace) {
        if (task.type() == TaskType.TOOL_SELECTION) {
            return renderSelection(task, trace);
        }
        if (task.type() == TaskType.CALL_LEVEL) {
            return renderCall(task, trace);
        }
        StringBuilder sb = new StringBuilder(2048);
        boolean required = task.type() == TaskType.TOOL_REQUIRED;
        section(sb, "Task type");
        sb.append(
                        required
                                ? "tool_required (a good answer needs data that a tool returns)"
                                : task.type() == TaskType.CONTROL
                                        ? "control (no tool is needed)"
                                        : task.type().code())
                .append('\n');
        section(sb, "Domain");
        sb.append(orNone(task.domain())).append('\n');
        section(sb, "User message");
        fenced(sb, task.userMessage() == null ? "" : task.userMessage());
        section(sb, "Available tools");
        tools(sb, task.tools());
        if (required && task.expectedCall() == null && hasToolResults(trace)) {
            // an imported agent run: no expected call and no single tool return, so the judge reads the steps
            section(sb, "Expected tool call");
            sb.append("none given: judge from the steps whether the answer rests on what the tools returned\n");
            steps(sb, trace);
        } else if (required) {
            section(sb, "Expected tool call");
            ToolCall expected = task.expectedCall();
            sb.append(expected == null ? "none given" : call(expected)).append('\n');
            section(sb, "Tool return value");
            fenced(sb, "json", task.toolReturn() == null ? "null" : pretty(task.toolReturn()));
        }
        section(sb, "Executed tool calls");
        if (trace.executedCalls().isEmpty()) {
            sb.append("none\n");
        } else {
            int i = 1;
            for (ToolCall c : trace.executedCalls()) {
                sb.append(i++).append(". ").append(call(c)).append('\n');
            }
        }
        section(sb, "Final answer (think blocks removed)");
        String answer = withoutThinking(trace.answer());
        if (answer.isBlank()) {
            sb.append("empty\n");
        } else {
            fenced(sb, answer);
        }
        section(sb, "Ground truth");
        GroundTruth gt = task.groundTruth() == null ? GroundTruth.NONE : task.groundTruth();
        sb.append("Must contain: ").append(list(gt.mustContain())).append('\n');
        sb.append("Must not contain: ").append(list(gt.mustNotContain())).append('\n');
        sb.append("Match mode: ").append(gt.matchMode()).append('\n');
        return sb.toString();
    }

    /**
     * A tool-selection case: the scenario's tools (safety-critical ones marked), the person's message and what the
     * selector chose (its NLT text, or its structured calls). The expected set is not shown: the judge decides.
     */
    static String renderSelection(Task task, Trace trace) {
        StringBuilder sb = new StringBuilder(2048);
        section(sb, "Task type");
        sb.append("tool_selection (decide YES or NO for every tool)\n");
        section(sb, "Scenario");
        sb.append(orNone(task.domain())).append('\n');
        section(sb, "Tools");
        if (task.tools() == null || !task.tools().isArray() || task.tools().isEmpty()) {
            sb.append("none given\n");
        } else {
            for (var t : task.tools()) {
                sb.append("- ")
                        .append(t.path("name").asText())
                        .append(t.path("safety_critical").asBoolean(false) ? " [safety-critical]" : "")
                        .append(": ")
                        .append(t.path("description").asText(""))
                        .append('\n');
            }
        }
        section(sb, "Message");
        fenced(sb, task.userMessage() == null ? "" : task.userMessage());
        boolean structured = trace.extra() != null
                && "structured".equals(trace.extra().path("approach").asText());
        section(sb, structured ? "Selector's tool calls" : "Selector's output");
        if (structured) {
            if (trace.executedCalls().isEmpty()) {
                sb.append("none\n");
            } else {
                for (ToolCall c : trace.executedCalls()) {
                    sb.append("- ").append(c.name()).append('\n');
                }
            }
        } else if (trace.answer().isBlank()) {
            sb.append("empty\n");
        } else {
            fenced(sb, trace.answer());
        }
        return sb.toString();
    }

    /**
     * A call-level case (ToolHaystack, DiaBench): benchmark and scenario, the candidate tools with their full
     * parameter schemas, every turn of the conversation (session, badge, role; think blocks removed; the graded
     * assistant's turns marked), the gold call, the calls the assistant made and its last reply.
     */
    static String renderCall(Task task, Trace trace) {
        StringBuilder sb = new StringBuilder(8192);
        JsonNode body = task.body();
        section(sb, "Task type");
        sb.append("call_level (grade the assistant's next tool call in a long conversation)\n");
        section(sb, "Benchmark");
        sb.append(body.path("benchmark").asText("unknown"));
        if (body.hasNonNull("scenario")) {
            sb.append(", scenario ").append(body.get("scenario").asText());
        }
        if (body.hasNonNull("level")) {
            sb.append(", level ").append(body.get("level").asText());
        }
        sb.append('\n');
        section(sb, "Candidate tools");
        if (task.tools() == null || !task.tools().isArray() || task.tools().isEmpty()) {
            sb.append("none listed\n");
        } else {
            for (JsonNode t : task.tools()) {
                JsonNode f = t.has("function") ? t.get("function") : t;
                sb.append("- ").append(f.path("name").asText("(unnamed)"));
                String d =
                        f.path("description").asText("").replaceAll("\\s+", " ").strip();
                if (!d.isEmpty()) {
                    sb.append(": ").append(d);
                }
                sb.append('\n');
                if (f.has("parameters")) {
                    fenced(sb, "json", pretty(f.get("parameters")));
                }
            }
        }
        section(sb, "Conversation");
        String session = null;
        int i = 0;
        for (org.tracejudge.model.Turn t : trace.turns()) {
            if (t.sessionId() != null && !t.sessionId().equals(session)) {
                session = t.sessionId();
                String badge = t.badges().stream()
                        .filter(b -> !b.equals("response"))
                        .findFirst()
                        .orElse("");
                sb.append("### Session ")
                        .append(session)
                        .append(badge.isEmpty() ? "" : " (" + badge + ")")
                        .append('\n');
            }
            boolean graded = t.badges().contains("response");
            sb.append("[turn ")
                    .append(i++)
                    .append("] ")
                    .append(t.role().code())
                    .append(graded ? " (graded assistant)" : "")
                    .append('\n');
            if (t.text() != null && !t.text().isBlank()) {
                fenced(sb, withoutThinking(t.text()));
            }
            if (graded) {
                for (ToolCall c : t.toolCalls()) {
                    sb.append("call: ").append(call(c)).append('\n');
                }
            } else if (t.text() == null || t.text().isBlank()) {
                for (ToolCall c : t.toolCalls()) {
                    sb.append("call: ").append(call(c)).append('\n');
                }
            }
            for (org.tracejudge.model.ToolResult r : t.toolResults()) {
                sb.append("tool result")
                        .append(r.name() == null ? "" : " (" + r.name() + ")")
                        .append(":\n");
                fenced(sb, "json", r.content() == null ? "null" : pretty(r.content()));
            }
        }
        section(sb, "Gold call");
        ToolCall gold = task.expectedCall();
        sb.append(gold == null ? "none given" : call(gold)).append('\n');
        sb.append("(\"MISSING\" marks a value the conversation never gives: the assistant should ask for it)\n");
        section(sb, "Calls the assistant made");
        if (trace.executedCalls().isEmpty()) {
            sb.append("none\n");
        } else {
            int n = 1;
            for (ToolCall c : trace.executedCalls()) {
                sb.append(n++).append(". ").append(call(c)).append('\n');
            }
        }
        section(sb, "Assistant's last reply (think blocks removed)");
        String answer = withoutThinking(trace.answer());
        if (answer.isBlank()) {
            sb.append("empty\n");
        } else {
            fenced(sb, answer);
        }
        return sb.toString();
    }

    private static boolean hasToolResults(Trace trace) {
        return trace.turns().stream().anyMatch(t -> !t.toolResults().isEmpty());
    }

    /** Every step of a run: each model turn with its calls, each tool result beside the call it answers, errors marked. */
    private static void steps(StringBuilder sb, Trace trace) {
        section(sb, "Steps");
        int i = 0;
        for (org.tracejudge.model.Turn t : trace.turns()) {
            sb.append("[step ").append(i++).append("] ").append(t.role().code());
            if (t.badges().contains(org.tracejudge.model.Turn.EARLIER_TURN)) {
                sb.append(" (an earlier turn of the session, repeated as context: not this run's)");
            }
            sb.append('\n');
            if (t.text() != null && !t.text().isBlank() && t.role() != org.tracejudge.model.Role.SYSTEM) {
                fenced(sb, withoutThinking(t.text()));
            }
            for (ToolCall c : t.toolCalls()) {
                sb.append("call")
                        .append(c.id() == null ? "" : " " + c.id())
                        .append(": ")
                        .append(call(c))
                        .append('\n');
            }
            for (org.tracejudge.model.ToolResult r : t.toolResults()) {
                sb.append("result")
                        .append(r.callId() == null ? "" : " of " + r.callId())
                        .append(r.name() == null ? "" : " (" + r.name() + ")")
                        .append(r.error() ? " [error]" : "")
                        .append(":\n");
                fenced(sb, "json", r.content() == null ? "null" : pretty(r.content()));
            }
        }
    }

    /** The answer with its think blocks cut out, trimmed. */
    public static String withoutThinking(String answer) {
        List<Span> spans = ThinkBlocks.find(answer);
        if (spans.isEmpty()) {
            return answer.strip();
        }
        StringBuilder out = new StringBuilder(answer.length());
        int pos = 0;
        for (Span s : spans) {
            out.append(answer, pos, s.start());
            pos = s.end();
        }
        out.append(answer.substring(pos));
        return out.toString().strip();
    }

    private static void section(StringBuilder sb, String title) {
        if (sb.length() > 0) {
            sb.append('\n');
        }
        sb.append("## ").append(title).append('\n');
    }

    private static void tools(StringBuilder sb, JsonNode tools) {
        if (tools == null || !tools.isArray() || tools.isEmpty()) {
            sb.append("none\n");
            return;
        }
        for (JsonNode t : tools) {
            JsonNode f = t.has("function") ? t.get("function") : t;
            String name = f.path("name").asText("");
            String description =
                    f.path("description").asText("").replaceAll("\\s+", " ").strip();
            sb.append("- ").append(name.isEmpty() ? "(unnamed)" : name);
            if (!description.isEmpty()) {
                sb.append(": ").append(description);
            }
            sb.append('\n');
        }
    }

    static String call(ToolCall c) {
        JsonNode args = c.arguments();
        return c.name() + " " + (args == null || args.isNull() || args.isMissingNode() ? "{}" : args.toString());
    }

    private static String list(List<String> items) {
        if (items.isEmpty()) {
            return "none";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < items.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(Json.write(items.get(i)));
        }
        return sb.toString();
    }

    private static String orNone(String s) {
        return s == null || s.isBlank() ? "none" : s;
    }

    private static String pretty(JsonNode node) {
        try {
            return Json.MAPPER.writer(PRETTY).writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void fenced(StringBuilder sb, String text) {
        fenced(sb, "text", text);
    }

    /** A code fence one backtick longer than the longest backtick run in {@code text} (at least three). */
    private static void fenced(StringBuilder sb, String info, String text) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = text.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(Math.max(3, longest + 1));
        sb.append(fence).append(info).append('\n').append(text.replace("\r\n", "\n"));
        if (!text.endsWith("\n")) {
            sb.append('\n');
        }
        sb.append(fence).append('\n');
    }
}
