package org.tracejudge.team;

import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * Where the hub is and who connects: a PostgreSQL URL ({@code postgresql://[user@]host[:port]/db[?sslmode=...]} or
 * {@code jdbc:postgresql://...}) and a role. The password is never part of it: it comes from the environment
 * ({@value #PASSWORD_ENV}, else {@code PGPASSWORD}) or the driver reads {@code ~/.pgpass} (or {@code PGPASSFILE});
 * nothing here stores, prints or logs it. A URL with a password in it is refused.
 *
 * @param url  the JDBC URL without credentials (what the project file keeps)
 * @param user the PostgreSQL role
 */
public record HubAddress(String url, String user) {
    public static final String PASSWORD_ENV = "TRACEJUDGE_HUB_PASSWORD";
    /** Hub tables live in this schema of the database the lead was given. */
    public static final String SCHEMA = "tracejudge";
    private static final Pattern ROLE = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    /**
     * Parses what a person typed. {@code user} (may be null) wins over a user in the URL, then {@code PGUSER}, then
     * the login name.
     */
    public static HubAddress parse(String text, String user) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("no hub URL (e.g. postgresql://hub.example.org/tracejudge?sslmode=verify-full)");
        }
        String t = text.strip();
        if (t.startsWith("jdbc:")) {
            t = t.substring(5);
        }
        if (!t.startsWith("postgresql://") && !t.startsWith("postgres://")) {
            throw new IllegalArgumentException("hub URL '" + redact(text) + "': expected postgresql://host[:port]/database");
        }
        URI u;
        try {
            u = URI.create(t.replaceFirst("^postgres://", "postgresql://"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("hub URL '" + redact(text) + "': " + e.getMessage());
        }
        String urlUser = null;
        if (u.getRawUserInfo() != null) {
            String info = u.getRawUserInfo();
            if (info.contains(":")) {
                throw new IllegalArgumentException("hub URL: a password does not belong in the URL (it would be kept in the "
                        + "project file); put it in ~/.pgpass or the environment variable " + PASSWORD_ENV);
            }
            urlUser = info;
        }
        String query = u.getRawQuery();
        if (query != null) {
            for (String kv : query.split("&")) {
                String k = kv.contains("=") ? kv.substring(0, kv.indexOf('=')) : kv;
                if (k.equalsIgnoreCase("password")) {
                    throw new IllegalArgumentException("hub URL: a password does not belong in the URL (it would be kept in "
                            + "the project file); put it in ~/.pgpass or the environment variable " + PASSWORD_ENV);
                }
                if (k.equalsIgnoreCase("user")) {
                    urlUser = kv.substring(kv.indexOf('=') + 1);
                }
            }
        }
        if (u.getHost() == null || u.getPath() == null || u.getPath().length() <= 1) {
            throw new IllegalArgumentException("hub URL '" + redact(text) + "': expected postgresql://host[:port]/database");
        }
        StringBuilder jdbc = new StringBuilder("jdbc:postgresql://").append(u.getHost());
        if (u.getPort() > 0) {
            jdbc.append(':').append(u.getPort());
        }
        jdbc.append(u.getRawPath());
        if (query != null) {
            String kept = String.join("&", java.util.Arrays.stream(query.split("&"))
                    .filter(kv -> !kv.toLowerCase(java.util.Locale.ROOT).startsWith("user=")).toList());
            if (!kept.isEmpty()) {
                jdbc.append('?').append(kept);
            }
        }
        String who = user != null && !user.isBlank() ? user
                : urlUser != null ? urlUser
                : System.getenv("PGUSER") != null ? System.getenv("PGUSER")
                : System.getProperty("user.name");
        return new HubAddress(jdbc.toString(), who);
    }

    /** Opens a connection as {@link #user}, search path = the hub schema. */
    public Connection connect() throws SQLException {
        Properties p = properties();
        return DriverManager.getConnection(url, p);
    }

    Properties properties() {
        Properties p = new Properties();
        p.setProperty("user", user);
        String pw = password();
        if (pw != null) {
            p.setProperty("password", pw);
        }
        p.setProperty("ApplicationName", "tracejudge");
        p.setProperty("currentSchema", SCHEMA);
        p.setProperty("connectTimeout", "10");
        p.setProperty("tcpKeepAlive", "true");
        return p;
    }

    static String password() {
        String pw = System.getenv(PASSWORD_ENV);
        if (pw == null || pw.isEmpty()) {
            pw = System.getenv("PGPASSWORD");
        }
        return pw == null || pw.isEmpty() ? null : pw;
    }

    /** A role name we put into SQL (CREATE ROLE, GRANT): plain lower-case identifiers only. */
    static String role(String name) {
        if (name == null || !ROLE.matcher(name).matches()) {
            throw new IllegalArgumentException("role '" + name + "': use a plain PostgreSQL role name (a-z, 0-9, _)");
        }
        return name;
    }

    private static String redact(String s) {
        return s.replaceAll("//([^/@:]*):[^@/]*@", "//$1:***@").replaceAll("(?i)password=[^&]*", "password=***");
    }

    @Override
    public String toString() {
        return user + " @ " + url;
    }
}
