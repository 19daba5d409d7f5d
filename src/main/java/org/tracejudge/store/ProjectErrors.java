package org.tracejudge.store;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * SQLite's failures in words: a busy file names who holds it, a full disk and a read-only file or folder say so and
 * what to do, never SQLite's own text. Each returns the exception it was given when it is none of these.
 */
final class ProjectErrors {
    private ProjectErrors() {}

    static final String NOTHING_SAVED = "nothing of this change was saved (the project is as it was before)";
    static final String NOTHING_CHANGED = " Nothing was changed.";

    /**
     * A failed write whose message says that nothing of it was saved: {@link #keeping} says instead what the work
     * committed before it failed (work that commits as it goes, see {@link Project#commitSoFar}).
     */
    static final class Unsaved extends ProjectException {
        private static final long serialVersionUID = 1L;
        private final String before;
        private final String after;
        private final boolean changedClause;

        private Unsaved(String before, boolean changedClause, String after, Throwable cause) {
            super(before + (changedClause ? NOTHING_CHANGED : NOTHING_SAVED) + after, cause);
            this.before = before;
            this.after = after;
            this.changedClause = changedClause;
        }

        /** The message with "what it was writing when it stopped was not saved" for the nothing-saved clause. */
        String keeping() {
            return before
                    + (changedClause
                            ? " What it was writing when it stopped was not saved."
                            : "what it was writing when it stopped was not saved")
                    + after;
        }
    }

    /**
     * {@code e}, or when it is SQLite's "database is locked" (another process is writing), a message naming the
     * file and the kind of process that holds it.
     */
    static RuntimeException busyOr(Path file, RuntimeException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage());
            boolean busy = t instanceof org.sqlite.SQLiteException se
                    ? (se.getResultCode().code & 0xff) == 5 || (se.getResultCode().code & 0xff) == 6
                    : m.contains("SQLITE_BUSY") || m.contains("database is locked");
            if (busy) {
                return new ProjectException(
                        file + ": busy: " + Holders.describeOthers(file) + " is writing to it; " + "waited "
                                + Project.BUSY_TIMEOUT_MILLIS / 1000 + " s. Try again when it has finished.",
                        e);
            }
        }
        return e;
    }

    /**
     * {@code e}, or when the disk holding the file is full, a message saying so and naming the file (SQLite rolls
     * the transaction back itself; what it reports then is "cannot commit - no transaction is active").
     */
    static RuntimeException diskFullOr(Path file, RuntimeException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage());
            if (m.contains("SQLITE_FULL") || m.contains("disk is full") || m.contains("No space left")) {
                return diskFull(file, e);
            }
        }
        boolean ioError = false;
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage());
            ioError |= m.contains("no transaction is active")
                    || m.contains("SQLITE_IOERR")
                    || m.contains("disk I/O error");
        }
        if (ioError) {
            try {
                long free = Files.getFileStore(file).getUsableSpace();
                if (free < 4L << 20) {
                    return diskFull(file, e);
                }
            } catch (java.io.IOException ignored) {
                // report what SQLite said
            }
        }
        return readOnlyOr(file, e);
    }

    /**
     * {@code e}, or when SQLite could not write because something is read-only (the file, its folder, where SQLite
     * keeps the -wal and -shm files beside it, or the disk), that in words with the path and what to do, never
     * SQLite's own text.
     */
    static RuntimeException readOnlyOr(Path file, RuntimeException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage());
            if (m.contains("SQLITE_READONLY")
                    || m.contains("readonly database")
                    || m.contains("read-only file system")) {
                Path abs = file.toAbsolutePath();
                Path dir = abs.getParent();
                String what;
                if (Files.exists(abs) && !Files.isWritable(abs)) {
                    what = "the file is read-only (its permissions allow reading only)";
                } else if (dir != null && !Files.isWritable(dir)) {
                    what = "its folder " + dir
                            + " is read-only, and SQLite keeps its -wal and -shm files beside the project";
                } else {
                    what = "the file, its folder or the disk it is on is read-only";
                }
                return new Unsaved(
                        file + ": cannot write to it: " + what + ".",
                        true,
                        " Make it writable (chmod u+w, or a writable folder), or work on a copy in a writable folder.",
                        e);
            }
        }
        return e;
    }

    private static ProjectException diskFull(Path file, Throwable cause) {
        return new Unsaved(file + ": the disk is full; ", false, ". Free some space and run it again.", cause);
    }
}
