package org.tracejudge.calls;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.ToolResult;
import org.tracejudge.model.Turn;

/**
 * A multi-turn conversation prepared for call-level judging: sessions in order, which turns are the model's
 * response (badge {@value #RESPONSE}), and a lower-cased search text per turn for finding where a value occurs.
 * A value "occurs" in a turn when its text appears there as a whole token (not inside a longer word or number).
 */
public final class Conversation {
    /** Badge on the turns the judged model wrote (its calls are the ones judged). */
    public static final String RESPONSE = "response";

    public static final String EVIDENCE = "evidence";
    public static final String GOAL = "goal";
    public static final String DISTRACTOR = "distractor";

    private final List<Turn> turns;
    private final List<String> sessions = new ArrayList<>();
    private final int[] sessionIndex;
    private final String[] hay;
    private final boolean[] response;

    /** A model call and the turn it was made in. */
    public record ModelCall(ToolCall call, int turn) {}

    public Conversation(List<Turn> turns) {
        this.turns = List.copyOf(turns);
        int n = turns.size();
        sessionIndex = new int[n];
        hay = new String[n];
        response = new boolean[n];
        Map<String, Integer> index = new LinkedHashMap<>();
        boolean anyResponse = turns.stream().anyMatch(t -> t.badges().contains(RESPONSE));
        for (int i = 0; i < n; i++) {
            Turn t = turns.get(i);
            if (t.sessionId() != null) {
                Integer s = index.get(t.sessionId());
                if (s == null) {
                    s = index.size();
                    index.put(t.sessionId(), s);
                    sessions.add(t.sessionId());
                }
                sessionIndex[i] = s;
            } else {
                sessionIndex[i] = -1;
            }
            response[i] = anyResponse
                    ? t.badges().contains(RESPONSE)
                    : t.role() == Role.ASSISTANT && !t.toolCalls().isEmpty();
            StringBuilder sb = new StringBuilder();
            if (t.text() != null) {
                sb.append(t.text()).append('\n');
            }
            if (!response[i]) {
                for (ToolCall c : t.toolCalls()) {
                    appendLeaves(sb, c.arguments());
                }
            }
            for (ToolResult r : t.toolResults()) {
                appendLeaves(sb, r.content());
            }
            hay[i] = sb.toString().toLowerCase(Locale.ROOT);
        }
    }

    public List<Turn> turns() {
        return turns;
    }

    public int size() {
        return turns.size();
    }

    /** Session ids in order of first appearance. */
    public List<String> sessions() {
        return sessions;
    }

    /** The session index of a turn, -1 when it has none. */
    public int sessionOf(int turn) {
        return turn < 0 ? -1 : sessionIndex[turn];
    }

    public String sessionId(int turn) {
        int s = sessionOf(turn);
        return s < 0 ? null : sessions.get(s);
    }

    public boolean isResponse(int turn) {
        return response[turn];
    }

    /** The calls the judged model made, in order, with their turns. */
    public List<ModelCall> modelCalls() {
        List<ModelCall> out = new ArrayList<>();
        for (int i = 0; i < turns.size(); i++) {
            if (response[i]) {
                for (ToolCall c : turns.get(i).toolCalls()) {
                    out.add(new ModelCall(c, i));
                }
            }
        }
        return out;
    }

    /** The index of the last session badged goal, else the session of the last turn, else -1. */
    public int goalSession() {
        int goal = -1;
        for (int i = 0; i < turns.size(); i++) {
            if (turns.get(i).badges().contains(GOAL) && sessionIndex[i] >= 0) {
                goal = sessionIndex[i];
            }
        }
        if (goal < 0 && !turns.isEmpty()) {
            goal = sessionIndex[turns.size() - 1];
        }
        return goal;
    }

    /** The badge of a session (evidence, goal or distractor) from its turns, or null. */
    public String sessionBadge(int session) {
        for (int i = 0; i < turns.size(); i++) {
            if (sessionIndex[i] == session) {
                for (String b : turns.get(i).badges()) {
                    if (b.equals(EVIDENCE) || b.equals(GOAL) || b.equals(DISTRACTOR)) {
                        return b;
                    }
                }
            }
        }
        return null;
    }

    /** Turns before {@code before} where the value occurs (every leaf of an object or array), in order. */
    public List<Integer> occurrences(JsonNode value, int before) {
        List<String> needles = new ArrayList<>();
        leaves(value, needles);
        List<Integer> out = new ArrayList<>();
        if (needles.isEmpty()) {
            return out;
        }
        int limit = Math.min(before, turns.size());
        if (needles.size() == 1) {
            for (int i = 0; i < limit; i++) {
                if (occursIn(hay[i], needles.get(0))) {
                    out.add(i);
                }
            }
            return out;
        }
        // a compound value: every leaf must occur somewhere; it is "at" the turn where its last leaf first appears
        int at = -1;
        for (String n : needles) {
            int first = -1;
            for (int i = 0; i < limit && first < 0; i++) {
                if (occursIn(hay[i], n)) {
                    first = i;
                }
            }
            if (first < 0) {
                return out;
            }
            at = Math.max(at, first);
        }
        out.add(at);
        return out;
    }

    /** The latest turn before {@code before} where the value occurs, or -1. */
    public int lastOccurrence(JsonNode value, int before) {
        List<Integer> occ = occurrences(value, before);
        return occ.isEmpty() ? -1 : occ.get(occ.size() - 1);
    }

    static boolean occursIn(String hay, String needle) {
        if (needle.isEmpty()) {
            return false;
        }
        int from = 0;
        while (true) {
            int i = hay.indexOf(needle, from);
            if (i < 0) {
                return false;
            }
            int end = i + needle.length();
            boolean leftOk = i == 0 || !Character.isLetterOrDigit(needle.charAt(0)) || !isWordChar(hay.charAt(i - 1));
            boolean rightOk = end >= hay.length()
                    || !Character.isLetterOrDigit(needle.charAt(needle.length() - 1))
                    || !isWordChar(hay.charAt(end))
                    || (hay.charAt(end) == '.' && (end + 1 >= hay.length() || !Character.isDigit(hay.charAt(end + 1))));
            if (leftOk && rightOk) {
                return true;
            }
            from = i + 1;
        }
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.';
    }

    /** The searchable text of a scalar value: strings as written, numbers in plain decimal form. */
    public static String text(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            return null;
        }
        if (v.isNumber()) {
            BigDecimal d = v.decimalValue().stripTrailingZeros();
            return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
        }
        if (v.isValueNode()) {
            return v.asText();
        }
        return v.toString();
    }

    private static void leaves(JsonNode v, List<String> out) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            return;
        }
        if (v.isContainerNode()) {
            v.forEach(c -> leaves(c, out));
            return;
        }
        String t = text(v);
        if (t != null && !t.isBlank()) {
            out.add(t.strip().toLowerCase(Locale.ROOT));
        }
    }

    private static void appendLeaves(StringBuilder sb, JsonNode v) {
        List<String> ls = new ArrayList<>();
        leaves(v, ls);
        for (String l : ls) {
            sb.append(l).append('\n');
        }
    }
}
