package org.tracejudge.calls;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.tracejudge.model.Task;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.Trace;
import org.tracejudge.model.Turn;

/**
 * The call-level rule. The judged call is the model's last call to the gold tool, else its last call. In order:
 * <ol>
 *   <li>no call: {@code correct_clarification} when the gold map has a {@code MISSING} value and the model's last
 *       words ask a question, else {@code abstained};</li>
 *   <li>the gold map has a {@code MISSING} value: {@code invented_missing_value} when the call fills a MISSING key
 *       with a value found nowhere in the conversation, else {@code premature_call} (it should have asked);</li>
 *   <li>another tool than the gold one: {@code wrong_tool};</li>
 *   <li>arguments exactly the gold map: {@code correct_call};</li>
 *   <li>a wrong value that occurs in context while the gold value occurs later (superseded): {@code stale_value};</li>
 *   <li>otherwise {@code wrong_arguments}.</li>
 * </ol>
 */
public final class CallRule {
    private static final Pattern THINK = Pattern.compile("(?s)<think>.*?(</think>|$)");

    private CallRule() {}

    public static CallVerdict judge(Task task, Trace trace) {
        return judge(new Conversation(trace.turns()), task.expectedCall(), task.tools());
    }

    public static CallVerdict judge(Conversation conv, ToolCall gold, JsonNode candidateTools) {
        List<Conversation.ModelCall> calls = conv.modelCalls();
        String goldName = gold == null ? null : gold.name();
        JsonNode goldArgs = gold == null ? null : gold.arguments();
        int other = 0;
        Conversation.ModelCall judged = null;
        for (Conversation.ModelCall c : calls) {
            if (!c.call().name().equals(goldName)) {
                other++;
            } else {
                judged = c;
            }
        }
        if (judged == null && !calls.isEmpty()) {
            judged = calls.get(calls.size() - 1);
        }
        int limit = judged != null ? judged.turn() : firstResponse(conv);
        List<CallVerdict.Evidence> evidence = evidence(conv, goldArgs, limit);
        boolean missing = ArgDiff.hasMissingMarker(goldArgs);
        if (judged == null) {
            Map<String, List<CallVerdict.TimelinePoint>> tl = timelines(conv, goldArgs, null, limit);
            if (missing && asks(conv)) {
                return new CallVerdict(
                        CallLabels.CORRECT_CLARIFICATION,
                        "no call; asked for the missing value",
                        null,
                        -1,
                        List.of(),
                        evidence,
                        tl,
                        0,
                        0);
            }
            return new CallVerdict(
                    CallLabels.ABSTAINED,
                    missing ? "no call and no question" : "no call",
                    null,
                    -1,
                    List.of(),
                    evidence,
                    tl,
                    0,
                    0);
        }
        Schemas.Tool tool = Schemas.find(candidateTools, judged.call().name());
        boolean rightTool = judged.call().name().equals(goldName);
        List<ArgEntry> diff = rightTool || missing
                ? ArgDiff.diff(goldArgs, judged.call().arguments(), conv, judged.turn(), tool)
                : List.of();
        Map<String, List<CallVerdict.TimelinePoint>> tl =
                timelines(conv, goldArgs, rightTool ? judged.call().arguments() : null, limit);
        String label;
        String check;
        if (missing) {
            boolean invented = diff.stream()
                    .anyMatch(e -> e.kind() == DiffKind.MISSING_MARKER && e.origin() == Origin.OUT_OF_CONTEXT);
            label = invented ? CallLabels.INVENTED_MISSING_VALUE : CallLabels.PREMATURE_CALL;
            check = invented
                    ? "called with an invented value for a MISSING argument"
                    : "called although an argument was MISSING (should have asked)";
        } else if (!rightTool) {
            label = CallLabels.WRONG_TOOL;
            check = "called " + judged.call().name() + ", gold is " + goldName;
        } else if (diff.isEmpty()) {
            label = CallLabels.CORRECT_CALL;
            check = "right tool, arguments equal the gold map";
        } else if (diff.stream().anyMatch(ArgEntry::stale)) {
            label = CallLabels.STALE_VALUE;
            check = "a value the conversation later replaced";
        } else {
            label = CallLabels.WRONG_ARGUMENTS;
            check = diff.size() + " argument difference" + (diff.size() == 1 ? "" : "s");
        }
        return new CallVerdict(label, check, judged.call(), judged.turn(), diff, evidence, tl, calls.size(), other);
    }

    private static int firstResponse(Conversation conv) {
        for (int i = 0; i < conv.size(); i++) {
            if (conv.isResponse(i)) {
                return i;
            }
        }
        return conv.size();
    }

    /** The model's last response text, think blocks removed, asks a question. */
    private static boolean asks(Conversation conv) {
        for (int i = conv.size() - 1; i >= 0; i--) {
            Turn t = conv.turns().get(i);
            if (conv.isResponse(i) || (t.role() == org.tracejudge.model.Role.ASSISTANT && i == conv.size() - 1)) {
                String text = t.text() == null ? "" : THINK.matcher(t.text()).replaceAll("");
                return text.contains("?");
            }
        }
        return false;
    }

    static List<CallVerdict.Evidence> evidence(Conversation conv, JsonNode goldArgs, int limit) {
        List<CallVerdict.Evidence> out = new ArrayList<>();
        if (goldArgs == null || !goldArgs.isObject()) {
            return out;
        }
        int goal = conv.goalSession();
        for (Iterator<Map.Entry<String, JsonNode>> it = goldArgs.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (ArgDiff.isMissingMarker(e.getValue())) {
                continue;
            }
            int turn = conv.lastOccurrence(e.getValue(), limit);
            if (turn < 0) {
                continue;
            }
            int s = conv.sessionOf(turn);
            Integer distance = s >= 0 && goal >= 0 ? goal - s : null;
            out.add(new CallVerdict.Evidence(e.getKey(), e.getValue(), turn, conv.sessionId(turn), distance));
        }
        return out;
    }

    /** For each gold key: values seen in earlier calls, and where the gold and the model's values occur. */
    static Map<String, List<CallVerdict.TimelinePoint>> timelines(
            Conversation conv, JsonNode goldArgs, JsonNode actual, int limit) {
        Map<String, List<CallVerdict.TimelinePoint>> out = new LinkedHashMap<>();
        if (goldArgs == null || !goldArgs.isObject()) {
            return out;
        }
        for (Iterator<String> it = goldArgs.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            JsonNode gold = goldArgs.get(key);
            List<CallVerdict.TimelinePoint> pts = new ArrayList<>();
            Set<String> seen = new LinkedHashSet<>();
            for (int i = 0; i < Math.min(limit, conv.size()); i++) {
                if (conv.isResponse(i)) {
                    continue;
                }
                for (ToolCall c : conv.turns().get(i).toolCalls()) {
                    JsonNode v = c.arguments().get(key);
                    if (v != null && seen.add(i + "\u0000" + Conversation.text(v))) {
                        pts.add(new CallVerdict.TimelinePoint(i, conv.sessionId(i), v, "call", false));
                    }
                }
            }
            List<JsonNode> values = new ArrayList<>();
            if (!ArgDiff.isMissingMarker(gold)) {
                values.add(gold);
            }
            JsonNode av = actual == null ? null : actual.get(key);
            if (av != null && !ArgDiff.sameValue(av, gold)) {
                values.add(av);
            }
            for (JsonNode v : values) {
                for (int i : conv.occurrences(v, limit)) {
                    if (seen.add(i + "\u0000" + Conversation.text(v))) {
                        pts.add(new CallVerdict.TimelinePoint(i, conv.sessionId(i), v, "text", false));
                    }
                }
            }
            long distinct = pts.stream()
                    .map(p -> Conversation.text(p.value()))
                    .distinct()
                    .count();
            if (distinct < 2) {
                continue;
            }
            pts.sort(Comparator.comparingInt(CallVerdict.TimelinePoint::turn));
            CallVerdict.TimelinePoint last = pts.get(pts.size() - 1);
            pts.set(
                    pts.size() - 1,
                    new CallVerdict.TimelinePoint(last.turn(), last.session(), last.value(), last.source(), true));
            out.put(key, List.copyOf(pts));
        }
        return out;
    }
}
