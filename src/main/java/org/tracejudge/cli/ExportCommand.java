package org.tracejudge.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.tracejudge.export.JsonlExporter;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "export",
        description = "Write the whole project as Tracejudge JSONL (importable on another laptop); "
                + "OUT.jsonl - writes it to standard output (and the summary to standard error).")
final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Parameters(index = "1", paramLabel = "OUT.jsonl")
    Path out;

    @picocli.CommandLine.Option(
            names = "--with-judge-cache",
            description =
                    "Also write every saved judge's settings "
                            + "(never a key: only the name of the variable that holds it) and every answered judge call, so the same "
                            + "judge on the other laptop is answered from this cache (same verdicts, same ledger ids) instead of paying again.")
    boolean withJudgeCache;

    @picocli.CommandLine.Option(
            names = "--langfuse-scores",
            description = "Write the project's labels and final "
                    + "decisions on traces imported from Langfuse or OpenTelemetry as the JSON bodies Langfuse's scores API takes "
                    + "(POST /api/public/scores), one per line, instead of the project JSONL.")
    boolean langfuseScores;

    @picocli.CommandLine.Option(
            names = "--dataset",
            description = "Write OUT as a folder a Hugging Face user loads in "
                    + "one line: data/train.jsonl (each trace with its task, answer, calls, every rater's and person's label, the "
                    + "final label and the item's agreement) and README.md, the dataset card (YAML header, how it was labelled, "
                    + "the agreement figures).")
    boolean dataset;

    @Override
    public Integer call() throws Exception {
        if (dataset) {
            if (StdStreams.isDash(out)) {
                throw new picocli.CommandLine.ParameterException(
                        spec.commandLine(),
                        "--dataset writes a folder (data/train.jsonl and README.md): give the folder's name, not -");
            }
            try (Project p = Project.open(project.path)) {
                org.tracejudge.export.DatasetExport.Summary s = org.tracejudge.export.DatasetExport.write(p, out);
                spec.commandLine()
                        .getOut()
                        .println("wrote a dataset of " + s.traces() + " traces (" + s.withFinal()
                                + " with a final label; " + s.raters() + " machine raters, " + s.people()
                                + " people) to " + out);
            }
            return 0;
        }
        if (langfuseScores) {
            try (Project p = Project.open(project.path)) {
                org.tracejudge.export.LangfuseScores.Summary s = StdStreams.write(
                        out, spec.commandLine().getOut(), file -> org.tracejudge.export.LangfuseScores.write(p, file));
                (StdStreams.isDash(out)
                                ? spec.commandLine().getErr()
                                : spec.commandLine().getOut())
                        .println("wrote "
                                + s.scores() + " Langfuse score bodies on " + s.traces() + " traces"
                                + (s.withoutLangfuseId() > 0
                                        ? "; " + s.withoutLangfuseId() + " traces have no Langfuse trace id "
                                                + "(not imported from Langfuse or OpenTelemetry) and were left out"
                                        : ""));
                spec.commandLine().getErr().flush();
            }
            return 0;
        }
        try (Project p = Project.open(project.path)) {
            JsonlExporter.Summary s = StdStreams.write(
                    out, spec.commandLine().getOut(), file -> JsonlExporter.export(p, file, withJudgeCache));
            boolean toStdout = StdStreams.isDash(out);
            if (toStdout && TracejudgeCli.verbosity(spec) == TracejudgeCli.Verbosity.QUIET) {
                return 0;
            }
            (toStdout ? spec.commandLine().getErr() : spec.commandLine().getOut())
                    .println("exported " + s.tasks() + " tasks, " + s.traces() + " traces, "
                            + s.labels() + " label entries, " + s.adjudications()
                            + " adjudication entries (each decision and each later change), " + s.comments()
                            + " comments and flags"
                            + (withJudgeCache ? ", " + s.judgeCalls() + " cached judge answers" : "") + " to "
                            + (toStdout ? "standard output" : out));
            spec.commandLine().getErr().flush();
        }
        return 0;
    }
}
