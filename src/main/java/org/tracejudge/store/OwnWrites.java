package org.tracejudge.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Whether a project file changed, while Tracejudge had it open, by anything but Tracejudge. In WAL mode SQLite writes
 * the database file itself only when it checkpoints (copies the write-ahead log into it); every connection
 * Tracejudge opens has SQLite's automatic checkpoint off ({@link #configure}), so the file changes only by the
 * checkpoints run here ({@link #afterCommit}, each bracketed by a look at the file's marks: size, modification and
 * change time, inode) and by SQLite's checkpoint when the last connection closes. Any other change of the marks
 * between the open and the close is a write nobody here made (another program, a sync tool, a disk writing garbage
 * into a page): the close then does not record the file as Tracejudge left it ({@link VerifiedFiles}), and the next
 * open runs the full integrity check. Shared by every {@link Project} of one file in this process.
 *
 * <p>A checkpoint mid-session runs only when no other Tracejudge process has the file open (its checkpoint would
 * change the file under that process's marks: it would then take it for a foreign write and have the next open check
 * the whole file, which is safe but slow); the write-ahead log then waits for the last close.
 */
final class OwnWrites {
    /** A checkpoint runs after a commit once the write-ahead log is this large (SQLite's default: 1,000 pages). */
    static final long CHECKPOINT_AT_BYTES = 4L << 20;

    private static final Map<Path, OwnWrites> OPEN = new HashMap<>();

    private final Path file;
    /** The file's marks as the last change Tracejudge knows of (the open, or its own checkpoint) left them. */
    private String expected;
    /** A change nobody here made was seen. */
    private boolean foreign;

    private int users;

    private OwnWrites(Path file, String marks) {
        this.file = file;
        this.expected = marks;
    }

    /** Each connection to a project: no automatic checkpoint; the log truncated when it starts over. */
    static void configure(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA wal_autocheckpoint = 0");
            // after a complete checkpoint the log starts over from nothing, so its size says what it holds
            s.execute("PRAGMA journal_size_limit = 0");
        }
    }

    /**
     * A project of {@code file} opens, the file having {@code marks} when the open began (what its trust or its check
     * is about). A second project of the file in this process compares them with what the first one knows.
     */
    static OwnWrites join(Path file, String marks) {
        synchronized (OPEN) {
            OwnWrites w = OPEN.get(file);
            if (w == null) {
                w = new OwnWrites(file, marks);
                OPEN.put(file, w);
            } else {
                w.look();
            }
            w.users++;
            return w;
        }
    }

    /** Takes the marks again as they are now (after a migration, whose own connection may have checkpointed). */
    void retake() {
        synchronized (OPEN) {
            look();
            if (!foreign) {
                expected = VerifiedFiles.marks(file);
            }
        }
    }

    /** Notes a foreign change when the file's marks are not those the last known change left. */
    private void look() {
        if (!Objects.equals(VerifiedFiles.marks(file), expected)) {
            foreign = true;
        }
    }

    /**
     * After a commit on {@code c}: once the log is {@link #CHECKPOINT_AT_BYTES} large and no other Tracejudge process
     * holds the file, checkpoints it (PASSIVE: never waits for a reader), looking at the marks before and taking them
     * after. A checkpoint that fails is left for the next commit or the close.
     */
    void afterCommit(Connection c) {
        try {
            Path wal = file.resolveSibling(file.getFileName() + "-wal");
            if (!Files.exists(wal) || Files.size(wal) < CHECKPOINT_AT_BYTES || Holders.othersHold(file)) {
                return;
            }
        } catch (java.io.IOException e) {
            return;
        }
        synchronized (OPEN) {
            look();
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA wal_checkpoint(PASSIVE)");
            } catch (SQLException e) {
                // busy or failed: the log is checkpointed later
            }
            if (!foreign) {
                expected = VerifiedFiles.marks(file);
            }
        }
    }

    /**
     * A project of the file closes, before its connection does: whether the file was changed by anything but
     * Tracejudge since it was opened (or since an earlier foreign change was seen by a project of it).
     */
    boolean leave() {
        synchronized (OPEN) {
            look();
            if (--users == 0) {
                OPEN.remove(file);
            }
            return foreign;
        }
    }

    /** Whether a change nobody here made was seen (so far). */
    boolean foreignChangeSeen() {
        synchronized (OPEN) {
            look();
            return foreign;
        }
    }
}
