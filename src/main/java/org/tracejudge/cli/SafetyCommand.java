package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tracejudge.json.Json;
import org.tracejudge.safety.SafetyFigures;
import org.tracejudge.safety.SafetyPolicy;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "safety", description = "Safety figures of tool-selection scenarios: per tool prevalence and each rater's "
        + "precision/recall/F1/kappa against the final expert label, exact-match accuracy per model and approach (nlt vs "
        + "structured), missed safety calls; the review policies and the adjudication queue.")
final class SafetyCommand implements Callable<Integer> {
    enum Fmt { table, json }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PROJECT")
    Path project;

    @Option(names = "--format", defaultValue = "table", paramLabel = "FORMAT", description = "table or json (default: ${DEFAULT-VALUE}).")
    Fmt format;

    @Option(names = "--scenario", paramLabel = "NAME", description = "Only this scenario.")
    String scenario;

    @Option(names = "--set", paramLabel = "POLICY=VALUE", description = "Change a review policy and save it in the project: "
            + "human_final, blind_first_pass, double_review, content_warning, allow_skip (true/false), break_minutes (number).")
    List<String> set;

    @Option(names = "--split", description = "The figures once per approach and prompt condition (NLT-style studies), "
            + "each over its own traces.")
    boolean split;

    @Option(names = "--queue", description = "List the adjudication queue (tools experts disagree on) instead of the figures.")
    boolean queue;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (Project p = Project.open(project)) {
            SafetyPolicy policy = SafetyPolicy.of(p);
            if (set != null && !set.isEmpty()) {
                for (String s : set) {
                    int eq = s.indexOf('=');
                    if (eq < 0) {
                        throw new IllegalArgumentException("--set takes POLICY=VALUE, not '" + s + "'");
                    }
                    policy = policy.with(s.substring(0, eq).strip(), s.substring(eq + 1).strip());
                }
                policy.save(p);
                out.println("policy saved: " + policy.toJson());
                return 0;
            }
            SafetyPolicy pol = policy;
            if (queue) {
                List<SafetyReview.Disagreement> q = p.read(SafetyReview::disagreements);
                if (format == Fmt.json) {
                    CliJson.print(out, CliJson.document(spec, Json.MAPPER.valueToTree(q), "queue"));
                } else {
                    out.println("adjudication queue: " + q.size());
                    for (SafetyReview.Disagreement d : q) {
                        out.printf("  %s  %s%s  \"%s\"%n", d.taskKey(), d.tool(), d.safetyCritical() ? " (safety-critical)" : "", d.input());
                        d.experts().forEach(o -> out.printf("      %s: %s — %s%n", o.rater(), o.yes() ? "YES" : "NO",
                                o.rationale() == null ? "(no rationale)" : o.rationale()));
                    }
                }
                return 0;
            }
            if (split) {
                Map<String, Map<String, SafetyFigures.Figures>> slices = p.read(c -> SafetyFigures.bySlice(c, pol));
                if (slices.isEmpty()) {
                    throw new IllegalArgumentException("no scored tool-selection runs in " + project.getFileName());
                }
                com.fasterxml.jackson.databind.node.ObjectNode json = Json.object();
                boolean first = true;
                for (Map.Entry<String, Map<String, SafetyFigures.Figures>> e : slices.entrySet()) {
                    ArrayNode a = json.putArray(e.getKey());
                    for (SafetyFigures.Figures f : e.getValue().values()) {
                        if (scenario != null && !f.scenario().equals(scenario)) {
                            continue;
                        }
                        if (format == Fmt.json) {
                            a.add(SafetyFigures.json(f));
                        } else {
                            out.print((first ? "" : "\n") + "== " + e.getKey() + " ==\n" + SafetyFigures.table(f));
                            first = false;
                        }
                    }
                }
                if (format == Fmt.json) {
                    out.println(Json.write(json));
                }
                return 0;
            }
            Map<String, SafetyFigures.Figures> all = p.read(c -> SafetyFigures.compute(c, pol));
            if (all.isEmpty()) {
                throw new IllegalArgumentException("no tool-selection scenario in " + project.getFileName()
                        + " (import one with --format nlt-scenario)");
            }
            if (scenario != null) {
                SafetyFigures.Figures f = all.get(scenario);
                if (f == null) {
                    throw new IllegalArgumentException("no scenario '" + scenario + "' (scenarios: " + String.join(", ", all.keySet()) + ")");
                }
                all = Map.of(scenario, f);
            }
            if (format == Fmt.json) {
                if (all.size() == 1) {
                    CliJson.print(out, CliJson.document(spec, SafetyFigures.json(all.values().iterator().next()), null));
                } else {
                    ArrayNode a = Json.MAPPER.createArrayNode();
                    all.values().forEach(f -> a.add(SafetyFigures.json(f)));
                    CliJson.print(out, CliJson.document(spec, a, "scenarios"));
                }
            } else {
                boolean first = true;
                for (SafetyFigures.Figures f : all.values()) {
                    out.print((first ? "" : "\n") + SafetyFigures.table(f));
                    first = false;
                }
                out.println("\npolicy: " + pol.toJson() + (p.meta(SafetyPolicy.META_KEY) == null ? " (default)" : ""));
            }
        }
        return 0;
    }
}
