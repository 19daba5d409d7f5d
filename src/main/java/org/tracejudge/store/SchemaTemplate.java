package org.tracejudge.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * An empty project at the current schema, made by Flyway from the migrations at build time
 * ({@code db/template/project.tjdb} in the jar) so that creating a project copies a file instead of
 * loading Flyway and running every migration (about a second at the command line). Without the
 * template (e.g. classes run from an IDE) projects are made by Flyway directly. A test checks that
 * the template is exactly what Flyway makes.
 */
public final class SchemaTemplate {
    static final String RESOURCE = "/db/template/project.tjdb";

    private SchemaTemplate() {}

    enum Outcome {
        CREATED,
        ANOTHER_PROCESS_MADE_IT,
        NO_TEMPLATE
    }

    /**
     * Writes the template (or, lacking it, nothing: the caller's Flyway run makes the schema) to a temporary file of
     * this process's own and puts it in place only if no file is there: two processes creating the same project
     * never share a temporary file, and the one that comes second opens the first one's project.
     */
    static Outcome copyTo(Path target) {
        Path tmp = null;
        try (InputStream in = SchemaTemplate.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return Outcome.NO_TEMPLATE;
            }
            tmp = Files.createTempFile(target.toAbsolutePath().getParent(), "." + target.getFileName() + ".", ".part");
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            try (java.nio.channels.FileChannel ch =
                    java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            try {
                // a hard link is made only if the name is free: atomic create-if-absent
                Files.createLink(target, tmp);
            } catch (UnsupportedOperationException | java.nio.file.FileSystemException noLinks) {
                if (Files.exists(target)) {
                    return Outcome.ANOTHER_PROCESS_MADE_IT;
                }
                Files.move(tmp, target); // no replace: fails if another process got there in between
            }
            return Outcome.CREATED;
        } catch (java.nio.file.FileAlreadyExistsException e) {
            return Outcome.ANOTHER_PROCESS_MADE_IT;
        } catch (IOException e) {
            throw new ProjectException(target + ": cannot create the project file: " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // a stray .part file of a crashed process is harmless
                }
            }
        }
    }

    /**
     * Build step: {@code SchemaTemplate OUT MIGRATIONS_DIR} writes the template to OUT unless it is
     * newer than every migration.
     */
    /** The time the template's migration history carries instead of the build's. */
    static final String FIXED_TIME = "2000-01-01 00:00:00.000";

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Path migrations = Path.of(args[1]);
        if (Files.exists(out)) {
            long made = Files.getLastModifiedTime(out).toMillis();
            boolean stale;
            try (var files = Files.list(migrations)) {
                stale = files.anyMatch(f -> {
                    try {
                        return Files.getLastModifiedTime(f).toMillis() > made;
                    } catch (IOException e) {
                        return true;
                    }
                });
            }
            try (InputStream in = Files.newInputStream(out)) {
                byte[] h = in.readNBytes(72);
                stale |= h.length < 72
                        || java.nio.ByteBuffer.wrap(h, 68, 4).getInt() != ProjectFiles.APPLICATION_ID
                        // a Java migration changes no file of MIGRATIONS_DIR: the header's schema version tells
                        || java.nio.ByteBuffer.wrap(h, 60, 4).getInt() != Project.SCHEMA_VERSION;
            }
            if (!stale) {
                return;
            }
        }
        Files.createDirectories(out.getParent());
        Path tmp = out.resolveSibling(out.getFileName() + ".part");
        Files.deleteIfExists(tmp);
        // WAL, as every project: the mode is recorded in the file's header.
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + tmp);
                Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        ProjectSchema.migrate(tmp);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + tmp);
                Statement s = c.createStatement()) {
            // no build times in the template (reproducible builds): Flyway records when and how long each migration
            // ran; a project made from the template says when it was created in its own metadata
            s.executeUpdate("UPDATE flyway_schema_history SET installed_on = '" + FIXED_TIME + "', execution_time = 0, "
                    + "installed_by = ''");
            ProjectFiles.mark(c);
            s.execute("VACUUM");
        }
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
