package org.tracejudge.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decisions one person made differently on two laptops. Every ledger entry names the entry it replaced; on one
 * laptop a person's entries on a trace form one chain. After another laptop's export is imported, the chains of the
 * two laptops are both there: when a person's chains on a trace end ("heads": entries nothing replaces) in
 * different values, that is a conflict, shown as such instead of being settled by the later clock. Withdrawn heads
 * do not count, so withdrawing one side (or deciding again after withdrawing it) resolves it. Covers human raters'
 * labels and adjudications; judges' and rules' verdicts are not a person's decisions.
 */
public final class Conflicts {
    /**
     * @param who    the person (a human rater's name, or an adjudicating annotator)
     * @param kind   {@code label} or {@code adjudication}
     * @param values the different values the heads hold, sorted
     */
    public record Conflict(String traceId, String model, String taskKey, String who, String kind, List<String> values) {
        public String describe() {
            return who + " on " + model + " / " + taskKey + ": " + String.join(" vs ", values) + " (" + kind + ")";
        }
    }

    private Conflicts() {}

    // the human raters first (CROSS JOIN keeps that order), their labels through label_value_idx (rater_id, value):
    // only people's entries are read. Led by the label table, the query walked every judge's and rule's label
    // (0.6 s for 300,000 labels) to find the few a person made.
    private static final String LABELS = "SELECT h.trace_id, t.model, k.task_key, r.name, "
            + "group_concat(DISTINCT coalesce(h.value, '(' || h.action || ')')) FROM rater r "
            + "CROSS JOIN label h ON h.rater_id = r.id JOIN trace t ON t.id = h.trace_id "
            + "JOIN task k ON k.id = t.task_id "
            + "WHERE r.kind = 'human' AND h.action <> 'withdraw' AND NOT EXISTS (SELECT 1 FROM label n WHERE n.replaces = h.id) "
            + "GROUP BY h.trace_id, h.rater_id HAVING count(DISTINCT coalesce(h.value, '(' || h.action || ')')) > 1";
    private static final String ADJUDICATIONS = "SELECT h.trace_id, t.model, k.task_key, h.annotator, "
            + "group_concat(DISTINCT h.value) FROM adjudication h JOIN trace t ON t.id = h.trace_id "
            + "JOIN task k ON k.id = t.task_id "
            + "WHERE h.action = 'set' AND NOT EXISTS (SELECT 1 FROM adjudication n WHERE n.replaces = h.id "
            + "AND n.trace_id = h.trace_id) "
            + "GROUP BY h.trace_id, h.annotator HAVING count(DISTINCT h.value) > 1";

    /** The ids of traces with a conflict (for the table's quick filter). */
    static final String TRACE_IDS =
            "SELECT trace_id FROM (" + LABELS + ") UNION SELECT trace_id FROM (" + ADJUDICATIONS + ")";

    /** Every conflict in the project, by task and model. */
    public static List<Conflict> find(Project p) {
        return p.read(c -> {
            List<Conflict> out = new ArrayList<>();
            for (String[] q : new String[][] {{LABELS, "label"}, {ADJUDICATIONS, "adjudication"}}) {
                try (PreparedStatement s = c.prepareStatement(q[0]);
                        ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        List<String> values =
                                new ArrayList<>(Arrays.asList(rs.getString(5).split(",")));
                        values.sort(null);
                        out.add(new Conflict(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getString(3),
                                rs.getString(4),
                                q[1],
                                List.copyOf(values)));
                    }
                }
            }
            out.sort(java.util.Comparator.comparing(Conflict::taskKey)
                    .thenComparing(Conflict::model)
                    .thenComparing(Conflict::who));
            return out;
        });
    }
}
