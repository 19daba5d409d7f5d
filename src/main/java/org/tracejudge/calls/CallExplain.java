package org.tracejudge.calls;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.tracejudge.json.Json;
import org.tracejudge.model.Task;
import org.tracejudge.model.Trace;
import org.tracejudge.model.Turn;

/** The call-level rule's verdict on one trace as readable text (the {@code explain} command). */
public final class CallExplain {
    private CallExplain() {}

    public static String text(Task task, Trace trace, CallVerdict v) {
        Conversation conv = new Conversation(trace.turns());
        StringBuilder sb = new StringBuilder();
        sb.append("trace ").append(trace.id()).append('\n');
        sb.append("model ")
                .append(trace.model())
                .append(", task ")
                .append(task.key())
                .append(" (call_level, ")
                .append(task.body().path("benchmark").asText("?"));
        if (task.body().hasNonNull("scenario")) {
            sb.append(", ")
                    .append(task.body().get("scenario").asText())
                    .append(' ')
                    .append(task.body().path("level").asText(""));
        }
        sb.append(")\n");
        sb.append(trace.turns().size())
                .append(" turns, ")
                .append(conv.sessions().size())
                .append(" sessions\n");
        sb.append("gold call: ")
                .append(call(
                        task.expectedCall() == null ? null : task.expectedCall().name(),
                        task.expectedCall() == null ? null : task.expectedCall().arguments()))
                .append('\n');
        sb.append("judged call: ")
                .append(
                        v.judged() == null
                                ? "none"
                                : call(v.judged().name(), v.judged().arguments()) + " (turn " + v.judgedTurn() + ")")
                .append('\n');
        sb.append("calls: ")
                .append(v.calls())
                .append(", to other tools: ")
                .append(v.otherTools())
                .append('\n');
        sb.append("\nlabel: ").append(v.label()).append("  (").append(v.check()).append(")\n");
        String tfb = CallLabels.TOOLFAILBENCH.get(v.label());
        sb.append("ToolFailBench counterpart: ")
                .append(tfb == null ? "none" : tfb)
                .append('\n');
        if (!v.diff().isEmpty()) {
            sb.append("\nargument diff:\n");
            for (ArgEntry e : v.diff()) {
                sb.append("  ").append(e.key()).append(": ").append(e.kind().code());
                if (e.gold() != null) {
                    sb.append(", gold ").append(Json.write(e.gold()));
                }
                if (e.actual() != null) {
                    sb.append(", called ").append(Json.write(e.actual()));
                }
                if (e.origin() != null) {
                    sb.append(", ").append(e.origin().code());
                }
                if (e.turn() >= 0) {
                    sb.append(" (turn ")
                            .append(e.turn())
                            .append(e.session() == null ? "" : ", " + e.session())
                            .append(": ")
                            .append(excerpt(conv.turns().get(e.turn())))
                            .append(')');
                }
                if (e.stale()) {
                    sb.append(", stale: the gold value comes later");
                }
                sb.append('\n');
            }
        }
        if (!v.evidence().isEmpty()) {
            sb.append("\nevidence (where each gold value was stated):\n");
            for (CallVerdict.Evidence e : v.evidence()) {
                sb.append("  ")
                        .append(e.key())
                        .append(" = ")
                        .append(Json.write(e.gold()))
                        .append(": turn ")
                        .append(e.turn())
                        .append(e.session() == null ? "" : ", " + e.session())
                        .append(e.distance() == null ? "" : ", " + e.distance() + " session(s) before the goal")
                        .append('\n');
            }
        }
        v.timelines().forEach((key, pts) -> {
            sb.append("\ntimeline of ").append(key).append(":\n");
            for (CallVerdict.TimelinePoint p : pts) {
                sb.append("  turn ")
                        .append(p.turn())
                        .append(p.session() == null ? "" : " (" + p.session() + ")")
                        .append("  ")
                        .append(Json.write(p.value()))
                        .append(p.latest() ? "  <- latest" : "")
                        .append('\n');
            }
        });
        return sb.toString();
    }

    private static String call(String name, JsonNode args) {
        return name == null ? "none" : name + " " + (args == null || args.isNull() ? "{}" : Json.write(args));
    }

    private static String excerpt(Turn t) {
        String s = t.text() == null ? "" : t.text().replaceAll("\\s+", " ").strip();
        return "\"" + (s.length() > 80 ? s.substring(0, 77) + "..." : s) + "\"";
    }

    /** For tests. */
    static List<String> lines(String text) {
        return text.lines().toList();
    }
}
