package org.tracejudge.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The labels calibration compares, as stored: every person's current decision per trace (the gold's raw material) and
 * the machine raters' current labels. Which of them make gold, and what a disagreement means, is the calibration
 * package's business.
 */
public final class CalibrationLabels {
    private CalibrationLabels() {}

    /**
     * Per trace, every person's current "set" decision: each annotator's newest adjudication entry (key
     * {@code annotator:NAME}, the name in lower case) and each human rater's current label ({@code rater:NAME}). A
     * withdrawal leaves a person out.
     */
    public static Map<String, Map<String, String>> peoplesDecisions(Project project) {
        return project.read(c -> {
            Map<String, Map<String, String>> byTrace = new HashMap<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT a.trace_id, a.annotator, a.action, a.value FROM adjudication a WHERE NOT EXISTS ("
                                    + "SELECT 1 FROM adjudication n WHERE n.trace_id = a.trace_id AND n.annotator = a.annotator "
                                    + "AND (n.created_at > a.created_at OR (n.created_at = a.created_at AND n.id > a.id)))")) {
                while (rs.next()) {
                    if ("set".equals(rs.getString(3))) {
                        byTrace.computeIfAbsent(rs.getString(1), k -> new LinkedHashMap<>())
                                .put("annotator:" + rs.getString(2).toLowerCase(Locale.ROOT), rs.getString(4));
                    }
                }
            }
            boolean humans;
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT EXISTS (SELECT 1 FROM rater WHERE kind = 'human')")) {
                humans = rs.next() && rs.getBoolean(1);
            }
            // without a human rater the walk of every current label (seconds at 100,000 traces) finds nothing
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT l.trace_id, r.name, l.value FROM current_label l JOIN rater r ON r.id = l.rater_id "
                                    + "WHERE r.kind = 'human' AND l.action = 'set'"
                                    + (humans ? "" : " AND 0"))) {
                while (rs.next()) {
                    byTrace.computeIfAbsent(rs.getString(1), k -> new LinkedHashMap<>())
                            .put("rater:" + rs.getString(2), rs.getString(3));
                }
            }
            return byTrace;
        });
    }

    /** Every rater's current "set" label: rater id → trace id → label. */
    public static Map<String, Map<String, String>> byRater(Project p) {
        return p.read(c -> {
            Map<String, Map<String, String>> out = new HashMap<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT trace_id, rater_id, value FROM current_label WHERE action = 'set'")) {
                while (rs.next()) {
                    out.computeIfAbsent(rs.getString(2), k -> new HashMap<>()).put(rs.getString(1), rs.getString(3));
                }
            }
            return out;
        });
    }

    /** A current "set" label: its trace, the rater as {@code name} or {@code name@version}, value and confidence. */
    public record Label(String traceId, String rater, String value, String confidence) {}

    /** The current labels of every rater that is not a person, by trace id, then rater name and version. */
    public static List<Label> machines(Project p) {
        return labels(p, "r.kind <> 'human'", List.of());
    }

    /**
     * The current labels of raters {@code ids} (empty: every LLM judge), by trace id, then rater name and version.
     */
    public static List<Label> judges(Project p, List<String> ids) {
        if (ids.isEmpty()) {
            return labels(p, "r.kind = 'llm-judge'", List.of());
        }
        return labels(p, "r.id IN (" + String.join(", ", java.util.Collections.nCopies(ids.size(), "?")) + ")", ids);
    }

    private static List<Label> labels(Project p, String which, List<String> params) {
        return p.read(c -> {
            List<Label> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT l.trace_id, r.name, r.version, l.value, l.confidence "
                    + "FROM current_label l JOIN rater r ON r.id = l.rater_id WHERE l.action = 'set' AND " + which
                    + " ORDER BY l.trace_id, r.name, r.version")) {
                for (int i = 0; i < params.size(); i++) {
                    s.setString(i + 1, params.get(i));
                }
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        String version = rs.getString(3);
                        out.add(new Label(
                                rs.getString(1),
                                rs.getString(2) + (version == null || version.isEmpty() ? "" : "@" + version),
                                rs.getString(4),
                                rs.getString(5)));
                    }
                }
            }
            return out;
        });
    }
}
