package org.tracejudge.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.settings.AppDirs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "rubrics",
        description = "Where the judges' rubric templates are read from; --copy puts editable "
                + "copies in the data folder (an edited rubric makes a new judge version).")
final class RubricsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--copy",
            description = "Copy the built-in templates into the data folder (existing copies are kept).")
    boolean copy;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        Path dir = AppDirs.dataDir().resolve("rubrics");
        RubricLibrary lib = new RubricLibrary(dir);
        if (copy) {
            List<Path> copied = lib.copyBuiltInsToUserFolder();
            copied.forEach(f -> out.println("copied " + f));
            if (copied.isEmpty()) {
                out.println("copies already in " + dir);
            }
        }
        for (Map.Entry<String, String> e : lib.locations().entrySet()) {
            out.printf("%-14s %s%n", e.getKey(), e.getValue());
        }
        return 0;
    }
}
