package org.tracejudge.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where the data folder is, per the XDG Base Directory spec on Linux, with $HOME over Java's user.home. */
class AppDirsTest {
    private static Path dir(Map<String, String> env, Map<String, String> props) {
        return AppDirs.dataDir(env::get, props::get);
    }

    private static Map<String, String> linux(String userHome) {
        Map<String, String> p = new HashMap<>();
        p.put("os.name", "Linux");
        p.put("user.home", userHome);
        return p;
    }

    @Test
    void linuxHonoursHomeOverUserHomeAndXdgDataHome() {
        // user.home comes from the password database; $HOME is what the user set
        assertEquals(Path.of("/tmp/h/.local/share/tracejudge"), dir(Map.of("HOME", "/tmp/h"), linux("/root")));
        assertEquals(Path.of("/root/.local/share/tracejudge"), dir(Map.of(), linux("/root")));
        assertEquals(
                Path.of("/data/xdg/tracejudge"),
                dir(Map.of("HOME", "/tmp/h", "XDG_DATA_HOME", "/data/xdg"), linux("/root")));
        // a relative XDG_DATA_HOME is invalid (the spec says to ignore it), and so is a relative HOME
        assertEquals(
                Path.of("/tmp/h/.local/share/tracejudge"),
                dir(Map.of("HOME", "/tmp/h", "XDG_DATA_HOME", "rel"), linux("/root")));
        assertEquals(Path.of("/root/.local/share/tracejudge"), dir(Map.of("HOME", "rel"), linux("/root")));
    }

    @Test
    void tracejudgeHomeWinsAndOtherSystemsKeepTheirPlaces() {
        assertEquals(
                Path.of("/portable"), dir(Map.of("TRACEJUDGE_HOME", "/portable", "HOME", "/tmp/h"), linux("/root")));
        Map<String, String> props = linux("/root");
        props.put("tracejudge.home", "/from-property");
        assertEquals(Path.of("/from-property"), dir(Map.of("HOME", "/tmp/h"), props));
        Map<String, String> mac = new HashMap<>(Map.of("os.name", "Mac OS X", "user.home", "/Users/a"));
        assertEquals(Path.of("/Users/a/Library/Application Support/Tracejudge"), dir(Map.of(), mac));
        Map<String, String> win = new HashMap<>(Map.of("os.name", "Windows 11", "user.home", "C:/Users/a"));
        assertEquals(Path.of("C:/AppData/Roaming", "Tracejudge"), dir(Map.of("APPDATA", "C:/AppData/Roaming"), win));
    }
}
