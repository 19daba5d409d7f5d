package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Linux launcher's StartupWMClass names the class our windows carry (WorkbenchApp sets it; checked by hand
 * with {@code xprop WM_CLASS} under Xvfb: "Tracejudge", "Tracejudge"), so docks group the window with its icon.
 */
class DesktopEntryTest {
    @Test
    void startupWmClassMatchesTheWindowClass() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("installers/linux/tracejudge.desktop"));
        assertTrue(lines.contains("StartupWMClass=" + WorkbenchApp.WM_CLASS), lines.toString());
    }
}
