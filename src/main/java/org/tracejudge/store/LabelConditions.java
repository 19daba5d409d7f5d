package org.tracejudge.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tracejudge.model.EnsembleRule;

/**
 * The label conditions of one trace-table filter (the quick filters over the raters, the decisions, the ensemble and
 * the final label, and the label columns' own filters) as one condition on the trace id, read from a single grouped
 * walk of the ledger instead of up to four index look-ups per trace.
 *
 * <p>The walk groups label_current_idx by trace: a (trace, rater) pair with one entry has that entry's value, found by
 * the walk itself; only a pair with two or more entries is looked up for its newest (by created_at, then id), as the
 * table's per-trace columns find it. The decisions are read per grouped trace, and the traces with decisions and no
 * label come from the decisions. A trace with neither has no value in any label column: whether it matches is known
 * from the conditions alone ({@link #trueOnEmpty}), so the walk need not produce it. At 1,000,000 traces and 3,000,000
 * labels "raters disagree" took 10.3 s by the per-trace look-ups and 2.2 s this way (the sqlite3 shell, load 1.5).
 */
final class LabelConditions {
    private final TraceTable.Layout layout;
    /** The columns the walk produces, in select order. */
    private final List<Col> cols = new ArrayList<>();
    /** Column key (or {@link #ADJ}) → its alias in the walk's rows. */
    private final Map<String, String> alias = new HashMap<>();

    private final List<String> conds = new ArrayList<>();
    private final List<String> condParams = new ArrayList<>();
    /** Whether every condition holds for a trace that has no label and no decision. */
    private boolean trueOnEmpty = true;

    /** The key of the trace's newest decision by anyone (the final label's first source). */
    private static final String ADJ = "\u0000adj";

    private enum Source {
        RATER,
        HUMAN,
        ADJ
    }

    private record Col(String alias, Source source, String ref) {}

    /** Whether the conditions read schema 16's summary of current labels instead of walking the ledger. */
    private final boolean summary;

    LabelConditions(TraceTable.Layout layout) {
        this(layout, false);
    }

    LabelConditions(TraceTable.Layout layout, boolean summary) {
        this.layout = layout;
        this.summary = summary;
    }

    /** Whether the filter's label conditions go here: a label column of the layout. */
    boolean handles(String key) {
        TraceTable.Column c = layout.column(key);
        return c != null && c.isLabel();
    }

    boolean isEmpty() {
        return conds.isEmpty();
    }

    /**
     * Adds one condition, SQL over the values {@link #value} returns, with its parameters. {@code onEmpty}: whether it
     * holds for a trace whose label columns are all empty.
     */
    void add(String cond, boolean onEmpty, List<String> params) {
        conds.add(cond);
        condParams.addAll(params);
        trueOnEmpty &= onEmpty;
    }

    /** The value of a label column (rater, human, ensemble, final) as SQL over the walk's rows. */
    String value(String key) {
        TraceTable.Column c = layout.column(key);
        if (c == null) {
            return "NULL";
        }
        return switch (c.kind()) {
            case RATER -> column(key, Source.RATER, c.ref());
            case HUMAN -> column(key, Source.HUMAN, c.ref());
            case ENSEMBLE -> {
                String rule = value(layout.ruleRater());
                String[] judges = layout.judgeRaters().stream().map(this::value).toArray(String[]::new);
                yield EnsembleRule.ensembleSql(rule, judges);
            }
            case FINAL ->
                EnsembleRule.finalSql(
                        column(ADJ, Source.ADJ, null), layout.column("ensemble") == null ? "NULL" : value("ensemble"));
            default -> throw new IllegalArgumentException("not a label column: " + key);
        };
    }

    private String column(String key, Source source, String ref) {
        return alias.computeIfAbsent(key, k -> {
            String a = "v" + cols.size();
            cols.add(new Col(a, source, ref));
            return a;
        });
    }

    /**
     * The conditions as one SQL condition on {@code t.id}, their parameters appended to {@code params} in order.
     * Conditions that a trace with no labels fails are a set of matching traces; conditions such a trace meets are
     * the complement of the traces that fail them.
     */
    String sql(List<String> params) {
        return sql(params, false);
    }

    /**
     * As {@link #sql(List)}; with the summary, {@code perTrace} tests each trace of the enclosing query by its own
     * combination (a query over one model's few traces) instead of reading the matching traces through the index.
     */
    String sql(List<String> params, boolean perTrace) {
        return sql(params, perTrace, false);
    }

    /**
     * As {@link #sql(List, boolean)}; with {@code walkTraces}, the matching traces are a set the enclosing query's walk of the
     * traces tests each trace against (a unary plus keeps SQLite from looking each of them up by t.id instead).
     */
    String sql(List<String> params, boolean perTrace, boolean walkTraces) {
        if (readsSummary()) {
            String sql = summarySql(params, perTrace);
            return walkTraces && !perTrace ? sql.replace(SET_OF_TRACES, "+" + SET_OF_TRACES) : sql;
        }
        if (cols.isEmpty()) {
            // conditions on no column (a quick filter with nothing to compare): every trace is like an empty one
            return trueOnEmpty ? "1" : "0";
        }
        StringBuilder where = new StringBuilder();
        for (String c : conds) {
            where.append(where.length() == 0 ? "" : " AND ")
                    .append('(')
                    .append(c)
                    .append(')');
        }
        String walk = walk(params);
        params.addAll(condParams);
        return trueOnEmpty
                ? "t.id NOT IN (SELECT trace_id FROM (" + walk + ") WHERE NOT coalesce(" + where + ", 0))"
                : "t.id IN (SELECT trace_id FROM (" + walk + ") WHERE " + where + ")";
    }

    /**
     * With the summary: a query of how many traces meet the conditions (every trace has one trace_label_values row),
     * its parameters appended to {@code params}; null when the conditions read no column. The traces of the matching
     * combinations are counted in the (combo, trace) index alone.
     */
    String countSql(List<String> params) {
        if (!readsSummary()) {
            return null;
        }
        Parts p = parts();
        params.addAll(p.comboParams());
        if (p.decided() == null) {
            return "SELECT count(*) FROM trace_label_values v WHERE v.combo IN (" + p.combos() + ")";
        }
        params.addAll(p.decidedParams());
        return "SELECT (SELECT count(*) FROM trace_label_values v WHERE v.combo IN (" + p.combos() + ") AND v.trace_id "
                + "NOT IN (SELECT trace_id FROM adjudication)) + (SELECT count(*) FROM (" + p.decided() + "))";
    }

    /**
     * With the summary: a query of how many traces of the matching combinations there are, counting no further than its
     * last parameter (a LIMIT), its other parameters appended to {@code params}; null when the conditions read no rater
     * column. The traces with decisions are left out: they are few.
     */
    String countUpToSql(List<String> params) {
        if (!readsSummary()) {
            return null;
        }
        Parts p = parts();
        params.addAll(p.comboParams());
        return "SELECT count(*) FROM (SELECT 1 FROM trace_label_values v WHERE v.combo IN (" + p.combos()
                + ") LIMIT ?)";
    }

    /**
     * With the summary: a query of each combination's value of the label column {@code key} (id, value), the decisions'
     * columns empty: the column's value on every trace of that combination that has no decision. Its parameters are
     * appended to {@code params}.
     */
    static String comboValuesSql(TraceTable.Layout layout, String key, List<String> params) {
        LabelConditions l = new LabelConditions(layout, true);
        String value = l.value(key);
        StringBuilder sql = new StringBuilder("SELECT combo, ").append(value).append(" FROM (SELECT c.id AS combo");
        for (Col c : l.cols) {
            sql.append(", ");
            if (c.source() == Source.RATER) {
                sql.append("(SELECT x.value FROM label_combo_value x WHERE x.combo = c.id AND x.rater_id = ?)");
                params.add(c.ref());
            } else {
                sql.append("NULL");
            }
            sql.append(" AS ").append(c.alias());
        }
        return sql.append(" FROM label_combo c)").toString();
    }

    /**
     * Whether the summary serves: it does when a condition reads a rater's column; conditions on decisions alone walk
     * the (small) adjudication ledger, as before schema 16.
     */
    private boolean readsSummary() {
        return summary && cols.stream().anyMatch(c -> c.source() == Source.RATER);
    }

    private String where() {
        StringBuilder where = new StringBuilder();
        for (String c : conds) {
            where.append(where.length() == 0 ? "" : " AND ")
                    .append('(')
                    .append(c)
                    .append(')');
        }
        return where.toString();
    }

    /**
     * The summary's two queries: the combinations that meet the conditions, the decisions' columns empty; and, when a
     * condition reads decisions, the traces with a decision that meet them (null otherwise).
     */
    private record Parts(String combos, List<String> comboParams, String decided, List<String> decidedParams) {}

    private Parts parts() {
        String where = where();
        boolean decisions = cols.stream().anyMatch(c -> c.source() != Source.RATER);
        List<String> comboParams = new ArrayList<>();
        StringBuilder combos = new StringBuilder("SELECT combo FROM (SELECT c.id AS combo");
        for (Col c : cols) {
            combos.append(", ");
            if (c.source() == Source.RATER) {
                combos.append("(SELECT x.value FROM label_combo_value x WHERE x.combo = c.id AND x.rater_id = ?)");
                comboParams.add(c.ref());
            } else {
                combos.append("NULL");
            }
            combos.append(" AS ").append(c.alias());
        }
        combos.append(" FROM label_combo c) WHERE ").append(where);
        comboParams.addAll(condParams);
        if (!decisions) {
            return new Parts(combos.toString(), comboParams, null, List.of());
        }
        List<String> decidedParams = new ArrayList<>();
        StringBuilder decided = new StringBuilder("SELECT trace_id FROM (SELECT a.trace_id AS trace_id");
        for (Col c : cols) {
            decided.append(", ");
            switch (c.source()) {
                case RATER -> {
                    decided.append(
                            "(SELECT l.value FROM label_current l WHERE l.trace_id = a.trace_id AND l.rater_id = ?)");
                    decidedParams.add(c.ref());
                }
                case HUMAN -> {
                    decided.append(newest("adjudication", "a.trace_id", "annotator"));
                    decidedParams.add(c.ref());
                }
                case ADJ -> decided.append(newest("adjudication", "a.trace_id", null));
                default -> throw new IllegalStateException();
            }
            decided.append(" AS ").append(c.alias());
        }
        decided.append(" FROM adjudication a GROUP BY a.trace_id) WHERE ").append(where);
        decidedParams.addAll(condParams);
        return new Parts(combos.toString(), comboParams, decided.toString(), decidedParams);
    }

    /**
     * The conditions over schema 16's summary. They are tested once per combination of current values (label_combo:
     * a few dozen rows), the decisions' columns empty; the traces of the matching combinations come from
     * trace_label_values' (combo, trace) index. A trace with a decision, when a condition reads decisions, is tested
     * on its own: its raters' values from label_current, its decisions from the adjudication ledger (few traces).
     */
    /** How {@link #summarySql} begins each set of matching traces it tests t.id against. */
    private static final String SET_OF_TRACES = "t.id IN (SELECT ";

    private String summarySql(List<String> params, boolean perTrace) {
        Parts p = parts();
        String byCombo = perTrace
                ? "(SELECT v.combo FROM trace_label_values v WHERE v.trace_id = t.id) IN (" + p.combos() + ")"
                : SET_OF_TRACES + "v.trace_id FROM trace_label_values v WHERE v.combo IN (" + p.combos() + ")"
                        + (p.decided() != null ? " AND v.trace_id NOT IN (SELECT trace_id FROM adjudication)" : "")
                        + ")";
        if (p.decided() == null) {
            params.addAll(p.comboParams());
            return byCombo;
        }
        if (perTrace) {
            params.addAll(p.decidedParams());
            params.addAll(p.comboParams());
            return "(CASE WHEN t.id IN (SELECT trace_id FROM adjudication) THEN t.id IN (" + p.decided() + ") ELSE "
                    + byCombo + " END)";
        }
        params.addAll(p.comboParams());
        params.addAll(p.decidedParams());
        return "(" + byCombo + " OR " + SET_OF_TRACES + "trace_id FROM (" + p.decided() + ")))";
    }

    /** One row per trace with a label (and, when a column reads them, per trace with only decisions). */
    private String walk(List<String> params) {
        boolean raters = cols.stream().anyMatch(c -> c.source() == Source.RATER);
        boolean decisions = cols.stream().anyMatch(c -> c.source() != Source.RATER);
        StringBuilder sql = new StringBuilder();
        if (raters) {
            sql.append("SELECT g.trace_id AS trace_id");
            for (Col c : cols) {
                sql.append(", ")
                        .append(expr(c, "g.trace_id", true, params))
                        .append(" AS ")
                        .append(c.alias());
            }
            sql.append(" FROM label g GROUP BY g.trace_id");
        }
        if (decisions) {
            if (raters) {
                sql.append(" UNION ALL ");
            }
            sql.append("SELECT a.trace_id AS trace_id");
            for (Col c : cols) {
                sql.append(", ")
                        .append(expr(c, "a.trace_id", false, params))
                        .append(" AS ")
                        .append(c.alias());
            }
            sql.append(" FROM adjudication a");
            if (raters) {
                sql.append(" WHERE NOT EXISTS (SELECT 1 FROM label l WHERE l.trace_id = a.trace_id)");
            }
            sql.append(" GROUP BY a.trace_id");
        }
        return sql.toString();
    }

    /**
     * SQL for the value of the newest entry (by created_at, then id) of a ledger, {@code label} or {@code adjudication},
     * on the trace {@code trace}, and with {@code by} not null, of the one rater or annotator its parameter names: what
     * the trace table shows as a label column's value, read through the ledger's (trace, …, created_at, id) index.
     */
    static String newest(String ledger, String trace, String by) {
        return "(SELECT n.value FROM " + ledger + " n WHERE n.trace_id = " + trace
                + (by == null ? "" : " AND n." + by + " = ?") + " ORDER BY n.created_at DESC, n.id DESC LIMIT 1)";
    }

    /**
     * A column's value for the trace {@code trace}: in the ledger's walk ({@code grouped}), a rater's value comes from
     * the group itself when the pair has one entry; elsewhere (the decisions' part) raters have none.
     */
    private static String expr(Col c, String trace, boolean grouped, List<String> params) {
        switch (c.source()) {
            case RATER -> {
                if (!grouped) {
                    return "NULL";
                }
                params.addAll(List.of(c.ref(), c.ref(), c.ref()));
                return "CASE WHEN sum(g.rater_id = ?) > 1 THEN " + newest("label", trace, "rater_id")
                        + " ELSE max(CASE WHEN g.rater_id = ? THEN g.value END) END";
            }
            case HUMAN -> {
                params.add(c.ref());
                return newest("adjudication", trace, "annotator");
            }
            case ADJ -> {
                return newest("adjudication", trace, null);
            }
            default -> throw new IllegalStateException();
        }
    }
}
