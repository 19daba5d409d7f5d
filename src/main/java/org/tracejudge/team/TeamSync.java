package org.tracejudge.team;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.Timestamps;

/**
 * Push then pull between a project file and the hub. Both directions are insert-if-absent in batches of one
 * transaction each, so a sync is idempotent and an interrupted one (a kill, a lost network) leaves whole batches on
 * both sides and the next sync carries on. What is on the hub is recorded locally with the hub's seq
 * ({@code team_entry}); the pull cursor is the highest seq taken, saved in the same local transaction as the rows.
 *
 * <p>Order: the hub numbers entries as they arrive (seq). Every laptop holds the same set of entries after a full
 * sync, and every laptop derives current labels and final adjudications with one rule, (created_at, id), so they
 * agree whatever their clocks say; and each sync sets this process's ledger clock to the hub's ({@link
 * Timestamps#setOffset}), so decisions made on laptops with wrong clocks still come out in the order the hub saw.
 */
public final class TeamSync {
    private TeamSync() {}

    /** Entries per push transaction; bodies of traces can be a few kB each. */
    static int pushBatch = 5000;
    /** Characters of JSON bodies per push batch at most (a batch stops after the row that reaches it). */
    static long pushChars = 32L << 20;
    /** Entries per pull transaction (and the width of the seq window each page reads). */
    static int pullBatch = 20_000;
    /** Characters of JSON bodies per pull transaction at most. */
    static long pullChars = 32L << 20;
    /** WAL pages between checkpoints during a sync (see {@link Checkpoints}). */
    static int checkpointPages = 65_536;

    /**
     * Called inside each open transaction, just before it commits ("push": the hub's, "pull": the file's); the kill
     * tests stop a child JVM there. Does nothing otherwise.
     */
    static volatile java.util.function.Consumer<String> beforeCommit = point -> {};

    /**
     * What one sync did. {@code refusedByHub}: this laptop's entries the hub refused now (their reasons are in the
     * file, see {@link #problems}); {@code quarantined}: hub entries this file could not take now; {@code tampered}:
     * entries this file holds that it found changed or removed on the hub now. The last three are warnings to show.
     */
    public record Report(
            int pushed,
            int pulled,
            int keptLocal,
            long seq,
            long clockOffsetMillis,
            long millis,
            int refusedByHub,
            int quarantined,
            int tampered) {
        public Report(int pushed, int pulled, int keptLocal, long seq, long clockOffsetMillis, long millis) {
            this(pushed, pulled, keptLocal, seq, clockOffsetMillis, millis, 0, 0, 0);
        }
    }

    /** Seqs of hub entries checked against their digests per sync (a rotating window; see {@link #verify}). */
    static int verifyWindow = 2500;

    /** Progress of a long sync; {@link #cancelled()} is asked between batches (what was committed stays). */
    public interface Listener {
        void progress(String phase, long done);

        default boolean cancelled() {
            return false;
        }
    }

    public static final Listener QUIET = (phase, done) -> {};

    /** Lead: creates the hub schema when needed, publishes the project and pushes everything. */
    public static Report init(Project p, HubAddress a, String hubProject, String person, boolean blind, Listener l)
            throws SQLException {
        if (person == null || person.isBlank()) {
            throw new IllegalArgumentException(
                    "the lead's name (--person) is needed: it is the name their decisions carry");
        }
        String name = hubProject == null || hubProject.isBlank() ? p.name() : hubProject;
        p.write(c -> {
            String had = LocalTeam.meta(c, LocalTeam.PROJECT);
            if (had != null && !had.equals(name)) {
                throw new IllegalArgumentException(
                        p.file().getFileName() + " already belongs to team project '" + had + "'");
            }
            return null;
        });
        try (Hub hub = Hub.connect(a)) {
            hub.checkRoleAndSchema();
            hub.createProject(name, person, blind);
            p.write(c -> {
                LocalTeam.setMeta(c, LocalTeam.HUB, a.url());
                LocalTeam.setMeta(c, LocalTeam.USER, a.user());
                LocalTeam.setMeta(c, LocalTeam.PROJECT, name);
                LocalTeam.setMeta(c, LocalTeam.PERSON, person);
                LocalTeam.setMeta(c, LocalTeam.DUTY, "lead");
                LocalTeam.setMeta(c, LocalTeam.BLIND, Boolean.toString(blind));
                return null;
            });
            return sync(p, hub, l);
        }
    }

    /** Reviewer: the first pull of a project into a new file {@code out}. A file from an interrupted join carries on. */
    public static Project join(HubAddress a, String hubProject, Path out, Listener l) throws SQLException {
        try (Hub hub = Hub.connect(a)) {
            hub.checkRoleAndSchema();
            Hub.Member me = hub.me(hubProject);
            if (me == null || !me.active()) {
                throw new IllegalArgumentException(
                        "role " + a.user() + " is not a member of project '" + hubProject
                                + "' on the hub (the lead adds members with: tracejudge team members PROJECT --add ROLE --person NAME)");
            }
            boolean existed = Files.exists(out);
            Project p =
                    existed ? Project.open(out) : Project.open(out, Project.OpenOptions.createIfMissing(hubProject));
            try {
                p.write(c -> {
                    String had = LocalTeam.meta(c, LocalTeam.PROJECT);
                    if (existed && !hubProject.equals(had)) {
                        throw new IllegalArgumentException(out + " exists and is not a copy of team project '"
                                + hubProject + "': give a new file name");
                    }
                    LocalTeam.setMeta(c, LocalTeam.HUB, a.url());
                    LocalTeam.setMeta(c, LocalTeam.USER, a.user());
                    LocalTeam.setMeta(c, LocalTeam.PROJECT, hubProject);
                    LocalTeam.setMeta(c, LocalTeam.PERSON, me.person());
                    LocalTeam.setMeta(c, LocalTeam.DUTY, me.duty());
                    return null;
                });
                sync(p, hub, l);
                return p;
            } catch (RuntimeException | SQLException e) {
                p.close();
                throw e;
            }
        }
    }

    /** Push then pull, connecting with the address the project keeps (credentials from the environment or ~/.pgpass). */
    public static Report sync(Project p, Listener l) throws SQLException {
        try (Hub hub = Hub.connect(address(p))) {
            return sync(p, hub, l);
        }
    }

    /** The hub address a team project keeps. */
    public static HubAddress address(Project p) {
        String url = p.meta(LocalTeam.HUB);
        if (url == null) {
            throw new ProjectException(
                    p.file().getFileName() + " is not a team project (tracejudge team init or team join)");
        }
        return new HubAddress(url, p.meta(LocalTeam.USER));
    }

    @SuppressWarnings("try") // the checkpoint guard works by being open, not by being used
    public static Report sync(Project p, Hub hub, Listener l) throws SQLException {
        long start = System.nanoTime();
        String project = p.meta(LocalTeam.PROJECT);
        boolean lead = "lead".equals(p.meta(LocalTeam.DUTY));
        String person = p.meta(LocalTeam.PERSON);
        p.write(c -> {
            return null;
        });
        long offset = clockOffset(hub);
        Timestamps.setOffset(Duration.ofMillis(offset));
        if (lead) {
            hub.setBlind(project, Boolean.parseBoolean(p.meta(LocalTeam.BLIND)));
        }
        // the hub's side of each batch runs on a thread of its own while this one reads or writes the file
        ExecutorService io = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "team-hub");
            t.setDaemon(true);
            return t;
        });
        Set<Long> pushedSeqs = new HashSet<>();
        int[] counts = new int[6]; // pushed, kept local, pulled, refused by the hub, quarantined, tampered
        try (Checkpoints ck = new Checkpoints(p)) {
            for (Kind kind : lead ? List.of(Kind.values()) : Kind.REVIEWER) {
                if (kind == Kind.META) {
                    counts[0] += TeamPush.pushMeta(p, hub, project);
                } else {
                    try {
                        TeamPush.push(p, hub, project, kind, lead ? null : person, io, pushedSeqs, counts, l);
                    } catch (SQLException e) {
                        if ((kind != Kind.SKIP && kind != Kind.COMMENT && kind != Kind.SCHEME && kind != Kind.ANSWER)
                                || !TeamPush.refusedAsUnknown(e)) {
                            throw e;
                        }
                        // a hub on an older schema (the lead migrates it with team init) does not take skips (schema
                        // 1) or comments (before 5) yet: they wait here, counted as waiting to push, and everything
                        // else syncs
                    }
                }
            }
            counts[2] = TeamPull.pull(p, hub, project, pushedSeqs, io, l, counts);
            counts[5] += verify(p, hub, project, false);
        } finally {
            io.shutdown();
        }
        long seq = p.read(c -> LocalTeam.longMeta(c, LocalTeam.PULL_SEQ));
        p.write(c -> {
            LocalTeam.setMeta(c, LocalTeam.LAST_SYNC, Timestamps.now());
            return null;
        });
        return new Report(
                counts[0],
                counts[2],
                counts[1],
                seq,
                offset,
                (System.nanoTime() - start) / 1_000_000,
                counts[3],
                counts[4],
                counts[5]);
    }

    /**
     * Spaces out SQLite's WAL checkpoints during a sync. At the default (every 1,000 pages, i.e. after nearly every
     * batch) each commit copied the batch's pages into the main file at once, index pages over and over, and that
     * copy took most of a pull batch's time. During a sync the connection checkpoints every {@link #checkpointPages}
     * pages, and once at the end. Crash safety does not change: every batch still commits on its own, with the WAL
     * synced; only the copying into the main file happens less often.
     */
    private static final class Checkpoints implements AutoCloseable {
        private final Project p;

        Checkpoints(Project p) {
            this.p = p;
            pragma("wal_autocheckpoint = " + checkpointPages);
        }

        private void pragma(String sql) {
            p.read(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("PRAGMA " + sql);
                }
                return null;
            });
        }

        @Override
        public void close() {
            pragma("wal_autocheckpoint = 1000");
            pragma("wal_checkpoint(PASSIVE)");
        }
    }

    /**
     * Tamper evidence: compares the SHA-256 of the bodies the hub holds now with the digests this file recorded when it
     * took each entry, over a rotating window of {@link #verifyWindow} seqs per sync ({@code all}: every entry up to
     * the pull cursor). An entry changed on the hub, or gone from it (deleted, or renumbered), is recorded in
     * {@code team_tamper}; returns how many were found now. Entries from before digests were kept take the hub's.
     */
    public static int verify(Project p, Hub hub, String project, boolean all) throws SQLException {
        long cursor = p.read(c -> LocalTeam.longMeta(c, LocalTeam.PULL_SEQ));
        if (cursor == 0) {
            return 0;
        }
        long from = all || cursor <= verifyWindow ? 0 : p.read(c -> LocalTeam.longMeta(c, VERIFY_SEQ));
        if (from >= cursor) {
            from = 0;
        }
        long to = all ? cursor : Math.min(cursor, from + verifyWindow);
        Map<Long, String[]> onHub = hub.digests(project, from, to);
        long a = from;
        int found = p.write(c -> {
            int n = 0;
            List<Object[]> adopt = new ArrayList<>();
            try (PreparedStatement s =
                    c.prepareStatement("SELECT kind, id, seq, digest FROM team_entry WHERE seq > ? AND seq <= ?")) {
                s.setLong(1, a);
                s.setLong(2, to);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        String kind = rs.getString(1);
                        String id = rs.getString(2);
                        long seq = rs.getLong(3);
                        String mine = rs.getString(4);
                        String[] h = onHub.get(seq);
                        String what = null;
                        if (h == null) {
                            what = "is gone from the hub (it was seq " + seq + ")";
                        } else if (!h[0].equals(kind) || !h[1].equals(id)) {
                            what = "seq " + seq + " on the hub is now another entry (" + h[0] + " " + h[1] + ")";
                        } else if (mine == null) {
                            adopt.add(new Object[] {h[2], kind, id});
                        } else if (!mine.equals(h[2])) {
                            what = "was changed on the hub after this file took it (seq " + seq + ")";
                        }
                        if (what != null) {
                            int before = (int) LocalTeam.rows(c, "team_tamper");
                            LocalTeam.tampered(c, kind, id, seq, what);
                            n += (int) LocalTeam.rows(c, "team_tamper") - before;
                        }
                    }
                }
            }
            try (PreparedStatement s =
                    c.prepareStatement("UPDATE team_entry SET digest = ? WHERE kind = ? AND id = ?")) {
                for (Object[] x : adopt) {
                    s.setString(1, (String) x[0]);
                    s.setString(2, (String) x[1]);
                    s.setString(3, (String) x[2]);
                    s.addBatch();
                }
                s.executeBatch();
            }
            if (!all) {
                LocalTeam.setMeta(c, VERIFY_SEQ, Long.toString(to));
            }
            return n;
        });
        return found;
    }

    static final String VERIFY_SEQ = "team.verify_seq";

    /** Problems this file has recorded: {refused by the hub, quarantined on pull, tampered with on the hub}. */
    public static long[] problems(Project p) {
        return p.read(c -> new long[] {
            LocalTeam.rows(c, "team_rejected"), LocalTeam.rows(c, "team_refused"), LocalTeam.rows(c, "team_tamper")
        });
    }

    /** This laptop's entries the hub refused, one line each (kind id: reason). */
    public static List<String> rejections(Project p) {
        return lines(p, "team_rejected", "SELECT kind, id, reason FROM team_rejected ORDER BY at, kind, id");
    }

    /** Hub entries set aside here, one line each (kind id, seq: reason). */
    public static List<String> quarantine(Project p) {
        return lines(
                p, "team_refused", "SELECT kind, id || ' (seq ' || seq || ')', reason FROM team_refused ORDER BY seq");
    }

    private static List<String> lines(Project p, String table, String sql) {
        return p.read(c -> {
            List<String> out = new ArrayList<>();
            if (LocalTeam.rows(c, table) == 0) {
                return out;
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(sql)) {
                while (rs.next()) {
                    out.add(rs.getString(1) + " " + rs.getString(2) + ": " + rs.getString(3));
                }
            }
            return out;
        });
    }

    /** The recorded tamper findings, one line each (kind id: what, when found). */
    public static List<String> tamperFindings(Project p) {
        return p.read(c -> {
            List<String> out = new ArrayList<>();
            if (LocalTeam.rows(c, "team_tamper") == 0) {
                return out;
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT kind, id, what, at FROM team_tamper ORDER BY at, kind, id")) {
                while (rs.next()) {
                    out.add(rs.getString(1) + " " + rs.getString(2) + " " + rs.getString(3) + " (found "
                            + rs.getString(4) + ")");
                }
            }
            return out;
        });
    }

    /** The hub's clock minus this computer's, in milliseconds (half the round trip is the uncertainty). */
    static long clockOffset(Hub hub) throws SQLException {
        long t0 = System.currentTimeMillis();
        Instant hubNow = hub.now();
        long t1 = System.currentTimeMillis();
        return hubNow.toEpochMilli() - (t0 + t1) / 2;
    }

    /** How many of this laptop's entries wait to be pushed (what the next sync sends), and how many stay local. */
    public static long[] waiting(Project p) {
        boolean lead = "lead".equals(p.meta(LocalTeam.DUTY));
        String person = p.meta(LocalTeam.PERSON);
        return p.read(c -> {
            long waiting = 0;
            long kept = 0;
            for (Kind kind : lead ? List.of(Kind.values()) : Kind.REVIEWER) {
                if (kind == Kind.META) {
                    waiting += LocalTeam.changedMeta(c).size();
                    continue;
                }
                long[] n = LocalTeam.count(
                        c, kind, LocalTeam.longMeta(c, LocalTeam.PUSH_ROWID + kind.code), lead ? null : person);
                waiting += n[0];
                kept += n[1];
            }
            return new long[] {waiting, kept};
        });
    }

    /** Assignments of the project by person and duty: for progress views. */
    static Map<String, Integer> assignmentCounts(Connection c) throws SQLException {
        Map<String, Integer> out = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT reviewer, duty, count(*) FROM "
                        + LocalTeam.ASSIGNMENT_TABLE + " GROUP BY reviewer, duty");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.put(rs.getString(1) + "/" + rs.getString(2), rs.getInt(3));
            }
        }
        return out;
    }
}
