package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/** The judges' runs (table {@code judge_run}): when each started, its counts so far, how it ended. */
public final class JudgeRuns {
    private JudgeRuns() {}

    /** A run's counts as stored. */
    public record Counts(
            int labelled, int cached, int nulls, int failed, long requests, long tokensIn, long tokensOut) {}

    public static void start(Connection c, String runId, String judge, String raterId, int planned)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO judge_run(id, judge, rater_id, started_at, status, "
                + "planned) VALUES (?,?,?,?, 'running', ?)")) {
            s.setString(1, runId);
            s.setString(2, judge);
            s.setString(3, raterId);
            s.setString(4, Timestamps.now());
            s.setInt(5, planned);
            s.executeUpdate();
        }
    }

    /** Stores the run's counts and status; a status other than "running" also stamps when it finished. */
    public static void update(Connection c, String runId, Counts k, String status, String message) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE judge_run SET labelled = ?, cached = ?, nulls = ?, "
                + "failed = ?, requests = ?, tokens_in = ?, tokens_out = ?, status = ?, message = ?, "
                + "finished_at = CASE WHEN ? = 'running' THEN NULL ELSE ? END WHERE id = ?")) {
            s.setInt(1, k.labelled());
            s.setInt(2, k.cached());
            s.setInt(3, k.nulls());
            s.setInt(4, k.failed());
            s.setLong(5, k.requests());
            s.setLong(6, k.tokensIn());
            s.setLong(7, k.tokensOut());
            s.setString(8, status);
            s.setString(9, message);
            s.setString(10, status);
            s.setString(11, Timestamps.now());
            s.setString(12, runId);
            s.executeUpdate();
        }
    }

    /**
     * Removes a judge's rater when it has no ledger entry at all (its runs failed or were cancelled before their
     * first verdict), with its runs and failed calls, which refer to it; a rater with any label, answer or answered
     * call (the response cache) is kept. Returns whether it was removed.
     */
    public static boolean dropRaterIfEmpty(Connection c, String raterId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "SELECT EXISTS (SELECT 1 FROM label WHERE rater_id = ?) "
                        + "OR EXISTS (SELECT 1 FROM answer WHERE rater_id = ?) OR EXISTS (SELECT 1 FROM judge_call WHERE rater_id = ? AND (status = 'ok' OR label_id IS NOT NULL))")) {
            s.setString(1, raterId);
            s.setString(2, raterId);
            s.setString(3, raterId);
            try (ResultSet rs = s.executeQuery()) {
                if (rs.next() && rs.getBoolean(1)) {
                    return false;
                }
            }
        }
        for (String sql : List.of(
                "DELETE FROM judge_call WHERE rater_id = ?",
                "DELETE FROM judge_call WHERE run_id IN (SELECT id FROM judge_run WHERE rater_id = ?)",
                "DELETE FROM judge_run WHERE rater_id = ?",
                "DELETE FROM rater WHERE id = ?")) {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                s.setString(1, raterId);
                s.executeUpdate();
            }
        }
        return true;
    }
}
