package org.tracejudge.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.tracejudge.csv.Csv;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.json.Json;
import org.tracejudge.store.Conflicts;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.store.TraceTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
        name = "labels",
        description = "One row per trace: trace_id, model, task_id, task_type, then each rater's current label "
                + "(an LLM judge's column is its name and shows its current version's labels). In JSON, a row with null "
                + "verdicts has null_reasons: {column: why}.")
final class LabelsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Mixin
    OutputFormat.CsvJson format;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<Conflicts.Conflict> conflicts;
        // the file's check runs alongside the reading (Project.Check.ALONGSIDE); nothing is shown before it passed
        try (Project p =
                Project.open(project.path, Project.OpenOptions.existing().checkAlongside())) {
            ProjectQueries q = new ProjectQueries(p);
            List<ProjectQueries.RaterSummary> raters = q.currentRaters();
            // a person whose decisions on a trace differ across laptops: the cell says so instead of the later one
            java.util.Map<String, String> conflicted = new java.util.HashMap<>();
            conflicts = Conflicts.find(p);
            for (Conflicts.Conflict c : conflicts) {
                if (c.kind().equals("label")) {
                    conflicted.put(c.traceId() + '\u0000' + c.who(), "conflict: " + String.join(" | ", c.values()));
                }
            }
            List<String> header = new ArrayList<>(List.of("trace_id", "model", "task_id", "task_type"));
            raters.forEach(r -> header.add(r.column()));
            // every label source the workbench shows: each person's decisions, the ensemble and the final label,
            // read through the workbench's own table so that both say the same
            Derived derived = derived(p);
            header.addAll(derived.names());
            p.awaitCheckAlongside();
            if (format.is(OutputFormat.csv)) {
                out.println(Csv.line(header));
                int[] n = {0};
                q.labelRows(raters, row -> {
                    List<String> cells =
                            new ArrayList<>(List.of(row.traceId(), row.model(), row.taskKey(), row.taskType()));
                    row.labels()
                            .forEach((col, v) -> cells.add(
                                    conflicted.isEmpty() // no key to build for each of millions of cells
                                            ? v == null ? "" : v
                                            : conflicted.getOrDefault(
                                                    row.traceId() + '\u0000' + col, v == null ? "" : v)));
                    String[] more = derived.values().get(row.traceId());
                    for (int i = 0; i < derived.names().size(); i++) {
                        cells.add(more == null || more[i] == null ? "" : more[i]);
                    }
                    out.println(Csv.line(cells));
                    if (++n[0] % 2048 == 0) {
                        Output.check(out); // a closed pipe or full disk stops the listing here
                    }
                });
            } else {
                JsonGenerator g = Json.FACTORY.createGenerator(out);
                g.useDefaultPrettyPrinter();
                g.writeStartObject(); // the JSON convention (CliJson): schema, command, the rows under a name
                g.writeNumberField("schema", CliJson.SCHEMA);
                g.writeStringField("command", "labels");
                g.writeArrayFieldStart("rows");
                Exception[] failure = {null};
                var nullReasons = org.tracejudge.judges.JudgeAnswer.nullReasons(p);
                int[] n = {0};
                q.labelRows(raters, row -> {
                    try {
                        g.writeStartObject();
                        g.writeStringField("trace_id", row.traceId());
                        g.writeStringField("model", row.model());
                        g.writeStringField("task_id", row.taskKey());
                        g.writeStringField("task_type", row.taskType());
                        for (var e : row.labels().entrySet()) {
                            g.writeStringField(
                                    e.getKey(),
                                    conflicted.isEmpty()
                                            ? e.getValue()
                                            : conflicted.getOrDefault(
                                                    row.traceId() + '\u0000' + e.getKey(), e.getValue()));
                        }
                        String[] more = derived.values().get(row.traceId());
                        for (int i = 0; i < derived.names().size(); i++) {
                            g.writeStringField(derived.names().get(i), more == null ? null : more[i]);
                        }
                        var reasons = nullReasons.get(row.traceId());
                        if (reasons != null) {
                            // a null verdict: the column stays null and says why
                            g.writeObjectFieldStart("null_reasons");
                            for (var r : raters) {
                                if (reasons.containsKey(r.id())) {
                                    g.writeStringField(r.column(), reasons.get(r.id()));
                                }
                            }
                            g.writeEndObject();
                        }
                        g.writeEndObject();
                    } catch (java.io.IOException e) {
                        failure[0] = e;
                    }
                    if (++n[0] % 2048 == 0) {
                        Output.check(out);
                    }
                });
                if (failure[0] != null) {
                    throw failure[0];
                }
                g.writeEndArray();
                g.writeEndObject();
                g.flush();
                out.println();
            }
        }
        Output.check(out);
        if (!conflicts.isEmpty()) {
            var err = spec.commandLine().getErr();
            err.println("tracejudge: note: " + conflicts.size() + " conflicting decision"
                    + (conflicts.size() == 1 ? "" : "s")
                    + " (a person decided differently on two laptops); `tracejudge info` lists them");
            err.flush();
        }
        return 0;
    }

    /** The columns beyond the raters': {@code annotator:NAME} for each person, {@code ensemble}, {@code final}. */
    private record Derived(List<String> names, java.util.Map<String, String[]> values) {}

    private static Derived derived(Project p) {
        TraceTable table = new TraceTable(p, TraceTable.layout(p, null));
        List<TraceTable.Column> cols = table.layout().columns().stream()
                .filter(c -> c.kind() == TraceTable.Kind.HUMAN
                        || c.kind() == TraceTable.Kind.ENSEMBLE
                        || c.kind() == TraceTable.Kind.FINAL)
                .toList();
        List<String> names = cols.stream()
                .map(c -> c.kind() == TraceTable.Kind.HUMAN ? LabelSources.ANNOTATOR + c.ref() : c.key())
                .toList();
        java.util.Map<String, String[]> values = new java.util.HashMap<>();
        if (cols.isEmpty()) {
            return new Derived(names, values);
        }
        // the values the workbench's table shows, computed from one walk of the ledger and one of the decisions
        table.forEachLabelValues(cols.stream().map(TraceTable.Column::key).toList(), values::put);
        return new Derived(names, values);
    }
}
