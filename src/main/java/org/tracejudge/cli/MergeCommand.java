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
import org.tracejudge.importer.Provenance;
import org.tracejudge.store.Conflicts;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Brings the work of other laptops into one project: each source (a project file or a Tracejudge JSONL export) is
 * read as its export and imported, which is idempotent (entries are known by id) and keeps both sides of every
 * decision a person made differently (the ledger is append-only). What came from where is reported per source,
 * and every conflict the merge leaves (one person's two current labels, two adjudications) is listed: nothing is
 * settled silently by a clock. What a source may not say (an entry in the name of the project's own people, a
 * withdrawal of their decision, a label outside the label sets: {@link Provenance}) is refused entry by entry and
 * listed with the reason; the rest is merged and the command exits 1.
 */
@Command(
        name = "merge",
        description = "Merge other laptops' work into PROJECT: each SOURCE is a project file (.tjdb) "
                + "or a Tracejudge JSONL export. Idempotent (merging twice adds nothing); says per source what it brought and "
                + "lists every conflict (a person who decided one trace differently on two laptops). The sources are only read. "
                + "A source speaks for its own people only: labels and decisions in the name of PROJECT's own "
                + "annotators (see --same-person), withdrawals of their decisions, and labels outside the label "
                + "sets are refused, listed with the reason, and the exit status is 1.")
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

    @Option(
            names = "--same-person",
            paramLabel = "NAME",
            description = "NAME, one of PROJECT's own annotators, worked on the sources too (the same person on two "
                    + "laptops): their labels and decisions there are taken. Without it, entries in the name of "
                    + "PROJECT's own annotators are refused: a file cannot show who wrote it. Repeatable.")
    List<String> samePerson = new ArrayList<>();

    @Mixin
    OutputFormat.TextJson format;

    @picocli.CommandLine.Option(
            names = JudgeTaking.OPTION,
            paramLabel = "NAME",
            split = ",",
            description = JudgeTaking.HELP)
    List<String> takeJudges = new ArrayList<>();

    private record Merged(
            Path source,
            boolean project,
            ImportReport.FileCounts counts,
            List<Provenance.Refusal> refused,
            java.util.Set<String> people) {}

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
            Provenance provenance = p.read(c -> Provenance.of(c, samePerson));
            for (Path s : sources) {
                Path jsonl = s;
                boolean isProject = isProject(s);
                if (isProject) {
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
                        .provenance(provenance)
                        .takingJudges(Set.copyOf(takeJudges))
                        .importFiles(List.of(jsonl), Format.TRACEJUDGE, null);
                java.util.Set<String> people = provenance.takeBrought();
                p.write(c -> {
                    provenance.remember(c, people);
                    return null;
                });
                merged.add(new Merged(s, isProject, r.files().get(0), provenance.takeRefusals(), people));
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
                if (c.answersNew + c.answersSeen + c.schemesNew + c.schemesSeen > 0) {
                    o.putObject("answers")
                            .put("total", c.answersNew + c.answersSeen)
                            .put("new", c.answersNew);
                    o.putObject("scheme_versions")
                            .put("total", c.schemesNew + c.schemesSeen)
                            .put("new", c.schemesNew);
                }
                JudgeTaking.json(o, c.judges);
                m.people().forEach(o.putArray("people")::add);
                ArrayNode refused = o.putArray("refused");
                for (Provenance.Refusal x : m.refused()) {
                    ObjectNode ro = refused.addObject();
                    ro.put("kind", x.kind());
                    ro.put("id", x.id());
                    ro.put("trace_id", x.traceId());
                    if (!m.project()) {
                        ro.put("line", x.line());
                    }
                    ro.put("reason", x.reason());
                }
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
                        + "entries, " + c.adjudicationsNew + " new adjudications"
                        + (c.answersNew + c.answersSeen > 0 ? ", " + c.answersNew + " new answers" : "")
                        + (c.schemesNew > 0 ? ", " + c.schemesNew + " new scheme versions" : "")
                        + " (" + (c.labelsSeen + c.adjudicationsSeen + c.answersSeen)
                        + " entries were already here)");
                c.judges.forEach(j -> out.println("  " + j.describe()));
                if (!m.people().isEmpty()) {
                    out.println("  work of: " + String.join(", ", m.people()));
                }
                if (!m.refused().isEmpty()) {
                    out.println("  refused: " + m.refused().size() + " entries (the rest of "
                            + m.source().getFileName() + " was merged):");
                    for (Provenance.Refusal x : m.refused()) {
                        out.println("    "
                                + (m.project()
                                                ? new Provenance.Refusal(x.kind(), x.id(), x.traceId(), 0, x.reason())
                                                : x)
                                        .describe());
                    }
                }
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
        int missingJudges = JudgeTaking.missing(
                spec.commandLine().getErr(),
                takeJudges,
                merged.stream().map(Merged::counts).toList());
        int refused = merged.stream().mapToInt(m -> m.refused().size()).sum();
        if (refused > 0) {
            // partly done: said on stderr too, and not exit 0
            spec.commandLine()
                    .getErr()
                    .println("tracejudge: merge: " + refused + " entr" + (refused == 1 ? "y was" : "ies were")
                            + " refused (listed " + (format.json() ? "under \"refused\"" : "above")
                            + "); everything else was merged");
            spec.commandLine().getErr().flush();
            return 1;
        }
        return missingJudges;
    }

    private static boolean isProject(Path file) throws java.io.IOException {
        try (var in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(16);
            return new String(head, java.nio.charset.StandardCharsets.ISO_8859_1).equals("SQLite format 3\0");
        }
    }
}
