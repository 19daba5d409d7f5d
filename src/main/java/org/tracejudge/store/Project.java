package org.tracejudge.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.tracejudge.model.LabelSet;

/**
 * One project = one SQLite file (WAL, foreign keys on). Opening checks the file's integrity and
 * migrates its schema with Flyway, after copying the file aside. Every write goes through
 * {@link #write}, which is one transaction: it commits whole or not at all.
 */
public final class Project implements AutoCloseable {
    /** The newest schema version this build knows (the highest V*.sql under db/migration). */
    public static final int SCHEMA_VERSION = 16;

    public static final String EXTENSION = ".tjdb";

    private final Path file;
    private final Connection conn;
    private String check;
    /** When a check of this open passed (or the file was made from the verified template), else null. */
    private volatile java.time.Instant checkedAt;
    /** The check this open left to the background (see {@link Check#IN_BACKGROUND}), until it has run. */
    private volatile String pendingCheck;
    /** The put-off full check found damage: the file must not be recorded as verified. */
    private volatile boolean damaged;
    /** The check started by {@link Check#ALONGSIDE}: every commit waits for it. */
    private volatile CompletableFuture<Void> checkAlongside;

    /** This process's note saying it has the file open (see {@link Holders}). */
    private final Path holderNote;
    /** Whether the file changed by anything but Tracejudge while open (see {@link OwnWrites}); set by the open. */
    private OwnWrites ownWrites;

    private Project(ProjectOpener.Opened o) {
        this.file = o.file();
        this.conn = o.conn();
        this.holderNote = Holders.hold(file);
        this.ownWrites = o.ownWrites();
        this.created = o.created();
        this.check = o.check();
        this.pendingCheck = o.pendingCheck();
        this.checkedAt = o.checkedAt();
    }

    /**
     * What this process is, as a busy message in another process names it ("tracejudge import", "the Tracejudge
     * workbench").
     */
    public static void setActivity(String what) {
        Holders.setActivity(what);
    }

    /**
     * How {@link #open(Path, OpenOptions)} opens a file: whether it may create it, and when the integrity check runs.
     * Start from {@link #existing()} or {@link #createIfMissing(String)}.
     *
     * @param create make the file (from the schema template) when it does not exist; otherwise a missing file is
     *     refused
     * @param name the name a project made by this open gets (null: from the file name); only with {@code create}
     * @param check when the file's integrity check runs
     */
    public record OpenOptions(boolean create, String name, Check check) {
        /** An existing file, checked before it is returned. */
        public static OpenOptions existing() {
            return new OpenOptions(false, null, Check.FIRST);
        }

        /** The file, made (named {@code name}; null: from the file name) when it does not exist. */
        public static OpenOptions createIfMissing(String name) {
            return new OpenOptions(true, name, Check.FIRST);
        }

        /** These options with the check left to the caller: see {@link Check#IN_BACKGROUND}. */
        public OpenOptions checkInBackground() {
            return new OpenOptions(create, name, Check.IN_BACKGROUND);
        }

        /** These options with the check run alongside: see {@link Check#ALONGSIDE}. */
        public OpenOptions checkAlongside() {
            return new OpenOptions(create, name, Check.ALONGSIDE);
        }
    }

    /**
     * When the integrity check of an opened file runs. Which check: SQLite's full integrity_check unless Tracejudge
     * closed the file cleanly and it has not changed since; then quick_check (every page, not index consistency;
     * several times faster) when its last check is over a week old, and none when it is newer (see
     * {@link VerifiedFiles}; {@link #verify} checks on demand). A file that needs a schema migration is always checked
     * first, whatever this says (a migration never runs on a damaged file); a file this open made needs none.
     */
    public enum Check {
        /** Before {@code open} returns. */
        FIRST,
        /**
         * Left to {@link #completeIntegrityCheck()}, which the caller runs in the background: the workbench shows a
         * big project at once and reports damage a few seconds later.
         */
        IN_BACKGROUND,
        /**
         * For a command that reads a while before it writes: on a thread and connection of its own, alongside the
         * command's work. No transaction commits before the check has passed: {@link #write} waits for it and, when
         * it found damage, rolls back and throws the check's message; {@link #close} waits for it too; a read-only
         * command calls {@link #awaitCheckAlongside()} before it shows what it read.
         */
        ALONGSIDE
    }

    /**
     * Loads SQLite's native library and the store's classes on a daemon thread, so that a window that opens a project
     * later does not pay for them then. Touches no project file.
     */
    public static void warmUpInBackground() {
        ProjectOpener.warmUpInBackground();
    }

    /**
     * The file a path names once symbolic links are followed, also when the last link dangles (then the path the
     * link would create); a project named by a link is made and opened at the link's target.
     */
    public static Path followLinks(Path p) {
        return ProjectOpener.followLinks(p);
    }

    /** Opens an existing project file, checked first: {@code open(file, OpenOptions.existing())}. */
    public static Project open(Path file) {
        return open(file, OpenOptions.existing());
    }

    /**
     * Opens a project file as {@code options} say (see {@link OpenOptions}, {@link Check}).
     *
     * @throws ProjectException naming the file: missing (without {@code create}), not a project, damaged, busy, made
     *     by a newer Tracejudge, or not writable
     */
    public static Project open(Path file, OpenOptions options) {
        if (!options.create() && !Files.exists(file)) {
            throw new ProjectException(file + ": no such project file");
        }
        Project p = new Project(ProjectOpener.open(file, options.create(), options.check() != Check.FIRST));
        if (options.check() == Check.ALONGSIDE && p.pendingCheck != null) {
            CompletableFuture<Void> f = new CompletableFuture<>();
            Thread t = new Thread(
                    () -> {
                        try {
                            p.completeIntegrityCheck();
                            f.complete(null);
                        } catch (Throwable e) {
                            f.completeExceptionally(e);
                        }
                    },
                    "integrity-check");
            t.setDaemon(true);
            p.checkAlongside = f;
            t.start();
        }
        if (options.create()) {
            p.nameIfNew(options.name());
        }
        return p;
    }

    /** Set when this open made the file (a process that lost the race to create it opens the winner's). */
    private final boolean created;

    /** Gives a project just created (or one never named) its name and built-in label sets. */
    private void nameIfNew(String defaultName) {
        if (created || meta("name") == null) {
            initialise(defaultName == null ? nameFromFile(file) : defaultName);
        }
    }

    /**
     * Waits for the check started by {@link Check#ALONGSIDE}, if any: a read-only command calls it before it
     * shows what it read.
     *
     * @throws ProjectException naming the damage the check found
     */
    public void awaitCheckAlongside() {
        CompletableFuture<Void> f = checkAlongside;
        if (f == null) {
            return;
        }
        try {
            f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new ProjectException(file + ": the integrity check failed: " + e.getCause(), e.getCause());
        }
    }

    /** How long a write waits for another process's transaction before saying who holds the file. */
    static final int BUSY_TIMEOUT_MILLIS = 5_000;

    /**
     * {@code e}, or when the disk holding the file is full, a message saying so and naming the file (SQLite rolls
     * the transaction back itself; what it reports then is "cannot commit - no transaction is active").
     */
    RuntimeException diskFullOr(RuntimeException e) {
        return ProjectErrors.diskFullOr(file, e);
    }

    private void initialise(String name) {
        write(c -> {
            LabelSetRows.addBuiltIn(c);
            // first come, first kept: a process that raced to create the same file keeps the winner's name
            ProjectMeta.putIfAbsent(c, "name", name);
            ProjectMeta.putIfAbsent(c, "created_at", Timestamps.now());
            return null;
        });
    }

    static String nameFromFile(Path file) {
        String n = file.getFileName().toString();
        return n.endsWith(EXTENSION) ? n.substring(0, n.length() - EXTENSION.length()) : n;
    }

    public Path file() {
        return file;
    }

    public String name() {
        String n = meta("name");
        return n == null ? nameFromFile(file) : n;
    }

    public String meta(String key) {
        return read(c -> ProjectMeta.get(c, key));
    }

    /**
     * Moves everything in the write-ahead log into the main file and empties the log, so the file alone is the whole
     * project (for files about to be copied or moved, like the bundled samples).
     */
    public void checkpointFully() {
        read(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            }
            return null;
        });
    }

    public void setMeta(String key, String value) {
        write(c -> {
            ProjectMeta.put(c, key, value);
            return null;
        });
    }

    /** Label sets of this project: the built-in ones and any it defines. */
    public List<LabelSet> labelSets() {
        return read(LabelSetRows::all);
    }

    /** Defines (or redefines) a project label set. */
    public void defineLabelSet(LabelSet set) {
        write(c -> {
            LabelSetRows.define(c, set);
            return null;
        });
    }

    /** Work against the connection. */
    @FunctionalInterface
    public interface SqlWork<T> {
        T run(Connection c) throws Exception;
    }

    /** The page cache each connection has (64 MB). */
    static final int CACHE_MEBIBYTES = 64;

    /**
     * The page cache of bulk writes ({@code import}, {@code classify}) until their commit: at a million traces they
     * add entries all over indexes of hundreds of MB (the trace and label ids are random UUIDs), and through 64 MB the
     * evicted pages went to the WAL and were read back again and again (bench/scale.sh: import 97 s -> 76 s,
     * classify 70 s -> 42 s, a third less CPU). Native memory, used only as pages are touched.
     */
    public static final int BULK_CACHE_MEBIBYTES = 256;

    /**
     * {@link #write(SqlWork)} with a page cache of {@code cacheMebibytes} until the commit is written (then the usual
     * one again): for bulk work that adds entries all over large indexes, where pages evicted before the commit are
     * written to the WAL and read back again and again. SQLite grows the cache only as pages are used; it is native
     * memory, not the Java heap.
     */
    public synchronized <T> T write(SqlWork<T> work, int cacheMebibytes) {
        setCache(cacheMebibytes);
        try {
            return write(work);
        } finally {
            setCache(CACHE_MEBIBYTES);
        }
    }

    private void setCache(int mebibytes) {
        try (Statement s = conn.createStatement()) {
            s.execute("PRAGMA cache_size = " + (-1024L * mebibytes));
        } catch (SQLException e) {
            throw new ProjectException(file + ": cannot set the page cache: " + e.getMessage(), e);
        }
    }

    /** Set by {@link #commitSoFar} during write work: what its commits hold, for the error if the work then fails. */
    private volatile String committedSoFar;
    /** How to finish work that committed part of itself (set with {@link #committedSoFar}). */
    private volatile String toFinish;
    /** What the commit being written now would hold, while {@link #commitSoFar} writes it. */
    private volatile String committing;

    /**
     * From inside {@link #write} work: commits what the work has written so far, once the integrity check a first open
     * started has passed; the work goes on in a new transaction. If it then fails, its error ends with "Kept: {@code
     * kept}; {@code toFinish}." instead of saying that nothing was saved.
     */
    public void commitSoFar(String kept, String toFinish) {
        if (!Thread.holdsLock(this)) {
            throw new IllegalStateException("commitSoFar is for work inside write()");
        }
        awaitCheckAlongside();
        committing = kept;
        try {
            // the commit, and then the next transaction's begin as a step of its own: sqlite-jdbc's commit() begins
            // the next one itself, and when another writer takes the lock in between (while SQLite checkpoints) and
            // holds it past the busy timeout, the commit that worked would be reported as failed
            conn.setAutoCommit(true);
            this.toFinish = toFinish;
            committedSoFar = kept;
            ownWrites.afterCommit(conn);
        } catch (SQLException e) {
            throw new ProjectException(file.getFileName() + ": commit failed: " + e.getMessage(), e);
        } finally {
            committing = null;
        }
        try {
            conn.setAutoCommit(false);
        } catch (SQLException e) {
            throw new ProjectException(file.getFileName() + ": cannot go on writing: " + e.getMessage(), e);
        }
    }

    /**
     * What the {@link #commitSoFar} calls of the write work now running hold (their last {@code kept}), or null when it
     * has committed nothing yet: for a Ctrl-C hook to say what the interrupted work kept.
     */
    public String keptSoFar() {
        return committedSoFar;
    }

    /** The {@code kept} of the {@link #commitSoFar} being written at this moment, or null: it may or may not be kept. */
    public String committingNow() {
        return committing;
    }

    /** {@code e}, told what the work's commits so far hold when there were any. */
    private RuntimeException partly(RuntimeException e) {
        String kept = committedSoFar;
        committedSoFar = null;
        if (kept == null) {
            return e;
        }
        String m = e instanceof ProjectErrors.Unsaved u ? u.keeping() : String.valueOf(e.getMessage());
        return new ProjectException(
                m + (m.endsWith(".") ? "" : ".") + " Kept: " + kept + (toFinish == null ? "" : "; " + toFinish) + ".",
                e);
    }

    /**
     * Runs {@code work} as one transaction: all of it is committed, or none of it (unless the work commits as it goes:
     * {@link #commitSoFar}).
     */
    public synchronized <T> T write(SqlWork<T> work) {
        committedSoFar = null;
        try {
            conn.setAutoCommit(false);
            boolean committed = false;
            try {
                T result = work.run(conn);
                awaitCheckAlongside();
                conn.commit();
                committed = true;
                return result;
            } catch (Throwable t) {
                try {
                    conn.rollback();
                } catch (SQLException | RuntimeException r) {
                    // no transaction open (work that commits as it goes stopped between a commit and the next
                    // begin): what failed is the error to report
                    t.addSuppressed(r);
                }
                awaitCheckAlongside(); // a damaged file's errors are reported as the damage the check names
                throw t;
            } finally {
                if (committed) {
                    conn.setAutoCommit(true);
                    ownWrites.afterCommit(conn);
                } else {
                    try {
                        conn.setAutoCommit(true);
                    } catch (SQLException | RuntimeException r) {
                        // the error being thrown says what happened
                    }
                }
            }
        } catch (RuntimeException e) {
            throw partly(diskFullOr(ProjectErrors.busyOr(file, e)));
        } catch (Exception e) {
            throw partly(diskFullOr(ProjectErrors.busyOr(
                    file, new ProjectException(file.getFileName() + ": write failed: " + e.getMessage(), e))));
        } catch (Error e) {
            committedSoFar = null;
            throw e;
        } catch (Throwable t) {
            throw partly(new ProjectException(String.valueOf(t), t));
        } finally {
            committedSoFar = null;
        }
    }

    /** Runs read-only work against the connection. */
    public synchronized <T> T read(SqlWork<T> work) {
        try {
            return work.run(conn);
        } catch (RuntimeException e) {
            awaitCheckAlongside();
            throw e;
        } catch (Exception e) {
            awaitCheckAlongside();
            throw new ProjectException(file.getFileName() + ": read failed: " + e.getMessage(), e);
        }
    }

    /**
     * Starts read-only work on a connection and a thread of their own, for a second walk of a large project alongside
     * one on {@link #read}: two walks on two cores (WAL: it reads a snapshot of its own). Called from inside work on
     * this project's connection (a {@link #write} not yet committed, whose changes another connection would not see),
     * it runs that work here and now on this connection instead. The work must not write.
     */
    public <T> java.util.concurrent.CompletableFuture<T> readInParallel(SqlWork<T> work) {
        java.util.concurrent.CompletableFuture<T> f = new java.util.concurrent.CompletableFuture<>();
        if (Thread.holdsLock(this)) {
            try {
                f.complete(read(work));
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
            return f;
        }
        return readElsewhere(work, "project-read-aside", f);
    }

    /**
     * Starts read-only work on a connection and a thread of its own, also from inside a {@link #write} on this
     * project's connection: for what that write does not change (the traces a {@code classify} reads while it appends
     * labels). The work sees what is committed; it should keep each read short (a statement left open holds a
     * snapshot, and the WAL cannot be checkpointed past it).
     */
    public <T> java.util.concurrent.CompletableFuture<T> readCommittedInParallel(SqlWork<T> work, String threadName) {
        return readElsewhere(work, threadName, new java.util.concurrent.CompletableFuture<>());
    }

    private <T> java.util.concurrent.CompletableFuture<T> readElsewhere(
            SqlWork<T> work, String threadName, java.util.concurrent.CompletableFuture<T> f) {
        Thread t = new Thread(
                () -> {
                    // the connection is closed before the future completes: whoever waits for it may close the
                    // project next, and the project's connection must be the last (it checkpoints the WAL away)
                    Connection c = null;
                    T result = null;
                    Throwable failed = null;
                    try {
                        c = ProjectOpener.connect(file);
                        try (Statement s = c.createStatement()) {
                            s.execute("PRAGMA query_only = 1");
                        }
                        result = work.run(c);
                    } catch (RuntimeException | Error e) {
                        failed = e;
                    } catch (Exception e) {
                        failed = new ProjectException(file.getFileName() + ": read failed: " + e.getMessage(), e);
                    } finally {
                        if (c != null) {
                            closeQuietly(c);
                        }
                    }
                    if (failed == null) {
                        f.complete(result);
                    } else {
                        f.completeExceptionally(failed);
                    }
                },
                threadName);
        t.setDaemon(true);
        t.start();
        return f;
    }

    /** The value of work started by {@link #readInParallel}, its failure thrown as it was thrown there. */
    public static <T> T join(java.util.concurrent.CompletableFuture<T> f) {
        try {
            return f.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /** {@link #integrityCheckRun()} of a file opened without a check (see {@link VerifiedFiles}). */
    public static final String NO_CHECK = "none";

    /**
     * Which SQLite check this open ran: {@code integrity_check} for a file Tracejudge did not leave
     * in its current state (copied, restored, changed by another program, or left by a crash),
     * {@code quick_check} for one it left as it is whose last check is more than a week old, and
     * {@link #NO_CHECK} for one it left as it is and checked within the week (or just made).
     */
    public String integrityCheckRun() {
        return check;
    }

    /** The version of the SQLite library this project is opened with. */
    public String sqliteVersion() {
        return read(c -> {
            try (java.sql.Statement s = c.createStatement();
                    java.sql.ResultSet rs = s.executeQuery("SELECT sqlite_version()")) {
                rs.next();
                return rs.getString(1);
            }
        });
    }

    /** True while the check that {@link Check#IN_BACKGROUND} left to the background has not run. */
    public boolean checkPending() {
        return pendingCheck != null;
    }

    /**
     * Runs the check that opening left to the background, on a connection of its own (WAL: it reads a
     * snapshot while this project goes on reading and writing). Does nothing when none is pending.
     *
     * @throws ProjectException naming the damage, as opening would have; the file is then never recorded as
     *                          verified, so every later open checks it fully again
     */
    public void completeIntegrityCheck() {
        String pragma = pendingCheck;
        if (pragma == null) {
            return;
        }
        Connection c = ProjectOpener.connect(file);
        try {
            Integrity.check(file, c, pragma);
            check = pragma;
            checkedAt = java.time.Instant.now();
        } catch (RuntimeException e) {
            damaged = true; // not verified: the next open checks fully again
            throw e;
        } finally {
            closeQuietly(c);
            pendingCheck = null;
        }
    }

    /**
     * Checks the whole file now, on a connection of its own: SQLite's {@code integrity_check} (or with
     * {@code quick}, {@code quick_check}) and {@code foreign_key_check}. A passing check is recorded when the
     * project closes, so the next opens need none for a week.
     *
     * @return the rows of the foreign-key check that failed (table, row id, parent table), at most 20; empty when sound
     * @throws ProjectException naming the damage the integrity check found
     */
    public List<String> verify(boolean quick) {
        String pragma = quick ? "quick_check" : "integrity_check";
        Connection c = ProjectOpener.connect(file);
        try {
            try {
                Integrity.check(file, c, pragma);
            } catch (RuntimeException e) {
                damaged = true;
                throw e;
            }
            List<String> orphans = Integrity.foreignKeyOrphans(file, c);
            if (orphans.isEmpty()) {
                check = pragma;
                checkedAt = java.time.Instant.now();
                pendingCheck = null; // what opening put off is covered
            } else {
                damaged = true;
            }
            return orphans;
        } finally {
            closeQuietly(c);
        }
    }

    @Override
    public synchronized void close() {
        try {
            awaitCheckAlongside();
        } catch (RuntimeException ignored) {
            // reported by the write or read it stopped; the file is not recorded as verified
        }
        // looked at before the connection closes (the last one checkpoints the log into the file)
        boolean foreign = ownWrites != null && ownWrites.leave();
        ownWrites = null; // a second close leaves once
        closeQuietly(conn);
        Holders.release(holderNote);
        if (damaged || foreign) {
            VerifiedFiles.forget(file);
        } else if (pendingCheck == null) {
            VerifiedFiles.recordCleanClose(file, checkedAt);
        }
    }

    static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // nothing more to do
        }
    }
}
