package org.tracejudge.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.tracejudge.json.Json;
import org.tracejudge.selection.SelectionPlot;
import org.tracejudge.selection.SelectionReportFormat;
import org.tracejudge.selection.SelectionStudy;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "selection",
        description =
                "The tool-selection study of NLT selector runs (formats.md §5): per model and "
                        + "approach (NLT vs structured), overall, by scenario and by condition: trials, exact-match accuracy with a 95%% "
                        + "Wilson interval, variance (its definition printed beside it), mean input/output/total tokens per trial; the "
                        + "NLT − structured difference per model with McNemar's test on paired trials and the mean across models; per "
                        + "tool recall and misses by approach and condition. --plot writes the accuracy-vs-variance figure as SVG.")
final class SelectionCommand implements Callable<Integer> {

    enum Var {
        replication,
        within,
        across
    }

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Mixin
    OutputFormat.Report format;

    @Option(
            names = "--variance",
            defaultValue = "replication",
            paramLabel = "KIND",
            description = "The variance the table "
                    + "and plot show: replication (sample variance of the per-replication accuracies, the study's form), within "
                    + "(of 0/1 outcomes over the replications of each input × condition cell, averaged) or across (of the "
                    + "per-cell accuracies). JSON and CSV carry all three (default: ${DEFAULT-VALUE}).")
    Var variance;

    @Option(
            names = "--plot",
            paramLabel = "FILE.svg",
            description = "Also write the accuracy-vs-variance plot (structured → " + "NLT arrow per model) as SVG.")
    Path plot;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (plot != null
                && !plot.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".svg")) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "--plot writes SVG: give a file name ending in .svg, not '" + plot + "'");
        }
        SelectionStudy.Variance v = SelectionStudy.Variance.of(variance.name());
        SelectionStudy.Report r;
        try (Project p = Project.open(project.path)) {
            SelectionStudy.Trials trials = p.read(SelectionStudy::trials);
            if (trials.trials().isEmpty()) {
                throw new IllegalArgumentException("no scored tool-selection runs in " + project.path.getFileName()
                        + (trials.unscored() > 0
                                ? " (" + trials.unscored() + " runs whose scenario file was never imported: "
                                        + "import it with --format nlt-scenario)"
                                : " (import a scenario file and its runs first)"));
            }
            r = SelectionStudy.compute(trials);
        }
        switch (format.format()) {
            case json -> out.println(Json.write(SelectionReportFormat.json(r, v)));
            case csv -> out.print(SelectionReportFormat.csv(r));
            case markdown -> out.print(SelectionReportFormat.markdown(r, v));
            default -> out.print(SelectionReportFormat.table(r, v));
        }
        out.flush();
        if (plot != null) {
            final SelectionStudy.Report report = r;
            try {
                org.tracejudge.output.OutputFile.write(
                        plot,
                        tmp -> {
                            Files.writeString(tmp, SelectionPlot.svg(report, v), StandardCharsets.UTF_8);
                            return null;
                        },
                        project.path);
            } catch (IOException e) {
                throw new IOException(
                        "the report is printed, but the plot could not be written to " + plot + " ("
                                + e.getClass().getSimpleName().replace("Exception", "") + ": " + e.getMessage() + ")",
                        e);
            }
            var err = spec.commandLine().getErr();
            err.println("tracejudge: wrote the plot to " + plot
                    + (SelectionPlot.leftOut(r, v).isEmpty()
                            ? ""
                            : " (not drawn: " + String.join(", ", SelectionPlot.leftOut(r, v)) + ")"));
            err.flush();
        }
        return 0;
    }
}
