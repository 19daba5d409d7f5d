package org.tracejudge;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.tracejudge.cli.TracejudgeCli;
import org.tracejudge.ui.WorkbenchLauncher;

/**
 * Entry point. No arguments (or just a project file) opens the workbench; anything else is the
 * command line, which never needs a display.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        if (args.length == 0 || (args.length == 1 && args[0].endsWith(".tjdb"))) {
            String noDisplay = noDisplay(
                    System.getProperty("os.name", ""), System.getenv("DISPLAY"), System.getenv("WAYLAND_DISPLAY"));
            if (noDisplay != null) {
                System.err.println(noDisplay);
                System.exit(1);
            }
            WorkbenchLauncher.launch(args);
            return;
        }
        TracejudgeCli.attachToConsole();
        PrintWriter out = org.tracejudge.cli.Output.stdout(); // reports a full disk or closed pipe, unlike System.out
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = TracejudgeCli.execute(args, out, err);
        System.exit(code);
    }

    /**
     * Why the workbench cannot open here (a Linux or BSD session without X11 or Wayland), as a hint for the user, or
     * null when it can try. Without it JavaFX fails with a stack trace ("Unable to open DISPLAY").
     */
    static String noDisplay(String osName, String display, String waylandDisplay) {
        String os = osName.toLowerCase(java.util.Locale.ROOT);
        boolean x11Platform = os.contains("linux") || os.contains("bsd");
        if (!x11Platform || !isBlank(display) || !isBlank(waylandDisplay)) {
            return null;
        }
        return "tracejudge: no display to open the workbench on (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
                + "The command line needs none: run 'tracejudge --help' for its commands, e.g. 'tracejudge info PROJECT.tjdb'.";
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }
}
