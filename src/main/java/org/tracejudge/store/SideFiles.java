package org.tracejudge.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * SQLite's side files: beside a database {@code NAME} it keeps {@code NAME-wal} (the write-ahead log),
 * {@code NAME-shm} (the log's index) and {@code NAME-journal} (the rollback journal), and reads whatever it finds
 * there as its own. Anything else at one of those names (an export, a folder) makes the database unopenable
 * ({@code SQLITE_IOERR_READ}, {@code SQLITE_CANTOPEN}) or is replayed into it. Any path is checked here, not only the
 * open project's: a path is a side file when its name ends in one of the suffixes (in any case: macOS and Windows
 * file systems ignore it) and what is left names an SQLite database, or a project ({@code .tjdb}) that is not there
 * yet (a file there would be taken for part of it when it is made); an existing file is one also when it starts as a
 * write-ahead log or a rollback journal does.
 */
public final class SideFiles {
    /** The suffixes SQLite adds to a database's name. */
    public static final List<String> SUFFIXES = List.of("-wal", "-shm", "-journal");

    private static final byte[] SQLITE_MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
    /** A write-ahead log's first four bytes (big-endian magic, the last bit the checksum's byte order). */
    private static final byte[] WAL_MAGIC = {0x37, 0x7f, 0x06, (byte) 0x82};
    /** A rollback journal's first eight bytes. */
    private static final byte[] JOURNAL_MAGIC = {
        (byte) 0xd9, (byte) 0xd5, 0x05, (byte) 0xf9, 0x20, (byte) 0xa1, 0x63, (byte) 0xd7
    };

    private SideFiles() {}

    /**
     * Whose side file a path is.
     *
     * @param database the database it belongs to (may not exist yet: a project of that name), or null when it was
     *     known by its content only
     * @param kind SQLite's name for it: {@code wal}, {@code shm}, {@code journal}
     */
    public record Owner(Path database, String kind) {
        /** The reason, for a message: "SQLite's write-ahead log of the project /x/p.tjdb". */
        public String describe() {
            String what =
                    switch (kind) {
                        case "wal" -> "write-ahead log (-wal)";
                        case "shm" -> "shared-memory index (-shm)";
                        case "journal" -> "rollback journal (-journal)";
                        default -> "side file (" + kind + ")";
                    };
            if (database == null) {
                return "an SQLite " + what + " by its content (a part of some database)";
            }
            boolean there = Files.exists(database);
            boolean project = database.getFileName() != null
                    && database.getFileName()
                            .toString()
                            .toLowerCase(Locale.ROOT)
                            .endsWith(Project.EXTENSION);
            return "SQLite's " + what + " of " + (project ? "the project " : "the database ") + database
                    + (there ? "" : " (not there yet: whatever is here would be taken for part of it once it is made)");
        }
    }

    /**
     * The database whose side file {@code path} is, by name (as given, and once symbolic links are followed) or, for
     * an existing file, by its first bytes; null when it is none.
     */
    public static Owner ownerOf(Path path) {
        Owner o = byName(path.toAbsolutePath().normalize());
        if (o == null) {
            o = byName(Project.followLinks(path).normalize());
        }
        if (o == null && Files.isRegularFile(path)) {
            o = byContent(path);
        }
        return o;
    }

    private static Owner byName(Path p) {
        Path name = p.getFileName();
        if (name == null) {
            return null;
        }
        String n = name.toString();
        String lower = n.toLowerCase(Locale.ROOT);
        for (String suffix : SUFFIXES) {
            if (lower.endsWith(suffix) && n.length() > suffix.length()) {
                Path base = p.resolveSibling(n.substring(0, n.length() - suffix.length()));
                String baseName = base.getFileName().toString().toLowerCase(Locale.ROOT);
                if (baseName.endsWith(Project.EXTENSION) || isSqlite(base)) {
                    return new Owner(base, suffix.substring(1));
                }
            }
        }
        return null;
    }

    private static Owner byContent(Path p) {
        byte[] head;
        try (InputStream in = Files.newInputStream(p)) {
            head = in.readNBytes(8);
        } catch (IOException e) {
            return null;
        }
        if (head.length >= 4
                && Arrays.equals(Arrays.copyOf(head, 3), Arrays.copyOf(WAL_MAGIC, 3))
                && (head[3] & 0xfe) == (WAL_MAGIC[3] & 0xfe)) {
            return new Owner(null, "wal");
        }
        if (Arrays.equals(head, JOURNAL_MAGIC)) {
            return new Owner(null, "journal");
        }
        return null;
    }

    /** Whether {@code p} (links followed) is a file that starts as every SQLite database does. */
    public static boolean isSqlite(Path p) {
        if (!Files.isRegularFile(p)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(p)) {
            return Arrays.equals(in.readNBytes(SQLITE_MAGIC.length), SQLITE_MAGIC);
        } catch (IOException e) {
            return false;
        }
    }
}
