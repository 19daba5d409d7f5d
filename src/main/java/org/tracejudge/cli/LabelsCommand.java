package org.tracejudge.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.tracejudge.csv.Csv;
import org.tracejudge.export.LabelsTable;
import org.tracejudge.json.Json;
import org.tracejudge.store.Conflicts;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
        name = "labels",
        description = "One row per trace: trace_id, model, task_id, task_type, then each rater's current label "
                + "(an LLM judge's column is its name and shows its current version's labels), each person's decision "
                + "(annotator:NAME), ensemble and final; then each person's rationale (rationale:NAME) and, when the "
                + "project has comments, flagged and comments. In JSON, a row with null verdicts has null_reasons: "
                + "{column: why}.")
final class LabelsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Mixin
    OutputFormat.CsvJson format;

    @picocli.CommandLine.Option(
            names = "--question",
            paramLabel = "KEY",
            split = ",",
            description = "The answers to questions of the project's own scheme instead: one column per question and "
                    + "rater (KEY:RATER), multiple choice as a|b, spans as JSON; --question all for every question. A "
                    + "question with a safety-critical option adds KEY:safety_review (settled, pending_second_expert, "
                    + "needs_adjudication, not_critical) and KEY:safety_settled (the answer that stands).")
    List<String> questions;

    @Override
    public Integer call() throws Exception {
        if (questions != null) {
            return answers();
        }
        PrintWriter out = spec.commandLine().getOut();
        List<Conflicts.Conflict> conflicts;
        // the file's check runs alongside the reading (Project.Check.ALONGSIDE); nothing is shown before it passed
        try (Project p =
                Project.open(project.path, Project.OpenOptions.existing().checkAlongside())) {
            LabelsTable table = LabelsTable.read(p);
            conflicts = table.conflicts();
            List<ProjectQueries.RaterSummary> raters = table.raters();
            p.awaitCheckAlongside();
            if (format.is(OutputFormat.csv)) {
                out.println(Csv.line(table.header()));
                int[] n = {0};
                table.rows(cells -> {
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
                new ProjectQueries(p).labelRows(raters, row -> {
                    try {
                        g.writeStartObject();
                        g.writeStringField("trace_id", row.traceId());
                        g.writeStringField("model", row.model());
                        g.writeStringField("task_id", row.taskKey());
                        g.writeStringField("task_type", row.taskType());
                        for (var e : row.labels().entrySet()) {
                            g.writeStringField(e.getKey(), table.cell(row.traceId(), e.getKey(), e.getValue()));
                        }
                        for (var e : table.derived(row.traceId()).entrySet()) {
                            g.writeStringField(e.getKey(), e.getValue());
                        }
                        for (var e : table.notes(row.traceId()).entrySet()) {
                            g.writeStringField(e.getKey(), e.getValue());
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

    /** The column of a safety-critical question's review status (settled, pending_second_expert, ...). */
    static final String SAFETY_REVIEW = "safety_review";

    /** The column of the answer that stands for a safety-critical question (empty until settled). */
    static final String SAFETY_SETTLED = "safety_settled";

    /**
     * {@code --question}: the current answers to the scheme's questions, one column per question and rater; a question
     * with a safety-critical option adds its review's status and the settled answer.
     */
    private int answers() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try (Project p =
                Project.open(project.path, Project.OpenOptions.existing().checkAlongside())) {
            org.tracejudge.store.SchemeVersions.Version v = p.read(org.tracejudge.store.SchemeVersions::current);
            if (v == null) {
                throw new picocli.CommandLine.ParameterException(
                        spec.commandLine(),
                        "--question: " + project + " has no scheme of its own; set one first (tracejudge scheme "
                                + project + " --set FILE)");
            }
            org.tracejudge.scheme.Scheme scheme =
                    org.tracejudge.scheme.SchemeFile.parse(v.body(), project + " scheme version " + v.version());
            List<String> keys = questions.contains("all") ? scheme.keys() : questions;
            java.util.Map<String, org.tracejudge.scheme.Question> byKey = new java.util.LinkedHashMap<>();
            for (String k : keys) {
                byKey.put(
                        k,
                        scheme.question(k)
                                .orElseThrow(() -> new picocli.CommandLine.ParameterException(
                                        spec.commandLine(),
                                        "--question: no question '" + k + "' in scheme " + scheme.name() + " version "
                                                + v.version() + "; its questions are "
                                                + String.join(", ", scheme.keys()))));
            }
            var raters = p.read(c -> org.tracejudge.store.Answers.raters(c, keys));
            // a question with a safety-critical option: where each trace's review stands and the answer that stands
            java.util.Map<String, java.util.Map<String, org.tracejudge.scheme.CriticalReview.Review>> reviews =
                    new java.util.LinkedHashMap<>();
            for (var q : byKey.values()) {
                if (org.tracejudge.scheme.CriticalReview.applies(q)) {
                    reviews.put(q.key(), org.tracejudge.safety.QuestionReview.reviews(p, q));
                }
            }
            List<String> header = new java.util.ArrayList<>(List.of("trace_id", "model", "task_id", "task_type"));
            raters.forEach((q, names) -> {
                names.forEach(n -> header.add(q + ":" + n));
                if (reviews.containsKey(q)) {
                    header.add(q + ":" + SAFETY_REVIEW);
                    header.add(q + ":" + SAFETY_SETTLED);
                }
            });
            boolean csv = format.is(OutputFormat.csv);
            JsonGenerator g = csv ? null : Json.FACTORY.createGenerator(out);
            if (csv) {
                out.println(Csv.line(header));
            } else {
                g.useDefaultPrettyPrinter();
                g.writeStartObject();
                g.writeNumberField("schema", CliJson.SCHEMA);
                g.writeStringField("command", "labels");
                g.writeStringField("scheme", scheme.name());
                g.writeNumberField("scheme_version", v.version());
                g.writeArrayFieldStart("rows");
            }
            Exception[] failure = {null};
            int[] n = {0};
            p.read(c -> {
                org.tracejudge.store.Answers.rows(c, keys, row -> {
                    try {
                        if (csv) {
                            List<String> cells = new java.util.ArrayList<>(
                                    List.of(row.traceId(), row.model(), row.taskKey(), row.taskType()));
                            raters.forEach((q, names) -> {
                                names.forEach(name -> {
                                    String json = row.answers().get(q).get(name);
                                    cells.add(
                                            json == null
                                                    ? ""
                                                    : org.tracejudge.scheme.Answer.parse(
                                                                    byKey.get(q).kind(), json)
                                                            .display());
                                });
                                if (reviews.containsKey(q)) {
                                    var r = reviews.get(q).get(row.traceId());
                                    cells.add(r == null ? "" : r.status().code());
                                    cells.add(
                                            r == null || r.settled() == null
                                                    ? ""
                                                    : r.settled().display());
                                }
                            });
                            out.println(Csv.line(cells));
                        } else {
                            g.writeStartObject();
                            g.writeStringField("trace_id", row.traceId());
                            g.writeStringField("model", row.model());
                            g.writeStringField("task_id", row.taskKey());
                            g.writeStringField("task_type", row.taskType());
                            for (var q : row.answers().entrySet()) {
                                for (var a : q.getValue().entrySet()) {
                                    g.writeFieldName(q.getKey() + ":" + a.getKey());
                                    g.writeRawValue(a.getValue());
                                }
                                var r = reviews.getOrDefault(q.getKey(), java.util.Map.of())
                                        .get(row.traceId());
                                if (r != null) {
                                    g.writeStringField(
                                            q.getKey() + ":" + SAFETY_REVIEW,
                                            r.status().code());
                                    g.writeFieldName(q.getKey() + ":" + SAFETY_SETTLED);
                                    if (r.settled() == null) {
                                        g.writeNull();
                                    } else {
                                        g.writeRawValue(r.settled().toJson());
                                    }
                                }
                            }
                            g.writeEndObject();
                        }
                    } catch (java.io.IOException e) {
                        failure[0] = e;
                    }
                    if (++n[0] % 2048 == 0) {
                        Output.check(out);
                    }
                });
                return null;
            });
            if (failure[0] != null) {
                throw failure[0];
            }
            if (!csv) {
                g.writeEndArray();
                g.writeEndObject();
                g.flush();
                out.println();
            }
        }
        Output.check(out);
        return TracejudgeCli.ExitCodes.OK;
    }
}
