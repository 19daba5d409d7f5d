package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.tracejudge.model.Ids;

/**
 * The answer ledger (table {@code answer}, schema 13): answers to a project's own questions, append-only like the
 * label ledger. Each entry names its question and the scheme version it was given under; the current answer of
 * (trace, rater, question) is its newest entry. Answers are stored as the canonical JSON the scheme package writes;
 * checking them against their question is the caller's (this only writes and reads).
 */
public final class Answers {
    private Answers() {}

    /** One entry: {@code action} is set (with a value), null (a rater's null verdict, with why) or withdraw. */
    public record Entry(
            String traceId,
            String raterId,
            String question,
            int schemeVersion,
            String action,
            String value,
            String rationale,
            String nullReason,
            String createdBy) {
        public static Entry set(
                String traceId, String raterId, String question, int version, String value, String createdBy) {
            return new Entry(traceId, raterId, question, version, "set", value, null, null, createdBy);
        }

        /** Takes back the rater's answer to the question (an undo): the entry after it has no value. */
        public static Entry withdraw(String traceId, String raterId, String question, int version, String createdBy) {
            return new Entry(traceId, raterId, question, version, "withdraw", null, null, null, createdBy);
        }
    }

    /**
     * One rater's current answers on one trace: question key → the answer's JSON, for the questions named whose newest
     * entry is set (a withdrawn or null answer is absent). One indexed look-up per question.
     */
    public static Map<String, String> ofTrace(
            Connection c, String traceId, String raterId, java.util.Collection<String> questions) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT action, value FROM answer WHERE question = ? "
                + "AND trace_id = ? AND rater_id = ? ORDER BY created_at DESC, id DESC LIMIT 1")) {
            for (String q : questions) {
                s.setString(1, q);
                s.setString(2, traceId);
                s.setString(3, raterId);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next() && "set".equals(rs.getString(1))) {
                        out.put(q, rs.getString(2));
                    }
                }
            }
        }
        return out;
    }

    /**
     * Appends one entry; {@code id} null gives a random id (a person's action), imports pass a name-based id so the
     * same answer imported twice is stored once.
     *
     * @return the entry's id, or null when an entry with that id was already there
     */
    public static String append(Connection c, String id, Entry e) throws SQLException {
        String entryId = id == null ? Ids.random() : id;
        String replaces = null;
        try (PreparedStatement s = c.prepareStatement("SELECT id FROM answer WHERE question = ? AND trace_id = ? "
                + "AND rater_id = ? ORDER BY created_at DESC, id DESC LIMIT 1")) {
            s.setString(1, e.question());
            s.setString(2, e.traceId());
            s.setString(3, e.raterId());
            try (ResultSet rs = s.executeQuery()) {
                replaces = rs.next() ? rs.getString(1) : null;
            }
        }
        try (PreparedStatement s = c.prepareStatement(INSERT)) {
            s.setString(1, entryId);
            s.setString(2, e.traceId());
            s.setString(3, e.raterId());
            s.setString(4, e.question());
            s.setInt(5, e.schemeVersion());
            s.setString(6, e.action());
            s.setString(7, e.value());
            s.setString(8, e.rationale());
            s.setString(9, e.nullReason());
            s.setString(10, replaces);
            s.setString(11, e.createdBy());
            s.setString(12, Timestamps.now());
            return s.executeUpdate() == 1 ? entryId : null;
        }
    }

    /**
     * Stores an entry as another laptop's export wrote it (id, replaces and time kept); false when that id is here.
     */
    public static boolean insert(
            Connection c,
            String id,
            String traceId,
            String raterId,
            String question,
            int schemeVersion,
            String action,
            String value,
            String rationale,
            String nullReason,
            String replaces,
            String createdBy,
            String createdAt)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement(INSERT)) {
            s.setString(1, id);
            s.setString(2, traceId);
            s.setString(3, raterId);
            s.setString(4, question);
            s.setInt(5, schemeVersion);
            s.setString(6, action);
            s.setString(7, value);
            s.setString(8, rationale);
            s.setString(9, nullReason);
            s.setString(10, replaces);
            s.setString(11, createdBy);
            s.setString(12, createdAt);
            return s.executeUpdate() == 1;
        }
    }

    private static final String INSERT = "INSERT OR IGNORE INTO answer(id, trace_id, rater_id, question, "
            + "scheme_version, action, value, rationale, null_reason, replaces, created_by, created_at) "
            + "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)";

    /**
     * One rater's current answers to the questions named: trace id → question key → the answer's JSON, for entries
     * whose newest action is set. One walk of the question's index entries per question, filtered by the rater in the
     * index, so the other raters' answers (a judge's on every trace) are neither read nor joined.
     */
    public static Map<String, Map<String, String>> ofRater(
            Connection c, String raterId, java.util.Collection<String> questions) throws SQLException {
        Map<String, Map<String, String>> out = new java.util.HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT a.trace_id, a.action, a.value FROM answer a "
                + "WHERE a.question = ? AND a.rater_id = ? AND NOT EXISTS (SELECT 1 FROM answer b "
                + "WHERE b.question = a.question AND b.trace_id = a.trace_id AND b.rater_id = a.rater_id "
                + "AND (b.created_at > a.created_at OR (b.created_at = a.created_at AND b.id > a.id)))")) {
            for (String q : questions) {
                s.setString(1, q);
                s.setString(2, raterId);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        if ("set".equals(rs.getString(2))) {
                            out.computeIfAbsent(rs.getString(1), k -> new java.util.HashMap<>())
                                    .put(q, rs.getString(3));
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * The current answers to one question: trace id → rater name → the answer's JSON, for entries whose newest action
     * is set (a withdrawal or a null verdict leaves no answer). Traces in id order, raters by name.
     */
    public static Map<String, Map<String, String>> current(Connection c, String question) throws SQLException {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT a.trace_id, r.name, a.action, a.value FROM answer a "
                + "JOIN rater r ON r.id = a.rater_id WHERE a.question = ? AND NOT EXISTS (SELECT 1 FROM answer b "
                + "WHERE b.question = a.question AND b.trace_id = a.trace_id AND b.rater_id = a.rater_id "
                + "AND (b.created_at > a.created_at OR (b.created_at = a.created_at AND b.id > a.id))) "
                + "ORDER BY a.trace_id, r.name")) {
            s.setString(1, question);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    if ("set".equals(rs.getString(3))) {
                        out.computeIfAbsent(rs.getString(1), k -> new TreeMap<>())
                                .put(rs.getString(2), rs.getString(4));
                    }
                }
            }
        }
        return out;
    }

    /**
     * One rater's current answer to a question on a trace, with who the rater is.
     *
     * @param rater the rater's name
     * @param kind the rater's kind code (human, rule, llm-judge, imported)
     * @param value the answer's JSON
     * @param createdBy who gave it (an adjudication: the adjudicator), or null
     * @param createdAt when
     */
    public record Current(String rater, String kind, String value, String createdBy, String createdAt) {}

    private static final String EVERY_RATER = "SELECT a.trace_id, r.name, r.kind, a.action, a.value, a.created_by, "
            + "a.created_at FROM answer a JOIN rater r ON r.id = a.rater_id WHERE a.question = ? %s AND NOT EXISTS "
            + "(SELECT 1 FROM answer b WHERE b.question = a.question AND b.trace_id = a.trace_id "
            + "AND b.rater_id = a.rater_id AND (b.created_at > a.created_at OR (b.created_at = a.created_at "
            + "AND b.id > a.id))) ORDER BY a.trace_id, r.name";

    /**
     * Every rater's current answer to {@code question} on one trace (raters by name; a withdrawn or null answer is
     * absent): what the safety review of a question weighs, and what a blind question hides.
     */
    public static java.util.List<Current> everyRater(Connection c, String traceId, String question)
            throws SQLException {
        java.util.List<Current> out = new java.util.ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(String.format(EVERY_RATER, "AND a.trace_id = ?"))) {
            s.setString(1, question);
            s.setString(2, traceId);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    if ("set".equals(rs.getString(4))) {
                        out.add(current(rs));
                    }
                }
            }
        }
        return out;
    }

    /** {@link #everyRater(Connection, String, String)} of every trace with an answer: trace id → answers, by id. */
    public static Map<String, java.util.List<Current>> everyRater(Connection c, String question) throws SQLException {
        Map<String, java.util.List<Current>> out = new LinkedHashMap<>();
        try (PreparedStatement s = c.prepareStatement(String.format(EVERY_RATER, ""))) {
            s.setString(1, question);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    if ("set".equals(rs.getString(4))) {
                        out.computeIfAbsent(rs.getString(1), k -> new java.util.ArrayList<>())
                                .add(current(rs));
                    }
                }
            }
        }
        return out;
    }

    private static Current current(ResultSet rs) throws SQLException {
        return new Current(rs.getString(2), rs.getString(3), rs.getString(5), rs.getString(6), rs.getString(7));
    }

    /**
     * What one rater has given each trace under one scheme version, from the rater's current entry of each question:
     * trace id → "null" when a current entry under that version is a null verdict, else "set"; traces whose current
     * entries are all of other versions (or that have none) are absent, and a judge asks them again.
     */
    public static Map<String, String> judged(Connection c, String raterId, int schemeVersion) throws SQLException {
        Map<String, String> out = new java.util.HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT a.trace_id, max(a.action = 'null') FROM answer a "
                + "WHERE a.rater_id = ? AND a.scheme_version = ? AND NOT EXISTS (SELECT 1 FROM answer b "
                + "WHERE b.question = a.question AND b.trace_id = a.trace_id AND b.rater_id = a.rater_id "
                + "AND (b.created_at > a.created_at OR (b.created_at = a.created_at AND b.id > a.id))) "
                + "GROUP BY a.trace_id")) {
            s.setString(1, raterId);
            s.setInt(2, schemeVersion);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getInt(2) == 1 ? "null" : "set");
                }
            }
        }
        return out;
    }

    /**
     * {@link #judged(Connection, String, int)} of one trace over these questions (one indexed lookup each): "set",
     * "null" or null.
     */
    public static String judged(
            Connection c, String traceId, String raterId, int schemeVersion, java.util.Collection<String> questions)
            throws SQLException {
        String state = null;
        try (PreparedStatement s = c.prepareStatement("SELECT action, scheme_version FROM answer WHERE question = ? "
                + "AND trace_id = ? AND rater_id = ? ORDER BY created_at DESC, id DESC LIMIT 1")) {
            for (String q : questions) {
                s.setString(1, q);
                s.setString(2, traceId);
                s.setString(3, raterId);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next() && rs.getInt(2) == schemeVersion) {
                        state = "null".equals(rs.getString(1)) ? "null" : "null".equals(state) ? state : "set";
                    }
                }
            }
        }
        return state;
    }

    /** The id of the current entry of (trace, rater, question), or null when there is none. */
    public static String currentId(Connection c, String traceId, String raterId, String question) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT id FROM answer WHERE question = ? AND trace_id = ? "
                + "AND rater_id = ? ORDER BY created_at DESC, id DESC LIMIT 1")) {
            s.setString(1, question);
            s.setString(2, traceId);
            s.setString(3, raterId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** Whether the project has a trace with this id (an answer names one). */
    public static boolean traceExists(Connection c, String traceId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM trace WHERE id = ?")) {
            s.setString(1, traceId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** Where a trace answered to a question sits: its model and task key. */
    public record Place(String model, String taskKey) {}

    /** The traces with any entry for {@code question}: trace id → model and task key, by trace id. */
    public static Map<String, Place> places(Connection c, String question) throws SQLException {
        Map<String, Place> out = new LinkedHashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT t.id, t.model, k.task_key FROM trace t "
                + "JOIN task k ON k.id = t.task_id WHERE t.id IN (SELECT trace_id FROM answer WHERE question = ?) "
                + "ORDER BY t.id")) {
            s.setString(1, question);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), new Place(rs.getString(2), rs.getString(3)));
                }
            }
        }
        return out;
    }

    /**
     * The task type (its code) of every trace one rater has an answer entry on: trace id → task type. What deciding a
     * trace under a scheme needs beside the answers (which questions apply to it).
     */
    public static Map<String, String> taskTypes(Connection c, String raterId) throws SQLException {
        Map<String, String> out = new java.util.HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT t.id, k.task_type FROM trace t "
                + "JOIN task k ON k.id = t.task_id WHERE t.id IN (SELECT trace_id FROM answer WHERE rater_id = ?)")) {
            s.setString(1, raterId);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        return out;
    }

    /** The kind of each rater with a current answer to {@code question}: rater name → rater kind (human, ...). */
    public static Map<String, String> raterKinds(Connection c, String question) throws SQLException {
        Map<String, String> out = new TreeMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT DISTINCT r.name, r.kind FROM answer a "
                + "JOIN rater r ON r.id = a.rater_id WHERE a.question = ?")) {
            s.setString(1, question);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        return out;
    }

    /** How many entries (any action, any time) each question has: a question with entries has answers to orphan. */
    public static Map<String, Integer> entriesPerQuestion(Connection c) throws SQLException {
        Map<String, Integer> out = new TreeMap<>();
        try (PreparedStatement s = c.prepareStatement(
                        "SELECT question, count(*) FROM answer GROUP BY question ORDER BY question");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getInt(2));
            }
        }
        return out;
    }

    /** Every stored value of one question (its current and earlier answers), each once: what dropping options orphans. */
    public static java.util.Set<String> values(Connection c, String question) throws SQLException {
        java.util.Set<String> out = new java.util.TreeSet<>();
        try (PreparedStatement s = c.prepareStatement(
                "SELECT DISTINCT value FROM answer WHERE question = ? AND value IS NOT NULL ORDER BY value")) {
            s.setString(1, question);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    /** One trace's row of {@link #rows}: what identifies it, and the current answers per question and rater name. */
    public record Row(
            String traceId, String model, String taskKey, String taskType, Map<String, Map<String, String>> answers) {}

    /** The names of the raters with a current answer to each question named (sorted): the columns of {@link #rows}. */
    public static Map<String, java.util.SortedSet<String>> raters(Connection c, java.util.List<String> questions)
            throws SQLException {
        Map<String, java.util.SortedSet<String>> raters = new LinkedHashMap<>();
        for (String q : questions) {
            java.util.SortedSet<String> names = new java.util.TreeSet<>();
            current(c, q).values().forEach(m -> names.addAll(m.keySet()));
            raters.put(q, names);
        }
        return raters;
    }

    /**
     * Every trace (in the order {@code labels} lists them: model, task, trace id) with its current answers to the
     * questions named.
     */
    public static void rows(Connection c, java.util.List<String> questions, java.util.function.Consumer<Row> out)
            throws SQLException {
        Map<String, Map<String, Map<String, String>>> byQuestion = new LinkedHashMap<>();
        for (String q : questions) {
            byQuestion.put(q, current(c, q));
        }
        try (PreparedStatement s = c.prepareStatement("SELECT t.id, t.model, k.task_key, k.task_type FROM trace t "
                        + "JOIN task k ON k.id = t.task_id ORDER BY t.model, k.task_key, t.id");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                String id = rs.getString(1);
                Map<String, Map<String, String>> a = new LinkedHashMap<>();
                for (String q : questions) {
                    a.put(q, byQuestion.get(q).getOrDefault(id, Map.of()));
                }
                out.accept(new Row(id, rs.getString(2), rs.getString(3), rs.getString(4), a));
            }
        }
    }
}
