package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.tracejudge.export.JsonlExporter;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.ImportReport;
import org.tracejudge.importer.Importer;
import org.tracejudge.store.Conflicts;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Brings the work of other laptops into one project: each source (a project file or a Tracejudge JSONL export) is
 * read as its export and imported, which is idempotent (entries are known by id) and keeps both sides of every
 * decision a person made differently (the ledger is append-only). What came from where is reported per source,
 * and every conflict the merge leaves (one person's two current labels, two adjudications) is listed: nothing is
 * settled silently by a clock.
 */
@Command(
        name = "merge",
        description =
                "Merge other laptops' work into PROJECT: each SOURCE is a project file (.tjdb) "
                        + "or a Tracejudge JSONL export. Idempotent (merging twice adds nothing); says per source what it brought and "
                        + "lists every conflict (a person who decided one trace differently on two laptops). The sources are only read.")
final class MergeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PROJECT", description = "The project to merge into (made when missing).")
    Path project;

    @Parameters(
            index = "1..*",
            arity = "1..*",
            paramLabel = "SOURCE",
            description = "Projects (.tjdb) or exports (.jsonl).")
    List<Path> sources;

    @Mixin
    OutputFormat.TextJson format;

    @picocli.CommandLine.Option(
            names = JudgeTaking.OPTION,
            paramLabel = "NAME",
            split = ",",
            description = JudgeTaking.HELP)
    List<String> takeJudges = new ArrayList<>();

    private record Merged(Path source, ImportReport.FileCounts counts) {}

    @Override
    public Integer call() throws Exception {
        Path into = Project.followLinks(project);
        Set<Path> seen = new HashSet<>();
        for (Path s : sources) {
            if (!Files.isRegularFile(s)) {
                throw new IllegalArgumentException(
                        s + ": " + (Files.exists(s) ? "not a regular file" : "no such file"));
            }
            if (Files.exists(into) && Files.isSameFile(s, into)) {
                throw new IllegalArgumentException(
                        s + ": is the project being merged into; give the other laptops' " + "files as sources");
            }
            if (!seen.add(s.toRealPath())) {
                throw new IllegalArgumentException(s + ": given twice");
            }
        }
        List<Merged> merged = new ArrayList<>();
        List<Conflicts.Conflict> before;
        List<Conflicts.Conflict> after;
        Path tmpDir = Files.createTempDirectory("tracejudge-merge");
        try (Project p =
                Project.open(project, Project.OpenOptions.createIfMissing(null).checkAlongside())) {
            before = Conflicts.find(p);
            for (Path s : sources) {
                Path jsonl = s;
                if (isProject(s)) {
                    // read through a copy (with its write-ahead log), so that the source is never changed: opening
                    // it may migrate an older schema or settle a log a crash left
                    Path copy = tmpDir.resolve("source.tjdb");
                    for (String side : new String[] {"", "-wal"}) {
                        Path f = s.resolveSibling(s.getFileName() + side);
                        if (Files.exists(f)) {
                            Files.copy(
                                    f,
                                    copy.resolveSibling(copy.getFileName() + side),
                                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                        }
                    }
                    jsonl = tmpDir.resolve(s.getFileName() + ".jsonl");
                    try (Project src = Project.open(copy)) {
                        JsonlExporter.export(src, jsonl, true);
                    }
                    for (String side : new String[] {"", "-wal", "-shm"}) {
                        Files.deleteIfExists(copy.resolveSibling(copy.getFileName() + side));
                    }
                }
                ImportReport r = new Importer(p, null)
                        .takingJudges(Set.copyOf(takeJudges))
                        .importFiles(List.of(jsonl), Format.TRACEJUDGE, null);
                merged.add(new Merged(s, r.files().get(0)));
            }
            after = Conflicts.find(p);
            p.awaitCheckAlongside();
        } finally {
            try (var files = Files.list(tmpDir)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(tmpDir);
        }
        Set<String> old = new HashSet<>();
        before.forEach(c -> old.add(c.describe()));
        PrintWriter out = spec.commandLine().getOut();
        if (format.json()) {
            ObjectNode doc = CliJson.document(spec);
            doc.put("project", project.toString());
            ArrayNode arr = doc.putArray("sources");
            for (Merged m : merged) {
                ObjectNode o = arr.addObject();
                o.put("source", m.source().toString());
                ImportReport.FileCounts c = m.counts();
                o.putObject("tasks").put("total", c.tasksNew + c.tasksSeen).put("new", c.tasksNew);
                o.putObject("traces").put("total", c.tracesNew + c.tracesSeen).put("new", c.tracesNew);
                o.putObject("labels").put("total", c.labelsNew + c.labelsSeen).put("new", c.labelsNew);
                o.putObject("adjudications")
                        .put("total", c.adjudicationsNew + c.adjudicationsSeen)
                        .put("new", c.adjudicationsNew);
                JudgeTaking.json(o, c.judges);
            }
            ArrayNode cs = doc.putArray("conflicts");
            for (Conflicts.Conflict c : after) {
                CliJson.conflict(cs, c).put("new", !old.contains(c.describe()));
            }
            CliJson.print(out, doc);
        } else {
            for (Merged m : merged) {
                ImportReport.FileCounts c = m.counts();
                out.println("merged " + m.source() + ": " + c.tracesNew + " new traces, " + c.labelsNew + " new label "
                        + "entries, " + c.adjudicationsNew + " new adjudications ("
                        + (c.labelsSeen + c.adjudicationsSeen)
                        + " entries were already here)");
                c.judges.forEach(j -> out.println("  " + j.describe()));
            }
            long fresh = after.stream().filter(c -> !old.contains(c.describe())).count();
            out.println("conflicts: "
                    + (after.isEmpty()
                            ? "none"
                            : after.size() + " (" + fresh + " new from this merge; "
                                    + "a person decided one trace differently on two laptops: both are kept, nothing was settled; "
                                    + "decide again or withdraw one in the workbench)"));
            after.forEach(c -> out.println("  " + (old.contains(c.describe()) ? "" : "new: ") + c.describe()));
        }
        out.flush();
        return JudgeTaking.missing(
                spec.commandLine().getErr(),
                takeJudges,
                merged.stream().map(Merged::counts).toList());
    }

    private static boolean isProject(Path file) throws java.io.IOException {
        try (var in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(16);
            return new String(head, java.nio.charset.StandardCharsets.ISO_8859_1).equals("SQLite format 3\0");
        }
    }
}
