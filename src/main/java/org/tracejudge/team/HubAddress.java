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
            throw new IllegalArgumentException(
                    "no hub URL (e.g. postgresql://hub.example.org/tracejudge?sslmode=verify-full)");
        }
        String t = text.strip();
        if (t.startsWith("jdbc:")) {
            t = t.substring(5);
        }
        if (!t.startsWith("postgresql://") && !t.startsWith("postgres://")) {
            throw new IllegalArgumentException(
                    "hub URL '" + redact(text) + "': expected postgresql://host[:port]/database");
        }
        URI u;
        try {
            u = new URI(t.replaceFirst("^postgres://", "postgresql://"));
        } catch (java.net.URISyntaxException e) {
            // the parser's own message repeats the whole text, password and all: only its reason and position here
            throw new IllegalArgumentException("hub URL '" + redact(text) + "': " + e.getReason()
                    + (e.getIndex() >= 0 ? " at character " + (e.getIndex() + 1) : ""));
        }
        String urlUser = null;
        if (u.getRawUserInfo() != null) {
            String info = u.getRawUserInfo();
            if (info.contains(":") || decode(info).contains(":")) {
                throw new IllegalArgumentException(
                        "hub URL: a password does not belong in the URL (it would be kept in the "
                                + "project file); put it in ~/.pgpass or the environment variable " + PASSWORD_ENV);
            }
            urlUser = info;
        }
        String query = u.getRawQuery();
        if (query != null) {
            for (String kv : query.split("&")) {
                String k = decode(kv.contains("=") ? kv.substring(0, kv.indexOf('=')) : kv)
                        .strip();
                if (k.equalsIgnoreCase("password")) {
                    throw new IllegalArgumentException(
                            "hub URL: a password does not belong in the URL (it would be kept in "
                                    + "the project file); put it in ~/.pgpass or the environment variable "
                                    + PASSWORD_ENV);
                }
                if (k.equalsIgnoreCase("sslpassword")) {
                    throw new IllegalArgumentException(
                            "hub URL: sslpassword (the client key's passphrase) does not belong "
                                    + "in the URL (it would be kept in the project file); use a key without a passphrase readable "
                                    + "only by you, or give the driver the passphrase another way");
                }
                if (k.equalsIgnoreCase("user")) {
                    urlUser = decode(kv.substring(kv.indexOf('=') + 1));
                }
            }
        }
        if (u.getHost() == null || u.getPath() == null || u.getPath().length() <= 1) {
            throw new IllegalArgumentException(
                    "hub URL '" + redact(text) + "': expected postgresql://host[:port]/database");
        }
        StringBuilder jdbc = new StringBuilder("jdbc:postgresql://").append(u.getHost());
        if (u.getPort() > 0) {
            jdbc.append(':').append(u.getPort());
        }
        jdbc.append(u.getRawPath());
        if (query != null) {
            String kept = String.join(
                    "&",
                    java.util.Arrays.stream(query.split("&"))
                            .filter(kv -> !decode(kv)
                                    .strip()
                                    .toLowerCase(java.util.Locale.ROOT)
                                    .startsWith("user="))
                            .toList());
            if (!kept.isEmpty()) {
                jdbc.append('?').append(kept);
            }
        }
        String who = user != null && !user.isBlank()
                ? user
                : urlUser != null
                        ? urlUser
                        : System.getenv("PGUSER") != null ? System.getenv("PGUSER") : System.getProperty("user.name");
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
        } else {
            checkPassFile(passFile());
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

    /** The password file the driver reads when no password is given: PGPASSFILE, else ~/.pgpass. */
    static java.nio.file.Path passFile() {
        String f = System.getProperty("org.postgresql.pgpassfile");
        if (f == null || f.isEmpty()) {
            f = System.getenv("PGPASSFILE");
        }
        if (f != null && !f.isEmpty()) {
            return java.nio.file.Path.of(f);
        }
        return java.nio.file.Path.of(System.getProperty("user.home"), ".pgpass");
    }

    /**
     * Refuses a password file that others on this computer can read, as libpq does ("has group or world access;
     * permissions should be u=rw (0600) or less"): the driver itself would read it. Nothing on systems without POSIX
     * permissions, or when there is no such file.
     */
    static void checkPassFile(java.nio.file.Path f) {
        if (f == null || !java.nio.file.Files.isRegularFile(f)) {
            return;
        }
        java.util.Set<java.nio.file.attribute.PosixFilePermission> perms;
        try {
            perms = java.nio.file.Files.getPosixFilePermissions(f);
        } catch (UnsupportedOperationException | java.io.IOException e) {
            return;
        }
        for (java.nio.file.attribute.PosixFilePermission x : perms) {
            if (x.name().startsWith("GROUP_") || x.name().startsWith("OTHERS_")) {
                throw new IllegalArgumentException("password file " + f
                        + " has group or world access; permissions should " + "be u=rw (0600) or less (chmod 600 " + f
                        + "): Tracejudge, like libpq, will not use it");
            }
        }
    }

    private static String decode(String s) {
        try {
            return java.net.URLDecoder.decode(s.replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    /** A role name we put into SQL (CREATE ROLE, GRANT): plain lower-case identifiers only. */
    static String role(String name) {
        if (name == null || !ROLE.matcher(name).matches()) {
            throw new IllegalArgumentException("role '" + name + "': use a plain PostgreSQL role name (a-z, 0-9, _)");
        }
        return name;
    }

    /** The text with whatever could be a secret masked: the user-info part of the URL and any password parameter. */
    static String redact(String s) {
        return s.replaceAll("(?<=://)[^?#]*@", "***@")
                .replaceAll("(?i)((?:ssl)?pass(?:%77|w)ord|p(?:%61|a)ssword)=[^&]*", "$1=***")
                .replaceAll("(?i)(%[0-9a-f]{2}[^=&]*)=[^&]*", "$1=***");
    }

    @Override
    public String toString() {
        return user + " @ " + url;
    }
}
