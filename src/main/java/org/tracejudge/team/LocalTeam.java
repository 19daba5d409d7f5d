package org.tracejudge.team;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tracejudge.json.Json;
import org.tracejudge.store.Timestamps;

/**
 * The laptop's side of a team project, inside its SQLite file: which entries the hub has ({@code team_entry}, with
 * their hub seq), the lead's assignments ({@code team_assignment}), the policies last taken from the hub
 * ({@code team_meta}) and the sync state in {@code project_meta} under {@code team.*}. The tables are made on the
 * first team command (a project that never joins a team has none of them). Every method works inside the caller's
 * transaction.
 */
public final class LocalTeam {
    private LocalTeam() {}

    static final String ASSIGNMENT_TABLE = "team_assignment";
    static final String SKIP_TABLE = "team_skip";
    public static final String HUB = "team.hub";
    public static final String USER = "team.user";
    public static final String PROJECT = "team.project";
    public static final String PERSON = "team.person";
    public static final String DUTY = "team.duty";
    public static final String PULL_SEQ = "team.pull_seq";
    public static final String LAST_SYNC = "team.last_sync";
    public static final String BLIND = "team.blind";
    static final String PUSH_ROWID = "team.push_rowid:";

    /** The SHA-256 of a body as lower-case hex (what the hub's {@code sha256(convert_to(body, 'UTF8'))} gives). */
    static String digest(String body) {
        java.security.MessageDigest sha = SHA256.get();
        sha.reset();
        return java.util.HexFormat.of().formatHex(sha.digest(body.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    private static final ThreadLocal<java.security.MessageDigest> SHA256 = ThreadLocal.withInitial(() -> {
        try {
            return java.security.MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    });

    /** Rows of {@code kind} after {@code afterRowid} the hub lacks: {waiting to push, kept local}. */
    static long[] count(Connection c, Kind kind, long afterRowid, String person) throws SQLException {
        String personCol = kind.personColumn();
        boolean restrict = person != null && personCol != null;
        String mine = restrict
                ? "(t." + personCol + " IS ? AND EXISTS (SELECT 1 FROM team_entry x WHERE x.kind = 'trace' "
                        + "AND x.id = t.trace_id))"
                : "1";
        String sql = "SELECT coalesce(sum(" + mine + "), 0), count(*) FROM " + kind.table + " t WHERE t.rowid > ? "
                + "AND NOT EXISTS (SELECT 1 FROM team_entry te WHERE te.kind = ? AND te.id = t." + kind.key + ")";
        try (PreparedStatement s = c.prepareStatement(sql)) {
            int i = 1;
            if (restrict) {
                s.setString(i++, person);
            }
            s.setLong(i++, afterRowid);
            s.setString(i, kind.code);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                long w = rs.getLong(1);
                return new long[] {w, rs.getLong(2) - w};
            }
        }
    }

    /**
     * Records that {@code person} passed over {@code traceId} without deciding (the workbench's S on a team project),
     * for the lead's progress view; the next sync publishes it. Nothing for a project that is not a team project.
     */
    public static void recordSkip(Connection c, String traceId, String person) throws SQLException {
        if (person == null || person.isBlank() || !isTeam(c)) {
            return;
        }
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO " + SKIP_TABLE + "(id, trace_id, reviewer, created_at) VALUES (?, ?, ?, ?)")) {
            s.setString(1, org.tracejudge.model.Ids.random());
            s.setString(2, traceId);
            s.setString(3, person);
            s.setString(4, Timestamps.now());
            s.executeUpdate();
        }
    }

    /**
     * Under the team's blind policy, the traces {@code person} is to adjudicate (the lead's assignments), or null when
     * nothing is hidden from them: not a team project, no blind policy, or they lead it.
     */
    public static java.util.Set<String> blindExceptAdjudicating(Connection c) throws SQLException {
        if (!isTeam(c) || !Boolean.parseBoolean(meta(c, BLIND)) || "lead".equals(meta(c, DUTY))) {
            return null;
        }
        java.util.Set<String> out = new java.util.HashSet<>();
        try (Statement t = c.createStatement();
                ResultSet has = t.executeQuery(
                        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '" + ASSIGNMENT_TABLE + "'")) {
            if (!has.next()) {
                return out;
            }
        }
        try (PreparedStatement s = c.prepareStatement("SELECT trace_id FROM " + ASSIGNMENT_TABLE
                + " WHERE duty = 'adjudicate' AND lower(reviewer) = lower(?)")) {
            s.setString(1, meta(c, PERSON));
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    /** Whether the project has joined a team (has the tables and a hub). */
    public static boolean isTeam(Connection c) throws SQLException {
        return meta(c, HUB) != null;
    }

    public static String meta(Connection c, String key) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT value FROM project_meta WHERE key = ?")) {
            s.setString(1, key);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    public static void setMeta(Connection c, String key, String value) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("INSERT OR REPLACE INTO project_meta(key, value) VALUES (?, ?)")) {
            s.setString(1, key);
            s.setString(2, value);
            s.executeUpdate();
        }
    }

    static long longMeta(Connection c, String key) throws SQLException {
        String v = meta(c, key);
        return v == null ? 0 : Long.parseLong(v);
    }

    /** Project settings that travel to the team (not the sync state, not a person's own reveal marks). */
    static boolean sharedMeta(String key) {
        return !key.startsWith("team.") && !key.startsWith("safety.reveal:");
    }

    /** One scan of local rows for a push. */
    record Scan(List<Hub.Entry> entries, List<String> ids, long lastRowid, int keptLocal, boolean more) {}

    /**
     * The next rows of {@code kind} after {@code afterRowid} that the hub does not have, as entries with JSON bodies:
     * at most {@code limit} rows read, and none after the entry that brings the bodies to {@code maxChars} characters.
     * {@code person} non-null restricts ledger rows to that person's own decisions on traces the hub has (what a
     * reviewer may publish); others are counted as kept local.
     */
    static Scan scan(Connection c, Kind kind, long afterRowid, int limit, long maxChars, String person)
            throws SQLException {
        String personCol = kind.personColumn();
        boolean restrict = person != null && personCol != null;
        String sql = "SELECT t.rowid AS \"__rowid\", (te.id IS NOT NULL) AS \"__known\""
                + (restrict
                        ? ", (t." + personCol + " IS ? AND EXISTS (SELECT 1 FROM team_entry x WHERE x.kind = 'trace' "
                                + "AND x.id = t.trace_id)) AS \"__mine\""
                        : "")
                + ", t.* FROM " + kind.table + " t LEFT JOIN team_entry te ON te.kind = ? AND te.id = t." + kind.key
                + " WHERE t.rowid > ? ORDER BY t.rowid LIMIT ?";
        List<Hub.Entry> out = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        long last = afterRowid;
        int kept = 0;
        int rows = 0;
        long chars = 0;
        boolean full = false;
        try (PreparedStatement s = c.prepareStatement(sql)) {
            int i = 1;
            if (restrict) {
                s.setString(i++, person);
            }
            s.setString(i++, kind.code);
            s.setLong(i++, afterRowid);
            s.setInt(i, limit);
            try (ResultSet rs = s.executeQuery()) {
                ResultSetMetaData md = rs.getMetaData();
                int first = restrict ? 4 : 3;
                int keyCol = -1;
                String[] names = new String[md.getColumnCount() + 1];
                for (int col = first; col <= md.getColumnCount(); col++) {
                    names[col] = md.getColumnName(col);
                    if (names[col].equalsIgnoreCase(kind.key)) {
                        keyCol = col;
                    }
                }
                while (rs.next()) {
                    rows++;
                    last = rs.getLong(1);
                    if (rs.getInt(2) == 1) {
                        continue;
                    }
                    if (restrict && rs.getInt(3) != 1) {
                        kept++;
                        continue;
                    }
                    String id = rs.getString(keyCol);
                    String body = body(rs, names, first);
                    if (kind == Kind.SCHEME) {
                        body = withForm(body);
                    }
                    out.add(new Hub.Entry(0, kind.code, id, body));
                    ids.add(id);
                    chars += body.length();
                    if (chars >= maxChars) {
                        full = true;
                        break;
                    }
                }
            }
        }
        return new Scan(out, ids, last, kept, full || rows == limit);
    }

    private static String body(ResultSet rs, String[] names, int first) throws SQLException {
        StringWriter w = new StringWriter(256);
        try (JsonGenerator g = Json.FACTORY.createGenerator(w)) {
            g.writeStartObject();
            for (int col = first; col < names.length; col++) {
                Object v = rs.getObject(col);
                String name = names[col];
                if (v == null) {
                    g.writeNullField(name);
                } else if (v instanceof Integer n) {
                    g.writeNumberField(name, n);
                } else if (v instanceof Long n) {
                    g.writeNumberField(name, n);
                } else if (v instanceof Double d) {
                    g.writeNumberField(name, d);
                } else {
                    g.writeStringField(name, v.toString());
                }
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    /**
     * A scheme version's row with the form the hub checks answers against ({@link
     * org.tracejudge.scheme.SchemeForm}); the file's own columns are unchanged, so a laptop that pulls it keeps just
     * them.
     */
    static String withForm(String body) {
        com.fasterxml.jackson.databind.node.ObjectNode row =
                (com.fasterxml.jackson.databind.node.ObjectNode) Json.read(body);
        try {
            org.tracejudge.scheme.Scheme s = org.tracejudge.scheme.SchemeFile.parse(
                    row.path("body").asText(),
                    "scheme version " + row.path("version").asText());
            row.set("form", org.tracejudge.scheme.SchemeForm.of(s));
        } catch (org.tracejudge.scheme.SchemeException e) {
            throw new IllegalStateException(
                    "this file's scheme version " + row.path("version").asText() + " is unreadable", e);
        }
        return row.toString();
    }

    /** The seqs of those entries this file already has (recorded in team_entry). */
    static Set<Long> known(Connection c, List<Hub.Entry> entries) throws SQLException {
        Set<Long> out = new java.util.HashSet<>();
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM team_entry WHERE kind = ? AND id = ?")) {
            for (Hub.Entry e : entries) {
                s.setString(1, e.kind());
                s.setString(2, e.id());
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        out.add(e.seq());
                    }
                }
            }
        }
        return out;
    }

    /** Records entries as being on the hub (with the hub's seq and body digest when it stored them now). */
    static void markKnown(
            Connection c, String kind, List<String> ids, Map<String, Long> seqs, Map<String, String> digests)
            throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("INSERT OR IGNORE INTO team_entry(kind, id, seq, digest) VALUES (?, ?, ?, ?)")) {
            for (String id : ids) {
                Long seq = seqs.get(kind + "/" + id);
                s.setString(1, kind);
                s.setString(2, id);
                if (seq == null) {
                    s.setNull(3, java.sql.Types.INTEGER);
                } else {
                    s.setLong(3, seq);
                }
                s.setString(4, digests == null ? null : digests.get(kind + "/" + id));
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    /** Records the entries the hub refused on a push, with its reasons. */
    static void markRejected(Connection c, Map<String, String> refused) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("INSERT OR REPLACE INTO team_rejected(kind, id, reason, at) VALUES (?, ?, ?, ?)")) {
            for (Map.Entry<String, String> e : refused.entrySet()) {
                int slash = e.getKey().indexOf('/');
                s.setString(1, e.getKey().substring(0, slash));
                s.setString(2, e.getKey().substring(slash + 1));
                s.setString(3, e.getValue());
                s.setString(4, Timestamps.now());
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    /**
     * Takes the hub's author fields for decisions it stored now: its time (the order every laptop uses) and the
     * member's name. Local ledger rows are append-only (triggers); this one correction, made inside the caller's
     * transaction, lifts the table's no-update trigger and puts it back.
     */
    static void adopt(Connection c, Kind kind, Map<String, String[]> stamps) throws SQLException {
        String personCol = kind.personColumn();
        if (stamps.isEmpty() || personCol == null) {
            return;
        }
        List<String[]> triggers = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' "
                + "AND tbl_name = ? AND name LIKE '%no_update'")) {
            s.setString(1, kind.table);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    triggers.add(new String[] {rs.getString(1), rs.getString(2)});
                }
            }
        }
        try (Statement s = c.createStatement()) {
            for (String[] t : triggers) {
                s.execute("DROP TRIGGER \"" + t[0] + "\"");
            }
        }
        try (PreparedStatement s = c.prepareStatement(
                "UPDATE " + kind.table + " SET created_at = ?, " + personCol + " = ? WHERE " + kind.key + " = ?")) {
            for (Map.Entry<String, String[]> e : stamps.entrySet()) {
                s.setString(1, e.getValue()[0]);
                s.setString(2, e.getValue()[1]);
                s.setString(3, e.getKey().substring(e.getKey().indexOf('/') + 1));
                s.addBatch();
            }
            s.executeBatch();
        }
        try (Statement s = c.createStatement()) {
            for (String[] t : triggers) {
                s.execute(t[1]);
            }
        }
    }

    /** Settings the lead changed since they were last published: key -> value. */
    static Map<String, String> changedMeta(Connection c) throws SQLException {
        Map<String, String> out = new java.util.TreeMap<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT m.key, m.value FROM project_meta m "
                        + "LEFT JOIN team_meta t ON t.key = m.key WHERE t.key IS NULL OR t.value IS NOT m.value")) {
            while (rs.next()) {
                if (sharedMeta(rs.getString(1))) {
                    out.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        return out;
    }

    /** What {@link #apply} did. */
    static final class Applied {
        int added;
        int quarantined;
        int tampered;
    }

    /** Columns whose text must be JSON for the rest of the workbench (safety view, export) to work. */
    private static final Set<String> JSON_COLUMNS =
            Set.of("scores", "evidence", "config", "labels", "tools", "tool_calls");

    /** Inserts pulled entries (insert-if-absent) and records them as known; returns how many rows were new. */
    static int apply(Connection c, List<Hub.Entry> entries) throws SQLException {
        return apply(c, entries, new Applied()).added;
    }

    /**
     * Inserts pulled entries (insert-if-absent) and records them as known with their digest. An entry this file cannot
     * take (not JSON, an unknown kind, a column that must be JSON and is not, a row its tables refuse) is quarantined in
     * {@code team_refused} with the reason and passed over: one bad entry never stops a sync. An entry this file
     * already holds that comes again with another body is recorded as tampered with and not applied.
     */
    static Applied apply(Connection c, List<Hub.Entry> entries, Applied out) throws SQLException {
        Map<String, PreparedStatement> inserts = new HashMap<>();
        Map<String, Set<String>> columns = new HashMap<>();
        try (PreparedStatement known = c.prepareStatement(
                        "INSERT OR IGNORE INTO team_entry(kind, id, seq, digest) VALUES (?, ?, ?, ?)");
                PreparedStatement had =
                        c.prepareStatement("SELECT seq, digest FROM team_entry WHERE kind = ? AND id = ?");
                PreparedStatement again = c.prepareStatement(
                        "UPDATE team_entry SET seq = ?, digest = coalesce(digest, ?) " + "WHERE kind = ? AND id = ?")) {
            // one batch records the page as known; an entry already known (a page taken again after an interruption,
            // or this person's own entry) is checked against the body this file took
            String[] digests = new String[entries.size()];
            for (int i = 0; i < digests.length; i++) {
                Hub.Entry e = entries.get(i);
                digests[i] = e.body() == null ? null : e.digest() != null ? e.digest() : digest(e.body());
                known.setString(1, e.kind());
                known.setString(2, e.id());
                known.setLong(3, e.seq());
                known.setString(4, digests[i]);
                known.addBatch();
            }
            int[] fresh = known.executeBatch();
            for (int i = 0; i < digests.length; i++) {
                Hub.Entry e = entries.get(i);
                String digest = digests[i];
                if (fresh[i] == 0) {
                    had.setString(1, e.kind());
                    had.setString(2, e.id());
                    try (ResultSet rs = had.executeQuery()) {
                        if (rs.next()) {
                            long seq = rs.getLong(1);
                            boolean noSeq = rs.wasNull();
                            String d = rs.getString(2);
                            if (d != null && digest != null && !d.equals(digest)) {
                                tampered(
                                        c,
                                        e.kind(),
                                        e.id(),
                                        e.seq(),
                                        "came again from the hub (seq " + e.seq()
                                                + ") with another body than the one this file took"
                                                + (noSeq ? "" : " at seq " + seq));
                                out.tampered++;
                                continue;
                            }
                        }
                    }
                    again.setLong(1, e.seq());
                    again.setString(2, digest);
                    again.setString(3, e.kind());
                    again.setString(4, e.id());
                    again.executeUpdate();
                }
                try {
                    Kind kind = Kind.of(e.kind());
                    Map<String, Object> row = parse(e.body());
                    if (kind == Kind.META) {
                        Object key = row.get("key");
                        Object value = row.get("value");
                        if (!(key instanceof String name) || (value != null && !(value instanceof String))) {
                            throw new IllegalArgumentException("a setting needs a text key and value");
                        }
                        out.added += applyMeta(c, name, (String) value, e.seq());
                    } else {
                        Set<String> cols = columns.computeIfAbsent(kind.table, t -> tableColumns(c, t));
                        List<String> use = new ArrayList<>();
                        for (String k : row.keySet()) {
                            if (cols.contains(k)) {
                                use.add(k);
                                if (JSON_COLUMNS.contains(k) && row.get(k) instanceof String text && !isJson(text)) {
                                    throw new IllegalArgumentException("its " + k + " is not JSON");
                                }
                            }
                        }
                        if (use.isEmpty()) {
                            throw new IllegalArgumentException("it has none of the columns of " + kind.table);
                        }
                        String sig = kind.table + ":" + String.join(",", use);
                        PreparedStatement s = inserts.get(sig);
                        if (s == null) {
                            s = c.prepareStatement("INSERT OR IGNORE INTO " + kind.table + "(" + String.join(", ", use)
                                    + ") VALUES (" + "?,".repeat(use.size() - 1) + "?)");
                            inserts.put(sig, s);
                        }
                        for (int col = 0; col < use.size(); col++) {
                            s.setObject(col + 1, row.get(use.get(col)));
                        }
                        int n = s.executeUpdate();
                        if (n == 0 && !exists(c, kind, row.get(kind.key))) {
                            // INSERT OR IGNORE passes over a row that breaks a CHECK or NOT NULL constraint too
                            throw new IllegalArgumentException("the file's " + kind.table
                                    + " table refuses it (a value " + "out of range or missing)");
                        }
                        out.added += n;
                    }
                } catch (SQLException | RuntimeException bad) {
                    // an entry this file cannot hold (written to the hub by hand, or by a hub that did not check):
                    // set aside and reported, never allowed to stop this or any later sync
                    refused(c, e, bad.getMessage());
                    out.quarantined++;
                }
            }
        } finally {
            for (PreparedStatement s : inserts.values()) {
                s.close();
            }
        }
        return out;
    }

    private static boolean exists(Connection c, Kind kind, Object key) throws SQLException {
        if (key == null) {
            return false;
        }
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM " + kind.table + " WHERE " + kind.key + " = ?")) {
            s.setObject(1, key);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static boolean isJson(String text) {
        try (JsonParser p = Json.FACTORY.createParser(text)) {
            if (p.nextToken() == null) {
                return false;
            }
            p.skipChildren();
            return p.nextToken() == null;
        } catch (IOException e) {
            return false;
        }
    }

    /** Records that the hub changed or removed an entry this file took. */
    static void tampered(Connection c, String kind, String id, long seq, String what) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("INSERT OR IGNORE INTO team_tamper(kind, id, seq, what, at) VALUES (?,?,?,?,?)")) {
            s.setString(1, kind);
            s.setString(2, id);
            s.setLong(3, seq);
            s.setString(4, what);
            s.setString(5, Timestamps.now());
            s.executeUpdate();
        }
    }

    private static void refused(Connection c, Hub.Entry e, String reason) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("INSERT OR REPLACE INTO team_refused(kind, id, seq, reason) VALUES (?,?,?,?)")) {
            s.setString(1, e.kind());
            s.setString(2, e.id());
            s.setLong(3, e.seq());
            s.setString(4, reason);
            s.executeUpdate();
        }
    }

    /** Rows of a team table (0 when the file has none). */
    static long rows(Connection c, String table) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM sqlite_master WHERE name = '" + table + "'")) {
            rs.next();
            if (rs.getInt(1) == 0) {
                return 0;
            }
        }
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Hub entries this file could not take (see {@link #apply}). */
    static long refusedCount(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM sqlite_master WHERE name = 'team_refused'")) {
            rs.next();
            if (rs.getInt(1) == 0) {
                return 0;
            }
        }
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM team_refused")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static int applyMeta(Connection c, String key, String value, long seq) throws SQLException {
        if (key == null || !sharedMeta(key)) {
            return 0;
        }
        long have = -1;
        try (PreparedStatement s = c.prepareStatement("SELECT seq FROM team_meta WHERE key = ?")) {
            s.setString(1, key);
            try (ResultSet rs = s.executeQuery()) {
                if (rs.next()) {
                    have = rs.getLong(1);
                }
            }
        }
        if (seq <= have) {
            return 0;
        }
        try (PreparedStatement s =
                c.prepareStatement("INSERT OR REPLACE INTO team_meta(key, value, seq) VALUES (?, ?, ?)")) {
            s.setString(1, key);
            s.setString(2, value);
            s.setLong(3, seq);
            s.executeUpdate();
        }
        if (value == null) {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM project_meta WHERE key = ?")) {
                s.setString(1, key);
                s.executeUpdate();
            }
        } else {
            setMeta(c, key, value);
        }
        return 1;
    }

    static void recordMeta(Connection c, String key, String value, long seq) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("INSERT OR REPLACE INTO team_meta(key, value, seq) VALUES (?, ?, ?)")) {
            s.setString(1, key);
            s.setString(2, value);
            s.setLong(3, seq);
            s.executeUpdate();
        }
    }

    private static Set<String> tableColumns(Connection c, String table) {
        Set<String> out = new LinkedHashSet<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("PRAGMA table_info(" + table + ")")) {
            while (rs.next()) {
                out.add(rs.getString("name"));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(table + ": " + e.getMessage(), e);
        }
        return out;
    }

    /** A flat JSON object as column -> String / Long / Double / null. */
    static Map<String, Object> parse(String body) {
        Map<String, Object> row = new java.util.LinkedHashMap<>();
        try (JsonParser p = Json.FACTORY.createParser(body)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("hub entry is not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                row.put(
                        name,
                        switch (t) {
                            case VALUE_NULL -> null;
                            case VALUE_NUMBER_INT -> p.getLongValue();
                            case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
                            case VALUE_STRING -> p.getText();
                            default -> p.readValueAsTree().toString();
                        });
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("hub entry is not valid JSON: " + e.getMessage(), e);
        }
        return row;
    }

    /** Largest rowid of a table (0 when empty). */
    static long maxRowid(Connection c, String table) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT coalesce(max(rowid), 0) FROM " + table)) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    static String now() {
        return Timestamps.now();
    }
}
