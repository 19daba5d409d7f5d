package org.tracejudge.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.tracejudge.settings.AppDirs;

/**
 * Keeps SQLite's native library in the user's data folder instead of letting the JDBC driver
 * extract it to the temp folder on every start (copy, checksum, sweep of old copies: a noticeable
 * part of a command's start-up). Falls back silently to the driver's own behaviour when anything
 * here fails or the user set the driver's properties.
 */
final class SqliteNative {
    private static volatile boolean done;

    private SqliteNative() {}

    static void prepare() {
        if (done) {
            return;
        }
        synchronized (SqliteNative.class) {
            if (done) {
                return;
            }
            done = true;
            if (System.getProperty("org.sqlite.lib.path") != null
                    || System.getProperty("org.sqlite.lib.name") != null) {
                return;
            }
            try {
                String folder = org.sqlite.util.OSInfo.getNativeLibFolderPathForCurrentOS();
                String name = System.mapLibraryName("sqlitejdbc");
                String resource = "/org/sqlite/native/" + folder + "/" + name;
                java.net.URL url = org.sqlite.JDBC.class.getResource(resource);
                if (url == null) {
                    return; // a platform without a bundled library: the driver knows what to do
                }
                // the library's identity without reading it: its jar entry's size and CRC
                String id;
                java.net.URLConnection conn = url.openConnection();
                if (conn instanceof java.net.JarURLConnection jarURLConnection) {
                    java.util.jar.JarEntry e = jarURLConnection.getJarEntry();
                    id = e.getSize() + "-" + Long.toHexString(e.getCrc());
                } else {
                    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
                    try (InputStream in = url.openStream()) {
                        crc.update(in.readAllBytes());
                    }
                    id = "dev-" + Long.toHexString(crc.getValue());
                }
                Path dir = AppDirs.dataDir().resolve("native").resolve("sqlite-" + id);
                Path lib = dir.resolve(name);
                if (!Files.isRegularFile(lib)) {
                    Files.createDirectories(dir);
                    Path tmp = Files.createTempFile(dir, name, ".part");
                    try (InputStream in = org.sqlite.JDBC.class.getResourceAsStream(resource)) {
                        Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                    }
                    Files.move(tmp, lib, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                }
                System.setProperty("org.sqlite.lib.path", dir.toString());
                System.setProperty("org.sqlite.lib.name", name);
            } catch (IOException | RuntimeException | LinkageError e) {
                // the driver extracts it to the temp folder as usual
            }
        }
    }
}
