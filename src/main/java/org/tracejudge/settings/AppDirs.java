package org.tracejudge.settings;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Where the app keeps per-user data: XDG on Linux, %APPDATA% on Windows, Application Support on
 * macOS — never inside the install folder. {@code TRACEJUDGE_HOME} overrides it (tests, portable use).
 */
public final class AppDirs {
    private AppDirs() {}

    public static Path dataDir() {
        String override = System.getenv("TRACEJUDGE_HOME");
        if (override == null || override.isBlank()) {
            override = System.getProperty("tracejudge.home");
        }
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String home = System.getProperty("user.home");
        if (os.contains("win")) {
            String appData = System.getenv("APPDATA");
            return Path.of(appData != null ? appData : home, "Tracejudge");
        }
        if (os.contains("mac")) {
            return Path.of(home, "Library", "Application Support", "Tracejudge");
        }
        String xdg = System.getenv("XDG_DATA_HOME");
        return (xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(home, ".local", "share")).resolve("tracejudge");
    }
}
