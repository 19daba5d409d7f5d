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
 * (size and modification time, WAL checkpointed away). Such a file gets SQLite's quick check on
 * open; any other (copied in, restored, touched by another program, or left open by a crash) gets
 * the full integrity check. Kept in the user's data folder, never in the project; losing it only
 * means one more full check.
 */
final class VerifiedFiles {
    private static final String FILE = "verified-projects.properties";
    private static final int MAX_ENTRIES = 500;

    private VerifiedFiles() {
    }

    static boolean unchangedSinceVerified(Path project) {
        String state = state(project);
        return state != null && state.equals(load().getProperty(key(project)));
    }

    /** After the last connection closed: records the file's state if SQLite left no WAL behind. */
    @SuppressWarnings("try") // the file lock works by being held, not by being used
    static void recordCleanClose(Path project) {
        String state = state(project);
        if (state == null) {
            return;
        }
        // read-modify-write under a lock: threads of this process (the monitor) and other Tracejudge processes
        // (the file lock) closing projects at the same moment would otherwise drop each other's entries
        synchronized (VerifiedFiles.class) {
            Path dir = AppDirs.dataDir();
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                return;
            }
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(dir.resolve(FILE + ".lock"),
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
                    java.nio.channels.FileLock lock = ch.lock()) {
                record(project, state, dir);
            } catch (IOException | RuntimeException e) {
                // not recording only costs a full check next time
            }
        }
    }

    private static void record(Path project, String state, Path dir) {
        try {
            Properties p = load();
            if (state.equals(p.getProperty(key(project)))) {
                return; // unchanged (e.g. only read): nothing to write
            }
            p.setProperty(key(project), state);
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
                    "# Project files as Tracejudge last closed them (size:modified-nanos); safe to delete\n");
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

    /** size:modified-nanos, or null when the file is missing or has a non-empty WAL beside it. */
    private static String state(Path project) {
        try {
            Path wal = project.resolveSibling(project.getFileName() + "-wal");
            if (Files.exists(wal) && Files.size(wal) > 0) {
                return null;
            }
            BasicFileAttributes a = Files.readAttributes(project, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return a.size() + ":" + a.lastModifiedTime().to(TimeUnit.NANOSECONDS);
        } catch (IOException e) {
            return null;
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
