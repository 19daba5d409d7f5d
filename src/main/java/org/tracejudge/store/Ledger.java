package org.tracejudge.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import org.tracejudge.json.Json;
import org.tracejudge.model.Ids;
import org.tracejudge.model.RaterKind;

/**
 * The append-only label and adjudication ledgers, and raters. Every method works inside the caller's
 * transaction ({@link Project#write}); nothing here commits.
 */
public final class Ledger {
    private Ledger() {}

    /** What to append for one (trace, rater). {@code value} null with action "null" is a null verdict. */
    public record Entry(
            String traceId,
            String raterId,
            String action,
            String value,
            String confidence,
            Map<String, Integer> scores,
            String rationale,
            String raw,
            String nullReason,
            JsonNode evidence,
            String createdBy) {
        public static Entry set(String traceId, String raterId, String value, String createdBy) {
            return new Entry(traceId, raterId, "set", value, null, null, null, null, null, null, createdBy);
        }

        public static Entry nullVerdict(String traceId, String raterId, String reason, String raw, String createdBy) {
            return new Entry(traceId, raterId, "null", null, null, null, null, raw, reason, null, createdBy);
        }

        public static Entry withdraw(String traceId, String raterId, String createdBy) {
            return new Entry(traceId, raterId, "withdraw", null, null, null, null, null, null, null, createdBy);
        }
    }

    public static final String INSERT_LABEL = "INSERT OR IGNORE INTO label(id, trace_id, rater_id, action, value, "
            + "confidence, scores, rationale, raw, null_reason, evidence, replaces, created_by, created_at) "
            + "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)";

    /**
     * Appends one entry. {@code id} null gives a random id (a person's action); imports pass a
     * name-based id so that the same verdict imported twice is stored once.
     *
     * @return the entry's id, or null when an entry with that id was already in the ledger
     */
    public static String append(Connection c, String id, Entry e) throws SQLException {
        String entryId = id == null ? Ids.random() : id;
        String replaces = currentLabelId(c, e.traceId(), e.raterId());
        try (PreparedStatement s = c.prepareStatement(INSERT_LABEL)) {
            bind(s, entryId, e, replaces, Timestamps.now());
            return s.executeUpdate() == 1 ? entryId : null;
        }
    }

    /** Binds an entry to {@link #INSERT_LABEL}; for batch writers. */
    public static void bind(PreparedStatement s, String id, Entry e, String replaces, String createdAt)
            throws SQLException {
        bind(s, id, e, e.evidence() == null ? null : e.evidence().toString(), replaces, createdAt);
    }

    /**
     * Binds an entry to {@link #INSERT_LABEL} with its evidence given as JSON text (writers that serialise
     * evidence themselves, e.g. the rule labeller, skip building a tree); {@code e.evidence()} is ignored.
     */
    public static void bind(
            PreparedStatement s, String id, Entry e, String evidenceJson, String replaces, String createdAt)
            throws SQLException {
        s.setString(1, id);
        s.setString(2, e.traceId());
        s.setString(3, e.raterId());
        s.setString(4, e.action());
        s.setString(5, e.value());
        s.setString(6, e.confidence());
        s.setString(
                7, e.scores() == null || e.scores().isEmpty() ? null : Json.write(new java.util.TreeMap<>(e.scores())));
        s.setString(8, e.rationale());
        s.setString(9, e.raw());
        s.setString(10, e.nullReason());
        s.setString(11, evidenceJson);
        s.setString(12, replaces);
        s.setString(13, e.createdBy());
        s.setString(14, createdAt);
    }

    /** The newest ledger entry of (trace, rater), whatever its action; null when there is none. */
    public static String currentLabelId(Connection c, String traceId, String raterId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT id FROM label WHERE trace_id = ? AND rater_id = ? "
                + "ORDER BY created_at DESC, id DESC LIMIT 1")) {
            s.setString(1, traceId);
            s.setString(2, raterId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** The action of the newest ledger entry of (trace, rater) ("set", "null", "withdraw"); null when there is none. */
    public static String currentAction(Connection c, String traceId, String raterId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT action FROM label WHERE trace_id = ? AND rater_id = ? "
                + "ORDER BY created_at DESC, id DESC LIMIT 1")) {
            s.setString(1, traceId);
            s.setString(2, raterId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** Appends a human's decision (or, with value null, a withdrawal) to the adjudication ledger. */
    /** The value of one adjudication entry by its id, or null when there is none. */
    public static String adjudicationValue(Connection c, String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT value FROM adjudication WHERE id = ?")) {
            s.setString(1, id);
            try (java.sql.ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    public static String adjudicate(Connection c, String traceId, String annotator, String value, String rationale)
            throws SQLException {
        String replaces;
        try (PreparedStatement s = c.prepareStatement(
                "SELECT id FROM adjudication WHERE trace_id = ? ORDER BY created_at DESC, id DESC LIMIT 1")) {
            s.setString(1, traceId);
            try (ResultSet rs = s.executeQuery()) {
                replaces = rs.next() ? rs.getString(1) : null;
            }
        }
        String id = Ids.random();
        try (PreparedStatement s = c.prepareStatement("INSERT INTO adjudication(id, trace_id, annotator, action, "
                + "value, rationale, replaces, created_at) VALUES (?,?,?,?,?,?,?,?)")) {
            s.setString(1, id);
            s.setString(2, traceId);
            s.setString(3, annotator);
            s.setString(4, value == null ? "withdraw" : "set");
            s.setString(5, value);
            s.setString(6, rationale);
            s.setString(7, replaces);
            s.setString(8, Timestamps.now());
            s.executeUpdate();
        }
        return id;
    }

    /** The id of rater (name, version), creating it when new. Rater ids are name-based, so equal on every laptop. */
    public static String ensureRater(
            Connection c, String name, RaterKind kind, String version, JsonNode config, String description)
            throws SQLException {
        String v = version == null ? "" : version;
        String id = Ids.of("rater", name, v);
        try (PreparedStatement s = c.prepareStatement("INSERT OR IGNORE INTO rater(id, name, kind, version, config, "
                + "description, created_at) VALUES (?,?,?,?,?,?,?)")) {
            s.setString(1, id);
            s.setString(2, name);
            s.setString(3, kind.code());
            s.setString(4, v);
            s.setString(5, config == null ? null : config.toString());
            s.setString(6, description);
            s.setString(7, Timestamps.now());
            s.executeUpdate();
        }
        if (description != null) {
            try (PreparedStatement s =
                    c.prepareStatement("UPDATE rater SET description = ? WHERE id = ? AND description IS NULL")) {
                s.setString(1, description);
                s.setString(2, id);
                s.executeUpdate();
            }
        }
        return id;
    }
}
