package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.concurrent.Callable;
import org.tracejudge.store.Conflicts;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "info", description = "What a project holds: tasks, traces, models, raters.")
final class InfoCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Mixin
    OutputFormat.TextJson format;

    @Override
    public Integer call() {
        try (Project p =
                Project.open(project.path, Project.OpenOptions.existing().checkAlongside())) {
            ProjectQueries.Summary s = new ProjectQueries(p).summary();
            List<Conflicts.Conflict> conflicts = Conflicts.find(p);
            p.awaitCheckAlongside(); // nothing read from a damaged file is shown
            var out = spec.commandLine().getOut();
            if (format.json()) {
                ObjectNode o = CliJson.document(spec);
                o.put("name", s.name());
                o.put("tasks", s.tasks());
                o.put("traces", s.traces());
                ArrayNode models = o.putArray("models");
                s.models().forEach(models::add);
                ArrayNode raters = o.putArray("raters");
                for (ProjectQueries.RaterSummary r : s.raters()) {
                    ObjectNode ro = raters.addObject();
                    ro.put("name", r.name());
                    ro.put("kind", r.kind().code());
                    if (!r.version().isEmpty()) {
                        ro.put("version", r.version());
                    }
                    ro.put("labels", r.labels());
                }
                ArrayNode cs = o.putArray("conflicts");
                for (Conflicts.Conflict c : conflicts) {
                    CliJson.conflict(cs, c);
                }
                out.println(o.toPrettyString());
            } else {
                out.println("Project: " + s.name() + "  (" + p.file() + ")");
                out.println("Tasks:   " + s.tasks());
                out.println("Traces:  " + s.traces());
                out.println("Models:  " + models(s.models()));
                out.println("Raters:" + (s.raters().isEmpty() ? "  none" : ""));
                for (ProjectQueries.RaterSummary r : s.raters()) {
                    out.printf(
                            "  %-28s %-10s %6d labels%n",
                            r.qualified(), r.kind().code(), r.labels());
                }
                out.println(
                        "Conflicts: "
                                + (conflicts.isEmpty()
                                        ? "none"
                                        : conflicts.size()
                                                + " (a person decided differently on two laptops; not settled by the later clock)"));
                conflicts.forEach(c -> out.println("  " + c.describe()));
            }
        }
        return 0;
    }

    /** Models shown by name in the text form; more are counted (a project of 1,000 runs is one line, not 30 KB). */
    static final int MODELS_SHOWN = 12;

    /** {@code a, b, c}, or with more than {@link #MODELS_SHOWN}: the first ones, and how many more and where they are. */
    static String models(java.util.List<String> models) {
        if (models.isEmpty()) {
            return "none";
        }
        if (models.size() <= MODELS_SHOWN) {
            return String.join(", ", models);
        }
        return String.format(
                java.util.Locale.ROOT,
                "%,d: %s, … and %,d more (info --format json lists every one)",
                models.size(),
                String.join(", ", models.subList(0, MODELS_SHOWN)),
                models.size() - MODELS_SHOWN);
    }
}
