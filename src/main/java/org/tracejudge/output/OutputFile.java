package org.tracejudge.output;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;
import org.tracejudge.store.Project;
import org.tracejudge.store.SideFiles;

/**
 * Every file Tracejudge writes for a person (exports, figures, reports) goes through here, so that no output path
 * can destroy what it was made from. Before anything is written the target is refused when it is a folder, the
 * project or an input itself (compared as files, so a symbolic or hard link to them is caught too), an SQLite side
 * file of the project or of any other database or project ({@link SideFiles}: a name ending in -wal, -shm or -journal
 * beside one, or a file that starts as a write-ahead log or journal), or any SQLite database (a project of another
 * name: an export never overwrites one).
 * The text is then written to a temporary file beside the target, forced to disk and renamed over it in one step:
 * a failure (a full disk, a crash) leaves the old file as it was. A symbolic link as the target is followed: the
 * file it points to is replaced, the link stays. A device or a named pipe (/dev/stdout, a FIFO) is written as it is.
 */
public final class OutputFile {
    private static final byte[] SQLITE_MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    /** Why an output path was refused; nothing was written. */
    public static final class Refused extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    /** Writes the whole output to the temporary file it is given. */
    @FunctionalInterface
    public interface Body<T> {
        T writeTo(Path temporary) throws IOException;
    }

    private OutputFile() {}

    /**
     * Refuses {@code out} (see the class comment) when writing it could destroy one of {@code keep} (the project, the
     * inputs) or a database.
     *
     * @throws Refused naming the path and the reason; nothing was written
     */
    public static void check(Path out, Collection<Path> keep) {
        Objects.requireNonNull(out, "out");
        Path target = followLinks(out);
        if (Files.isDirectory(target)) {
            throw new Refused(out + ": is a folder; give a file name to write to");
        }
        for (Path k : keep) {
            if (k == null) {
                continue;
            }
            if (sameFile(target, k)) {
                throw new Refused(out + ": is " + describe(out, k) + " itself; nothing was written. Give another file "
                        + "name for the output.");
            }
            for (String side : SideFiles.SUFFIXES) {
                if (sameFile(target, k.resolveSibling(k.getFileName() + side))
                        || target.toAbsolutePath()
                                .normalize()
                                .equals(followLinks(k)
                                        .toAbsolutePath()
                                        .normalize()
                                        .resolveSibling(followLinks(k).getFileName() + side))) {
                    throw new Refused(out + ": is a part of " + k + " (SQLite's " + side.substring(1)
                            + " file); nothing was written. Give another file name for the output.");
                }
            }
        }
        refuseSideFile(out, "");
        if (isSqlite(target)) {
            throw new Refused(out + ": is an SQLite database (a Tracejudge project?); an output never replaces one, "
                    + "and nothing was written. Give another file name for the output.");
        }
    }

    /**
     * Refuses a path that is a side file of any SQLite database ({@link SideFiles}): not only the open project's, any
     * project's, also one not made yet.
     */
    private static void refuseSideFile(Path out, String what) {
        SideFiles.Owner owner = SideFiles.ownerOf(out);
        if (owner != null) {
            throw new Refused(out + ": is " + what + "the name of " + owner.describe()
                    + "; SQLite would read what is written there as part of it and the database could no longer be "
                    + "opened. Nothing was written. Give another name for the output.");
        }
    }

    /**
     * Checks a folder an output writes its files into (a dataset) and makes it with any missing parents: refused
     * when it is a file, the project, or when it or any folder above it has the name of an SQLite side file (a folder
     * there makes the database unopenable: SQLITE_IOERR_READ, SQLITE_CANTOPEN). The files written inside then each
     * go through {@link #write}.
     *
     * @throws Refused naming the path and the reason; nothing was made
     */
    public static void makeFolder(Path dir, Collection<Path> keep) throws IOException {
        checkFolder(dir, keep);
        Files.createDirectories(followLinks(dir));
    }

    /** The checks of {@link #makeFolder} without making anything. */
    public static void checkFolder(Path dir, Collection<Path> keep) {
        Objects.requireNonNull(dir, "dir");
        Path target = followLinks(dir);
        for (Path k : keep) {
            if (k != null && sameFile(target, k)) {
                throw new Refused(dir + ": is " + describe(dir, k) + " itself; nothing was written. Give a new "
                        + "folder's name for the output.");
            }
        }
        for (Path p = dir.toAbsolutePath().normalize(); p != null && p.getFileName() != null; p = p.getParent()) {
            refuseSideFile(p, p.equals(dir.toAbsolutePath().normalize()) ? "" : "inside a folder with ");
        }
        if (Files.exists(target) && !Files.isDirectory(target)) {
            throw new Refused(dir + ": is a file" + (isSqlite(target) ? " (an SQLite database)" : "")
                    + "; this output is a folder. Nothing was written. Give a folder's name.");
        }
    }

    /**
     * {@link #check}s {@code out}, has {@code body} write a temporary file beside it, forces it to disk and renames
     * it over the target in one step. On any failure the temporary file is removed and the target is as it was.
     */
    public static <T> T write(Path out, Collection<Path> keep, Body<T> body) throws IOException {
        check(out, keep);
        Path target = followLinks(out).toAbsolutePath();
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            // a device or a pipe (/dev/stdout, a FIFO, /dev/full): written as it is; renaming a file over it would
            // replace the device itself
            return body.writeTo(target);
        }
        Path dir = target.getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new java.nio.file.NoSuchFileException(dir.toString(), null, "no such folder");
        }
        Path tmp = temporaryBeside(target);
        boolean done = false;
        try {
            keepPermissions(target, tmp);
            T result = body.writeTo(tmp);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            // a body that ran long: the target may have become something to keep since (checked again, cheaply)
            check(out, keep);
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
            return result;
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /**
     * A new empty file beside {@code target}, made as any new file is (so the user's umask decides who may read it,
     * not {@code createTempFile}'s owner-only mode, which the rename would pass on to every export).
     */
    private static Path temporaryBeside(Path target) throws IOException {
        java.security.SecureRandom random = new java.security.SecureRandom();
        for (int attempt = 0; ; attempt++) {
            Path tmp = target.resolveSibling(
                    "." + target.getFileName() + "." + Long.toUnsignedString(random.nextLong(), 36) + ".part");
            try {
                Files.newByteChannel(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)
                        .close();
                return tmp;
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }

    /** A file written over an existing one keeps that file's permissions (where the file system has them). */
    private static void keepPermissions(Path target, Path tmp) {
        try {
            if (Files.isRegularFile(target)) {
                Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(target));
            }
        } catch (UnsupportedOperationException | IOException e) {
            // Windows, or a file we may not read the mode of: the new file's own mode stays
        }
    }

    /** As {@link #write(Path, Collection, Body)} with the paths to keep as arguments. */
    public static <T> T write(Path out, Body<T> body, Path... keep) throws IOException {
        return write(out, Arrays.asList(keep), body);
    }

    /** The file a path names once symbolic links are followed (see {@link Project#followLinks}). */
    static Path followLinks(Path p) {
        return Project.followLinks(p);
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b)) {
                return Files.isSameFile(a, b); // follows links; equal file keys for hard links
            }
            return a.toAbsolutePath()
                    .normalize()
                    .equals(followLinks(b).toAbsolutePath().normalize());
        } catch (IOException e) {
            return false;
        }
    }

    private static String describe(Path out, Path keep) {
        boolean link = Files.isSymbolicLink(out);
        String what =
                keep.getFileName() != null && keep.getFileName().toString().endsWith(".tjdb")
                        ? "the project "
                        : "the input ";
        String how = link ? " (through a symbolic link)" : sameName(out, keep) ? "" : " (a hard link to it)";
        return what + keep + how;
    }

    private static boolean sameName(Path a, Path b) {
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    private static boolean isSqlite(Path p) {
        if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(p)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(p)) {
            byte[] head = in.readNBytes(SQLITE_MAGIC.length);
            return Arrays.equals(head, SQLITE_MAGIC);
        } catch (IOException e) {
            return false;
        }
    }
}
