package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.tracejudge.store.Comments;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "comments",
        description = "List the comments and flags people left on traces (workbench: N writes a "
                + "comment, F flags a trace for the lead; on a team project they sync through the hub). --flagged lists only "
                + "the traces flagged now, for the lead.")
final class CommentsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Option(names = "--flagged", description = "Only the comments on traces flagged for the lead now.")
    boolean flagged;

    @Mixin
    OutputFormat.TableJsonCsv format;

    @Override
    public Integer call() {
        List<Comments.Comment> all;
        try (Project p =
                Project.open(project.path, Project.OpenOptions.existing().checkAlongside())) {
            all = p.read(c -> Comments.all(c, flagged));
        }
        PrintWriter out = spec.commandLine().getOut();
        switch (format.format()) {
            case json -> {
                ObjectNode doc = CliJson.document(spec);
                ArrayNode a = doc.putArray("comments");
                all.forEach(x -> a.addObject()
                        .put("trace_id", x.traceId())
                        .put("author", x.author())
                        .put("action", x.action().code())
                        .put("text", x.text())
                        .put("created_at", x.createdAt()));
                CliJson.print(out, doc);
            }
            case csv -> {
                out.println(org.tracejudge.csv.Csv.line(List.of("trace_id", "author", "action", "text", "created_at")));
                all.forEach(x -> out.println(org.tracejudge.csv.Csv.line(
                        List.of(x.traceId(), x.author(), x.action().code(), x.text(), x.createdAt()))));
            }
            default -> {
                if (all.isEmpty()) {
                    out.println(flagged ? "no trace is flagged for the lead" : "no comments");
                }
                for (Comments.Comment x : all) {
                    out.printf(
                            Locale.ROOT,
                            "%s  %s  %s%s%s%n",
                            x.createdAt(),
                            x.traceId(),
                            x.author(),
                            x.action() == Comments.Action.NOTE
                                    ? ""
                                    : " [" + x.action().code() + "]",
                            x.text().isEmpty() ? "" : ": " + x.text().replace('\n', ' '));
                }
            }
        }
        Output.check(out);
        return TracejudgeCli.ExitCodes.OK;
    }
}
