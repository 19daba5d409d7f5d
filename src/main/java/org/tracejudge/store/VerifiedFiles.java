package org.tracejudge.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.tracejudge.settings.AppDirs;

/**
 * Which project files are in the state Tracejudge left them in when it last closed them cleanly
 * (size, modification time and, where the file system has them, change time and inode; WAL checkpointed away),
 * and when SQLite last checked each. Such a file
 * was checked at some open and has since been changed only by Tracejudge's own transactions, so it is
 * not read whole again on every open: it gets SQLite's quick check once its last check is more than
 * {@link #RECHECK_AFTER} old (media can fail between opens), and no check before that. Any other file
 * (copied in, restored, touched by another program, or left open by a crash) gets the full integrity
 * check. Kept in the user's data folder, never in the project; losing it only means one more full check.
 */
final class VerifiedFiles {
    private static final String FILE = "verified-projects.properties";
    private static final int MAX_ENTRIES = 500;
    /** How long a check of a file Tracejudge left as it is stays good enough to open it without one. */
    static final java.time.Duration RECHECK_AFTER = java.time.Duration.ofDays(7);

    /** What is known of a file before it is opened. */
    enum Trust {
        /** Not as Tracejudge left it (or never seen): the full integrity check. */
        UNKNOWN,
        /** As Tracejudge left it, last checked more than {@link #RECHECK_AFTER} ago: the quick check. */
        CHECK_DUE,
        /** As Tracejudge left it and checked within {@link #RECHECK_AFTER}: no check. */
        CHECKED_RECENTLY
    }

    private VerifiedFiles() {}

    static boolean unchangedSinceVerified(Path project) {
        return trust(project, java.time.Instant.now()) != Trust.UNKNOWN;
    }

    /** What is known of {@code project} at {@code now} (entries of older builds carry no check time: the check is due). */
    static Trust trust(Path project, java.time.Instant now) {
        String state = state(project);
        String entry = load().getProperty(key(project));
        if (state == null || entry == null) {
            return Trust.UNKNOWN;
        }
        int at = entry.indexOf('@');
        if (!state.equals(at < 0 ? entry : entry.substring(0, at))) {
            return Trust.UNKNOWN;
        }
        java.time.Instant checked = at < 0 ? null : checkedAt(entry.substring(at + 1));
        return checked != null
                        && !checked.isAfter(now)
                        && checked.plus(RECHECK_AFTER).isAfter(now)
                ? Trust.CHECKED_RECENTLY
                : Trust.CHECK_DUE;
    }

    /** When the check recorded for {@code project} ran, or null (none recorded, or the file is not as recorded). */
    static java.time.Instant lastChecked(Path project) {
        String entry = load().getProperty(key(project));
        int at = entry == null ? -1 : entry.indexOf('@');
        return at < 0 ? null : checkedAt(entry.substring(at + 1));
    }

    private static java.time.Instant checkedAt(String epochSeconds) {
        try {
            return java.time.Instant.ofEpochSecond(Long.parseLong(epochSeconds));
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * After the last connection closed: records the file's state if SQLite left no WAL behind, with the time of
     * the check this open ran ({@code checkedNow}), or when none ran, the time recorded before (the file was checked
     * then and only Tracejudge's own transactions changed it since).
     */
    static void recordCleanClose(Path project, java.time.Instant checkedNow) {
        String now = state(project);
        if (now == null) {
            return;
        }
        java.time.Instant checked = checkedNow != null ? checkedNow : lastChecked(project);
        try {
            Files.createDirectories(AppDirs.dataDir());
        } catch (IOException e) {
            return; // not recording only costs a full check next time
        }
        recordLocked(project, now + (checked == null ? "" : "@" + checked.getEpochSecond()));
    }

    /** After a check found damage: the file is checked fully at every open until one passes. */
    static void forget(Path project) {
        if (Files.isRegularFile(AppDirs.dataDir().resolve(FILE))) {
            recordLocked(project, null);
        }
    }

    /**
     * {@link #record} under a lock: threads of this process (the monitor) and other Tracejudge processes (the file
     * lock) closing projects at the same moment would otherwise drop each other's entries. A failure leaves the record
     * as it was: one more full check, or (for {@link #forget}) the file trusted within the week as before its check.
     */
    @SuppressWarnings("try") // the file lock works by being held, not by being used
    private static void recordLocked(Path project, String state) {
        synchronized (VerifiedFiles.class) {
            Path dir = AppDirs.dataDir();
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(
                            dir.resolve(FILE + ".lock"),
                            java.nio.file.StandardOpenOption.CREATE,
                            java.nio.file.StandardOpenOption.WRITE);
                    java.nio.channels.FileLock lock = ch.lock()) {
                record(project, state, dir);
            } catch (IOException | RuntimeException e) {
                // see above
            }
        }
    }

    /** Writes {@code state} for {@code project}, or with a null state removes its entry. */
    private static void record(Path project, String state, Path dir) {
        try {
            Properties p = load();
            if (java.util.Objects.equals(state, p.getProperty(key(project)))) {
                return; // unchanged (e.g. only read): nothing to write
            }
            if (state == null) {
                p.remove(key(project));
            } else {
                p.setProperty(key(project), state);
            }
            if (p.size() > MAX_ENTRIES) {
                // forget files that are gone first, then others, never the one just recorded
                String mine = key(project);
                List<String> keys = new ArrayList<>(p.stringPropertyNames());
                keys.remove(mine);
                keys.sort(java.util.Comparator.comparing(k -> Files.exists(Path.of(k))));
                for (String k : keys) {
                    if (p.size() <= MAX_ENTRIES) {
                        break;
                    }
                    p.remove(k);
                }
            }
            // written by hand: Properties.store's date comment alone costs tens of ms of time-zone loading
            StringBuilder text = new StringBuilder(
                    "# Project files as Tracejudge last closed them (size:modified-nanos[:changed-nanos:inode]@last-checked-epoch-seconds); safe to delete\n");
            for (String k : new java.util.TreeSet<>(p.stringPropertyNames())) {
                text.append(escape(k)).append('=').append(p.getProperty(k)).append('\n');
            }
            Path tmp = dir.resolve(FILE + "." + ProcessHandle.current().pid() + ".part");
            Files.writeString(tmp, text, java.nio.charset.StandardCharsets.ISO_8859_1);
            try {
                Files.move(tmp, dir.resolve(FILE), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            // not recording only costs a full check next time
        }
    }

    /** A key as Properties.load reads it back: backslash escapes for separators and non-Latin-1 characters. */
    static String escape(String key) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '\\' || c == '=' || c == ':' || c == ' ' || c == '#' || c == '!') {
                sb.append('\\').append(c);
            } else if (c < 0x20 || c > 0xff) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static String key(Path project) {
        return project.toAbsolutePath().normalize().toString();
    }

    /**
     * size:modified-nanos, with the change time and inode where there are such ({@link #changeMarks}), or null when the
     * file is missing or has a non-empty WAL beside it.
     */
    private static String state(Path project) {
        try {
            Path wal = project.resolveSibling(project.getFileName() + "-wal");
            if (Files.exists(wal) && Files.size(wal) > 0) {
                return null;
            }
            return marks(project);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * size:modified-nanos, with the change time and inode where there are such ({@link #changeMarks}), whatever the
     * WAL holds; null when the file cannot be read. Any write to the file changes them.
     */
    static String marks(Path project) {
        try {
            BasicFileAttributes a = Files.readAttributes(project, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return a.size() + ":" + a.lastModifiedTime().to(TimeUnit.NANOSECONDS) + changeMarks(project);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * {@code :ctime-nanos:inode} where the file system has them (Linux, macOS), else nothing. A program can write a
     * file and set its modification time back ({@code touch -d}), or put another file of the same size and time in its
     * place; it cannot set the change time (every write and every {@code touch} moves it to now) nor keep the inode
     * through a replacement. So a file changed by anything but Tracejudge is never taken for one it left as it is.
     */
    private static String changeMarks(Path project) {
        try {
            java.util.Map<String, Object> u =
                    Files.readAttributes(project, "unix:ctime,ino", LinkOption.NOFOLLOW_LINKS);
            Object ctime = u.get("ctime");
            Object ino = u.get("ino");
            if (ctime instanceof java.nio.file.attribute.FileTime t && ino != null) {
                return ":" + t.to(TimeUnit.NANOSECONDS) + ":" + ino;
            }
            return "";
        } catch (UnsupportedOperationException | IllegalArgumentException | IOException e) {
            return ""; // Windows: size and modification time only
        }
    }

    private static Properties load() {
        Properties p = new Properties();
        Path f = AppDirs.dataDir().resolve(FILE);
        if (Files.isRegularFile(f)) {
            try (InputStream in = Files.newInputStream(f)) {
                p.load(in);
            } catch (IOException | IllegalArgumentException e) {
                return new Properties();
            }
        }
        return p;
    }
}
