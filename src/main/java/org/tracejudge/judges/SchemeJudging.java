package org.tracejudge.judges;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import org.tracejudge.json.Json;
import org.tracejudge.judges.prompt.PromptRenderer;
import org.tracejudge.judges.provider.ChatRequest;
import org.tracejudge.model.Task;
import org.tracejudge.model.TaskType;
import org.tracejudge.model.ToolResult;
import org.tracejudge.model.Trace;
import org.tracejudge.model.Turn;
import org.tracejudge.redaction.Redactor;
import org.tracejudge.scheme.BuiltinSchemes;
import org.tracejudge.scheme.JudgeForm;
import org.tracejudge.scheme.Kind;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeException;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.scheme.SpanTarget;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.SchemeVersions;

/**
 * A project's own scheme as its judges ask it: the current scheme version (when it is not one of the built-in label
 * sets), the task types it has questions for, and per trace the {@link JudgeForm}, the request (a short fixed preamble
 * and the form's question block as the system prompt, the case as the user prompt, the form's schema as structured
 * output) and the trace's texts a span's quote is looked up in. A project without such a version has none: its judges
 * keep the decision-tree and evidence rubrics and the label ledger.
 */
final class SchemeJudging {
    /** What every scheme judge is told before the scheme's questions (written for Tracejudge). */
    static final String PREAMBLE = "You review one trace of an AI assistant: what it was asked, the tools it had, the"
            + " calls it made, what the tools returned and its final answer. Answer the questions of the review"
            + " scheme below from what the trace shows only. Do not answer the user's question yourself.\n\n";

    private final Scheme scheme;
    private final int version;

    private SchemeJudging(Scheme scheme, int version) {
        this.scheme = scheme;
        this.version = version;
    }

    /**
     * The project's current scheme when it is its own, or null (no scheme version, or a built-in one).
     *
     * @throws ProjectException when the stored scheme cannot be read
     */
    static SchemeJudging of(Project p) {
        SchemeVersions.Version v = p.read(SchemeVersions::current);
        if (v == null
                || v.name().equals(BuiltinSchemes.ALL_NAME)
                || BuiltinSchemes.forLabelSet(v.name()).isPresent()) {
            return null;
        }
        try {
            Scheme s = SchemeFile.parse(v.body(), "scheme version " + v.version());
            return new SchemeJudging(s.withVersion(v.version()), v.version());
        } catch (SchemeException e) {
            throw new ProjectException(
                    "the project's scheme version " + v.version() + " cannot be read: " + e.getMessage());
        }
    }

    Scheme scheme() {
        return scheme;
    }

    /** The scheme version answers are given under. */
    int version() {
        return version;
    }

    /** The task types with at least one question: the traces a judge of this scheme asks about. */
    Set<TaskType> taskTypes() {
        Set<TaskType> out = EnumSet.noneOf(TaskType.class);
        for (TaskType t : TaskType.values()) {
            if (!scheme.questionsFor(t).isEmpty()) {
                out.add(t);
            }
        }
        return out;
    }

    /** {@link #taskTypes} as an SQL list of codes, for the store's pending query. */
    String taskTypesSql() {
        StringJoiner j = new StringJoiner(", ", "(", ")");
        j.setEmptyValue("(NULL)");
        taskTypes().forEach(t -> j.add("'" + t.code() + "'"));
        return j.toString();
    }

    /**
     * The form for one trace of this task: its task type's questions, the task's tools for a yes/no-per-tool question.
     *
     * @throws IllegalArgumentException when a yes/no-per-tool question applies and the task names no tools
     */
    JudgeForm form(Task task) {
        List<String> tools = new ArrayList<>();
        if (task.tools() != null && task.tools().isArray()) {
            for (JsonNode t : task.tools()) {
                String name =
                        t.path("name").asText(t.path("function").path("name").asText(""));
                if (!name.isEmpty()) {
                    tools.add(name);
                }
            }
        }
        return JudgeForm.of(scheme, task.type(), tools);
    }

    /**
     * The request for one trace. {@code structured}: the form's schema as structured output (OpenAI's strict
     * response_format, Anthropic's forced tool); else the question block alone says how to answer.
     */
    static ChatRequest request(JudgeForm form, Task task, Trace trace, boolean structured) {
        String user = PromptRenderer.render(task, trace) + texts(form, trace);
        return structured
                ? new ChatRequest(
                        PREAMBLE + form.rubric(),
                        user,
                        form.openAiSchema(),
                        new ChatRequest.Form(form.openAiResponseFormat(), form.anthropicTool()))
                : new ChatRequest(PREAMBLE + form.rubric(), user);
    }

    /** A hash of what the form asks (schema and question block): part of the cache key of every scheme request. */
    static String formHash(JudgeForm form) {
        ObjectNode o = Json.object();
        o.set("schema", form.schema());
        o.put("rubric", form.rubric());
        return Json.contentHash(o);
    }

    /**
     * A hash of everything a judge of this scheme is asked, whatever the trace: the preamble and, per task type with
     * questions, the form's hash ({@link #formHash}) with a stand-in for the trace's tools (their names are the
     * trace's, not the question's). The scheme's name, description and version number are not in it: a new version
     * that asks the same gives the same hash.
     */
    String askedHash() {
        ObjectNode o = Json.object();
        o.put("preamble", PREAMBLE);
        for (TaskType t : taskTypes()) {
            o.put(t.code(), formHash(JudgeForm.of(scheme, t, List.of("TOOL"))));
        }
        return Json.contentHash(o);
    }

    /**
     * The turns and tool returns a span question may quote from, numbered as {@link #texts(Trace)} reads them; empty
     * when no span question of the form points into them (the case already shows the answer).
     */
    private static String texts(JudgeForm form, Trace trace) {
        boolean turns = false;
        boolean returns = false;
        for (Question q : form.questions()) {
            if (q.kind() == Kind.SPAN) {
                turns |= q.targets().contains(SpanTarget.TURN);
                returns |= q.targets().contains(SpanTarget.TOOL_RETURN);
            }
        }
        if (!turns && !returns) {
            return "";
        }
        StringBuilder b = new StringBuilder("\n## Texts a passage may be quoted from\n");
        if (turns) {
            int i = 0;
            for (Turn t : trace.turns()) {
                b.append("\n### turn ")
                        .append(i++)
                        .append(" (")
                        .append(t.role().code())
                        .append(")\n");
                fenced(b, t.text() == null ? "" : t.text());
            }
        }
        if (returns) {
            int i = 0;
            for (ToolResult r : toolReturns(trace)) {
                b.append("\n### tool_return ")
                        .append(i++)
                        .append(" (")
                        .append(r.name())
                        .append(")\n");
                fenced(b, text(r));
            }
        }
        return b.toString();
    }

    private static void fenced(StringBuilder b, String text) {
        int longest = 0;
        int run = 0;
        for (int k = 0; k < text.length(); k++) {
            run = text.charAt(k) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(Math.max(3, longest + 1));
        b.append(fence).append('\n').append(text).append('\n').append(fence).append('\n');
    }

    /** The trace's texts a span's quote is looked up in: the answer (0), each turn and each tool return by position. */
    static JudgeForm.Texts texts(Trace trace) {
        List<ToolResult> returns = toolReturns(trace);
        return (target, index) -> switch (target) {
            case ANSWER -> index == 0 ? trace.answer() : null;
            case TURN -> index < trace.turns().size() ? trace.turns().get(index).text() : null;
            case TOOL_RETURN -> index < returns.size() ? text(returns.get(index)) : null;
        };
    }

    /**
     * {@link #texts(Trace)} for a judge shown a redacted case ({@code redaction} of {@code user}, the case as rendered):
     * a quote is looked up in the redacted case the judge saw (a placeholder such as {@code [NAME]} is text it may
     * copy), each place it is found is mapped back to the case's own text through the redaction's spans (a placeholder
     * to the whole span it stands for), and the first such original passage found in the target's text gives the
     * span, in the target's own offsets. A quote the judge was not shown is refused as before; without redaction
     * spans the quote is looked up in the text itself.
     */
    static JudgeForm.Texts texts(Trace trace, String user, Redactor.Result redaction) {
        JudgeForm.Texts plain = texts(trace);
        if (redaction == null || redaction.spans().isEmpty()) {
            return plain;
        }
        return new JudgeForm.Texts() {
            @Override
            public String text(SpanTarget target, int index) {
                return plain.text(target, index);
            }

            @Override
            public int[] find(SpanTarget target, int index, String text, String quote) {
                return unredacted(text, quote, user, redaction);
            }
        };
    }

    /** Where the passage the judge quoted from the redacted case is in {@code text}, or null (see above). */
    static int[] unredacted(String text, String quote, String user, Redactor.Result redaction) {
        String shown = redaction.text();
        List<int[]> places = new ArrayList<>();
        if (!quote.isEmpty()) {
            for (int i = shown.indexOf(quote); i >= 0; i = shown.indexOf(quote, i + 1)) {
                places.add(new int[] {i, i + quote.length()});
            }
        }
        if (places.isEmpty()) {
            int[] loose = JudgeForm.locate(shown, quote); // runs of whitespace counted as one
            if (loose != null) {
                places.add(loose);
            }
        }
        for (int[] at : places) {
            int from = original(redaction, at[0], true);
            int to = original(redaction, at[1], false);
            if (from < to && to <= user.length()) {
                int[] found = JudgeForm.locate(text, user.substring(from, to));
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /**
     * A position of the redacted text in the original's offsets: outside placeholders shifted by what the placeholders
     * before it changed; a start inside a placeholder goes to its span's start, an end inside one to its span's end.
     */
    static int original(Redactor.Result redaction, int pos, boolean start) {
        int delta = 0; // redacted offset minus original offset, before the span at hand
        for (Redactor.Span s : redaction.spans()) {
            int from = s.start() + delta;
            int to = from + s.kind().name().length() + 2; // "[KIND]"
            if (start ? pos >= from && pos < to : pos > from && pos <= to) {
                return start ? s.start() : s.end();
            }
            if (pos < from || (!start && pos == from)) {
                break;
            }
            delta += (to - from) - (s.end() - s.start());
        }
        return pos - delta;
    }

    private static List<ToolResult> toolReturns(Trace trace) {
        List<ToolResult> out = new ArrayList<>();
        for (Turn t : trace.turns()) {
            out.addAll(t.toolResults());
        }
        return out;
    }

    private static String text(ToolResult r) {
        JsonNode c = r.content();
        return c == null || c.isNull() ? "" : c.isTextual() ? c.asText() : c.toString();
    }
}
