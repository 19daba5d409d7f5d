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

    private SchemaTemplate() {
    }

    /** Writes the template (or, lacking it, nothing: the caller's Flyway run makes the schema). */
    static void copyTo(Path target) {
        try (InputStream in = SchemaTemplate.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return;
            }
            Path tmp = target.resolveSibling(target.getFileName() + ".part");
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new ProjectException(target + ": cannot create the project file: " + e.getMessage(), e);
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
            if (!stale) {
                return;
            }
        }
        Files.createDirectories(out.getParent());
        Path tmp = out.resolveSibling(out.getFileName() + ".part");
        Files.deleteIfExists(tmp);
        // WAL, as every project: the mode is recorded in the file's header.
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + tmp); Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        Project.migrate(tmp);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + tmp); Statement s = c.createStatement()) {
            // no build times in the template (reproducible builds): Flyway records when and how long each migration
            // ran; a project made from the template says when it was created in its own metadata
            s.executeUpdate("UPDATE flyway_schema_history SET installed_on = '" + FIXED_TIME + "', execution_time = 0, "
                    + "installed_by = ''");
            s.execute("VACUUM");
        }
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
