package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The rationale of each person's current decision on each trace (the adjudication ledger): what the labels table
 * and its export print beside the decision. A withdrawn decision has none.
 */
public final class DecisionRationales {
    private DecisionRationales() {}

    /** Trace id -> person -> the rationale of their current decision (only non-blank ones). */
    public static Map<String, Map<String, String>> current(Connection c) throws SQLException {
        Map<String, Map<String, String>> out = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT trace_id, annotator, action, rationale FROM adjudication "
                        + "ORDER BY trace_id, annotator, created_at, id");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                Map<String, String> m = out.computeIfAbsent(rs.getString(1), k -> new TreeMap<>());
                String why = rs.getString(4);
                if ("set".equals(rs.getString(3)) && why != null && !why.isBlank()) {
                    m.put(rs.getString(2), why);
                } else {
                    m.remove(rs.getString(2)); // the newest entry decides: a later one without a rationale has none
                }
            }
        }
        out.values().removeIf(Map::isEmpty);
        return out;
    }
}
