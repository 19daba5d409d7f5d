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
        return dataDir(System::getenv, System::getProperty);
    }

    /**
     * As {@link #dataDir()}, reading environment variables from {@code env} and system properties from
     * {@code props}. On Linux {@code $HOME} wins over Java's {@code user.home} (which comes from the password
     * database and ignores {@code $HOME}), so {@code HOME=/tmp/x tracejudge} keeps its data under /tmp/x.
     */
    static Path dataDir(
            java.util.function.Function<String, String> env, java.util.function.Function<String, String> props) {
        String override = env.apply("TRACEJUDGE_HOME");
        if (override == null || override.isBlank()) {
            override = props.apply("tracejudge.home");
        }
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        String os = String.valueOf(props.apply("os.name")).toLowerCase(Locale.ROOT);
        String home = props.apply("user.home");
        if (os.contains("win")) {
            String appData = env.apply("APPDATA");
            return Path.of(appData != null ? appData : home, "Tracejudge");
        }
        String envHome = env.apply("HOME");
        if (envHome != null && !envHome.isBlank() && Path.of(envHome).isAbsolute()) {
            home = envHome;
        }
        if (os.contains("mac")) {
            return Path.of(home, "Library", "Application Support", "Tracejudge");
        }
        String xdg = env.apply("XDG_DATA_HOME");
        // the XDG spec: a relative $XDG_DATA_HOME is invalid and is ignored
        return (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
                        ? Path.of(xdg)
                        : Path.of(home, ".local", "share"))
                .resolve("tracejudge");
    }
}
