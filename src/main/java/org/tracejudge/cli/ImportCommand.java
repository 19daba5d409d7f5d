package org.tracejudge.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.ImportReport;
import org.tracejudge.importer.Importer;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "import", description = "Import files into a project (created if it does not exist). "
        + "All files are one transaction: if any is bad, nothing is imported.")
final class ImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PROJECT", description = "The project file (.tjdb).")
    Path project;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "FILE", description = "Files to import.")
    List<Path> files;

    @Option(names = "--format", defaultValue = "auto", paramLabel = "FORMAT",
            description = "auto, toolfailbench-tasks, toolfailbench-results, toolfailbench-judge, openai, anthropic, "
                    + "toolhaystack, diabench, tracejudge, nlt-scenario or nlt (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--rater", paramLabel = "NAME",
            description = "The rater a judge file's verdicts belong to (default: from the file name).")
    String rater;

    @Option(names = "--safety-critical", split = ",", paramLabel = "TOOLS",
            description = "Tools of an NLT scenario file to flag as safety-critical, comma-separated "
                    + "(e.g. \"Safety Call,End Conversation\"); added to the flags the file has.")
    List<String> safetyCritical;

    @Option(names = "--replace", description = "Replace traces already in the project whose content the files change "
            + "(a corrected results file). Their earlier labels are withdrawn in the ledger; without this option such "
            + "a file is refused and nothing is imported.")
    boolean replace;

    @Override
    public Integer call() {
        Format f = Format.fromCode(format);
        try (Project p = Project.openCheckingAlongside(project, true, null)) {
            ImportReport report = new Importer(p, null).replacing(replace).importFiles(files, f, rater, safetyCritical);
            var out = spec.commandLine().getOut();
            for (ImportReport.FileCounts c : report.files()) {
                out.println("imported " + c.summary());
            }
        }
        return 0;
    }
}
