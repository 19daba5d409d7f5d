package org.tracejudge.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.sqlite.SQLiteConfig;

/**
 * Opening a project file: where it is (links followed, side-file names refused), whether it is a project at all,
 * which integrity check its trust calls for, and the schema migration (after a backup). {@link Project} holds what
 * an open gives; this class holds no state.
 */
final class ProjectOpener {
    private ProjectOpener() {}

    /**
     * What an open gives {@link Project}.
     *
     * @param file the file, links followed
     * @param conn its connection
     * @param ownWrites the marks that tell at the close whether anything else wrote to it
     * @param created whether this open made the file
     * @param check the check this open ran ({@link Project#NO_CHECK} for none), or null when it was left to run later
     * @param pendingCheck the check left to {@link Project#completeIntegrityCheck()}, or null
     * @param checkedAt when a check of this open passed (or the file was made), else null
     */
    record Opened(
            Path file,
            Connection conn,
            OwnWrites ownWrites,
            boolean created,
            String check,
            String pendingCheck,
            java.time.Instant checkedAt) {}

    /**
     * Loads SQLite's native library and the store's classes on a daemon thread, so that a window that opens a project
     * later does not pay for them then (on a cold JVM about 0.3 s of the first open's 0.4 s before the first query).
     * Touches no project file; anything failing here is left for the real open to report.
     */
    static void warmUpInBackground() {
        Thread t = new Thread(
                () -> {
                    try {
                        SqliteNative.prepare();
                        try (Connection c = new SQLiteConfig().createConnection("jdbc:sqlite::memory:");
                                Statement s = c.createStatement();
                                ResultSet rs = s.executeQuery("SELECT sqlite_version()")) {
                            rs.next();
                        }
                        for (Class<?> k : List.of(
                                TraceTable.class, ProjectQueries.class, CurrentLabels.class, VerifiedFiles.class)) {
                            Class.forName(k.getName(), true, k.getClassLoader());
                        }
                    } catch (Exception | LinkageError e) {
                        // the open that follows reports whatever is wrong, with the file's name
                    }
                },
                "store-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /**
     * The file a path names once symbolic links are followed, also when the last link dangles (then the path the
     * link would create). At most 40 links, as the kernel allows. A project named by a link is made and opened at
     * the link's target, so that nothing ever replaces or deletes the link itself.
     */
    static Path followLinks(Path p) {
        Path cur = p.toAbsolutePath();
        for (int i = 0; i < 40 && Files.isSymbolicLink(cur); i++) {
            try {
                cur = cur.resolveSibling(Files.readSymbolicLink(cur)).normalize();
            } catch (java.io.IOException e) {
                return cur;
            }
        }
        return cur;
    }

    /**
     * Opens (or makes, with {@code mayCreate}) the file: refuses side-file names and foreign files, runs the check
     * the file's trust calls for (or leaves it to the background), refuses a newer schema, backs up and migrates an
     * older one.
     */
    static Opened open(Path file, boolean mayCreate, boolean checkInBackground) {
        Path abs = followLinks(file);
        if (mayCreate) {
            // a database (or a folder) made at a side file's name is read by SQLite as a part of the other database,
            // which then no longer opens: refused before anything is made
            for (Path p = abs; p != null && p.getFileName() != null && !Files.exists(p); p = p.getParent()) {
                SideFiles.Owner owner = SideFiles.ownerOf(p);
                if (owner != null) {
                    throw new ProjectException(file + ": " + (p.equals(abs) ? "is" : "is inside " + p + ",")
                            + " the name of " + owner.describe() + "; no project is made there. Give it another "
                            + "name.");
                }
            }
        }
        try {
            if (abs.getParent() != null) {
                Files.createDirectories(abs.getParent());
            }
        } catch (java.io.IOException e) {
            throw new ProjectException(file + ": cannot create its folder: " + e.getMessage(), e);
        }
        boolean fresh = mayCreate && !Files.exists(abs);
        if (fresh && SchemaTemplate.copyTo(abs) == SchemaTemplate.Outcome.ANOTHER_PROCESS_MADE_IT) {
            fresh = false;
        }
        // a zero-byte, non-SQLite or foreign file is refused before anything below could change it
        int appId = Files.exists(abs) ? ProjectFiles.refuseForeign(abs) : 0;
        // the marks before the trust: a write between the two is then seen at the close (OwnWrites)
        String marksAtOpen = VerifiedFiles.marks(abs);
        VerifiedFiles.Trust trust =
                fresh ? VerifiedFiles.Trust.CHECKED_RECENTLY : VerifiedFiles.trust(abs, java.time.Instant.now());
        Connection c;
        try {
            c = connect(abs);
        } catch (ProjectException e) {
            throw ProjectErrors.diskFullOr(abs, ProjectErrors.busyOr(abs, e));
        }
        try {
            String needed =
                    switch (trust) {
                        case UNKNOWN -> "integrity_check";
                        case CHECK_DUE -> "quick_check";
                        case CHECKED_RECENTLY -> null;
                    };
            // (read before any check only where no check comes first: a damaged file is named by its check)
            boolean older = (needed == null || checkInBackground)
                    && !fresh
                    && ProjectSchema.version(abs, c) < Project.SCHEMA_VERSION;
            if (needed == null && older) {
                needed = "quick_check"; // migrate only a file checked by this open
            }
            boolean defer = needed != null && checkInBackground && !older;
            if (needed != null && !defer) {
                Integrity.check(abs, c, needed);
            }
            int version = ProjectSchema.version(abs, c);
            if (version > Project.SCHEMA_VERSION) {
                throw new ProjectException(file + ": made by a newer Tracejudge (schema " + version
                        + "); this version reads schema " + Project.SCHEMA_VERSION
                        + " and older. The file was left as it is: "
                        + "open it with a newer Tracejudge, or export it there (tracejudge export) and import the "
                        + "export here.");
            }
            if (version < Project.SCHEMA_VERSION) {
                if (version > 0) {
                    ProjectSchema.backup(abs, c, version);
                }
                ProjectSchema.migrate(abs);
                marksAtOpen = VerifiedFiles.marks(abs); // Flyway's connection checkpoints as SQLite does by default
            }
            if (appId != ProjectFiles.APPLICATION_ID && ProjectFiles.applicationId(c) != ProjectFiles.APPLICATION_ID) {
                ProjectFiles.mark(c); // made before the mark, or by Flyway without the template
            }
            return new Opened(
                    abs,
                    c,
                    OwnWrites.join(abs, marksAtOpen),
                    fresh,
                    needed == null ? Project.NO_CHECK : defer ? null : needed,
                    defer ? needed : null,
                    fresh || (needed != null && !defer) ? java.time.Instant.now() : null);
        } catch (RuntimeException e) {
            Project.closeQuietly(c);
            throw ProjectErrors.diskFullOr(abs, ProjectErrors.busyOr(abs, e));
        } catch (SQLException e) {
            Project.closeQuietly(c);
            throw ProjectErrors.diskFullOr(
                    abs, ProjectErrors.busyOr(abs, new ProjectException(file + ": cannot open: " + e.getMessage(), e)));
        }
    }

    /** A connection to the file as every project connection is set up (WAL, foreign keys, full sync, busy wait). */
    static Connection connect(Path file) {
        SqliteNative.prepare();
        SQLiteConfig cfg = new SQLiteConfig();
        cfg.setJournalMode(SQLiteConfig.JournalMode.WAL);
        cfg.enforceForeignKeys(true);
        cfg.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        cfg.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        cfg.setBusyTimeout(Project.BUSY_TIMEOUT_MILLIS);
        cfg.setCacheSize(-1024 * Project.CACHE_MEBIBYTES);
        try {
            Connection c = cfg.createConnection("jdbc:sqlite:" + file);
            try {
                OwnWrites.configure(c);
            } catch (SQLException e) {
                Project.closeQuietly(c);
                throw e;
            }
            return c;
        } catch (SQLException e) {
            String msg = String.valueOf(e.getMessage());
            if (msg.contains("NOTADB") || msg.contains("not a database")) {
                throw new ProjectException(file + ": not a Tracejudge project (not an SQLite database)", e);
            }
            throw ProjectErrors.readOnlyOr(file, new ProjectException(file + ": cannot open: " + msg, e));
        }
    }
}
