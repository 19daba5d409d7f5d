package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.tracejudge.model.EnsembleRule;
import org.tracejudge.model.RaterKind;

/**
 * The workbench's trace table as paged SQL: one row per trace with model, domain, task, task type, each
 * machine rater's current label, each annotator's current decision, the ensemble and the final label;
 * filtered, searched and sorted in SQLite and read one page at a time, so a 100,000-trace project never
 * has to be in memory. Paging is two-phase: the ids of a page are found with only the columns the filter
 * and sort need, then those rows are read in full.
 */
public final class TraceTable {
    /**
     * A filter key that is no column: the trace's human gold (calibration.md § Terms: every person's current decision,
     * each annotator's newest adjudication entry and each human rater's current label, all the same). The Calibration
     * tab's confusion cells filter by it.
     */
    public static final String GOLD = "gold";

    /**
     * A filter key (issue 49): the traces whose raters' current answers to the question named by its value differ (a
     * project's own scheme; "raters disagree on risk").
     */
    public static final String DISAGREE_ON = "disagree-on";

    /**
     * With {@link #DISAGREE_ON} on a blind question: the rater id of the person looking, so that only the traces they
     * have answered themselves are found (on the others, that raters disagree is itself a hint). Never shown as a
     * filter of its own.
     */
    public static final String ANSWERED_BY = "answered-by";

    private static final String CURRENT_ANSWERS = "SELECT a.trace_id FROM answer a WHERE a.question = ? "
            + "AND a.action = 'set' AND NOT EXISTS (SELECT 1 FROM answer b WHERE b.question = a.question "
            + "AND b.trace_id = a.trace_id AND b.rater_id = a.rater_id AND (b.created_at > a.created_at "
            + "OR (b.created_at = a.created_at AND b.id > a.id)))";

    /** The traces where two raters' current answers to the one parameter's question differ. */
    static final String DISAGREE_ON_IDS = CURRENT_ANSWERS + " GROUP BY a.trace_id HAVING count(DISTINCT a.value) > 1";

    /**
     * As {@link #DISAGREE_ON_IDS}, among the traces whose current answer by the second parameter's rater (to the same
     * question) sets a value.
     */
    static final String DISAGREE_ON_ANSWERED_IDS = CURRENT_ANSWERS
            + " AND a.trace_id IN (SELECT m.trace_id FROM answer m WHERE m.question = a.question AND m.rater_id = ? "
            + "AND m.action = 'set' AND NOT EXISTS (SELECT 1 FROM answer n WHERE n.question = m.question "
            + "AND n.trace_id = m.trace_id AND n.rater_id = m.rater_id AND (n.created_at > m.created_at "
            + "OR (n.created_at = m.created_at AND n.id > m.id)))) GROUP BY a.trace_id HAVING count(DISTINCT a.value) > 1";

    /** The traces whose gold is the one parameter (as calibration.Gold reads it). */
    static final String GOLD_IDS =
            "SELECT trace_id FROM (SELECT a.trace_id, a.value FROM adjudication a WHERE a.action = "
                    + "'set' AND NOT EXISTS (SELECT 1 FROM adjudication n WHERE n.trace_id = a.trace_id AND n.annotator = "
                    + "a.annotator AND (n.created_at > a.created_at OR (n.created_at = a.created_at AND n.id > a.id))) "
                    + "UNION ALL SELECT l.trace_id, l.value FROM current_label l JOIN rater r ON r.id = l.rater_id "
                    + "WHERE r.kind = 'human' AND l.action = 'set') GROUP BY trace_id HAVING count(DISTINCT value) = 1 "
                    + "AND min(value) = ?";

    /** The value a column filter uses for "no label". */
    public static final String MISSING = "(none)";

    public enum Kind {
        MODEL,
        DOMAIN,
        TASK,
        TYPE,
        RATER,
        HUMAN,
        ENSEMBLE,
        FINAL,
        ASSIGNED
    }

    /** The key of the column with the annotator's team assignments and their done marks (team projects only). */
    public static final String ASSIGNED = "assigned";
    /** Values of the {@link #ASSIGNED} column: an item to review or to adjudicate, still open or done. */
    public static final String TO_DO = "to do";

    public static final String DONE = "done";
    public static final String TO_ADJUDICATE = "to adjudicate";
    public static final String ADJUDICATED = "adjudicated";

    /** The {@link #ASSIGNED} mark once the annotator has decided on the trace (any decision, as the SQL counts it). */
    public static String decided(String mark) {
        return TO_DO.equals(mark) ? DONE : TO_ADJUDICATE.equals(mark) ? ADJUDICATED : mark;
    }

    /**
     * One column. {@code key} is stable ("model", "rater:&lt;id&gt;", "human:&lt;name&gt;", "final"…),
     * {@code ref} the rater id or annotator name.
     */
    public record Column(String key, String title, Kind kind, String ref) {
        public boolean isLabel() {
            return kind == Kind.RATER || kind == Kind.HUMAN || kind == Kind.ENSEMBLE || kind == Kind.FINAL;
        }
    }

    /**
     * The columns of a project and the roles of its raters.
     *
     * @param ruleRater   the column key of the rater whose label counts as the rule's (null when none)
     * @param judgeRaters the column keys of the two (or fewer) raters counted as judges for the ensemble
     */
    public record Layout(List<Column> columns, String ruleRater, List<String> judgeRaters, String annotator) {
        public Column column(String key) {
            for (Column c : columns) {
                if (c.key().equals(key)) {
                    return c;
                }
            }
            return null;
        }

        public List<Column> raters() {
            return columns.stream().filter(c -> c.kind() == Kind.RATER).toList();
        }

        public List<Column> humans() {
            return columns.stream().filter(c -> c.kind() == Kind.HUMAN).toList();
        }
    }

    /** Quick filters over the label columns. */
    public enum Show {
        ALL("All traces"),
        DISAGREE("Raters disagree"),
        RULE_VS_JUDGES("Rule vs judges"),
        JUDGES_SPLIT("Judges split"),
        PENDING("Pending (no final label)"),
        MINE("Adjudicated by me"),
        NOT_MINE("Not yet adjudicated by me"),
        /** Team projects: the items the lead assigned to this annotator (to review or to adjudicate). */
        ASSIGNED("Assigned to me"),
        CONFLICTS("Decided differently on two laptops"),
        /** Traces someone flagged for the lead ("ask the lead") and nobody has cleared since. */
        FLAGGED("Flagged for the lead"),
        /** The traces of the project's calibration samples (drawn with `tracejudge sample`), for people to decide. */
        CALIBRATION("Calibration sample");

        private final String title;

        Show(String title) {
            this.title = title;
        }

        public String title() {
            return title;
        }
    }

    /**
     * What the table shows. {@code equals}: column key → value ({@link #MISSING} for no label);
     * {@code search}: case-insensitive text in the user message or the answer.
     */
    public record Filter(Map<String, String> equals, Show show, String search) {
        public static final Filter NONE = new Filter(Map.of(), Show.ALL, "");

        public Filter {
            equals = Map.copyOf(equals == null ? Map.of() : equals);
            show = show == null ? Show.ALL : show;
            search = search == null ? "" : search.trim();
        }

        public Filter with(String key, String value) {
            Map<String, String> m = new LinkedHashMap<>(equals);
            if (value == null) {
                m.remove(key);
                if (DISAGREE_ON.equals(key)) {
                    m.remove(ANSWERED_BY); // it only qualifies that filter
                }
            } else {
                m.put(key, value);
            }
            return new Filter(m, show, search);
        }

        /** The column filters a person set, in order: {@link #ANSWERED_BY}, which only qualifies another, left out. */
        public Map<String, String> shown() {
            if (!equals.containsKey(ANSWERED_BY)) {
                return equals;
            }
            Map<String, String> m = new LinkedHashMap<>(equals);
            m.remove(ANSWERED_BY);
            return m;
        }

        public Filter withShow(Show s) {
            return new Filter(equals, s, search);
        }

        public Filter withSearch(String s) {
            return new Filter(equals, show, s);
        }
    }

    /** Sort by a column key (null: model, task, run), or by a question's answers ({@link #QUESTION_SORT}). */
    public record Sort(String key, boolean descending) {
        public static final Sort DEFAULT = new Sort(null, false);
    }

    /**
     * Sort key prefix (issue 49): {@code q:KEY} sorts by the annotator's current answer to question KEY of the project's
     * scheme, as its {@link QuestionSort} says; traces without an answer come last either way.
     */
    public static final String QUESTION_SORT = "q:";

    /**
     * How the answers to one question sort (the caller knows the scheme; this table only its answers' JSON).
     *
     * @param key the question's key
     * @param order how a value sorts
     * @param values for {@link Order#OPTIONS} and {@link Order#OPTION_SETS}: the option values in the scheme's order
     */
    public record QuestionSort(String key, Order order, List<String> values) {
        public QuestionSort {
            values = List.copyOf(values);
        }

        /** How an answer's JSON sorts. */
        public enum Order {
            /** One option: by its place among {@code values}; an option not among them after those that are. */
            OPTIONS,
            /** A set of options: by the first of them in the order of {@code values}. */
            OPTION_SETS,
            /** A number or a scale's step: numerically. */
            NUMBER,
            /** Spans: by how many ("none found", none, first). */
            COUNT,
            /** Anything else: by its text, ignoring case. */
            TEXT
        }
    }

    /** One row: the trace, its task and every column's value by column key (null where there is none). */
    public record Row(String traceId, String taskId, String labelSet, Map<String, String> values) {
        public String get(String key) {
            return values.get(key);
        }
    }

    private final Project project;
    private final Layout layout;

    /**
     * Whether filters and label columns read schema 16's summary of current labels (label_current, label_combo,
     * trace_label_values); false: the ledger itself, as before schema 16 (TraceTableSummaryTest compares the two).
     */
    boolean summary = true;
    /** The layout's column keys, shared by every row this table reads. */
    private final RowValues.Keys rowKeys;

    /** A question's sort by its key, or null (no such question): asked only when a sort names a question. */
    private final java.util.function.Function<String, QuestionSort> questions;

    private final Map<String, java.util.Optional<QuestionSort>> questionSorts =
            new java.util.concurrent.ConcurrentHashMap<>();

    public TraceTable(Project project, Layout layout) {
        this(project, layout, k -> null);
    }

    /**
     * A table that can also sort by the answers to a question of the project's scheme.
     *
     * @param questions a question's sort by its key, or null; called on the project thread when a sort first names
     *     the question (once per question and table)
     */
    public TraceTable(Project project, Layout layout, java.util.function.Function<String, QuestionSort> questions) {
        this.project = project;
        this.layout = layout;
        this.questions = questions;
        this.rowKeys =
                new RowValues.Keys(layout.columns().stream().map(Column::key).toList());
    }

    private QuestionSort questionSort(String sortKey) {
        if (sortKey == null || !sortKey.startsWith(QUESTION_SORT) || layout.annotator() == null) {
            return null;
        }
        String key = sortKey.substring(QUESTION_SORT.length());
        return questionSorts
                .computeIfAbsent(key, k -> java.util.Optional.ofNullable(questions.apply(k)))
                .orElse(null);
    }

    /**
     * The SQL of a question's sort value for trace {@code tt.id}: the annotator's current answer (the newest entry, when
     * it sets a value) turned into what sorts, NULL without an answer. Appends its parameters to {@code params}.
     */
    private String questionSortSql(QuestionSort qs, List<String> params) {
        String v = "a.value";
        String value =
                switch (qs.order()) {
                    case OPTIONS -> optionRank("json_extract(a.value, '$')", qs.values(), params);
                    case OPTION_SETS ->
                        "(SELECT min(" + optionRank("j.value", qs.values(), params) + ") FROM json_each(a.value) j)";
                    case NUMBER -> "CAST(" + v + " AS REAL)";
                    case COUNT -> "json_array_length(" + v + ")";
                    case TEXT -> "lower(json_extract(" + v + ", '$'))";
                };
        params.add(qs.key());
        params.add(org.tracejudge.model.Ids.of("rater", layout.annotator(), ""));
        return "(SELECT " + value + " FROM answer a WHERE a.question = ? AND a.trace_id = tt.id AND a.rater_id = ? "
                + "AND a.action = 'set' AND NOT EXISTS (SELECT 1 FROM answer b WHERE b.question = a.question "
                + "AND b.trace_id = a.trace_id AND b.rater_id = a.rater_id AND (b.created_at > a.created_at "
                + "OR (b.created_at = a.created_at AND b.id > a.id))))";
    }

    private static String optionRank(String expr, List<String> values, List<String> params) {
        if (values.isEmpty()) {
            return "0";
        }
        StringBuilder b = new StringBuilder("CASE ").append(expr);
        for (int i = 0; i < values.size(); i++) {
            b.append(" WHEN ? THEN ").append(i);
            params.add(values.get(i));
        }
        return b.append(" ELSE ").append(values.size()).append(" END").toString();
    }

    public Layout layout() {
        return layout;
    }

    /**
     * Reads the columns of a project. Rule rater: project setting {@code ensemble.rule} (a rater name), else the
     * rater {@code rule}, else {@code harness}. Judges: setting {@code ensemble.judges} ("a,b"; the settings the
     * {@code ensemble} command saves), else the first two raters that may judge ({@link
     * ProjectQueries.RaterSummary#mayJudge}, LLM judges first), as the command takes them. Humans: everyone who
     * adjudicated, plus
     * {@code annotator} (may be null).
     */
    public static Layout layout(Project project, String annotator) {
        List<ProjectQueries.RaterSummary> raters = new ArrayList<>(ratersWithLabels(project));
        raters.sort((a, b) -> Integer.compare(rank(a), rank(b)));
        String ruleName = project.meta("ensemble.rule");
        String judgesSetting = project.meta("ensemble.judges");
        List<Column> cols = new ArrayList<>();
        cols.add(new Column("model", "Model", Kind.MODEL, null));
        cols.add(new Column("domain", "Domain", Kind.DOMAIN, null));
        cols.add(new Column("task", "Task", Kind.TASK, null));
        cols.add(new Column("type", "Type", Kind.TYPE, null));
        String rule = null;
        Map<String, String> byName = new LinkedHashMap<>();
        for (ProjectQueries.RaterSummary r : raters) {
            Column c = new Column("rater:" + r.id(), r.column(), Kind.RATER, r.id());
            cols.add(c);
            byName.putIfAbsent(r.name(), c.key());
            byName.putIfAbsent(r.column(), c.key());
        }
        if (ruleName != null && byName.containsKey(ruleName)) {
            rule = byName.get(ruleName);
        } else if (byName.containsKey("rule")) {
            rule = byName.get("rule");
        } else if (byName.containsKey("harness")) {
            rule = byName.get("harness");
        } else {
            for (ProjectQueries.RaterSummary r : raters) {
                if (r.kind() == RaterKind.RULE) {
                    rule = "rater:" + r.id();
                    break;
                }
            }
        }
        List<String> judges = new ArrayList<>();
        if (judgesSetting != null && !judgesSetting.isBlank()) {
            for (String j : judgesSetting.split(",")) {
                String key = byName.get(j.trim());
                if (key != null && judges.size() < 2) {
                    judges.add(key);
                }
            }
        }
        if (judges.isEmpty()) {
            // the raters that may judge (RaterSummary.mayJudge, which ensemble.JudgeChoice asks too), LLM judges
            // first (the raters are ranked); unlike the command, which needs exactly two, the table shows an
            // ensemble with fewer (EnsembleRule: the rule alone, or the rule and one judge agreeing)
            for (ProjectQueries.RaterSummary r : raters) {
                String key = "rater:" + r.id();
                if (r.mayJudge() && !key.equals(rule) && judges.size() < 2) {
                    judges.add(key);
                }
            }
        }
        Set<String> humans = new LinkedHashSet<>(annotators(project));
        if (annotator != null && !annotator.isBlank()) {
            humans.add(annotator);
        }
        for (String h : humans) {
            cols.add(new Column("human:" + h, h, Kind.HUMAN, h));
        }
        if (rule != null) {
            cols.add(new Column("ensemble", "Ensemble", Kind.ENSEMBLE, null));
        }
        cols.add(new Column("final", "Final", Kind.FINAL, null));
        if (annotator != null && !annotator.isBlank() && hasAssignments(project)) {
            // beside the trace's own columns, where a narrow table still shows it
            cols.add(4, new Column(ASSIGNED, "Assigned", Kind.ASSIGNED, annotator));
        }
        return new Layout(List.copyOf(cols), rule, List.copyOf(judges), annotator);
    }

    /**
     * Whether the project is a team project: it names its hub (org.tracejudge.team's {@code team.hub}). Every project
     * has the assignments table since schema 14; only a team's can hold assignments.
     */
    private static boolean hasAssignments(Project project) {
        return project.read(c -> {
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT 1 FROM project_meta WHERE key = 'team.hub'")) {
                return rs.next();
            }
        });
    }

    /** Raters that have at least one ledger entry (label counts left at 0: counting is slow on big projects). */
    private static List<ProjectQueries.RaterSummary> ratersWithLabels(Project project) {
        return project.read(c -> {
            List<ProjectQueries.RaterSummary> out = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT r.id, r.name, r.kind, r.version, "
                            + "r.description FROM rater r WHERE EXISTS (SELECT 1 FROM label l WHERE l.rater_id = r.id) "
                            + "ORDER BY r.name, r.version")) {
                while (rs.next()) {
                    out.add(ProjectQueries.rater(rs, 0));
                }
            }
            return out;
        });
    }

    private static int rank(ProjectQueries.RaterSummary r) {
        if (r.kind() == RaterKind.RULE) {
            return 0;
        }
        if (r.name().equals("harness")) {
            return 1;
        }
        if (r.kind() == RaterKind.LLM_JUDGE) {
            return 2;
        }
        return 3;
    }

    /** Everyone who has made an adjudication, by name. */
    public static List<String> annotators(Project project) {
        return project.read(c -> {
            List<String> out = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT DISTINCT annotator FROM adjudication ORDER BY annotator")) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        });
    }

    // ------------------------------------------------------------------------------------------ SQL

    /** Builds the inner per-trace query with the given label columns, plus the parameters it binds. */
    private final class Sql {
        static final String COLUMNS =
                "SELECT t.id AS id, t.task_id AS task_id, k.label_set AS label_set, t.model AS model, k.domain AS domain, "
                        + "k.task_key AS task, k.task_type AS type, t.run AS run";
        final StringBuilder select = new StringBuilder(COLUMNS);

        /** Whether a column needed so far is a subquery per trace (a label, a decision, an assignment). */
        boolean perTrace() {
            return select.length() > COLUMNS.length();
        }

        final List<String> params = new ArrayList<>();
        final Map<String, String> alias = new HashMap<>();
        boolean adjudicated;

        void need(String key) {
            Column c = layout.column(key);
            if (c == null || alias.containsKey(key)) {
                return;
            }
            switch (c.kind()) {
                case MODEL, DOMAIN, TASK, TYPE -> alias.put(key, key);
                case RATER -> {
                    String a = "c" + alias.size();
                    select.append(", ")
                            .append(
                                    summary
                                            ? "(SELECT n.value FROM label_current n WHERE n.trace_id = t.id "
                                                    + "AND n.rater_id = ?)"
                                            : LabelConditions.newest("label", "t.id", "rater_id"))
                            .append(" AS ")
                            .append(a);
                    params.add(c.ref());
                    alias.put(key, a);
                }
                case HUMAN -> {
                    String a = "c" + alias.size();
                    select.append(", ")
                            .append(LabelConditions.newest("adjudication", "t.id", "annotator"))
                            .append(" AS ")
                            .append(a);
                    params.add(c.ref());
                    alias.put(key, a);
                }
                case ENSEMBLE -> {
                    need(layout.ruleRater());
                    layout.judgeRaters().forEach(this::need);
                    alias.put(key, ensembleExpr());
                }
                case FINAL -> {
                    if (layout.column("ensemble") != null) {
                        need("ensemble");
                    }
                    if (!adjudicated) {
                        adjudicated = true;
                        select.append(", ")
                                .append(LabelConditions.newest("adjudication", "t.id", null))
                                .append(" AS adj");
                    }
                    alias.put(key, EnsembleRule.finalSql("adj", alias.getOrDefault("ensemble", "NULL")));
                }
                case ASSIGNED -> {
                    // the annotator's assignment of the trace (review before adjudicate), done once they have any
                    // label or adjudication on it: the same rule as the team's progress (TeamProgress)
                    String a = "c" + alias.size();
                    String mine = "(EXISTS (SELECT 1 FROM label l WHERE l.trace_id = t.id AND l.created_by = ?) "
                            + "OR EXISTS (SELECT 1 FROM adjudication d WHERE d.trace_id = t.id AND d.annotator = ?))";
                    select.append(", (SELECT CASE WHEN a.duty = 'review' THEN CASE WHEN ")
                            .append(mine)
                            .append(" THEN '")
                            .append(DONE)
                            .append("' ELSE '")
                            .append(TO_DO)
                            .append("' END ELSE CASE WHEN ")
                            .append(mine)
                            .append(" THEN '")
                            .append(ADJUDICATED)
                            .append("' ELSE '")
                            .append(TO_ADJUDICATE)
                            .append("' END END FROM team_assignment a WHERE a.trace_id = t.id AND a.reviewer = ? "
                                    + "ORDER BY a.duty DESC LIMIT 1) AS ")
                            .append(a);
                    params.addAll(List.of(c.ref(), c.ref(), c.ref(), c.ref(), c.ref()));
                    alias.put(key, a);
                }
                default -> throw new IllegalStateException();
            }
        }

        String ensembleExpr() {
            String rule = alias.get(layout.ruleRater());
            String[] judges = layout.judgeRaters().stream().map(alias::get).toArray(String[]::new);
            return EnsembleRule.ensembleSql(rule, judges);
        }

        String expr(String key) {
            need(key);
            return alias.get(key);
        }
    }

    private record Built(String sql, List<String> params) {}

    /** A label condition of a filter: its SQL, whether a trace with no label meets it, its parameters. */
    @FunctionalInterface
    private interface Cond {
        void add(String sql, boolean onEmpty, List<String> params);
    }

    private Built build(Filter f, Sort sort, String outerSelect, boolean page) {
        return build(f, sort, outerSelect, page, null, false);
    }

    /**
     * {@code model}: when not null, only that model's traces, or with {@code andLater} that model's and every later
     * one's (read through trace_model_idx). The label conditions are then tested trace by trace (a model has few
     * traces); for the whole table they are one set read by a grouped walk of the ledger ({@link LabelConditions}).
     */
    private Built build(Filter f, Sort sort, String outerSelect, boolean page, String model, boolean andLater) {
        Sql q = new Sql();
        LabelConditions labels =
                summary ? new LabelConditions(layout, true) : model == null ? new LabelConditions(layout) : null;
        List<String> where = new ArrayList<>();
        List<String> whereParams = new ArrayList<>();
        // a label condition: in the grouped walk, or per trace over the inner query's columns
        java.util.function.Function<String, String> x = labels != null ? labels::value : q::expr;
        Cond cond = (sql, onEmpty, params) -> {
            if (labels != null) {
                labels.add(sql, onEmpty, params);
            } else {
                where.add(sql);
                whereParams.addAll(params);
            }
        };
        for (Map.Entry<String, String> e : f.equals().entrySet()) {
            if (GOLD.equals(e.getKey())) {
                where.add("id IN (" + GOLD_IDS + ")");
                whereParams.add(e.getValue());
                continue;
            }
            if (DISAGREE_ON.equals(e.getKey())) {
                String viewer = f.equals().get(ANSWERED_BY);
                where.add("id IN (" + (viewer == null ? DISAGREE_ON_IDS : DISAGREE_ON_ANSWERED_IDS) + ")");
                whereParams.add(e.getValue());
                if (viewer != null) {
                    whereParams.add(viewer);
                }
                continue;
            }
            if (ANSWERED_BY.equals(e.getKey())) {
                continue;
            }
            Column col = layout.column(e.getKey());
            if (col == null) {
                continue;
            }
            if (col.isLabel()) {
                String v = x.apply(e.getKey());
                if (MISSING.equals(e.getValue())) {
                    cond.add(v + " IS NULL", true, List.of());
                } else {
                    cond.add(v + " = ?", false, List.of(e.getValue()));
                }
                continue;
            }
            String v = q.expr(e.getKey());
            if (MISSING.equals(e.getValue())) {
                where.add(v + " IS NULL");
            } else {
                where.add(v + " = ?");
                whereParams.add(e.getValue());
            }
        }
        List<String> raters = layout.raters().stream().map(Column::key).toList();
        switch (f.show()) {
            case DISAGREE -> {
                List<String> ors = new ArrayList<>();
                for (int i = 0; i < raters.size(); i++) {
                    for (int j = i + 1; j < raters.size(); j++) {
                        ors.add(x.apply(raters.get(i)) + " <> " + x.apply(raters.get(j)));
                    }
                }
                cond.add(ors.isEmpty() ? "0" : "(" + String.join(" OR ", ors) + ")", false, List.of());
            }
            case RULE_VS_JUDGES -> {
                List<String> ors = new ArrayList<>();
                if (layout.ruleRater() != null) {
                    for (String j : layout.judgeRaters()) {
                        ors.add(x.apply(layout.ruleRater()) + " <> " + x.apply(j));
                    }
                }
                cond.add(ors.isEmpty() ? "0" : "(" + String.join(" OR ", ors) + ")", false, List.of());
            }
            case JUDGES_SPLIT ->
                cond.add(
                        layout.judgeRaters().size() < 2
                                ? "0"
                                : x.apply(layout.judgeRaters().get(0)) + " <> "
                                        + x.apply(layout.judgeRaters().get(1)),
                        false,
                        List.of());
            case PENDING -> cond.add(x.apply("final") + " IS NULL", true, List.of());
            case CONFLICTS -> where.add("id IN (" + Conflicts.TRACE_IDS + ")");
            case FLAGGED -> where.add("id IN (" + Comments.FLAGGED_IDS + ")");
            case CALIBRATION -> where.add("id IN (SELECT trace_id FROM calibration_draw)");
            case ASSIGNED -> where.add(layout.column(ASSIGNED) == null ? "0" : q.expr(ASSIGNED) + " IS NOT NULL");
            case MINE, NOT_MINE -> {
                String me = layout.annotator() == null ? "" : layout.annotator();
                String v = layout.column("human:" + me) == null ? "NULL" : x.apply("human:" + me);
                boolean mine = f.show() == Show.MINE;
                cond.add(v + (mine ? " IS NOT NULL" : " IS NULL"), !mine, List.of());
            }
            default -> {}
        }
        String order = null;
        List<String> orderParams = new ArrayList<>();
        if (page) {
            List<String> by = new ArrayList<>();
            QuestionSort qs = sort == null ? null : questionSort(sort.key());
            if (sort != null && sort.key() != null && layout.column(sort.key()) != null) {
                String sx = q.expr(sort.key());
                // missing labels last either way
                by.add("(" + sx + " IS NULL)");
                by.add(sx + (sort.descending() ? " DESC" : ""));
            } else if (qs != null) {
                // unanswered last either way
                by.add("(" + questionSortSql(qs, orderParams) + " IS NULL)");
                by.add(questionSortSql(qs, orderParams) + (sort.descending() ? " DESC" : ""));
            }
            by.addAll(List.of("model", "task", "run", "id"));
            order = String.join(", ", by);
        }
        StringBuilder sql = new StringBuilder();
        sql.append(q.select).append(" FROM trace t JOIN task k ON k.id = t.task_id");
        List<String> params = new ArrayList<>(q.params);
        List<String> inWhere = new ArrayList<>();
        if (model != null) {
            inWhere.add(andLater ? "t.model >= ?" : "t.model = ?");
            params.add(model);
        }
        if (labels != null
                && !labels.isEmpty()
                && summary
                && !page
                && model == null
                && where.isEmpty()
                && f.search().isEmpty()) {
            // a count of label conditions alone: the summary's rows, one per trace, counted through its index
            String count = labels.countSql(params);
            if (count != null) {
                return new Built(count, params);
            }
        }
        // the whole table without a column per trace: the query need not stay a subquery (below), so SQLite reads the
        // traces in trace_model_idx's order and sorts each model's alone; a label filter that keeps many traces then
        // tests each entry of that covering index against the matching set instead of looking each of its traces up
        // in the trace table, whose rows hold the traces' whole text (1,000,000 traces, quiet machine: "raters
        // disagree" 7.9 s -> 2.9 s of CPU)
        boolean flat = summary && model == null && !q.perTrace() && orderParams.isEmpty();
        if (labels != null && !labels.isEmpty()) {
            // one model's traces are tested one by one; the whole table (or the rest of it) is read through the index
            boolean perTrace = model != null && !andLater;
            inWhere.add(labels.sql(params, perTrace, flat && !perTrace && manyMatch(labels)));
        }
        if (!f.search().isEmpty()) {
            inWhere.add("(k.user_message LIKE ? ESCAPE '\\' OR t.answer LIKE ? ESCAPE '\\')");
            String like =
                    "%" + f.search().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
            params.add(like);
            params.add(like);
        }
        if (!inWhere.isEmpty()) {
            sql.append(" WHERE ").append(String.join(" AND ", inWhere));
        }
        // OFFSET 0 keeps SQLite from flattening: each label subquery runs once per trace
        String inner = flat ? sql.toString() : sql + " LIMIT -1 OFFSET 0";
        StringBuilder outer = new StringBuilder("SELECT ")
                .append(outerSelect)
                .append(" FROM (")
                .append(inner)
                .append(") AS tt");
        if (!where.isEmpty()) {
            outer.append(" WHERE ").append(String.join(" AND ", where));
            params.addAll(whereParams);
        }
        if (order != null) {
            outer.append(" ORDER BY ").append(order).append(" LIMIT ? OFFSET ?");
            params.addAll(orderParams);
        }
        return new Built(outer.toString(), params);
    }

    /**
     * Whether a sort goes by a label column read through schema 16's summary ({@link LabelSort}) rather than by a
     * subquery per trace in SQLite's ORDER BY.
     */
    private boolean sortsBySummary(Sort sort) {
        if (!summary || sort == null || sort.key() == null) {
            return false;
        }
        Column c = layout.column(sort.key());
        return c != null && c.isLabel();
    }

    /**
     * The filtered traces in the table's default order, each with its label combination (trace_label_values), for
     * {@link LabelSort}: the query and its parameters (the LIMIT and OFFSET last, unbound).
     */
    List<String> combosInDefaultOrderSql(Filter f) {
        Built b =
                build(f, Sort.DEFAULT, "id, (SELECT v.combo FROM trace_label_values v WHERE v.trace_id = tt.id)", true);
        List<String> out = new ArrayList<>();
        out.add(b.sql());
        out.addAll(b.params());
        return out;
    }

    /**
     * The value of the label column {@code key} of every trace with a decision, as the table shows it: the query and
     * its parameters (few traces: each one's columns are read by its own subqueries).
     */
    List<String> decidedValuesSql(String key) {
        Sql q = new Sql();
        String sx = q.expr(key);
        List<String> out = new ArrayList<>();
        out.add("SELECT id, " + sx + " FROM (" + q.select + " FROM trace t JOIN task k ON k.id = t.task_id "
                + "WHERE t.id IN (SELECT trace_id FROM adjudication) LIMIT -1 OFFSET 0)");
        out.addAll(q.params);
        return out;
    }

    Project project() {
        return project;
    }

    /**
     * From what share of the traces (one in WALK_SHARE) a label filter over the whole table reads the traces in
     * trace_model_idx's order and tests each against the matching set, rather than looking each matching trace up in
     * the trace table: a look-up costs about as much as walking twenty index entries (1,000,000 traces: 22,000 matches
     * 0.36 s of CPU by look-ups, 0.7 s by the walk; 420,000 matches 7.7 s by look-ups, 2.7–3.3 s by the walk).
     */
    static final int WALK_SHARE = 20;

    /** From how many matches filters walk; 0: a {@link #WALK_SHARE}th of the traces (tests set 1: always). */
    int walkFrom = 0;

    /** Whether enough traces are of the combinations the conditions match for a walk of the traces to pay. */
    private boolean manyMatch(LabelConditions labels) {
        List<String> params = new ArrayList<>();
        String sql = labels.countUpToSql(params);
        if (sql == null) {
            return false;
        }
        return project.read(c -> {
            int from = walkFrom;
            if (from <= 0) {
                // the highest rowid, read from the end of the table's b-tree: the trace count, deletions aside
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT coalesce(max(rowid), 0) FROM trace")) {
                    from = Math.max(1, (rs.next() ? rs.getInt(1) : 0) / WALK_SHARE);
                }
            }
            try (PreparedStatement s = c.prepareStatement(sql)) {
                int i = 1;
                for (String p : params) {
                    s.setString(i++, p);
                }
                s.setInt(i, from);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() && rs.getInt(1) >= from;
                }
            }
        });
    }

    /** The SQL and parameters of {@link #ids} for a filter (the query-plan tests read its plan). */
    List<String> idsSql(Filter f) {
        Built b = build(f, Sort.DEFAULT, "id", true);
        List<String> out = new ArrayList<>();
        out.add(b.sql());
        out.addAll(b.params());
        return out;
    }

    /** How many traces pass the filter. */
    public int count(Filter f) {
        if (f.equals().isEmpty() && f.show() == Show.ALL && f.search().isEmpty()) {
            // every trace has its task (a foreign key): the count is the trace table's, read from its narrowest
            // index instead of through the per-trace subquery and its join (1,000,000 traces: 0.15 s, not 0.45–1.1 s)
            return project.read(c -> {
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT count(*) FROM trace")) {
                    rs.next();
                    return rs.getInt(1);
                }
            });
        }
        Built b = build(f, null, "count(*)", false);
        return project.read(c -> {
            try (PreparedStatement s = prepare(c, b)) {
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    return rs.getInt(1);
                }
            }
        });
    }

    /**
     * The ids of every trace that passes the filter, in table order: one query per filter change, after
     * which any page is {@link #rows(List)} of a slice (a 100,000-trace project: about 4 MB of ids).
     */
    public List<String> ids(Filter f, Sort sort) {
        return ids(f, sort, () -> false, 0, null);
    }

    /** How many traces a read of the id list takes between two looks at its {@code stop} (tests set 1). */
    int stopEvery = 4096;

    /**
     * {@link #ids(Filter, Sort)} read so that nobody need wait for all of it (issue 51: a million ids take seconds):
     * {@code stop} is asked every {@link #stopEvery} traces, and once it says true the read ends and null is returned
     * (a newer filter wants the project thread); {@code first}, when not null, gets the first {@code firstSize} ids (or
     * all of them, when fewer) as soon as they are read, on this thread and inside the read. The rows come in the
     * table's order as SQLite finds them: with the default order and no per-trace column (a search, most filters) the
     * traces are read model by model, so the first ids arrive after a small part of the work; a search then counts,
     * finds its first page and its id list in one scan of the traces' text instead of three.
     *
     * @return the ids, or null when stopped
     */
    public List<String> ids(
            Filter f,
            Sort sort,
            java.util.function.BooleanSupplier stop,
            int firstSize,
            java.util.function.Consumer<List<String>> first) {
        if (sortsBySummary(sort)) {
            LabelSort.Result sorted = LabelSort.ids(this, f, sort, -1, stop);
            if (sorted.stopped()) {
                return null;
            }
            if (sorted.ids() != null) {
                if (first != null) {
                    first.accept(List.copyOf(sorted.ids()
                            .subList(0, Math.min(firstSize, sorted.ids().size()))));
                }
                return sorted.ids();
            }
        }
        Built b = build(f, sort, "id", true);
        return project.read(c -> {
            List<String> out = new ArrayList<>();
            boolean told = first == null;
            try (PreparedStatement s = prepare(c, b)) {
                s.setInt(b.params().size() + 1, -1);
                s.setInt(b.params().size() + 2, 0);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                        if (!told && out.size() == firstSize) {
                            told = true;
                            first.accept(List.copyOf(out));
                        }
                        if (out.size() % stopEvery == 0 && stop.getAsBoolean()) {
                            return null;
                        }
                    }
                }
            }
            if (!told) {
                first.accept(List.copyOf(out));
            }
            return out;
        });
    }

    /** Rows {@code offset .. offset+limit-1} of the filtered, sorted table, every column filled. */
    public List<Row> page(Filter f, Sort sort, int offset, int limit) {
        List<String> sorted = sortsBySummary(sort)
                ? LabelSort.ids(this, f, sort, offset + limit, () -> false).ids()
                : null;
        if (sorted != null) {
            return rows(sorted.subList(Math.min(offset, sorted.size()), Math.min(sorted.size(), offset + limit)));
        }
        Built ids = build(f, sort, "id", true);
        return project.read(c -> {
            List<String> order = new ArrayList<>();
            try (PreparedStatement s = prepare(c, ids)) {
                s.setInt(ids.params().size() + 1, limit);
                s.setInt(ids.params().size() + 2, offset);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        order.add(rs.getString(1));
                    }
                }
            }
            return rows(c, order);
        });
    }

    /**
     * The first {@code limit} rows of the filtered, sorted table, as {@link #page page(f, sort, 0, limit)} gives them,
     * without sorting the whole project when the order is the default one (model first): the models are walked in
     * order through trace_model_idx and each one's traces filtered and sorted alone, until the page is full. On
     * 1,000,000 traces of 1,000 models the first page of the unfiltered table takes milliseconds instead of the
     * 0.7 s of a full ORDER BY. A filter that keeps few traces would walk many models: after {@link #WALK_MODELS}
     * models the rest of the page comes from one {@link #page} query.
     */
    public List<Row> firstPage(Filter f, Sort sort, int limit) {
        return firstPage(f, sort, limit, WALK_MODELS);
    }

    /** {@link #firstPage(Filter, Sort, int)} walking at most {@code walkModels} models one by one. */
    List<Row> firstPage(Filter f, Sort sort, int limit, int walkModels) {
        if (sort.key() != null) {
            return page(f, sort, 0, limit);
        }
        return project.read(c -> {
            List<String> order = new ArrayList<>();
            String model = null;
            for (int walked = 0; order.size() < limit; walked++) {
                model = nextModel(c, model);
                if (model == null) {
                    return rows(c, order);
                }
                if (walked == walkModels) {
                    // the rest in one query: the models from this one on, in the table's order
                    idsOf(c, build(f, sort, "id", true, model, true), limit - order.size(), order);
                    return rows(c, order);
                }
                idsOf(c, build(f, sort, "id", true, model, false), limit - order.size(), order);
            }
            return rows(c, order);
        });
    }

    /** How many models {@link #firstPage} walks one by one before it reads the rest of the page in one query. */
    static final int WALK_MODELS = 20;

    private static String nextModel(Connection c, String after) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                after == null
                        ? "SELECT model FROM trace ORDER BY model LIMIT 1"
                        : "SELECT model FROM trace WHERE model > ? ORDER BY model LIMIT 1")) {
            if (after != null) {
                s.setString(1, after);
            }
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    private static void idsOf(Connection c, Built b, int limit, List<String> out) throws SQLException {
        try (PreparedStatement s = prepare(c, b)) {
            s.setInt(b.params().size() + 1, limit);
            s.setInt(b.params().size() + 2, 0);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
    }

    /** The rows of the given traces, in that order (unknown ids are left out). */
    public List<Row> rows(List<String> traceIds) {
        return project.read(c -> rows(c, traceIds));
    }

    private List<Row> rows(Connection c, List<String> ids) throws SQLException {
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<String, Row> byId = new HashMap<>();
        select(c, ids, r -> byId.put(r.traceId(), r));
        List<Row> out = new ArrayList<>(ids.size());
        for (String id : ids) {
            Row r = byId.get(id);
            if (r != null) {
                out.add(r);
            }
        }
        return out;
    }

    /**
     * The values of the label columns {@code keys} (rater, human, ensemble, final) of every trace that has any, in no
     * particular order: computed with {@link EnsembleRule} from one grouped walk of the ledger ({@link CurrentLabels})
     * and one walk of the decisions, the values the table's SQL gives (the rows of {@link #page}) (TraceTableTest
     * holds them equal) without its four index look-ups per trace, which at a million traces were most of the labels
     * command's time. {@code values[i]} belongs to {@code keys.get(i)}; the array is the consumer's to keep.
     */
    public void forEachLabelValues(List<String> keys, java.util.function.BiConsumer<String, String[]> out) {
        List<Column> cols = new ArrayList<>();
        for (String k : keys) {
            Column c = layout.column(k);
            if (c == null || !c.isLabel()) {
                throw new IllegalArgumentException("not a label column of this table: " + k);
            }
            cols.add(c);
        }
        boolean ensemble = layout.column("ensemble") != null;
        List<String> raterKeys = new ArrayList<>();
        for (Column c : cols) {
            if (c.kind() == Kind.RATER && !raterKeys.contains(c.key())) {
                raterKeys.add(c.key());
            }
        }
        if (ensemble && cols.stream().anyMatch(c -> c.kind() == Kind.ENSEMBLE || c.kind() == Kind.FINAL)) {
            if (layout.ruleRater() != null && !raterKeys.contains(layout.ruleRater())) {
                raterKeys.add(layout.ruleRater());
            }
            for (String j : layout.judgeRaters()) {
                if (!raterKeys.contains(j)) {
                    raterKeys.add(j);
                }
            }
        }
        List<String> raterIds =
                raterKeys.stream().map(k -> layout.column(k).ref()).toList();
        int rule = layout.ruleRater() == null ? -1 : raterKeys.indexOf(layout.ruleRater());
        int[] judges =
                layout.judgeRaters().stream().mapToInt(raterKeys::indexOf).toArray();
        int[] raterOf =
                cols.stream().mapToInt(col -> raterKeys.indexOf(col.key())).toArray(); // -1: not a rater
        project.read(c -> {
            Map<String, String[]> labels = new HashMap<>();
            CurrentLabels.byTrace(c, raterIds, false, (trace, values, rowids) -> {
                for (String v : values) {
                    if (v != null) {
                        labels.put(trace, values.clone());
                        return;
                    }
                }
            });
            // each trace's newest decision by anyone (final) and by each person (their column); a withdrawal is null
            Map<String, String> newest = new HashMap<>();
            Map<String, Map<String, String>> byPerson = new HashMap<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT trace_id, annotator, value FROM adjudication ORDER BY trace_id, created_at, id")) {
                while (rs.next()) {
                    String trace = rs.getString(1);
                    newest.put(trace, rs.getString(3));
                    byPerson.computeIfAbsent(trace, t -> new HashMap<>(2)).put(rs.getString(2), rs.getString(3));
                }
            }
            java.util.Set<String> traces = new java.util.HashSet<>(labels.keySet());
            traces.addAll(newest.keySet());
            String[] none = new String[raterKeys.size()];
            for (String trace : traces) {
                String[] l = labels.getOrDefault(trace, none);
                String ens = null;
                if (ensemble && rule >= 0) {
                    String[] j = new String[judges.length];
                    for (int i = 0; i < j.length; i++) {
                        j[i] = l[judges[i]];
                    }
                    ens = EnsembleRule.ensemble(l[rule], j);
                }
                String[] v = new String[cols.size()];
                boolean any = false;
                for (int i = 0; i < v.length; i++) {
                    Column col = cols.get(i);
                    v[i] = switch (col.kind()) {
                        case RATER -> l[raterOf[i]];
                        case HUMAN -> byPerson.getOrDefault(trace, Map.of()).get(col.ref());
                        case ENSEMBLE -> ens;
                        case FINAL -> EnsembleRule.finalLabel(newest.get(trace), ens);
                        default -> throw new IllegalStateException();
                    };
                    any |= v[i] != null;
                }
                if (any) {
                    out.accept(trace, v);
                }
            }
            return null;
        });
    }

    /** The rows of {@code ids} (null: of every trace), each handed on as it is read. */
    private void select(Connection c, List<String> ids, java.util.function.Consumer<Row> out) throws SQLException {
        Sql q = new Sql();
        for (Column col : layout.columns()) {
            q.need(col.key());
        }
        StringBuilder sel = new StringBuilder("SELECT id, task_id, label_set");
        for (Column col : layout.columns()) {
            sel.append(", ").append(q.alias.get(col.key()));
        }
        String where = ids == null
                ? ""
                : " WHERE t.id IN (" + String.join(",", java.util.Collections.nCopies(ids.size(), "?")) + ")";
        String sql = sel + " FROM (" + q.select + " FROM trace t JOIN task k ON k.id = t.task_id" + where
                + " LIMIT -1 OFFSET 0)";
        try (PreparedStatement s = c.prepareStatement(sql)) {
            int i = 1;
            for (String p : q.params) {
                s.setString(i++, p);
            }
            if (ids != null) {
                for (String id : ids) {
                    s.setString(i++, id);
                }
            }
            try (ResultSet rs = s.executeQuery()) {
                int n = rowKeys.size();
                while (rs.next()) {
                    String[] values = new String[n];
                    for (int k = 0; k < n; k++) {
                        values[k] = rowKeys.share(rs.getString(k + 4));
                    }
                    String id = rs.getString(1);
                    out.accept(new Row(
                            id,
                            rowKeys.share(rs.getString(2)),
                            rowKeys.share(rs.getString(3)),
                            new RowValues(rowKeys, values)));
                }
            }
        }
    }

    /**
     * The traces an annotator has decided: their newest adjudication by that annotator holds a label (a withdrawal
     * does not count). Read through the (annotator, trace) index, so it costs the annotator's decisions, not the
     * project's traces: the workbench counts a queue's done traces from it in memory.
     */
    public Set<String> decidedBy(String annotator) {
        return project.read(c -> {
            Set<String> out = new java.util.HashSet<>();
            try (PreparedStatement s = c.prepareStatement("SELECT a.trace_id FROM adjudication a WHERE a.annotator = ? "
                    + "AND a.value IS NOT NULL AND NOT EXISTS (SELECT 1 FROM adjudication n WHERE n.annotator = a.annotator "
                    + "AND n.trace_id = a.trace_id AND (n.created_at > a.created_at OR (n.created_at = a.created_at "
                    + "AND n.id > a.id)))")) {
                s.setString(1, annotator);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
            }
            return out;
        });
    }

    /** The values a column filter can choose from (label columns: every label in use, plus {@link #MISSING}). */
    public List<String> values(String key) {
        Column col = layout.column(key);
        if (col == null) {
            return List.of();
        }
        return project.read(c -> {
            Set<String> out = new java.util.TreeSet<>();
            String sql =
                    switch (col.kind()) {
                        case MODEL -> "SELECT DISTINCT model FROM trace";
                        case DOMAIN -> "SELECT DISTINCT domain FROM task WHERE domain IS NOT NULL";
                        case TASK -> "SELECT DISTINCT task_key FROM task";
                        case TYPE -> "SELECT DISTINCT task_type FROM task";
                        case RATER -> "SELECT DISTINCT value FROM label WHERE rater_id = ? AND value IS NOT NULL";
                        case HUMAN ->
                            "SELECT DISTINCT value FROM adjudication WHERE annotator = ? AND value IS NOT NULL";
                        default -> null;
                    };
            if (col.kind() == Kind.ASSIGNED) {
                return List.of(TO_DO, DONE, TO_ADJUDICATE, ADJUDICATED);
            }
            if (sql == null) {
                for (var ls : project.labelSets()) {
                    out.addAll(ls.labels());
                }
                out.retainAll(usedLabels(c));
            } else {
                try (PreparedStatement s = c.prepareStatement(sql)) {
                    if (sql.contains("?")) {
                        s.setString(1, col.ref());
                    }
                    try (ResultSet rs = s.executeQuery()) {
                        while (rs.next()) {
                            out.add(rs.getString(1));
                        }
                    }
                }
            }
            List<String> list = new ArrayList<>(out);
            if (col.isLabel()) {
                list.add(MISSING);
            }
            return list;
        });
    }

    private static Set<String> usedLabels(Connection c) throws SQLException {
        Set<String> out = new java.util.HashSet<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT DISTINCT value FROM label WHERE value IS NOT NULL UNION SELECT DISTINCT value FROM adjudication "
                                + "WHERE value IS NOT NULL")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    private static PreparedStatement prepare(Connection c, Built b) throws SQLException {
        PreparedStatement s = c.prepareStatement(b.sql());
        int i = 1;
        for (String p : b.params()) {
            s.setString(i++, p);
        }
        return s;
    }

    /** For messages: the filter in words. */
    public String describe(Filter f) {
        List<String> parts = new ArrayList<>();
        if (f.show() != Show.ALL) {
            parts.add(f.show().title().toLowerCase(Locale.ROOT));
        }
        f.shown().forEach((k, v) -> {
            Column c = layout.column(k);
            parts.add((c == null ? k : c.title()) + " = " + v);
        });
        if (!f.search().isEmpty()) {
            parts.add("text contains \"" + f.search() + "\"");
        }
        return parts.isEmpty() ? "all traces" : String.join(" · ", parts);
    }
}
