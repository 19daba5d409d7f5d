package org.tracejudge.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.tracejudge.json.Json;
import org.tracejudge.json.TaskJson;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.model.RaterKind;
import org.tracejudge.model.Task;
import org.tracejudge.model.Trace;

/** Read-side queries over a project: counts, label tables, traces. Nothing here writes. */
public final class ProjectQueries {
    private final Project project;

    public ProjectQueries(Project project) {
        this.project = project;
    }

    public record RaterSummary(String id, String name, RaterKind kind, String version, String description, int labels) {
        /**
         * The column name used for this rater in tables: its name, with the version when it has one — except
         * an LLM judge, whose column is its name (tables show only its current version, see {@link #currentRaters}).
         */
        public String column() {
            return kind == RaterKind.LLM_JUDGE ? name : qualified();
        }

        /** Name and version ({@code name@version}), or the name alone when the rater has no version. */
        public String qualified() {
            return version.isEmpty() ? name : name + "@" + version;
        }

        /**
         * Whether this rater may be a judge of the ensemble when no judges are set: an LLM judge, or an imported
         * rater other than the benchmark's own {@code harness} labels (a reference, not a judge). The one test of it:
         * {@code ensemble.JudgeChoice} (which needs exactly two such raters) and {@link TraceTable#layout} (which
         * takes LLM judges first and shows an ensemble with fewer than two) both ask it.
         */
        public boolean mayJudge() {
            return kind == RaterKind.LLM_JUDGE || (kind == RaterKind.IMPORTED && !name.equals("harness"));
        }
    }

    public record Summary(String name, int tasks, int traces, List<String> models, List<RaterSummary> raters) {}

    public Summary summary() {
        return project.read(c -> {
            int tasks;
            int traces;
            try (Statement s = c.createStatement()) {
                try (ResultSet rs = s.executeQuery("SELECT count(*) FROM task")) {
                    rs.next();
                    tasks = rs.getInt(1);
                }
                try (ResultSet rs = s.executeQuery("SELECT count(*) FROM trace")) {
                    rs.next();
                    traces = rs.getInt(1);
                }
                List<String> models = new ArrayList<>();
                try (ResultSet rs = s.executeQuery("SELECT DISTINCT model FROM trace ORDER BY model")) {
                    while (rs.next()) {
                        models.add(rs.getString(1));
                    }
                }
                return new Summary(project.name(), tasks, traces, models, raters());
            }
        });
    }

    /** A rater from a row whose first columns are id, name, kind, version, description. */
    static RaterSummary rater(ResultSet rs, int labels) throws SQLException {
        return new RaterSummary(
                rs.getString(1),
                rs.getString(2),
                RaterKind.fromCode(rs.getString(3)),
                rs.getString(4),
                rs.getString(5),
                labels);
    }

    /**
     * Every rater in the labels table's order (imported first, then by name and version), without label counts
     * ({@code labels} is 0): for choosing raters, which needs no walk of the ledger.
     */
    public List<RaterSummary> ratersUncounted() {
        return project.read(c -> {
            List<RaterSummary> out = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT id, name, kind, version, description FROM rater "
                            + "ORDER BY kind = 'imported' DESC, name, version")) {
                while (rs.next()) {
                    out.add(rater(rs, 0));
                }
            }
            return out;
        });
    }

    /** Each trace's user message, answer and executed calls (JSON), by id; ids not in the project are left out. */
    public Map<String, String[]> texts(List<String> ids) {
        return project.read(c -> {
            Map<String, String[]> out = new HashMap<>();
            String in = String.join(",", java.util.Collections.nCopies(ids.size(), "?"));
            try (PreparedStatement s =
                    c.prepareStatement("SELECT t.id, k.user_message, t.answer, t.tool_calls FROM trace t "
                            + "JOIN task k ON k.id = t.task_id WHERE t.id IN (" + in + ")")) {
                for (int i = 0; i < ids.size(); i++) {
                    s.setString(i + 1, ids.get(i));
                }
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.put(rs.getString(1), new String[] {rs.getString(2), rs.getString(3), rs.getString(4)});
                    }
                }
            }
            return out;
        });
    }

    /** Every rater with the number of traces it currently labels (null verdicts and withdrawals not counted). */
    public List<RaterSummary> raters() {
        return project.read(c -> {
            // kept by schema 7's triggers as labels are appended: a few rows, whatever the size of the ledger (the
            // window query over label_current_idx it replaces took ~0.4 s per 300,000 labels)
            Map<String, Integer> counts = new HashMap<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT rater_id, labels FROM rater_label_count")) {
                while (rs.next()) {
                    counts.put(rs.getString(1), rs.getInt(2));
                }
            }
            List<RaterSummary> out = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT r.id, r.name, r.kind, r.version, r.description "
                            + "FROM rater r ORDER BY r.kind = 'imported' DESC, r.name, r.version")) {
                while (rs.next()) {
                    out.add(rater(rs, counts.getOrDefault(rs.getString(1), 0)));
                }
            }
            return out;
        });
    }

    /**
     * The raters of the labels table: every rater, except that of an LLM judge's versions only the current
     * one is listed — the version its saved configuration names ({@code project_meta} key {@code judge:<name>}),
     * else the newest. So a judge's current label is its newest version's, in one column named after it.
     */
    public List<RaterSummary> currentRaters() {
        java.util.Set<String> current = project.read(c -> {
            java.util.Set<String> ids = new java.util.HashSet<>();
            try (Statement s = c.createStatement();
                    ResultSet rs =
                            s.executeQuery("SELECT r.id FROM rater r WHERE r.kind = 'llm-judge' AND r.id = coalesce("
                                    + "(SELECT json_extract(m.value, '$.rater_id') FROM project_meta m "
                                    + "WHERE m.key = 'judge:' || r.name AND json_valid(m.value) "
                                    + "AND EXISTS (SELECT 1 FROM rater x WHERE x.id = json_extract(m.value, '$.rater_id'))), "
                                    + "(SELECT n.id FROM rater n WHERE n.name = r.name AND n.kind = 'llm-judge' "
                                    + "ORDER BY n.created_at DESC, n.id DESC LIMIT 1))")) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
            return ids;
        });
        List<RaterSummary> out = new ArrayList<>();
        for (RaterSummary r : raters()) {
            if (r.kind() != RaterKind.LLM_JUDGE || current.contains(r.id())) {
                out.add(r);
            }
        }
        return out;
    }

    /** One imported file, as the project recorded it. */
    public record ImportRow(String fileName, String sha256, String format, String rater, int rows, String importedAt) {}

    /** Every imported file, oldest first (the study report's provenance). */
    public List<ImportRow> imports() {
        return project.read(c -> {
            List<ImportRow> out = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT file_name, sha256, format, rater, rows, imported_at "
                            + "FROM import_source ORDER BY imported_at, file_name")) {
                while (rs.next()) {
                    out.add(new ImportRow(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getInt(5),
                            rs.getString(6)));
                }
            }
            return out;
        });
    }

    /** Each rater's stored configuration (JSON; a judge's model and rubric), by rater id; raters without one left out. */
    public Map<String, String> raterConfigs() {
        return project.read(c -> {
            Map<String, String> out = new java.util.LinkedHashMap<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT id, config FROM rater WHERE config IS NOT NULL")) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getString(2));
                }
            }
            return out;
        });
    }

    /** One row of the labels table: a trace and each rater's current label (null where none). */
    public record LabelRow(
            String traceId, String model, String taskKey, String domain, String taskType, Map<String, String> labels) {}

    /** Streams one row per trace, ordered by model then task, with every rater's current label. */
    public void labelRows(List<RaterSummary> raters, Consumer<LabelRow> out) {
        project.read(c -> {
            Map<String, String[]> byTrace = new HashMap<>();
            List<String> raterIds = new ArrayList<>();
            raters.forEach(r -> raterIds.add(r.id()));
            CurrentLabels.byTrace(c, raterIds, false, (trace, values, rowids) -> byTrace.put(trace, values.clone()));
            String[] none = new String[raters.size()];
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT t.id, t.model, k.task_key, k.domain, k.task_type FROM trace t JOIN task k ON k.id = t.task_id "
                                    + "ORDER BY t.model, k.task_key, t.run")) {
                while (rs.next()) {
                    String[] current = byTrace.getOrDefault(rs.getString(1), none);
                    Map<String, String> labels = new LinkedHashMap<>();
                    for (int r = 0; r < current.length; r++) {
                        labels.put(raters.get(r).column(), current[r]);
                    }
                    out.accept(new LabelRow(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            labels));
                }
            }
            return null;
        });
    }

    /** A page of traces for list views, in the order of the labels table. */
    public List<LabelRow> page(List<RaterSummary> raters, int offset, int limit) {
        return project.read(c -> {
            List<LabelRow> rows = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT t.id, t.model, k.task_key, k.domain, k.task_type FROM trace t JOIN task k ON k.id = t.task_id "
                            + "ORDER BY t.model, k.task_key, t.run LIMIT ? OFFSET ?")) {
                s.setInt(1, limit);
                s.setInt(2, offset);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        rows.add(new LabelRow(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getString(5),
                                new LinkedHashMap<>()));
                    }
                }
            }
            if (rows.isEmpty()) {
                return rows;
            }
            StringBuilder in = new StringBuilder();
            for (int i = 0; i < rows.size(); i++) {
                in.append(i == 0 ? "?" : ",?");
            }
            Map<String, LabelRow> byId = new HashMap<>();
            rows.forEach(r -> byId.put(r.traceId(), r));
            Map<String, String> column = new HashMap<>();
            raters.forEach(r -> column.put(r.id(), r.column()));
            try (PreparedStatement s = c.prepareStatement("SELECT trace_id, rater_id, value FROM current_label "
                    + "WHERE action = 'set' AND trace_id IN (" + in + ")")) {
                for (int i = 0; i < rows.size(); i++) {
                    s.setString(i + 1, rows.get(i).traceId());
                }
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        String col = column.get(rs.getString(2));
                        if (col != null) {
                            byId.get(rs.getString(1)).labels().put(col, rs.getString(3));
                        }
                    }
                }
            }
            return rows;
        });
    }

    public Task task(String id) {
        return project.read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT k.id, k.task_key, k.domain, k.task_type, "
                    + "k.target_failure_mode, k.label_set, k.user_message, ts.tools, k.body FROM task k "
                    + "LEFT JOIN toolset ts ON ts.id = k.toolset_id WHERE k.id = ?")) {
                s.setString(1, id);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next()
                            ? TaskJson.toTask(
                                    rs.getString(1),
                                    rs.getString(2),
                                    rs.getString(3),
                                    rs.getString(4),
                                    rs.getString(5),
                                    rs.getString(6),
                                    rs.getString(7),
                                    rs.getString(8),
                                    rs.getString(9))
                            : null;
                }
            }
        });
    }

    public Trace trace(String id) {
        return project.read(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT id, task_id, model, run, answer, tool_calls, turns, extra FROM trace WHERE id = ?")) {
                s.setString(1, id);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        return null;
                    }
                    String turns = rs.getString(7);
                    String extra = rs.getString(8);
                    JsonNode extraNode = extra == null ? null : Json.read(extra);
                    return new Trace(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            turns == null ? List.of() : TurnCodec.fromJson(Json.read(turns)),
                            TurnCodec.callsFromJson(Json.read(rs.getString(6))),
                            rs.getString(5),
                            extraNode);
                }
            }
        });
    }

    /**
     * A rater's current ledger entry on a trace, in full (for the rater panel).
     *
     * @param action "set" or "null" (a null verdict; withdrawn labels are not listed)
     */
    public record LabelDetail(
            String raterId,
            String raterName,
            String raterVersion,
            RaterKind kind,
            String action,
            String value,
            String confidence,
            String scores,
            String rationale,
            String raw,
            String nullReason,
            String evidence,
            String createdBy,
            String createdAt) {}

    /** Every rater's current entry on a trace (labels and null verdicts), rule raters first. */
    /** The runs of one task (every model's, every run), by model then run: what a comparison chooses from. */
    public List<String[]> runsOfTask(String taskId) {
        return project.read(c -> {
            List<String[]> out = new ArrayList<>();
            try (java.sql.PreparedStatement s =
                    c.prepareStatement("SELECT id, model, run FROM trace WHERE task_id = ? ORDER BY model, run, id")) {
                s.setString(1, taskId);
                try (java.sql.ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(new String[] {rs.getString(1), rs.getString(2), rs.getString(3)});
                    }
                }
            }
            return out;
        });
    }

    public List<LabelDetail> labels(String traceId) {
        return project.read(c -> {
            List<LabelDetail> out = new ArrayList<>();
            List<String[]> raters = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT id, name, version, kind FROM rater "
                            + "ORDER BY kind <> 'rule', name <> 'harness', kind <> 'llm-judge', name, version")) {
                while (rs.next()) {
                    raters.add(new String[] {rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)});
                }
            }
            try (PreparedStatement s = c.prepareStatement("SELECT action, value, confidence, scores, rationale, raw, "
                    + "null_reason, evidence, created_by, created_at FROM label WHERE trace_id = ? AND rater_id = ? "
                    + "ORDER BY created_at DESC, id DESC LIMIT 1")) {
                for (String[] r : raters) {
                    s.setString(1, traceId);
                    s.setString(2, r[0]);
                    try (ResultSet rs = s.executeQuery()) {
                        if (rs.next() && !"withdraw".equals(rs.getString(1))) {
                            out.add(new LabelDetail(
                                    r[0],
                                    r[1],
                                    r[2],
                                    RaterKind.fromCode(r[3]),
                                    rs.getString(1),
                                    rs.getString(2),
                                    rs.getString(3),
                                    rs.getString(4),
                                    rs.getString(5),
                                    rs.getString(6),
                                    rs.getString(7),
                                    rs.getString(8),
                                    rs.getString(9),
                                    rs.getString(10)));
                        }
                    }
                }
            }
            return out;
        });
    }

    /** The adjudication ledger of one trace, oldest first (withdrawals included). */
    public List<org.tracejudge.model.Adjudication> adjudications(String traceId) {
        return project.read(c -> {
            List<org.tracejudge.model.Adjudication> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT id, trace_id, annotator, value, rationale, replaces, "
                    + "created_at, action FROM adjudication WHERE trace_id = ? ORDER BY created_at, id")) {
                s.setString(1, traceId);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(new org.tracejudge.model.Adjudication(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getString(5),
                                rs.getString(6),
                                Timestamps.parse(rs.getString(7)),
                                "withdraw".equals(rs.getString(8))));
                    }
                }
            }
            return out;
        });
    }

    /** Every rater's table column by rater id ({@link RaterSummary#column()}), without counting labels as {@link #raters} does. */
    private Map<String, String> raterColumns() {
        return project.read(c -> {
            Map<String, String> out = new HashMap<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT id, name, kind, version, description FROM rater")) {
                while (rs.next()) {
                    out.put(rs.getString(1), rater(rs, 0).column());
                }
            }
            return out;
        });
    }

    /** Traces read per query by {@link #verdicts}: small enough that a page of the table never waits long for one. */
    static final int VERDICT_CHUNK = 10_000;

    /** One current label for agreement: trace, rater column (machine rater's column name, or annotator), label. */
    public record Verdict(String traceId, String rater, String value) {}

    /**
     * Streams every current label of the machine raters (by {@link RaterSummary#column()}) and every
     * annotator's current decision (by annotator name), for the agreement engine.
     */
    public void verdicts(Consumer<Verdict> out) {
        verdicts(out, VERDICT_CHUNK);
    }

    /** {@link #verdicts(Consumer)} reading {@code chunk} traces per query (tests use small chunks). */
    void verdicts(Consumer<Verdict> out, int chunk) {
        Map<String, String> column = raterColumns();
        // each trace's current labels from one grouped walk of label_current_idx (CurrentLabels), in keyset chunks
        // of traces so the connection is free for others between them: at 1,000,000 traces and 3,000,000 labels a
        // third of the rows cross JNI, where the walk of every entry read five strings per label
        List<String> raterIds = new ArrayList<>(column.keySet());
        String[] columns = raterIds.stream().map(column::get).toArray(String[]::new);
        String[] after = {null};
        boolean[] more = {true};
        while (more[0]) {
            project.read(c -> {
                String last = CurrentLabels.byTrace(c, raterIds, false, after[0], chunk, (trace, values, rowids) -> {
                    for (int r = 0; r < values.length; r++) {
                        if (values[r] != null) {
                            out.accept(new Verdict(trace, columns[r], values[r]));
                        }
                    }
                });
                more[0] = last != null;
                after[0] = last;
                return null;
            });
        }
        project.read(c -> {
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT a.trace_id, a.annotator, a.value FROM adjudication a WHERE a.action = 'set' AND NOT EXISTS ("
                                    + "SELECT 1 FROM adjudication n WHERE n.trace_id = a.trace_id AND n.annotator = a.annotator "
                                    + "AND (n.created_at > a.created_at OR (n.created_at = a.created_at AND n.id > a.id)))")) {
                while (rs.next()) {
                    out.accept(new Verdict(rs.getString(1), rs.getString(2), rs.getString(3)));
                }
            }
            return null;
        });
    }
}
