package org.tracejudge.judges;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tracejudge.judges.provider.ErrorClassifier;
import org.tracejudge.judges.provider.Failure;
import org.tracejudge.store.Project;

/**
 * One LLM judge's current answer for one trace, with why it failed when it did: the ledger entry (verdict,
 * confidence, scores, reasoning, raw reply, null reason) and the provider call that produced it (status,
 * HTTP status, failure code, error).
 *
 * @param failure the failure behind a null verdict (null for a verdict, or when nothing tells)
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
        String createdAt) {

    /** Every LLM judge version's current entry for the trace, current judge versions first. */
    public static List<JudgeAnswer> of(Project p, String traceId) {
        return p.read(c -> {
            List<JudgeAnswer> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT r.name, r.version, "
                    + "(SELECT json_extract(m.value, '$.rater_id') FROM project_meta m WHERE m.key = 'judge:' || r.name "
                    + "AND json_valid(m.value)) = r.id, l.action, l.value, l.confidence, l.scores, l.rationale, l.raw, "
                    + "l.null_reason, j.status, j.http_status, j.error, j.response, l.created_at "
                    + "FROM current_label l JOIN rater r ON r.id = l.rater_id LEFT JOIN judge_call j ON j.label_id = l.id "
                    + "WHERE l.trace_id = ? AND r.kind = 'llm-judge' ORDER BY 3 DESC, r.name, l.created_at DESC")) {
                s.setString(1, traceId);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        int http = rs.getInt(12);
                        Integer httpStatus = rs.wasNull() ? null : http;
                        Failure f = "null".equals(rs.getString(4))
                                ? ErrorClassifier.ofStoredCall(
                                        httpStatus == null ? 0 : httpStatus,
                                        rs.getString(14),
                                        rs.getString(13),
                                        rs.getString(11),
                                        rs.getString(10))
                                : null;
                        if (f == null && "null".equals(rs.getString(4))) {
                            f = Failure.INVALID_VERDICT;
                        }
                        out.add(new JudgeAnswer(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getInt(3) == 1,
                                rs.getString(4),
                                rs.getString(5),
                                rs.getString(6),
                                rs.getString(7),
                                rs.getString(8),
                                rs.getString(9),
                                rs.getString(10),
                                f,
                                rs.getString(11),
                                httpStatus,
                                rs.getString(13),
                                rs.getString(15)));
                    }
                }
            }
            return out;
        });
    }

    /** Current null verdicts' reasons: trace id → rater id → reason. */
    public static Map<String, Map<String, String>> nullReasons(Project p) {
        return p.read(c -> {
            Map<String, Map<String, String>> out = new HashMap<>();
            try (PreparedStatement s = c.prepareStatement(
                            "SELECT trace_id, rater_id, null_reason FROM current_label WHERE action = 'null'");
                    ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.computeIfAbsent(rs.getString(1), k -> new HashMap<>())
                            .put(rs.getString(2), rs.getString(3) == null ? "" : rs.getString(3));
                }
            }
            return out;
        });
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
