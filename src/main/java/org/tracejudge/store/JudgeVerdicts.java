package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the LLM judges said about a trace, as {@code explain} shows it: each judge version's current label ledger entry
 * with the call that answered it, a scheme judge's answers per question, and the current null verdicts' reasons. A
 * judge version is current when its judge's saved configuration ({@code project_meta} key {@code judge:<name>}) names
 * its rater.
 */
public final class JudgeVerdicts {
    private JudgeVerdicts() {}

    /**
     * A judge version's current label entry on a trace, with its call's status, HTTP status (null when none), error and
     * response body (all null when no call answered it).
     */
    public record Label(
            String judge,
            String version,
            boolean current,
            String action,
            String value,
            String confidence,
            String scores,
            String rationale,
            String raw,
            String nullReason,
            String callStatus,
            Integer httpStatus,
            String error,
            String response,
            String createdAt) {}

    /** Every LLM judge version's current label entry on the trace, current judge versions first, then by name. */
    public static List<Label> labels(Connection c, String traceId) throws SQLException {
        List<Label> out = new ArrayList<>();
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
                    out.add(new Label(
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
                            rs.getString(11),
                            httpStatus,
                            rs.getString(13),
                            rs.getString(14),
                            rs.getString(15)));
                }
            }
        }
        return out;
    }

    /** An LLM judge's answer ledger entry to a question on a trace. */
    public record AnswerRow(
            String raterId, int schemeVersion, String action, String value, String nullReason, String createdAt) {}

    /**
     * The LLM judges' answer entries on the trace, per question (in the order given): each list by rater, newest entry
     * first within a rater (looked up by question, trace and rater through the ledger's index).
     */
    public static List<List<AnswerRow>> answers(Connection c, List<String> questions, String traceId)
            throws SQLException {
        List<List<AnswerRow>> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT a.rater_id, a.scheme_version, a.action, a.value, "
                + "a.null_reason, a.created_at FROM answer a JOIN rater r ON r.id = a.rater_id "
                + "WHERE a.question = ? AND a.trace_id = ? AND r.kind = 'llm-judge' "
                + "ORDER BY a.rater_id, a.created_at DESC, a.id DESC")) {
            for (String q : questions) {
                s.setString(1, q);
                s.setString(2, traceId);
                List<AnswerRow> rows = new ArrayList<>();
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        rows.add(new AnswerRow(
                                rs.getString(1),
                                rs.getInt(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getString(5),
                                rs.getString(6)));
                    }
                }
                out.add(rows);
            }
        }
        return out;
    }

    /** A judge version: its judge's name, its version, whether it is the judge's current one. */
    public record JudgeVersion(String judge, String version, boolean current) {}

    /** The judge version of a rater, or null when there is no such rater. */
    public static JudgeVersion version(Connection c, String raterId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT r.name, r.version, (SELECT "
                + "json_extract(m.value, '$.rater_id') FROM project_meta m WHERE m.key = 'judge:' || r.name "
                + "AND json_valid(m.value)) = r.id FROM rater r WHERE r.id = ?")) {
            s.setString(1, raterId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? new JudgeVersion(rs.getString(1), rs.getString(2), rs.getInt(3) == 1) : null;
            }
        }
    }

    /** Current null verdicts' reasons (any rater): trace id → rater id → reason ("" when none was given). */
    public static Map<String, Map<String, String>> nullReasons(Connection c) throws SQLException {
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
    }
}
