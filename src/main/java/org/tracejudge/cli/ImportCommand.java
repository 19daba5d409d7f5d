package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.ImportReport;
import org.tracejudge.importer.Importer;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "import",
        description = "Import files into a project (created if it does not exist). "
                + "All files are one transaction: if any is bad, nothing is imported (and a project this run created is removed). "
                + "FILE - reads standard input.")
final class ImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Parameters(
            index = "1..*",
            arity = "1..*",
            paramLabel = "FILE",
            description = "Files to import; - for standard input. A folder stands for the files in it (in name order; "
                    + "not its subfolders); the request captures' side files in it (NAME.meta.json beside a body "
                    + "NAME.pb or NAME.json) are left out, with a note.")
    List<Path> files;

    /** The format codes, for completion scripts. */
    static final class FormatCodes implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(Format.values()).map(Format::code).iterator();
        }
    }

    @Option(
            names = {"--input-format", "--format"},
            defaultValue = "auto",
            paramLabel = "FORMAT",
            completionCandidates = FormatCodes.class,
            description = "The files' format (--format is the old spelling, kept; every other command's --format names "
                    + "its output): auto, toolfailbench-tasks, toolfailbench-results, toolfailbench-judge, openai, "
                    + "anthropic, toolhaystack, diabench, tracejudge, nlt-scenario, nlt, otlp, langfuse, inspect, atif or swe-agent "
                    + "(default: ${DEFAULT-VALUE}: told from the content).")
    String format;

    @Option(
            names = "--output",
            defaultValue = "text",
            paramLabel = "text|json",
            converter = OutputFormat.TextJsonValues.class,
            completionCandidates = OutputFormat.TextJsonValues.class,
            description = "The summary as text or JSON (default: ${DEFAULT-VALUE}).")
    OutputFormat output;

    @Option(
            names = "--rater",
            paramLabel = "NAME",
            description = "The rater a judge file's verdicts belong to (default: from the file name).")
    String rater;

    @Option(
            names = "--safety-critical",
            split = ",",
            paramLabel = "TOOLS",
            description = "Tools of an NLT scenario file to flag as safety-critical, comma-separated "
                    + "(e.g. \"Safety Call,End Conversation\"); added to the flags the file has.")
    List<String> safetyCritical;

    @Option(
            names = "--new-inputs",
            description =
                    "NLT runs whose input matches none of its scenario's inputs (by id, "
                            + "then by exact text) are added as new inputs of that scenario, with its tools, instead of refused.")
    boolean newInputs;

    @Option(
            names = "--replace",
            description = "Replace traces already in the project whose content the files change "
                    + "(a corrected results file), and tasks a results file embeds with other content than the project's "
                    + "task of that task_id (each run of it then replaces the project's run of the same model). Their "
                    + "earlier labels are withdrawn in the ledger; without this option such a file is refused and "
                    + "nothing is imported.")
    boolean replace;

    @Option(
            names = "--replace-poorer",
            paramLabel = "TRACE_ID",
            split = ",",
            description = "With --replace: replace these traces even though the file's run has less than the "
                    + "project's (fewer tool calls or turns, no final answer). Without it such a replacement is "
                    + "refused, naming what would be lost and the trace's id.")
    List<String> replacePoorer = new ArrayList<>();

    @Option(names = JudgeTaking.OPTION, paramLabel = "NAME", split = ",", description = JudgeTaking.HELP)
    java.util.List<String> takeJudges = new java.util.ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (!replacePoorer.isEmpty() && !replace) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--replace-poorer names traces to replace even with less than the project's run, so it is used "
                            + "with --replace: add --replace (nothing was imported)");
        }
        Format f;
        boolean oldSpelling = spec.commandLine().getParseResult().originalArgs().stream()
                .anyMatch(a -> a.equals("--format") || a.startsWith("--format="));
        try {
            f = Format.fromCode(format);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(
                    spec.commandLine(), (oldSpelling ? "--format" : "--input-format") + ": " + e.getMessage());
        }
        if (oldSpelling && TracejudgeCli.verbosity(spec) != TracejudgeCli.Verbosity.QUIET) {
            spec.commandLine()
                    .getErr()
                    .println("tracejudge: note: import --format is now --input-format (the old "
                            + "spelling still works); --format names the output everywhere else");
            spec.commandLine().getErr().flush();
        }
        // a project named by a symbolic link is made at the link's target; a failed import removes that file, never
        // the link (nor a file that was there before)
        Path target = Project.followLinks(project.path);
        boolean existed = Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        ImportReport report;
        List<Path> given = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Path p : files) {
            if (Files.isDirectory(p)) {
                given.addAll(folder(p, notes));
            } else {
                given.add(p);
            }
        }
        given = withoutSideFiles(given, notes);
        if (TracejudgeCli.verbosity(spec) != TracejudgeCli.Verbosity.QUIET) {
            notes.forEach(n -> spec.commandLine().getErr().println("tracejudge: note: " + n));
            spec.commandLine().getErr().flush();
        }
        try (StdStreams.Inputs in = new StdStreams.Inputs(given, "import");
                ProgressBar bar = ProgressBar.forCommand(spec, "importing")) {
            long total = 0;
            for (Path p : in.files()) {
                total += Files.isRegularFile(p) ? Files.size(p) : 0;
            }
            Thread interrupted = saysWhatCtrlCKept(spec.commandLine().getErr(), bar.drawing(), existed);
            try (Project p = Project.open(
                    project.path, Project.OpenOptions.createIfMissing(null).checkAlongside())) {
                report = new Importer(p, bar.drawing() ? new BytesRead(bar, total) : null)
                        .addUnmatchedInputs(newInputs)
                        .replacing(replace)
                        .replacingPoorer(replacePoorer)
                        .takingJudges(java.util.Set.copyOf(takeJudges))
                        .importFiles(in.files(), f, rater, safetyCritical);
                forget(interrupted); // committed: a Ctrl-C from here on no longer loses it
            } catch (RuntimeException | Error e) {
                if (!existed) {
                    removeNewProject(target);
                }
                throw e;
            } finally {
                forget(interrupted);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (output == OutputFormat.json) {
            ObjectNode doc = CliJson.document(spec);
            doc.put("project", project.toString());
            doc.put("created", !existed);
            ArrayNode arr = doc.putArray("files");
            for (ImportReport.FileCounts c : report.files()) {
                ObjectNode o = arr.addObject();
                o.put("file", c.file);
                o.put("format", c.format.code());
                if (c.rater != null) {
                    o.put("rater", c.rater);
                }
                counts(o, "tasks", c.tasksNew, c.tasksSeen);
                counts(o, "traces", c.tracesNew, c.tracesSeen);
                counts(o, "labels", c.labelsNew, c.labelsSeen);
                counts(o, "adjudications", c.adjudicationsNew, c.adjudicationsSeen);
                if (c.runsOpen > 0) {
                    o.put("runs_waiting_for_messages", c.runsOpen);
                }
                if (c.runsCompleted > 0) {
                    o.putObject("completed_runs").put("runs", c.runsCompleted).put("log_records", c.logRecordsJoined);
                }
                o.put("null_verdicts", c.nullVerdicts);
                o.put("ambiguous_matches", c.ambiguousMatches);
                c.warnings.forEach(o.putArray("warnings")::add);
                if (!c.judges.isEmpty()) {
                    JudgeTaking.json(o, c.judges);
                }
                if (c.runs > 0 || !c.skipped.isEmpty()) {
                    ObjectNode in = o.putObject("contents");
                    in.put("runs", c.runs);
                    in.put("steps", c.steps);
                    in.put("tool_calls", c.toolCalls);
                    in.put("tool_results", c.toolResults);
                    in.put("paired_by_id", c.pairedById);
                    in.put("paired_by_name_and_order", c.pairedByNameOrOrder);
                    in.put("errors", c.errors);
                    in.putObject("tokens").put("input", c.tokensIn).put("output", c.tokensOut);
                    ObjectNode sk = in.putObject("skipped");
                    c.skipped.forEach(sk::put);
                }
            }
            ObjectNode totals = doc.putObject("new");
            totals.put("tasks", report.tasksNew());
            totals.put("traces", report.tracesNew());
            totals.put("labels", report.labelsNew());
            CliJson.print(out, doc);
        } else {
            for (ImportReport.FileCounts c : report.files()) {
                out.println("imported " + c.summary());
            }
        }
        out.flush();
        int missing = JudgeTaking.missing(spec.commandLine().getErr(), takeJudges, report.files());
        List<String> noRun = report.heldButNoRun();
        if (!noRun.isEmpty()) {
            PrintWriter err = spec.commandLine().getErr();
            noRun.forEach(m -> err.println("error: " + m));
            err.flush();
            return 1;
        }
        return missing;
    }

    /** The files of a folder given as an argument, in name order; its subfolders and hidden files left out. */
    private List<Path> folder(Path dir, List<String> notes) throws java.io.IOException {
        List<Path> out = new ArrayList<>();
        int folders = 0;
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                if (Files.isDirectory(p)) {
                    folders++;
                } else if (!p.getFileName().toString().startsWith(".")) {
                    out.add(p);
                }
            }
        }
        if (out.isEmpty()) {
            throw new ParameterException(spec.commandLine(), dir + ": a folder with no files to import");
        }
        if (folders > 0) {
            notes.add(dir + ": " + folders + (folders == 1 ? " subfolder" : " subfolders")
                    + " left out (a folder's own files are imported, not its subfolders')");
        }
        return out;
    }

    private static final String SIDE = ".meta.json";

    /**
     * The files without the side files of request captures: NAME.meta.json (the method, path and headers a request
     * came with) beside a body NAME.something given too, as a capture folder holds them (the SDK captures of this
     * repository, bench/sdk-capture's sink). They are no trace; left out with a note instead of refusing the import.
     */
    static List<Path> withoutSideFiles(List<Path> files, List<String> notes) {
        java.util.Set<String> bodies = new java.util.HashSet<>();
        for (Path p : files) {
            String name = p.getFileName() == null ? "" : p.getFileName().toString();
            if (!name.endsWith(SIDE) && name.lastIndexOf('.') > 0) {
                bodies.add(sibling(p, name.substring(0, name.lastIndexOf('.'))));
            }
        }
        List<Path> out = new ArrayList<>();
        List<String> left = new ArrayList<>();
        for (Path p : files) {
            String name = p.getFileName() == null ? "" : p.getFileName().toString();
            if (name.endsWith(SIDE) && bodies.contains(sibling(p, name.substring(0, name.length() - SIDE.length())))) {
                left.add(name);
            } else {
                out.add(p);
            }
        }
        if (!left.isEmpty()) {
            notes.add("left out " + left.size() + " capture side file" + (left.size() == 1 ? "" : "s") + " ("
                    + String.join(", ", left.subList(0, Math.min(3, left.size())))
                    + (left.size() > 3 ? ", …" : "")
                    + "): the method, path and headers of the request beside each, not a trace");
        }
        return out;
    }

    private static String sibling(Path p, String stem) {
        Path dir = p.toAbsolutePath().normalize().getParent();
        return (dir == null ? "" : dir.toString()) + java.io.File.separator + stem;
    }

    private static void counts(ObjectNode o, String what, int fresh, int seen) {
        o.putObject(what).put("total", fresh + seen).put("new", fresh);
    }

    /**
     * Ctrl-C (exit 130) in the middle of the import: the files are one transaction, so the project holds all of them or
     * none (none unless the signal came while the commit was being written, which then completes or not as a whole);
     * the hook says so, so that nobody takes a silent 130 for a partial import, and how to finish it.
     */
    private static Thread saysWhatCtrlCKept(PrintWriter err, boolean barDrawn, boolean existed) {
        Thread hook = new Thread(
                () -> {
                    err.println((barDrawn ? "\n" : "")
                            + "tracejudge: interrupted: the import is one transaction, so the project "
                            + "holds " + (existed ? "what it held before" : "nothing")
                            + " or, if the signal came as it was being "
                            + "committed, all of these files, never a part (tracejudge info says which). Run the same command "
                            + "again: what is already in the project is not imported twice.");
                    err.flush();
                },
                "import-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    private static void forget(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C came: the hook says so
        }
    }

    /** A failed import into a project this run created leaves no file behind (nor its journal files). */
    private static void removeNewProject(Path target) {
        for (String suffix : new String[] {"", "-wal", "-shm", "-journal"}) {
            try {
                Files.deleteIfExists(target.resolveSibling(target.getFileName() + suffix));
            } catch (java.io.IOException | RuntimeException ignored) {
                // the error being reported matters more
            }
        }
    }

    /** The bar over the bytes of all files (readers report per file, from their threads). */
    private static final class BytesRead implements ImportListener {
        private final ProgressBar bar;
        private final long total;
        private final Map<Path, Long> done = new ConcurrentHashMap<>();

        BytesRead(ProgressBar bar, long total) {
            this.bar = bar;
            this.total = total;
        }

        @Override
        public void progress(Path file, long read, long size) {
            done.put(file, read);
            bar.update(done.values().stream().mapToLong(Long::longValue).sum(), total, true);
        }
    }
}
