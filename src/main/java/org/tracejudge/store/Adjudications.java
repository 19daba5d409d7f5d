package org.tracejudge.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;

/** People's decisions, for callers without a connection (the workbench): each call is one transaction. */
public final class Adjudications {
    private Adjudications() {}

    /** The trace's current adjudication (its newest entry, which may be a withdrawal), or null when none. */
    public record Current(String id, String annotator, String value, String rationale) {}

    /** Appends a decision ({@code value} null: withdraws) and returns the entry's id; committed on return. */
    public static String decide(Project project, String traceId, String annotator, String value, String rationale) {
        if (annotator == null || annotator.isBlank()) {
            throw new IllegalArgumentException("a decision needs the annotator's name");
        }
        return project.write(c -> Ledger.adjudicate(c, traceId, annotator, value, rationale));
    }

    public static Current current(Project project, String traceId) {
        return project.read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT id, annotator, value, rationale FROM adjudication "
                    + "WHERE trace_id = ? ORDER BY created_at DESC, id DESC LIMIT 1")) {
                s.setString(1, traceId);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next()
                            ? new Current(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4))
                            : null;
                }
            }
        });
    }

    /** One entry of the adjudication ledger as it was appended: {@code action} "set" carries a value. */
    @FunctionalInterface
    public interface EntryVisitor {
        void accept(String traceId, String annotator, String action, String value);
    }

    /** Every entry of the ledger, oldest first (ties by id), in one read transaction. */
    public static void eachInOrder(Project project, EntryVisitor visitor) {
        project.read(c -> {
            try (java.sql.Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery(
                            "SELECT trace_id, annotator, action, value FROM adjudication ORDER BY created_at, id")) {
                while (rs.next()) {
                    visitor.accept(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4));
                }
            }
            return null;
        });
    }
}
