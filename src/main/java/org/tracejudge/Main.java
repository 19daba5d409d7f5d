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
            WorkbenchLauncher.launch(args);
            return;
        }
        PrintWriter out = org.tracejudge.cli.Output.stdout(); // reports a full disk or closed pipe, unlike System.out
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = TracejudgeCli.execute(args, out, err);
        System.exit(code);
    }
}
