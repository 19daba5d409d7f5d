package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/**
 * The judges' provider calls (table {@code judge_call}): every call a run made, answered or failed, with its reply;
 * the answered ones are the response cache (by cache key). How a stored failure is classified is the judges' business.
 */
public final class JudgeCalls {
    private JudgeCalls() {}

    /**
     * One call as stored.
     *
     * @param httpStatus the HTTP status, or 0 when none came (stored as NULL)
     * @param labelId the label ledger entry the call answered, or null
     */
    public record Call(
            String id,
            String cacheKey,
            String runId,
            String traceId,
            String raterId,
            String provider,
            String model,
            String status,
            int httpStatus,
            String response,
            String content,
            int tokensIn,
            int tokensOut,
            long latencyMillis,
            int attempts,
            String error,
            String labelId,
            String createdAt) {}

    private static final String INSERT = "INSERT INTO judge_call(id, cache_key, run_id, trace_id, rater_id, provider, "
            + "model, status, http_status, response, content, tokens_in, tokens_out, latency_ms, attempts, error, "
            + "label_id, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";

    /** Stores a call, inside the caller's transaction. */
    public static void insert(Connection c, Call call) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(INSERT)) {
            s.setString(1, call.id());
            s.setString(2, call.cacheKey());
            s.setString(3, call.runId());
            s.setString(4, call.traceId());
            s.setString(5, call.raterId());
            s.setString(6, call.provider());
            s.setString(7, call.model());
            s.setString(8, call.status());
            if (call.httpStatus() > 0) {
                s.setInt(9, call.httpStatus());
            } else {
                s.setNull(9, Types.INTEGER);
            }
            s.setString(10, call.response());
            s.setString(11, call.content());
            s.setInt(12, call.tokensIn());
            s.setInt(13, call.tokensOut());
            s.setLong(14, call.latencyMillis());
            s.setInt(15, call.attempts());
            s.setString(16, call.error());
            s.setString(17, call.labelId());
            s.setString(18, call.createdAt());
            s.executeUpdate();
        }
    }

    /** A cached answer: the call's id and the response body. */
    public record Cached(String id, String response) {}

    /** The newest answered response stored under {@code key}, or null. */
    public static Cached cached(Connection c, String key) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT id, response FROM judge_call WHERE cache_key = ? "
                + "AND status = 'ok' ORDER BY created_at DESC LIMIT 1")) {
            s.setString(1, key);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? new Cached(rs.getString(1), rs.getString(2)) : null;
            }
        }
    }

    /**
     * What a stored call says about a verdict: its HTTP status (0 when none), body, error and status, and the ledger
     * entry's null reason. The fields of the call are null when the entry had no call.
     */
    public record Outcome(int httpStatus, String response, String error, String status, String nullReason) {}

    /** The newest ledger entry of (trace, rater) with the call that answered it; null when the rater has none. */
    public static Outcome ofCurrentLabel(Connection c, String traceId, String raterId) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("SELECT j.http_status, j.response, j.error, j.status, l.null_reason "
                        + "FROM label l LEFT JOIN judge_call j ON j.label_id = l.id WHERE l.trace_id = ? AND l.rater_id = ? "
                        + "ORDER BY l.created_at DESC, l.id DESC LIMIT 1")) {
            s.setString(1, traceId);
            s.setString(2, raterId);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                int http = rs.getInt(1);
                return new Outcome(
                        rs.wasNull() ? 0 : http, rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5));
            }
        }
    }

    /** The newest call of a rater on a trace: status, HTTP status (null when none), error, content. */
    public record Newest(String status, Integer httpStatus, String error, String content) {}

    /** The newest call of (trace, rater), or null. */
    public static Newest newest(Connection c, String traceId, String raterId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT status, http_status, error, content FROM judge_call "
                + "WHERE trace_id = ? AND rater_id = ? ORDER BY created_at DESC LIMIT 1")) {
            s.setString(1, traceId);
            s.setString(2, raterId);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                String status = rs.getString(1);
                int h = rs.getInt(2);
                Integer http = rs.wasNull() ? null : h;
                return new Newest(status, http, rs.getString(3), rs.getString(4));
            }
        }
    }

    /** Totals of a judge's calls over all its versions and runs. */
    public record Usage(long calls, long tokensIn, long tokensOut, long latencyMillis) {}

    public static Usage usage(Connection c, String judge) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT count(*), coalesce(sum(tokens_in), 0), "
                + "coalesce(sum(tokens_out), 0), coalesce(sum(latency_ms), 0) FROM judge_call j "
                + "JOIN rater r ON r.id = j.rater_id WHERE r.name = ?")) {
            s.setString(1, judge);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return new Usage(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4));
            }
        }
    }
}
