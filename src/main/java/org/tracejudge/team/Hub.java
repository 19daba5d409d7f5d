package org.tracejudge.team;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;

/**
 * The hub's side: its schema (Flyway, {@code classpath:db/hub}, schema {@value HubAddress#SCHEMA}), projects,
 * members and their grants, and the entry log that pushes append to and pulls read. Every statement runs as the
 * connected person's role, so the database's grants and row-level security decide what is allowed.
 */
public final class Hub implements AutoCloseable {
    /** One published row. {@code seq} is 0 until the hub has given it one. */
    public record Entry(long seq, String kind, String id, String body, String digest) {
        public Entry(long seq, String kind, String id, String body) {
            this(seq, kind, id, body, null);
        }

        /** This entry with the SHA-256 of its body worked out (on the thread that calls this). */
        Entry digested() {
            return body == null || digest != null ? this : new Entry(seq, kind, id, body, LocalTeam.digest(body));
        }
    }

    /** A member of a project. */
    public record Member(String role, String person, String duty, boolean expert, boolean active) {}

    private final HubAddress address;
    private final Connection c;

    private Hub(HubAddress address, Connection c) {
        this.address = address;
        this.c = c;
    }

    public static Hub connect(HubAddress address) throws SQLException {
        try {
            return new Hub(address, address.connect());
        } catch (SQLException e) {
            if ("08004".equals(e.getSQLState()) || "28P01".equals(e.getSQLState())) {
                throw new SQLException(
                        "hub " + address.url() + " refused role " + address.user() + ": " + e.getMessage()
                                + " (the password comes from " + HubAddress.PASSWORD_ENV + ", PGPASSWORD or a line "
                                + "host:port:database:" + address.user()
                                + ":password in ~/.pgpass or the file PGPASSFILE names)",
                        e.getSQLState(),
                        e);
            }
            throw e;
        }
    }

    public HubAddress address() {
        return address;
    }

    /** The hub schema version this build needs ({@code hub_version()} on the hub). */
    public static final int SCHEMA_VERSION = 10;

    /**
     * The hub's owner: creates or upgrades the hub schema (Flyway, as the connected role, which owns it) and allows
     * {@code leads} to create projects. Members of projects made by schema 1-2 get the rater id their name gives.
     */
    public static void setup(HubAddress owner, List<String> leads) throws SQLException {
        java.util.Properties p = owner.properties();
        Flyway.configure(Hub.class.getClassLoader())
                .dataSource(owner.url(), owner.user(), p.getProperty("password"))
                .schemas(HubAddress.SCHEMA)
                .createSchemas(true)
                .locations("classpath:db/hub")
                .load()
                .migrate();
        try (Connection c = owner.connect()) {
            try (PreparedStatement s =
                    c.prepareStatement("INSERT INTO lead_role(role) VALUES (?) ON CONFLICT DO NOTHING")) {
                for (String l : leads) {
                    s.setString(1, HubAddress.role(l));
                    s.executeUpdate();
                }
            }
            List<String[]> fill = new ArrayList<>(); // project, role, rater id
            try (Statement s = c.createStatement();
                    ResultSet rs =
                            s.executeQuery("SELECT project_id, role, person FROM member WHERE rater_id IS NULL")) {
                while (rs.next()) {
                    fill.add(new String[] {rs.getString(1), rs.getString(2), raterId(rs.getString(3))});
                }
            }
            try (PreparedStatement s =
                    c.prepareStatement("UPDATE member SET rater_id = ? WHERE project_id = ? AND role = ?")) {
                for (String[] e : fill) {
                    s.setString(1, e[2]);
                    s.setString(2, e[0]);
                    s.setString(3, e[1]);
                    s.executeUpdate();
                }
            }
        }
    }

    /** The rater id of a person's own decisions (as {@code Ledger.ensureRater} makes it for a human). */
    static String raterId(String person) {
        return org.tracejudge.model.Ids.of("rater", person.strip(), "");
    }

    /**
     * Refuses a role that could step around the hub's checks (SUPERUSER, CREATEROLE, BYPASSRLS), and a hub whose
     * schema this build does not know.
     */
    public void checkRoleAndSchema() throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                        "SELECT rolsuper, rolcreaterole, rolbypassrls FROM pg_roles WHERE rolname = session_user");
                ResultSet rs = s.executeQuery()) {
            if (rs.next()) {
                List<String> bad = new ArrayList<>();
                if (rs.getBoolean(1)) {
                    bad.add("SUPERUSER");
                }
                if (rs.getBoolean(2)) {
                    bad.add("CREATEROLE");
                }
                if (rs.getBoolean(3)) {
                    bad.add("BYPASSRLS");
                }
                if (!bad.isEmpty()) {
                    throw new SQLException(
                            "role " + address.user() + " has " + String.join(", ", bad) + ": with it the "
                                    + "role can turn off the hub's row-level security or make itself another person, so Tracejudge "
                                    + "will not lead or review as it. Use a plain login role (CREATE ROLE name LOGIN) for the lead "
                                    + "and keep the owner and the database's administrator apart (docs/team.md, Team projects)",
                            "42501");
                }
            }
        }
        int version;
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT tracejudge.hub_version()")) {
            rs.next();
            version = rs.getInt(1);
        } catch (SQLException e) {
            throw new SQLException(
                    "the hub at " + address.url() + " has no Tracejudge schema " + SCHEMA_VERSION
                            + " (or is older): its owner sets it up with: tracejudge team hub URL --user OWNER --lead "
                            + address.user(),
                    "3F000",
                    e);
        }
        if (version < SCHEMA_VERSION) {
            throw new SQLException(
                    "the hub's schema is " + version + "; this Tracejudge needs " + SCHEMA_VERSION
                            + " (its owner upgrades it with: tracejudge team hub URL --user OWNER)",
                    "3F000");
        }
    }

    /** The hub's clock. */
    public Instant now() throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT clock_timestamp()")) {
            rs.next();
            return rs.getTimestamp(1).toInstant();
        }
    }

    /** Creates the project with the connected role as its lead (nothing when it exists and this role leads it). */
    public void createProject(String project, String person, boolean blind) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT tracejudge.create_project(?, ?, ?, ?)")) {
            s.setString(1, project);
            s.setString(2, person.strip());
            s.setString(3, raterId(person));
            s.setBoolean(4, blind);
            s.execute();
        }
    }

    /** Work on the hub connection inside {@link #inTransaction}. */
    @FunctionalInterface
    private interface HubWork<T> {
        T run() throws SQLException;
    }

    /**
     * Runs {@code work} as one transaction on the hub connection: committed whole, or rolled back whole (an unchecked
     * failure too: turning autocommit back on would otherwise commit what was done so far).
     */
    private <T> T inTransaction(HubWork<T> work) throws SQLException {
        c.setAutoCommit(false);
        try {
            T result = work.run();
            c.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
    }

    /** Sets the blind policy of a project (lead). */
    public void setBlind(String project, boolean blind) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT tracejudge.set_blind(?, ?)")) {
            s.setString(1, project);
            s.setBoolean(2, blind);
            s.execute();
        }
    }

    /** This role's membership of a project, or null when it is not a member. */
    public Member me(String project) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT role, person, duty, expert, active FROM member "
                + "WHERE project_id = ? AND role = current_user")) {
            s.setString(1, project);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? member(rs) : null;
            }
        }
    }

    /** The members this role may see: all of them for the lead, only itself for a reviewer. */
    public List<Member> members(String project) throws SQLException {
        List<Member> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT role, person, duty, expert, active FROM member "
                + "WHERE project_id = ? ORDER BY duty, person")) {
            s.setString(1, project);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(member(rs));
                }
            }
        }
        return out;
    }

    private static Member member(ResultSet rs) throws SQLException {
        return new Member(rs.getString(1), rs.getString(2), rs.getString(3), rs.getBoolean(4), rs.getBoolean(5));
    }

    /**
     * Adds a reviewer (lead): binds an existing login role (the database's administrator creates it and its password)
     * to the person their decisions carry and that person's rater id, through the hub's {@code add_member}, which
     * refuses a name another member has (whatever its case) and a rater someone else already wrote under.
     */
    public void addMember(String project, String role, String person, boolean expert) throws SQLException {
        String r = HubAddress.role(role);
        if (person == null || person.isBlank()) {
            throw new IllegalArgumentException("a member needs the name their decisions carry (--person)");
        }
        try (PreparedStatement s = c.prepareStatement("SELECT tracejudge.add_member(?, ?, ?, ?, ?)")) {
            s.setString(1, project);
            s.setString(2, r);
            s.setString(3, person.strip());
            s.setString(4, raterId(person));
            s.setBoolean(5, expert);
            s.execute();
        }
    }

    /** Removes a reviewer from a project (lead): they can no longer read or write it; their entries stay. */
    public boolean removeMember(String project, String role) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT tracejudge.remove_member(?, ?)")) {
            s.setString(1, project);
            s.setString(2, HubAddress.role(role));
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    /**
     * What the hub did with a push, by kind + "/" + id: the seq of each entry stored now; for decisions the hub's time
     * and name it stored them under ({at, person}); the SHA-256 of each stored body; the reason for each refused one.
     * An entry in none of these was on the hub already.
     */
    public record Pushed(
            Map<String, Long> seqs,
            Map<String, String[]> stamps,
            Map<String, String> digests,
            Map<String, String> refused) {
        static Pushed empty() {
            return new Pushed(new HashMap<>(), new HashMap<>(), new HashMap<>(), new HashMap<>());
        }
    }

    /**
     * Appends entries the hub does not have yet, as one transaction, through the hub's {@code push} function: it checks
     * each (kind, author, rater, trace, label set, JSON), refuses the bad ones, stores the rest in seq order with the
     * hub's time and the member's name on decisions (insert-if-absent: entries it has are left as they are).
     */
    public Pushed push(String project, List<Entry> entries) throws SQLException {
        Pushed out = Pushed.empty();
        if (entries.isEmpty()) {
            return out;
        }
        String[] kinds = new String[entries.size()];
        String[] ids = new String[entries.size()];
        String[] bodies = new String[entries.size()];
        for (int i = 0; i < kinds.length; i++) {
            Entry e = entries.get(i);
            kinds[i] = e.kind();
            ids[i] = e.id();
            bodies[i] = e.body();
        }
        return inTransaction(() -> {
            Array k = c.createArrayOf("text", kinds);
            Array i = c.createArrayOf("text", ids);
            Array b = c.createArrayOf("text", bodies);
            try (PreparedStatement s = c.prepareStatement("SELECT kind, id, seq, at, person, digest, refusal "
                    + "FROM tracejudge.push(?, ?::text[], ?::text[], ?::text[])")) {
                s.setString(1, project);
                s.setArray(2, k);
                s.setArray(3, i);
                s.setArray(4, b);
                try (ResultSet rs = executeOrExplain(s)) {
                    while (rs.next()) {
                        String key = rs.getString(1) + "/" + rs.getString(2);
                        long seq = rs.getLong(3);
                        if (!rs.wasNull()) {
                            out.seqs().put(key, seq);
                            out.digests().put(key, rs.getString(6));
                            if (rs.getString(4) != null) {
                                out.stamps().put(key, new String[] {rs.getString(4), rs.getString(5)});
                            }
                        } else if (rs.getString(7) != null) {
                            out.refused().put(key, rs.getString(7));
                        }
                    }
                }
            }
            TeamSync.beforeCommit.accept("push");
            return out;
        });
    }

    /** Runs a query of the hub's functions; a hub older than schema 3 (no such function) is said so. */
    private ResultSet executeOrExplain(PreparedStatement s) throws SQLException {
        try {
            return s.executeQuery();
        } catch (SQLException e) {
            if ("42883".equals(e.getSQLState()) || "3F000".equals(e.getSQLState())) {
                throw new SQLException(
                        "the hub at " + address.url() + " is older than schema " + SCHEMA_VERSION
                                + " (no tracejudge.push): its owner upgrades it with: tracejudge team hub URL --user OWNER "
                                + "(docs/team.md, Upgrading a hub)",
                        e.getSQLState(),
                        e);
            }
            throw e;
        }
    }

    /** Reads entries in seq order, from after {@code afterSeq}, at most {@code limit}. */
    public List<Entry> pull(String project, long afterSeq, int limit) throws SQLException {
        return pull(project, afterSeq, Long.MAX_VALUE, limit, Long.MAX_VALUE).entries();
    }

    /**
     * A page of a pull: the entries this role may see with {@code after < seq <= upto}, in seq order. {@code upto} is
     * where the next page starts: the window's end, or the last entry read when the page stopped early (at its
     * character budget).
     */
    public record Page(List<Entry> entries, long upto) {}

    /**
     * Reads the entries in the seq window {@code (afterSeq, uptoSeq]}, in seq order, at most {@code limit} and stopping
     * after the entry that brings the bodies' characters to {@code maxChars}. The window bounds the work of each
     * query whatever the planner's statistics say: an open-ended {@code seq > ? ORDER BY seq LIMIT ?} on a freshly
     * filled table (no statistics yet) was planned as a scan of every later entry plus a sort, for every page.
     */
    public Page pull(String project, long afterSeq, long uptoSeq, int limit, long maxChars) throws SQLException {
        List<Entry> out = new ArrayList<>();
        long upto = uptoSeq;
        c.setAutoCommit(false);
        // the body of this role's own entries is left out: the laptop that pushed them has them (bodies() fetches
        // them for another laptop of the same person)
        try (PreparedStatement s = c.prepareStatement("SELECT seq, kind, id, CASE WHEN author = current_user THEN NULL "
                + "ELSE body END FROM entry WHERE project_id = ? AND seq > ? AND seq <= ? ORDER BY seq LIMIT ?")) {
            s.setFetchSize(1000);
            s.setString(1, project);
            s.setLong(2, afterSeq);
            s.setLong(3, uptoSeq);
            s.setInt(4, limit);
            long chars = 0;
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    Entry e = new Entry(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4));
                    out.add(e);
                    chars += e.body() == null ? 0 : e.body().length();
                    if (chars >= maxChars || out.size() == limit) {
                        upto = e.seq();
                        break;
                    }
                }
            }
            c.commit();
        } finally {
            c.setAutoCommit(true);
        }
        return new Page(out, upto);
    }

    /** The entries with these seqs, bodies included. */
    public List<Entry> bodies(String project, List<Long> seqs) throws SQLException {
        List<Entry> out = new ArrayList<>();
        if (seqs.isEmpty()) {
            return out;
        }
        try (PreparedStatement s = c.prepareStatement(
                "SELECT seq, kind, id, body FROM entry WHERE project_id = ? " + "AND seq = ANY (?) ORDER BY seq")) {
            s.setString(1, project);
            s.setArray(2, c.createArrayOf("bigint", seqs.toArray()));
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(new Entry(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4)));
                }
            }
        }
        return out;
    }

    /**
     * Labels, adjudications, comments and answers that were hidden from this role and that it may see now, in seq order:
     * under the project's blind policy those of a trace it has since decided on (its decisions with seq after {@code
     * afterSeq}); answers to a blind question (hub schema 8) once it has since answered that question on the trace, or
     * was since assigned to adjudicate the trace. Row-level security decides what each row shows; this only finds the
     * rows behind the cursor that may have turned visible.
     */
    public List<Entry> unblinded(String project, long afterSeq) throws SQLException {
        List<Entry> out = new ArrayList<>();
        if (afterSeq == 0) {
            return out; // nothing was read yet, so nothing was hidden
        }
        boolean blind;
        try (PreparedStatement s = c.prepareStatement("SELECT blind FROM project WHERE id = ?")) {
            s.setString(1, project);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return out;
                }
                blind = rs.getBoolean(1);
            }
        }
        Member me = me(project);
        if (me == null || "lead".equals(me.duty())) {
            return out; // the lead sees everything
        }
        String sql = "SELECT e.seq, e.kind, e.id, e.body FROM entry e WHERE e.project_id = ? AND e.seq <= ? AND ("
                + (blind
                        ? "(e.kind IN ('label', 'adjudication', 'comment', 'answer') AND EXISTS (SELECT 1 FROM decided d "
                                + "WHERE d.project_id = e.project_id AND d.trace_id = e.trace_id "
                                + "AND d.role = current_user AND d.seq > ?)) OR "
                        : "")
                + "(e.kind = 'answer' AND EXISTS (SELECT 1 FROM answered a WHERE a.project_id = e.project_id "
                + "AND a.trace_id = e.trace_id AND a.question = e.question AND a.role = current_user AND a.seq > ?)) "
                + "OR (e.kind = 'answer' AND EXISTS (SELECT 1 FROM entry x WHERE x.project_id = e.project_id "
                + "AND x.kind = 'assignment' AND x.trace_id = e.trace_id AND x.seq > ?))) ORDER BY e.seq";
        try (PreparedStatement s = c.prepareStatement(sql)) {
            int i = 1;
            s.setString(i++, project);
            s.setLong(i++, afterSeq);
            if (blind) {
                s.setLong(i++, afterSeq);
            }
            s.setLong(i++, afterSeq);
            s.setLong(i, afterSeq);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(new Entry(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4)));
                }
            }
        }
        return out;
    }

    /** seq -> {kind, id, SHA-256 of the body} of the entries this role may see with {@code from < seq <= to}. */
    public Map<Long, String[]> digests(String project, long from, long to) throws SQLException {
        Map<Long, String[]> out = new HashMap<>();
        try (PreparedStatement s =
                c.prepareStatement("SELECT seq, kind, id, encode(sha256(convert_to(body, 'UTF8')), 'hex') "
                        + "FROM entry WHERE project_id = ? AND seq > ? AND seq <= ?")) {
            s.setString(1, project);
            s.setLong(2, from);
            s.setLong(3, to);
            s.setFetchSize(5000);
            c.setAutoCommit(false);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getLong(1), new String[] {rs.getString(2), rs.getString(3), rs.getString(4)});
                }
            } finally {
                c.commit();
                c.setAutoCommit(true);
            }
        }
        return out;
    }

    /** The newest seq of the project this role can see (0 for none). */
    public long lastSeq(String project) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT coalesce(max(seq), 0) FROM entry WHERE project_id = ?")) {
            s.setString(1, project);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** For tests and tools that need to run their own statements as this role. */
    public Connection connection() {
        return c;
    }

    @Override
    public void close() {
        try {
            c.close();
        } catch (SQLException ignored) {
            // closing a connection that failed
        }
    }
}
