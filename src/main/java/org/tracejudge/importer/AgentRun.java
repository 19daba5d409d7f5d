package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.tracejudge.json.Json;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.model.Ids;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.RaterKind;
import org.tracejudge.model.Role;
import org.tracejudge.model.TaskType;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.ToolResult;
import org.tracejudge.model.Turn;
import org.tracejudge.store.Ledger;

/**
 * One agent run read from another tool's trace format (OpenTelemetry, Langfuse, Inspect, ATIF, SWE-agent), built
 * step by step, then handed to the writer as a task, a trace and the labels of the scores the file carried.
 *
 * <p>Every turn has a step entry in the trace's {@code extra.steps} (what kind of step, the span or event it came
 * from, the agent, the model, tokens, errors, and for tool results how they were paired with their call: {@code id},
 * {@code name-order} (same tool name, first call still open), {@code order} (no id or name to go by: the first open
 * call) or {@code unpaired}).
 */
final class AgentRun {
    /** At most this many inputs are remembered by the reader's caches (then they start over). */
    private static final int CACHE = 2_000;

    /**
     * What a task's body is made of (key, failure mode, user message, format, target) and its tools as JSON text: two
     * runs with equal keys have the same task. Compared field by field, so a cache hit costs no serialising.
     */
    record TaskKey(String key, boolean toolish, String user, String format, String target, String tools) {}

    /** A score the file carried: a label of the rater named after the scorer. */
    record Score(String scorer, JsonNode value, String comment, String source) {}

    final String format;
    final Path file;
    String sourceId;
    String taskKey;
    String userMessage;
    JsonNode tools;
    String model;
    String run;
    String session;
    /** Text the answer must contain (Inspect's target), or null. */
    String target;
    /** Set when the run itself failed (Inspect sample error): the rule does not classify such runs. */
    JsonNode runError;

    final List<Turn> turns = new ArrayList<>();
    final ArrayNode steps = Json.MAPPER.createArrayNode();
    final List<ToolCall> executed = new ArrayList<>();
    private final List<ToolCall> open = new ArrayList<>();
    private final Map<String, Integer> resultTurnByCall = new LinkedHashMap<>();
    private final Set<String> executionMerged = new HashSet<>();
    private final Set<String> seenCallIds = new HashSet<>();
    final Map<String, Integer> pairing = new LinkedHashMap<>();
    final ArrayNode errors = Json.MAPPER.createArrayNode();
    long tokensIn;
    long tokensOut;
    boolean anyTokens;
    double cost;
    boolean anyCost;
    String answer;
    final List<Score> scores = new ArrayList<>();
    final ObjectNode extra = Json.object();
    /** Tasks built by earlier runs of the same reader, by what their body holds (null: no cache). */
    Map<TaskKey, Records.TaskRec> taskCache;
    /** Keys of user messages already hashed, shared like {@link #taskCache} (set by the reader with it). */
    Map<String, String> keyCache = new HashMap<>();
    /** What was left out and why (reason -> count), for the import report. */
    final Map<String, Integer> skipped = new LinkedHashMap<>();

    AgentRun(String format, Path file) {
        this.format = format;
        this.file = file;
    }

    void skip(String reason) {
        skipped.merge(reason, 1, Integer::sum);
    }

    private ObjectNode step(String kind) {
        ObjectNode s = steps.addObject();
        s.put("kind", kind);
        return s;
    }

    ObjectNode system(String text) {
        turns.add(Turn.text(Role.SYSTEM, text));
        return step("system");
    }

    ObjectNode user(String text) {
        if (userMessage == null && text != null && !text.isBlank()) {
            userMessage = text;
        }
        turns.add(Turn.text(Role.USER, text));
        return step("user");
    }

    /**
     * A message of an earlier turn of the session that this run's first model input repeats (one trace per turn, as
     * google-adk records a session): kept in the conversation as context and marked, but never this run's question,
     * call or result. A call the agent made in turn 2 is not a call of turn 3.
     */
    void earlier(AgentMessages.Msg msg) {
        List<ToolCall> calls = msg.role() == Role.ASSISTANT ? msg.calls() : List.of();
        for (ToolCall c : calls) {
            if (c.id() != null) {
                seenCallIds.add(c.id()); // repeated again later, it is still not this run's
            }
        }
        List<ToolResult> results = new ArrayList<>();
        for (AgentMessages.Res r : msg.results()) {
            results.add(new ToolResult(r.callId(), r.name(), r.content(), r.error()));
        }
        turns.add(new Turn(msg.role(), msg.text(), calls, results, session, List.of(Turn.EARLIER_TURN)));
        String kind =
                switch (msg.role()) {
                    case ASSISTANT -> "model";
                    case TOOL -> "tool";
                    case SYSTEM -> "system";
                    default -> "user";
                };
        step(kind).put("from", Turn.EARLIER_TURN);
    }

    /** A model turn; calls whose id was seen before (history repeated in a later input) are dropped. Null if nothing is left. */
    ObjectNode assistant(String text, List<ToolCall> calls) {
        List<ToolCall> fresh = new ArrayList<>();
        for (ToolCall c : calls) {
            if (c.id() == null || seenCallIds.add(c.id())) {
                fresh.add(c);
            }
        }
        if ((text == null || text.isBlank()) && fresh.isEmpty() && !calls.isEmpty()) {
            return null;
        }
        executed.addAll(fresh);
        open.addAll(fresh);
        turns.add(new Turn(Role.ASSISTANT, text, fresh, List.of(), session, List.of()));
        ObjectNode s = step("model");
        if (!fresh.isEmpty()) {
            s.put("tool_calls", fresh.size());
        }
        return s;
    }

    boolean hasResultFor(String callId) {
        return callId != null && resultTurnByCall.containsKey(callId);
    }

    int resultTurn(String callId) {
        return resultTurnByCall.get(callId);
    }

    /** A result of the tool {@code name} that no execution span has been matched to yet (first in order), or null. */
    String resultWithoutExecution(String name) {
        for (Map.Entry<String, Integer> e : resultTurnByCall.entrySet()) {
            Turn t = turns.get(e.getValue());
            if (!executionMerged.contains(e.getKey())
                    && !t.toolResults().isEmpty()
                    && name.equals(t.toolResults().get(0).name())) {
                return e.getKey();
            }
        }
        return null;
    }

    void executionPaired(String callId) {
        executionMerged.add(callId);
    }

    /** The open call a result with this id / name would pair with, without pairing it. */
    ToolCall peek(String callId, String name) {
        for (ToolCall c : open) {
            if (callId != null && callId.equals(c.id())) {
                return c;
            }
        }
        for (ToolCall c : open) {
            if (name != null && name.equals(c.name())) {
                return c;
            }
        }
        return null;
    }

    /**
     * A tool result, paired with its call by id, else by name and order, else (no name either) with the first open
     * call. A result for a call that already has one is merged (an error mark) instead of added twice. Returns its step.
     */
    ObjectNode result(AgentMessages.Res r) {
        ToolCall match = null;
        String how = "unpaired";
        Iterator<ToolCall> it;
        if (r.callId() != null) {
            if (resultTurnByCall.containsKey(r.callId())) {
                return merge(resultTurnByCall.get(r.callId()), r);
            }
            for (it = open.iterator(); it.hasNext(); ) {
                ToolCall c = it.next();
                if (r.callId().equals(c.id())) {
                    match = c;
                    how = "id";
                    it.remove();
                    break;
                }
            }
        }
        if (match == null && r.name() != null) {
            for (it = open.iterator(); it.hasNext(); ) {
                ToolCall c = it.next();
                if (r.name().equals(c.name())) {
                    match = c;
                    how = "name-order";
                    it.remove();
                    break;
                }
            }
        }
        if (match == null && r.name() == null && !open.isEmpty()) {
            match = open.remove(0);
            how = "order";
        }
        String callId = match != null && match.id() != null ? match.id() : r.callId();
        String name = match != null ? match.name() : r.name();
        turns.add(new Turn(
                Role.TOOL,
                null,
                List.of(),
                List.of(new ToolResult(callId, name, r.content(), r.error())),
                session,
                r.error() ? List.of("error") : List.of()));
        ObjectNode s = step("tool");
        s.put("pairing", how);
        if (r.callId() != null && !r.callId().equals(callId)) {
            s.put("source_call_id", r.callId());
        }
        pairing.merge(how, 1, Integer::sum);
        // results without any id are kept under their turn, so an execution span can still find them by name
        resultTurnByCall.put(callId != null ? callId : "#turn-" + (turns.size() - 1), turns.size() - 1);
        if (r.error()) {
            error(s, "tool", name, r.errorType(), r.errorMessage());
        }
        return s;
    }

    /** Marks an earlier result failed when a later source (the execution span) says so. */
    ObjectNode merge(int turnIndex, AgentMessages.Res r) {
        ObjectNode s = (ObjectNode) steps.get(turnIndex);
        Turn t = turns.get(turnIndex);
        if (r.error() && !t.toolResults().isEmpty() && !t.toolResults().get(0).error()) {
            ToolResult old = t.toolResults().get(0);
            turns.set(
                    turnIndex,
                    new Turn(
                            t.role(),
                            t.text(),
                            t.toolCalls(),
                            List.of(new ToolResult(old.callId(), old.name(), old.content(), true)),
                            t.sessionId(),
                            List.of("error")));
            error(s, "tool", old.name(), r.errorType(), r.errorMessage());
        } else if (r.error() && r.errorType() != null && !s.has("error_type")) {
            s.put("error_type", r.errorType());
            for (JsonNode e : errors) {
                if (e.path("step").asInt(-1) == turnIndex && !e.has("type")) {
                    ((ObjectNode) e).put("type", r.errorType());
                }
            }
        }
        return s;
    }

    /** Records an error on a step (or on the run when {@code step} is null). */
    void error(ObjectNode step, String where, String name, String type, String message) {
        ObjectNode e = errors.addObject();
        e.put("where", where);
        if (name != null) {
            e.put("name", name);
        }
        if (type != null) {
            e.put("type", type);
        }
        if (message != null) {
            e.put("message", message);
        }
        if (step != null) {
            e.put("step", indexOf(step));
            step.put("error", true);
            if (type != null) {
                step.put("error_type", type);
            }
            if (message != null) {
                step.put("error_message", message);
            }
        }
    }

    private int indexOf(ObjectNode step) {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i) == step) {
                return i;
            }
        }
        return -1;
    }

    void tokens(ObjectNode step, Long in, Long out) {
        if (in == null && out == null) {
            return;
        }
        anyTokens = true;
        tokensIn += in == null ? 0 : in;
        tokensOut += out == null ? 0 : out;
        if (step != null) {
            ObjectNode t = step.putObject("tokens");
            if (in != null) {
                t.put("input", in);
            }
            if (out != null) {
                t.put("output", out);
            }
        }
    }

    void cost(ObjectNode step, Double usd) {
        if (usd == null) {
            return;
        }
        anyCost = true;
        cost += usd;
        if (step != null) {
            step.put("cost_usd", usd);
        }
    }

    int callsWithoutResult() {
        return open.size();
    }

    /** The last assistant text, when the format names no answer. */
    String lastAssistantText() {
        for (int i = turns.size() - 1; i >= 0; i--) {
            Turn t = turns.get(i);
            if (t.role() == Role.ASSISTANT && t.text() != null && !t.text().isBlank()) {
                return t.text();
            }
        }
        return "";
    }

    /** Trimmed, runs of white space as one space, lower case: the input a task key is hashed from. */
    static String normalise(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length());
        boolean space = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                space = sb.length() > 0;
            } else {
                if (space) {
                    sb.append(' ');
                    space = false;
                }
                sb.append(c);
            }
        }
        return sb.toString().toLowerCase(Locale.ROOT);
    }

    /** Whether a turn of this run (not an earlier turn it repeats) holds a tool's result. */
    private boolean hasOwnToolResults() {
        for (Turn t : turns) {
            if (!t.toolResults().isEmpty() && !t.badges().contains(Turn.EARLIER_TURN)) {
                return true;
            }
        }
        return false;
    }

    /** The project's id of the run {@code sourceId} of a file of {@code format}. */
    static String traceId(String format, String sourceId) {
        return Ids.of("trace", format, sourceId);
    }

    /** Hands the task, the trace, the scorers' raters and labels and the counts to the writer. */
    void emit(Fields f, Consumer<Records.Rec> out) {
        if (sourceId == null || sourceId.isBlank()) {
            throw f.error("", "a run without an id (expected the " + format + " trace / sample id)");
        }
        String user = userMessage == null ? "" : userMessage;
        String key = taskKey;
        if (key == null) {
            // many runs of one input: its key is hashed once per reader
            key = taskCache == null ? null : keyCache.get(user);
            if (key == null) {
                key = "input-" + Json.sha1Hex(normalise(user)).substring(0, 12);
                if (taskCache != null) {
                    if (keyCache.size() >= CACHE) {
                        keyCache.clear(); // bounded: memory stays flat on files of unique inputs
                    }
                    keyCache.put(user, key);
                }
            }
        }
        // a run whose tools returned results used tools, even when the file records no call (an Inspect log of
        // tool messages only): never a control task, "no tool is needed", beside its returns (issue 48)
        boolean toolish =
                !executed.isEmpty() || (tools != null && tools.isArray() && !tools.isEmpty()) || hasOwnToolResults();
        String mustContain = target != null && !target.isBlank() ? target : null;
        JsonNode toolList = tools != null && tools.isArray() ? tools : null;
        String toolsText = toolList == null ? null : toolList.toString(); // written once: cache key and task row
        TaskKey cacheKey = taskCache == null ? null : new TaskKey(key, toolish, user, format, mustContain, toolsText);
        Records.TaskRec task = cacheKey == null ? null : taskCache.get(cacheKey);
        if (task == null) {
            ObjectNode body = Json.object();
            body.put("task_id", key);
            body.put("target_failure_mode", toolish ? "unspecified" : "control");
            body.put("user_message", user);
            body.put("source_format", format);
            if (mustContain != null) {
                ObjectNode gt = body.putObject("ground_truth");
                gt.putArray("answer_must_contain").add(mustContain);
                gt.put("match_mode", "all");
            }
            task = TaskCodec.fromToolFailBench(body, toolList, toolsText, f, "", false);
            if (cacheKey != null) {
                if (taskCache.size() >= CACHE) {
                    taskCache.clear();
                }
                taskCache.put(cacheKey, task);
            }
        }
        out.accept(task);
        String traceId = traceId(format, sourceId);
        String ans = answer != null ? answer : lastAssistantText();
        extra.put("format", format);
        extra.put("source_id", sourceId);
        if (session != null) {
            extra.put("session", session);
        }
        extra.set("steps", steps);
        ObjectNode p = extra.putObject("pairing");
        pairing.forEach(p::put);
        p.put("calls_without_result", open.size());
        if (!errors.isEmpty()) {
            extra.set("errors", errors);
        }
        if (anyTokens) {
            extra.putObject("tokens")
                    .put("input", tokensIn)
                    .put("output", tokensOut)
                    .put("total", tokensIn + tokensOut);
        }
        if (anyCost) {
            extra.put("cost_usd", cost);
        }
        if (runError != null) {
            extra.set("error", runError);
        }
        out.accept(new Records.TraceRec(
                traceId,
                task.id(),
                model == null ? "unknown" : model,
                run == null ? sourceId : run,
                ans,
                TurnCodec.callsToJson(executed).toString(),
                TurnCodec.toJson(turns),
                extra.toString()));
        for (Score sc : scores) {
            out.accept(scoreRater(sc));
            out.accept(scoreLabel(traceId, TaskType.fromCode(task.type()), sc));
            out.accept(new Records.ScoreRec(traceId, Ids.of("rater", sc.scorer(), ""), sc.scorer(), sc.value()));
        }
        int results = 0;
        for (Turn t : turns) {
            results += t.toolResults().size();
        }
        out.accept(new Records.StatsRec(
                1,
                turns.size(),
                executed.size(),
                results,
                errors.size(),
                pairing.getOrDefault("id", 0),
                pairing.getOrDefault("name-order", 0) + pairing.getOrDefault("order", 0),
                anyTokens ? tokensIn : 0,
                anyTokens ? tokensOut : 0,
                java.util.Collections.unmodifiableMap(new LinkedHashMap<>(skipped))));
    }

    private Records.RaterRec scoreRater(Score sc) {
        return new Records.RaterRec(
                Ids.of("rater", sc.scorer(), ""),
                sc.scorer(),
                RaterKind.IMPORTED,
                "",
                null,
                "Scores '" + sc.scorer() + "' read from " + format + " files");
    }

    /**
     * A score as a label: C / correct / true become {@code correct} where the task's label set has it; other values
     * (I, numbers, strings the set lacks) are kept as a null verdict with the raw value, and an integral number also
     * as a score, so nothing the file said is lost and no label is invented.
     */
    private Records.LabelRec scoreLabel(String traceId, TaskType type, Score sc) {
        String raterId = Ids.of("rater", sc.scorer(), "");
        JsonNode v = sc.value();
        String raw = v == null || v.isNull() ? "null" : v.isTextual() ? v.asText() : v.toString();
        String mapped = null;
        if (v != null && v.isTextual()) {
            String s = v.asText().strip();
            if (s.equalsIgnoreCase("C") || s.equalsIgnoreCase("correct")) {
                mapped = "correct";
            } else if (s.equalsIgnoreCase("I") || s.equalsIgnoreCase("incorrect")) {
                mapped = "incorrect";
            }
        } else if (v != null && v.isBoolean()) {
            mapped = v.asBoolean() ? "correct" : "incorrect";
        }
        var set = LabelSets.forType(type);
        Map<String, Integer> scoreMap = null;
        if (v != null && v.isNumber() && v.asDouble() == Math.rint(v.asDouble()) && Math.abs(v.asDouble()) < 1e9) {
            scoreMap = Map.of(sc.scorer(), (int) v.asDouble());
        }
        Ledger.Entry e;
        if (mapped != null && set.allows(mapped)) {
            e = new Ledger.Entry(
                    traceId, raterId, "set", mapped, null, scoreMap, sc.comment(), raw, null, null, "import");
        } else {
            String reason = "score " + sc.scorer() + " = " + raw
                    + (mapped != null
                            ? " ('" + mapped + "' is not a label of " + set.name() + ")"
                            : " (a " + (v != null && v.isNumber() ? "number" : "value") + ", not a label of "
                                    + set.name() + "); kept as the raw score");
            e = new Ledger.Entry(
                    traceId, raterId, "null", null, null, scoreMap, sc.comment(), raw, reason, null, "import");
        }
        return new Records.LabelRec(Ids.of("label", traceId, raterId, raw), raterId, e, null, null, false, -1);
    }
}
