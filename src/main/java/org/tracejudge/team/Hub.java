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
    public record Entry(long seq, String kind, String id, String body) {}

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
                throw new SQLException("hub " + address.url() + " refused role " + address.user() + ": " + e.getMessage()
                        + " (the password comes from " + HubAddress.PASSWORD_ENV + ", PGPASSWORD or a line "
                        + "host:port:database:" + address.user() + ":password in ~/.pgpass or the file PGPASSFILE names)",
                        e.getSQLState(), e);
            }
            throw e;
        }
    }

    public HubAddress address() {
        return address;
    }

    /** Creates or upgrades the hub schema (the lead's role becomes its owner). */
    public static void migrate(HubAddress a) {
        java.util.Properties p = a.properties();
        Flyway.configure(Hub.class.getClassLoader())
                .dataSource(a.url(), a.user(), p.getProperty("password"))
                .schemas(HubAddress.SCHEMA)
                .createSchemas(true)
                .locations("classpath:db/hub")
                .load()
                .migrate();
    }

    /** The hub's clock. */
    public Instant now() throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT clock_timestamp()")) {
            rs.next();
            return rs.getTimestamp(1).toInstant();
        }
    }

    /** Creates the project with the connected role as its lead (nothing when it exists and this role leads it). */
    public void createProject(String project, String person, boolean blind) throws SQLException {
        inTransaction(() -> {
            String lead = null;
            try (PreparedStatement s = c.prepareStatement("SELECT lead FROM project WHERE id = ?")) {
                s.setString(1, project);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        lead = rs.getString(1);
                    }
                }
            }
            if (lead == null) {
                try (PreparedStatement s = c.prepareStatement("INSERT INTO project(id, blind) VALUES (?, ?)")) {
                    s.setString(1, project);
                    s.setBoolean(2, blind);
                    s.executeUpdate();
                }
                try (PreparedStatement s = c.prepareStatement(
                        "INSERT INTO member(project_id, role, person, duty, expert) VALUES (?, current_user, ?, 'lead', true)")) {
                    s.setString(1, project);
                    s.setString(2, person);
                    s.executeUpdate();
                }
            } else if (!lead.equals(address.user())) {
                throw new SQLException("project '" + project + "' on the hub is led by " + lead);
            }
            return null;
        });
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
        try (PreparedStatement s = c.prepareStatement("UPDATE project SET blind = ? WHERE id = ? AND blind <> ?")) {
            s.setBoolean(1, blind);
            s.setString(2, project);
            s.setBoolean(3, blind);
            s.executeUpdate();
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
     * Adds a reviewer (lead): creates the login role when it does not exist (no password: the person or the database's
     * administrator sets it with {@code \password}), grants it what a reviewer needs and records the membership.
     */
    public void addMember(String project, String role, String person, boolean expert) throws SQLException {
        String r = HubAddress.role(role);
        if (person == null || person.isBlank()) {
            throw new IllegalArgumentException("a member needs the name their decisions carry (--person)");
        }
        inTransaction(() -> {
            boolean exists;
            try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM pg_roles WHERE rolname = ?")) {
                s.setString(1, r);
                try (ResultSet rs = s.executeQuery()) {
                    exists = rs.next();
                }
            }
            try (Statement s = c.createStatement()) {
                if (!exists) {
                    s.execute("CREATE ROLE " + r + " LOGIN");
                }
                s.execute("GRANT USAGE ON SCHEMA " + HubAddress.SCHEMA + " TO " + r);
                s.execute("GRANT SELECT ON project, member, decided TO " + r);
                s.execute("GRANT SELECT, INSERT ON entry TO " + r);
            }
            try (PreparedStatement s = c.prepareStatement("INSERT INTO member(project_id, role, person, duty, expert) "
                    + "VALUES (?, ?, ?, 'reviewer', ?) ON CONFLICT (project_id, role) DO UPDATE "
                    + "SET person = EXCLUDED.person, expert = EXCLUDED.expert, active = true")) {
                s.setString(1, project);
                s.setString(2, r);
                s.setString(3, person);
                s.setBoolean(4, expert);
                s.executeUpdate();
            }
            return null;
        });
    }

    /** Removes a reviewer from a project (lead): they can no longer read or write it; their entries stay. */
    public boolean removeMember(String project, String role) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "UPDATE member SET active = false WHERE project_id = ? AND role = ? AND duty = 'reviewer'")) {
            s.setString(1, project);
            s.setString(2, HubAddress.role(role));
            return s.executeUpdate() == 1;
        }
    }

    /**
     * Appends entries the hub does not have yet, as one transaction (insert-if-absent: entries it has are left as
     * they are). Pushes of a project are serialised by an advisory lock so that seq order is commit order.
     *
     * @return the seq of each entry inserted now, by kind + "/" + id
     */
    public Map<String, Long> push(String project, List<Entry> entries) throws SQLException {
        Map<String, Long> seqs = new HashMap<>();
        if (entries.isEmpty()) {
            return seqs;
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
            try (PreparedStatement s = c.prepareStatement("SELECT pg_advisory_xact_lock(hashtext('tracejudge:' || ?))")) {
                s.setString(1, project);
                s.execute();
            }
            Array k = c.createArrayOf("text", kinds);
            Array i = c.createArrayOf("text", ids);
            Array b = c.createArrayOf("text", bodies);
            try (PreparedStatement s = c.prepareStatement("INSERT INTO entry(project_id, kind, id, body) "
                    + "SELECT ?, u.k, u.i, u.b FROM unnest(?::text[], ?::text[], ?::text[]) "
                    + "WITH ORDINALITY AS u(k, i, b, n) ORDER BY u.n "
                    + "ON CONFLICT (project_id, kind, id) DO NOTHING RETURNING kind, id, seq")) {
                s.setString(1, project);
                s.setArray(2, k);
                s.setArray(3, i);
                s.setArray(4, b);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        seqs.put(rs.getString(1) + "/" + rs.getString(2), rs.getLong(3));
                    }
                }
            }
            TeamSync.beforeCommit.accept("push");
            return seqs;
        });
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
        try (PreparedStatement s = c.prepareStatement("SELECT seq, kind, id, body FROM entry WHERE project_id = ? "
                + "AND seq = ANY (?) ORDER BY seq")) {
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
     * Labels and adjudications that were hidden from this role by the blind policy and that it may see now because it
     * has since decided on their trace (its decisions with seq after {@code afterSeq}), in seq order.
     */
    public List<Entry> unblinded(String project, long afterSeq) throws SQLException {
        List<Entry> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT blind FROM project WHERE id = ?")) {
            s.setString(1, project);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next() || !rs.getBoolean(1) || afterSeq == 0) {
                    return out; // nothing was hidden
                }
            }
        }
        Member me = me(project);
        if (me == null || "lead".equals(me.duty())) {
            return out; // the lead sees everything
        }
        try (PreparedStatement s = c.prepareStatement("SELECT e.seq, e.kind, e.id, e.body FROM entry e "
                + "JOIN decided d ON d.project_id = e.project_id AND d.trace_id = e.trace_id AND d.role = current_user "
                + "WHERE e.project_id = ? AND d.seq > ? AND e.seq <= ? AND e.kind IN ('label', 'adjudication') "
                + "ORDER BY e.seq")) {
            s.setString(1, project);
            s.setLong(2, afterSeq);
            s.setLong(3, afterSeq);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(new Entry(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4)));
                }
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
