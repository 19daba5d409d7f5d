package org.tracejudge.ui.common;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;

/**
 * Light or dark look, and the text size. "System" follows the desktop's setting where it can be read:
 * JavaFX 21 has no API for it ({@code Platform.getPreferences()} arrives in JavaFX 22), so it is asked the way
 * each desktop answers — GNOME's {@code color-scheme} (or a {@code GTK_THEME} ending in ":dark"), macOS's
 * {@code AppleInterfaceStyle}, Windows' {@code AppsUseLightTheme} — and anything unreadable means light.
 */
public final class Theme {
    public enum Mode {
        SYSTEM("System"),
        LIGHT("Light"),
        DARK("Dark");

        private final String title;

        Mode(String title) {
            this.title = title;
        }

        public String title() {
            return title;
        }

        static Mode parse(String s) {
            for (Mode m : values()) {
                if (m.name().equalsIgnoreCase(s)) {
                    return m;
                }
            }
            return SYSTEM;
        }
    }

    /** The dark style sheet, laid over workbench.css. */
    public static final String DARK_CSS =
            Theme.class.getResource("/org/tracejudge/ui/dark.css").toExternalForm();
    /** Text sizes offered (px): smaller/larger step through them. */
    public static final List<Integer> SIZES = List.of(10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24);

    public static final int DEFAULT_SIZE = 13;

    private Theme() {}

    /** Whether the scene shows the dark look. */
    public static boolean isDark(Scene scene) {
        return scene.getStylesheets().contains(DARK_CSS);
    }

    /** Lays the dark sheet over (or takes it off) a scene. */
    public static void apply(Scene scene, boolean dark) {
        if (dark && !isDark(scene)) {
            scene.getStylesheets().add(DARK_CSS);
        } else if (!dark) {
            scene.getStylesheets().remove(DARK_CSS);
        }
    }

    /** The text size as the root's font size; the layout is in em, so it scales. */
    public static void applySize(Scene scene, int px) {
        scene.getRoot().setStyle("-fx-font-size: " + px + "px;");
    }

    /** The next size up (+1) or down (-1) from {@code px}, within {@link #SIZES}. */
    public static int step(int px, int direction) {
        if (direction > 0) {
            return SIZES.stream().filter(s -> s > px).findFirst().orElse(SIZES.get(SIZES.size() - 1));
        }
        return SIZES.stream().filter(s -> s < px).reduce((a, b) -> b).orElse(SIZES.get(0));
    }

    /**
     * Whether the desktop asks for a dark look. Runs a small command on some systems: call it off the FX thread.
     * {@code TRACEJUDGE_THEME=dark|light} decides without asking (and is how tests and screenshots pin it).
     */
    public static boolean systemPrefersDark() {
        String forced = System.getenv("TRACEJUDGE_THEME");
        if (forced != null && !forced.isBlank()) {
            return forced.trim().equalsIgnoreCase("dark");
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        try {
            if (os.contains("mac")) {
                // prints "Dark" in dark mode; fails (no such key) in light mode
                return run("defaults", "read", "-g", "AppleInterfaceStyle")
                        .trim()
                        .equalsIgnoreCase("dark");
            }
            if (os.contains("win")) {
                String out = run(
                        "reg",
                        "query",
                        "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize",
                        "/v",
                        "AppsUseLightTheme");
                return out.contains("0x0");
            }
            String gtk = System.getenv("GTK_THEME");
            if (gtk != null && !gtk.isBlank()) {
                return gtk.toLowerCase(Locale.ROOT).contains("dark");
            }
            String scheme = run("gsettings", "get", "org.gnome.desktop.interface", "color-scheme");
            if (scheme.contains("prefer-dark")) {
                return true;
            }
            if (scheme.contains("prefer-light") || scheme.contains("default")) {
                return run("gsettings", "get", "org.gnome.desktop.interface", "gtk-theme")
                        .toLowerCase(Locale.ROOT)
                        .contains("dark");
            }
        } catch (IOException | RuntimeException e) {
            // not readable here: light
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    /** A command's output (empty when it fails or takes over 2 s). */
    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        if (!p.waitFor(2, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return "";
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return p.exitValue() == 0 ? out : "";
    }

    public static Mode mode(String setting) {
        return Mode.parse(setting);
    }
}
