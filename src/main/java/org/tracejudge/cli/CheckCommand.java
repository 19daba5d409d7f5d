package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "check",
        description = "Check a project file whole, now: SQLite's integrity check (every page, every "
                + "index against its table) and its foreign-key check. Opening a file Tracejudge left as it is checks it at "
                + "most once a week; a copied, restored or crashed file is always checked fully on open. Exit 1 names the "
                + "damage and what to do.")
final class CheckCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile projectFile;

    @Option(
            names = "--quick",
            description =
                    "SQLite's quick check instead (every page, not the index contents; " + "several times faster).")
    boolean quick;

    @Mixin
    OutputFormat.TextJson format;

    @Override
    public Integer call() {
        Path project = projectFile.path;
        long t0 = System.nanoTime();
        List<String> orphans;
        String damage = null;
        long bytes;
        try (Project p = Project.open(
                project,
                Project.OpenOptions.existing().checkInBackground())) { // the open's own check is left to verify below
            bytes = size(p.file());
            if (TracejudgeCli.verbosity(spec) != TracejudgeCli.Verbosity.QUIET) {
                spec.commandLine()
                        .getErr()
                        .printf(Locale.ROOT, "checking %s (%.1f MB)…%n", p.file(), bytes / 1048576.0);
            }
            try {
                orphans = p.verify(quick);
            } catch (ProjectException e) {
                orphans = List.of();
                damage = e.getMessage();
            }
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        String pragma = quick ? "quick_check" : "integrity_check";
        boolean sound = damage == null && orphans.isEmpty();
        PrintWriter out = spec.commandLine().getOut();
        if (format.json()) {
            ObjectNode o = CliJson.document(spec);
            o.put("file", project.toString());
            o.put("check", pragma);
            o.put("sound", sound);
            if (damage != null) {
                o.put("damage", damage);
            }
            ArrayNode a = o.putArray("missing_references");
            orphans.forEach(a::add);
            o.put("bytes", bytes);
            o.put("seconds", Math.round(secs * 100) / 100.0);
            CliJson.print(out, o);
        } else if (sound) {
            out.printf(
                    Locale.ROOT,
                    "ok: %s passed SQLite's %s and foreign_key_check (%.1f MB in %.1f s)%n",
                    project,
                    pragma,
                    bytes / 1048576.0,
                    secs);
        }
        Output.check(out);
        if (!sound && !format.json()) {
            PrintWriter err = spec.commandLine().getErr();
            if (damage != null) {
                err.println("tracejudge: " + damage);
            } else {
                err.println("tracejudge: " + project + ": " + orphans.size() + (orphans.size() == 20 ? " or more" : "")
                        + " rows refer to rows that are missing (SQLite foreign_key_check):");
                orphans.forEach(x -> err.println("  " + x));
                err.println("Restore a backup copy (" + project.getFileName() + ".backup-*) or re-import; "
                        + "the file was not changed.");
            }
        }
        return sound ? TracejudgeCli.ExitCodes.OK : TracejudgeCli.ExitCodes.FAILED;
    }

    private static long size(Path f) {
        try {
            return Files.size(f);
        } catch (java.io.IOException e) {
            return -1;
        }
    }
}
