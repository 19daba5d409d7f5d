package org.tracejudge.judges;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tracejudge.judges.provider.ErrorClassifier;
import org.tracejudge.judges.provider.Failure;
import org.tracejudge.model.Trace;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.JudgeForm;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.SchemeException;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.scheme.SpanTarget;
import org.tracejudge.store.JudgeCalls;
import org.tracejudge.store.JudgeVerdicts;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.store.SchemeVersions;

/**
 * One LLM judge's current answer for one trace, with why it failed when it did: the ledger entry (verdict,
 * confidence, scores, reasoning, raw reply, null reason) and the provider call that produced it (status,
 * HTTP status, failure code, error).
 *
 * <p>A judge of a project's own scheme writes no label: its entry ({@code action} "scheme") holds its current answer
 * to each question ({@link #questions}), found by rater and trace in the answer ledger, and the provider call is its
 * newest call for the trace.
 *
 * @param failure the failure behind a null verdict (null for a verdict, or when nothing tells)
 * @param questions a scheme judge's current answers, in the scheme's order; empty for the built-in label sets
 */
public record JudgeAnswer(
        String judge,
        String version,
        boolean current,
        String action,
        String value,
        String confidence,
        String scores,
        String reasoning,
        String raw,
        String nullReason,
        Failure failure,
        String callStatus,
        Integer httpStatus,
        String error,
        String createdAt,
        List<QuestionAnswer> questions) {

    /** Marks a scheme judge's entry: its answers are in {@link #questions}. */
    public static final String SCHEME = "scheme";

    /**
     * A scheme judge's current answer to one question.
     *
     * @param value how the answer reads (an option, a number, a span's offsets and the passage), or null
     * @param nullReason why the judge's answer was refused, or null ("no answer" when it gave none)
     */
    public record QuestionAnswer(String question, int schemeVersion, String action, String value, String nullReason) {}

    public JudgeAnswer {
        questions = questions == null ? List.of() : List.copyOf(questions);
    }

    /** Every LLM judge version's current entry for the trace, current judge versions first. */
    public static List<JudgeAnswer> of(Project p, String traceId) {
        Trace trace = new ProjectQueries(p).trace(traceId);
        return p.read(c -> {
            List<JudgeAnswer> out = new ArrayList<>();
            for (JudgeVerdicts.Label l : JudgeVerdicts.labels(c, traceId)) {
                Failure f = "null".equals(l.action())
                        ? ErrorClassifier.ofStoredCall(
                                l.httpStatus() == null ? 0 : l.httpStatus(),
                                l.response(),
                                l.error(),
                                l.callStatus(),
                                l.nullReason())
                        : null;
                if (f == null && "null".equals(l.action())) {
                    f = Failure.INVALID_VERDICT;
                }
                out.add(new JudgeAnswer(
                        l.judge(),
                        l.version(),
                        l.current(),
                        l.action(),
                        l.value(),
                        l.confidence(),
                        l.scores(),
                        l.rationale(),
                        l.raw(),
                        l.nullReason(),
                        f,
                        l.callStatus(),
                        l.httpStatus(),
                        l.error(),
                        l.createdAt(),
                        List.of()));
            }
            out.addAll(schemeAnswers(c, traceId, trace));
            return out;
        });
    }

    /**
     * The scheme judges' entries for the trace: per judge version with a current answer ledger entry for it, those
     * entries by question (looked up by question, trace and rater through the ledger's index, over the questions of
     * every stored scheme version), and the newest call it made for the trace.
     */
    private static List<JudgeAnswer> schemeAnswers(Connection c, String traceId, Trace trace) throws SQLException {
        Map<String, Question> questions = new LinkedHashMap<>(); // newest version's order first
        List<SchemeVersions.Version> versions = new ArrayList<>(SchemeVersions.all(c));
        java.util.Collections.reverse(versions);
        for (SchemeVersions.Version v : versions) {
            try {
                for (Question q : SchemeFile.parse(v.body(), "scheme version " + v.version())
                        .questions()) {
                    questions.putIfAbsent(q.key(), q);
                }
            } catch (SchemeException e) {
                // a version that cannot be read names no questions here
            }
        }
        if (questions.isEmpty()) {
            return List.of();
        }
        Map<String, List<QuestionAnswer>> byRater = new LinkedHashMap<>();
        Map<String, String> newest = new HashMap<>();
        List<Question> asked = new ArrayList<>(questions.values());
        List<List<JudgeVerdicts.AnswerRow>> rows =
                JudgeVerdicts.answers(c, asked.stream().map(Question::key).toList(), traceId);
        for (int i = 0; i < asked.size(); i++) {
            Question q = asked.get(i);
            String last = null;
            for (JudgeVerdicts.AnswerRow r : rows.get(i)) {
                String rater = r.raterId();
                if (rater.equals(last)) {
                    continue; // an earlier entry of the same rater
                }
                last = rater;
                String action = r.action();
                String value = "set".equals(action) ? shown(trace, q, r.value()) : null;
                String why = "null".equals(action) ? (r.nullReason() == null ? "no answer" : r.nullReason()) : null;
                byRater.computeIfAbsent(rater, k -> new ArrayList<>())
                        .add(new QuestionAnswer(q.key(), r.schemeVersion(), action, value, why));
                newest.merge(rater, r.createdAt(), (a, b) -> a.compareTo(b) >= 0 ? a : b);
            }
        }
        List<JudgeAnswer> out = new ArrayList<>();
        for (Map.Entry<String, List<QuestionAnswer>> e : byRater.entrySet()) {
            JudgeVerdicts.JudgeVersion jv = JudgeVerdicts.version(c, e.getKey());
            String name = jv == null ? null : jv.judge();
            String version = jv == null ? null : jv.version();
            boolean current = jv != null && jv.current();
            JudgeCalls.Newest call = JudgeCalls.newest(c, traceId, e.getKey());
            String status = call == null ? null : call.status();
            Integer http = call == null ? null : call.httpStatus();
            String error = call == null ? null : call.error();
            String content = call == null ? null : call.content();
            out.add(new JudgeAnswer(
                    name,
                    version,
                    current,
                    SCHEME,
                    null,
                    null,
                    null,
                    null,
                    content,
                    null,
                    null,
                    status,
                    http,
                    error,
                    newest.get(e.getKey()),
                    e.getValue()));
        }
        out.sort(java.util.Comparator.comparing((JudgeAnswer a) -> !a.current())
                .thenComparing(a -> a.judge() == null ? "" : a.judge()));
        return out;
    }

    /** How a stored answer reads: its display, and for a span the passage it marks in the trace. */
    private static String shown(Trace trace, Question q, String json) {
        Answer a;
        try {
            a = Answer.parse(q.kind(), json);
        } catch (IllegalArgumentException e) {
            return json;
        }
        if (!(a instanceof Answer.Spans spans)) {
            return a.display();
        }
        if (trace == null) {
            return a.display();
        }
        JudgeForm.Texts texts = SchemeJudging.texts(trace);
        StringBuilder b = new StringBuilder();
        for (Answer.Span s : spans.spans()) {
            String text = texts.text(s.target(), s.index());
            b.append(b.length() == 0 ? "" : "; ")
                    .append(
                            s.target() == SpanTarget.ANSWER
                                    ? "answer"
                                    : s.target().code() + " " + s.index())
                    .append(" [")
                    .append(s.start())
                    .append(", ")
                    .append(s.end())
                    .append(')');
            if (text != null && s.end() <= text.length()) {
                String quote = text.substring(s.start(), s.end());
                b.append(" \"")
                        .append(quote.length() > 200 ? quote.substring(0, 200) + "…" : quote)
                        .append('"');
            }
            if (s.option() != null) {
                b.append(' ').append(s.option());
            }
        }
        return b.toString();
    }

    /** Current null verdicts' reasons: trace id → rater id → reason. */
    public static Map<String, Map<String, String>> nullReasons(Project p) {
        return p.read(JudgeVerdicts::nullReasons);
    }

    /** Whether the next plain run asks again (a fatal or transient cause, not the trace). */
    public boolean retriedNextRun() {
        return failure != null && failure.cls() != Failure.Severity.PER_TRACE;
    }

    /** A readable block for {@code explain}. */
    public String toText() {
        StringBuilder sb = new StringBuilder();
        sb.append("judge ")
                .append(judge)
                .append(" (version ")
                .append(version)
                .append(current ? "" : ", not current")
                .append("): ");
        switch (action) {
            case "set" -> {
                sb.append(value)
                        .append(confidence == null ? "" : " (" + confidence + " confidence)")
                        .append('\n');
                if (scores != null) {
                    sb.append("  scores: ").append(scores).append('\n');
                }
            }
            case "null" -> {
                sb.append("null verdict - ")
                        .append(failure == null ? "" : failure.label() + ": ")
                        .append(nullReason == null ? "" : nullReason)
                        .append('\n');
                sb.append(
                        retriedNextRun()
                                ? "  the next run asks again (the cause was not the trace)\n"
                                : "  judge PROJECT --name " + judge + " --retry-nulls asks again\n");
            }
            case SCHEME -> {
                long refused = questions.stream()
                        .filter(q -> "null".equals(q.action()))
                        .count();
                sb.append("answers to the scheme's questions (")
                        .append(questions.size() - refused)
                        .append(" given")
                        .append(refused == 0 ? "" : ", " + refused + " null")
                        .append(")\n");
                for (QuestionAnswer q : questions) {
                    sb.append("  ")
                            .append(q.question())
                            .append(" (v")
                            .append(q.schemeVersion())
                            .append("): ");
                    switch (q.action()) {
                        case "set" -> sb.append(q.value());
                        case "null" -> sb.append("null - ").append(q.nullReason());
                        default -> sb.append("withdrawn");
                    }
                    sb.append('\n');
                }
                if (refused > 0) {
                    sb.append("  judge PROJECT --name ").append(judge).append(" --retry-nulls asks again\n");
                }
            }
            default -> sb.append("withdrawn\n");
        }
        if (reasoning != null && !reasoning.isBlank()) {
            sb.append("  reasoning: ")
                    .append(reasoning.strip().replace("\n", "\n    "))
                    .append('\n');
        }
        if (callStatus != null) {
            sb.append("  call: ")
                    .append(callStatus)
                    .append(httpStatus == null ? "" : ", HTTP " + httpStatus)
                    .append(error == null ? "" : ", " + error)
                    .append('\n');
        }
        if (raw != null && !raw.isBlank()) {
            String r = raw.strip();
            sb.append("  raw reply: ")
                    .append(r.length() > 2000 ? r.substring(0, 2000) + "…" : r)
                    .append('\n');
        }
        return sb.toString();
    }
}
