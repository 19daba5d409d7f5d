package org.tracejudge.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.tracejudge.output.OutputFile;
import org.tracejudge.report.ReportHtml;
import org.tracejudge.report.StudyReport;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "report",
        description = "A study report people can share: one self-contained HTML page (inline CSS and SVG, no script, "
                + "no request to any host, printable) with the study at a glance, the leaderboard with 95%% intervals and "
                + "z-tests, the failure profile and modes, agreement, judges against gold and the corrected rates, the "
                + "safety review, the NLT study, the project's own questions (answers and agreement per question) and the methods and provenance; the figures equal those of metrics, "
                + "agreement, calibration (--corrected), safety and selection, and are embedded as JSON.")
final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "FILE.html",
            description = "Where to write the page (never the project, its side files or an input).")
    Path out;

    @Option(
            names = "--source",
            paramLabel = "NAME",
            description = "The leaderboard's label source: final, ensemble, corrected (the ensemble's rates corrected "
                    + "with a calibration sample's gold) or a rater (default: final when judges are known, else rule).")
    String source;

    @Option(
            names = "--question",
            paramLabel = "KEY",
            description = "Limit the section on the project's own questions to this one (a key of its scheme).")
    String question;

    @Override
    public Integer call() throws IOException {
        String name =
                out.getFileName() == null ? "" : out.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".html") && !name.endsWith(".htm")) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "--out writes HTML: give a file name ending in .html, not '" + out + "'");
        }
        // refused before anything is read: the project, its -wal/-shm, any database
        OutputFile.check(out, java.util.List.of(project.path));
        StudyReport.Report report;
        try (Project p =
                Project.open(project.path, Project.OpenOptions.existing().checkAlongside())) {
            try {
                String problem = question == null ? null : StudyReport.questionProblem(p, project.path, question);
                if (problem != null) {
                    throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--question: " + problem);
                }
                report = StudyReport.collect(
                        p,
                        project.path,
                        source,
                        question,
                        new TracejudgeCli.Version().getVersion()[0],
                        StudyReport.Progress.NONE,
                        () -> false);
            } catch (RuntimeException e) {
                p.awaitCheckAlongside();
                throw e;
            }
            p.awaitCheckAlongside();
        }
        String html = ReportHtml.render(report);
        OutputFile.write(
                out,
                tmp -> {
                    Files.writeString(tmp, html, StandardCharsets.UTF_8);
                    return null;
                },
                project.path);
        PrintWriter err = spec.commandLine().getErr();
        err.println("tracejudge: wrote the study report to " + out + " ("
                + html.getBytes(StandardCharsets.UTF_8).length / 1024 + " KB"
                + (report.missing().isEmpty()
                        ? ""
                        : "; without: " + String.join(", ", report.missing().keySet()))
                + ")");
        err.flush();
        return 0;
    }
}
