package org.tracejudge.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which processes have a project open, so that a busy database can be explained ("held by tracejudge import,
 * pid 4711, since 08:12:03") instead of SQLite's bare "database is locked". Each open project leaves a small
 * note in the temporary folder (never beside the project) that its close removes; notes of processes that are
 * gone are ignored and cleared.
 */
final class Holders {
    private static final Path DIR = Path.of(System.getProperty("java.io.tmpdir"), "tracejudge-holders");
    private static final AtomicLong SEQ = new AtomicLong();
    private static volatile String activity = "a Tracejudge process";

    private Holders() {}

    /** What this process is, as others will see it ("tracejudge import", "the Tracejudge workbench"). */
    static void setActivity(String what) {
        if (what != null && !what.isBlank()) {
            activity = what;
        }
    }

    /** Leaves this process's note for the file; returns it (to {@link #release}), or null when it cannot. */
    static Path hold(Path file) {
        try {
            Files.createDirectories(DIR);
            Path note = DIR.resolve(key(file) + "-" + ProcessHandle.current().pid() + "-" + SEQ.incrementAndGet());
            Files.writeString(
                    note,
                    activity + "\t"
                            + LocalTime.now(ZoneId.systemDefault()).format(DateTimeFormatter.ofPattern("HH:mm:ss")),
                    StandardCharsets.UTF_8);
            note.toFile().deleteOnExit();
            return note;
        } catch (IOException | RuntimeException e) {
            return null; // only the busy message is poorer
        }
    }

    static void release(Path note) {
        if (note != null) {
            try {
                Files.deleteIfExists(note);
            } catch (IOException ignored) {
                // a stale note names a process that is gone, and is ignored
            }
        }
    }

    /** Who else holds the file: "tracejudge import (pid 4711, since 08:12:03)", or a plain guess. */
    static String describeOthers(Path file) {
        List<String> who = others(file);
        return who.isEmpty()
                ? "another program (no Tracejudge process on this computer has it open: an SQLite tool, "
                        + "or Tracejudge on another computer sharing the folder)"
                : String.join(", ", who.stream().distinct().toList());
    }

    /** Whether another living Tracejudge process on this computer has the file open. */
    static boolean othersHold(Path file) {
        return !others(file).isEmpty();
    }

    /** The other living processes holding the file, described; empty when none. */
    private static List<String> others(Path file) {
        List<String> who = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        String prefix = key(file) + "-";
        if (Files.isDirectory(DIR)) {
            try (DirectoryStream<Path> notes = Files.newDirectoryStream(DIR, prefix + "*")) {
                for (Path n : notes) {
                    String[] parts = n.getFileName()
                            .toString()
                            .substring(prefix.length())
                            .split("-");
                    long pid;
                    try {
                        pid = Long.parseLong(parts[0]);
                    } catch (NumberFormatException e) {
                        continue;
                    }
                    if (pid == self) {
                        continue;
                    }
                    if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                        String[] text =
                                Files.readString(n, StandardCharsets.UTF_8).split("\t");
                        who.add(text[0] + " (pid " + pid + (text.length > 1 ? ", since " + text[1] : "") + ")");
                    } else {
                        Files.deleteIfExists(n);
                    }
                }
            } catch (IOException ignored) {
                // fall back to the guess below
            }
        }
        return who;
    }

    private static String key(Path file) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256")
                    .digest(file.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
