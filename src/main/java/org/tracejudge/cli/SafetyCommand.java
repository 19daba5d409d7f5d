package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tracejudge.json.Json;
import org.tracejudge.safety.SafetyFigures;
import org.tracejudge.safety.SafetyPolicy;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.store.Project;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "safety",
        description = "Safety figures of tool-selection scenarios: per tool prevalence and each rater's "
                + "precision/recall/F1/kappa against the final expert label, exact-match accuracy per model and approach (nlt vs "
                + "structured), missed safety calls; the review policies and the adjudication queue.")
final class SafetyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Mixin
    OutputFormat.TableJson format;

    @Option(names = "--scenario", paramLabel = "NAME", description = "Only this scenario.")
    String scenario;

    @Option(
            names = "--set",
            paramLabel = "POLICY=VALUE",
            description =
                    "Change a review policy and save it in the project: "
                            + "human_final, blind_first_pass, double_review, content_warning, allow_skip (true/false), break_minutes (number).")
    List<String> set;

    @Option(
            names = "--split",
            description = "The figures once per approach and prompt condition (NLT-style studies), "
                    + "each over its own traces.")
    boolean split;

    @Option(
            names = "--queue",
            description = "List the adjudication queue (tools experts disagree on) instead of the figures.")
    boolean queue;

    @Option(
            names = "--decide",
            paramLabel = "INPUT",
            description = "Record an expert's per-tool decision on an input "
                    + "(its key, e.g. lantern/4, or the id of one of its runs), on every run of it: --tool for each tool decided "
                    + "(every safety-critical tool must be), --expert, --rationale. A later call is a revision.")
    String decide;

    @Option(
            names = "--adjudicate",
            paramLabel = "INPUT",
            description =
                    "Record an adjudicator's decision on tools of an "
                            + "input (the queue: --queue): --tool for each, --expert (not one of the experts who decided them), --rationale.")
    String adjudicate;

    @Option(
            names = "--tool",
            paramLabel = "NAME=yes|no",
            description = "A tool's decision, for --decide or --adjudicate " + "(repeat the option for several tools).")
    List<String> tool;

    @Option(
            names = "--expert",
            paramLabel = "NAME",
            description = "Who decides. On a team project it is your hub "
                    + "identity (the default there); another name is refused.")
    String expert;

    @Option(
            names = "--rationale",
            paramLabel = "TEXT",
            description = "Why (an adjudication needs one; so does every NO on a " + "safety-critical tool).")
    String rationale;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (decide != null && adjudicate != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--decide and --adjudicate go one at a time");
        }
        if (tool != null && decide == null && adjudicate == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--tool goes with --decide or --adjudicate");
        }
        try (Project p = Project.open(project.path)) {
            if (decide != null || adjudicate != null) {
                return record(p, out);
            }
            SafetyPolicy policy = SafetyPolicy.of(p);
            if (set != null && !set.isEmpty()) {
                for (String s : set) {
                    int eq = s.indexOf('=');
                    if (eq < 0) {
                        throw new CommandLine.ParameterException(
                                spec.commandLine(), "--set takes POLICY=VALUE, not '" + s + "'");
                    }
                    try {
                        policy = policy.with(
                                s.substring(0, eq).strip(), s.substring(eq + 1).strip());
                    } catch (IllegalArgumentException e) {
                        // nothing is saved before every --set was read: a bad one is a usage error
                        throw new CommandLine.ParameterException(spec.commandLine(), "--set: " + e.getMessage());
                    }
                }
                policy.save(p);
                out.println("policy saved: " + policy.toJson());
                return 0;
            }
            SafetyPolicy pol = policy;
            if (queue) {
                // under the team's blind policy only an item's adjudicator is shown the experts' labels
                List<SafetyReview.Disagreement> q = p.read(c -> SafetyReview.visibleTo(
                        c, SafetyReview.disagreements(c), org.tracejudge.team.LocalTeam.blindExceptAdjudicating(c)));
                if (format.json()) {
                    CliJson.print(out, CliJson.document(spec, Json.MAPPER.valueToTree(q), "queue"));
                } else {
                    out.println("adjudication queue: " + q.size());
                    for (SafetyReview.Disagreement d : q) {
                        out.printf(
                                "  %s  %s%s  \"%s\"%n",
                                d.taskKey(), d.tool(), d.safetyCritical() ? " (safety-critical)" : "", d.input());
                        if (d.experts().isEmpty()) {
                            out.println("      (the experts' labels are shown to its adjudicator only: blind policy)");
                        }
                        d.experts()
                                .forEach(o -> out.printf(
                                        "      %s: %s — %s%n",
                                        o.rater(),
                                        o.yes() ? "YES" : "NO",
                                        o.rationale() == null ? "(no rationale)" : o.rationale()));
                    }
                }
                return 0;
            }
            if (split) {
                Map<String, Map<String, SafetyFigures.Figures>> slices = p.read(c -> SafetyFigures.bySlice(c, pol));
                if (slices.isEmpty()) {
                    throw new IllegalArgumentException(
                            "no scored tool-selection runs in " + project.path.getFileName());
                }
                com.fasterxml.jackson.databind.node.ObjectNode json = Json.object();
                boolean first = true;
                for (Map.Entry<String, Map<String, SafetyFigures.Figures>> e : slices.entrySet()) {
                    ArrayNode a = json.putArray(e.getKey());
                    for (SafetyFigures.Figures f : e.getValue().values()) {
                        if (scenario != null && !f.scenario().equals(scenario)) {
                            continue;
                        }
                        if (format.json()) {
                            a.add(SafetyFigures.json(f));
                        } else {
                            out.print((first ? "" : "\n") + "== " + e.getKey() + " ==\n" + SafetyFigures.table(f));
                            first = false;
                        }
                    }
                }
                if (format.json()) {
                    out.println(Json.write(json));
                }
                return 0;
            }
            Map<String, SafetyFigures.Figures> all = p.read(c -> SafetyFigures.compute(c, pol));
            if (all.isEmpty()) {
                throw new IllegalArgumentException("no tool-selection scenario in " + project.path.getFileName()
                        + " (import one with --format nlt-scenario)");
            }
            if (scenario != null) {
                SafetyFigures.Figures f = all.get(scenario);
                if (f == null) {
                    throw new IllegalArgumentException(
                            "no scenario '" + scenario + "' (scenarios: " + String.join(", ", all.keySet()) + ")");
                }
                all = Map.of(scenario, f);
            }
            if (format.json()) {
                if (all.size() == 1) {
                    CliJson.print(
                            out,
                            CliJson.document(
                                    spec,
                                    SafetyFigures.json(all.values().iterator().next()),
                                    null));
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

    /** --decide / --adjudicate: one expert's (or adjudicator's) per-tool decision on one input, committed at once. */
    private int record(Project p, PrintWriter out) {
        String input = decide != null ? decide : adjudicate;
        String option = decide != null ? "--decide" : "--adjudicate";
        if (tool == null || tool.isEmpty()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), option + " needs --tool NAME=yes|no for each tool decided");
        }
        Map<String, Boolean> perTool = new java.util.LinkedHashMap<>();
        for (String t : tool) {
            int eq = t.lastIndexOf('=');
            String v = eq < 0 ? "" : t.substring(eq + 1).strip().toLowerCase(java.util.Locale.ROOT);
            if (eq <= 0 || !(v.equals("yes") || v.equals("no"))) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--tool takes NAME=yes or NAME=no, not '" + t + "'");
            }
            if (perTool.put(t.substring(0, eq).strip(), v.equals("yes")) != null) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--tool " + t.substring(0, eq).strip() + " is given twice");
            }
        }
        String person = p.meta(org.tracejudge.team.LocalTeam.PERSON);
        String who = expert == null ? null : expert.strip();
        if (person != null) {
            if (who != null && !who.equalsIgnoreCase(person)) {
                throw new IllegalArgumentException(project.path.getFileName() + " is a team project joined as " + person
                        + ": decisions are recorded under that name only (the hub refuses any other)");
            }
            who = person;
        }
        if (who == null || who.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + " needs --expert NAME (who decides)");
        }
        SafetyReview.Input in = p.read(c -> SafetyReview.inputs(c)).stream()
                .filter(i -> i.key().equals(input)
                        || i.runs().stream().anyMatch(r -> r.traceId().equals(input)))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no tool-selection input '" + input + "' in "
                        + project.path.getFileName()
                        + " (an input key such as lantern/4, or a trace id; the keys: safety --queue "
                        + "or labels)"));
        List<String> ids = decide != null
                ? SafetyReview.label(
                        p,
                        in.firstTrace(),
                        org.tracejudge.safety.Expert.of(
                                who,
                                who,
                                person != null
                                        ? org.tracejudge.safety.Expert.TEAM
                                        : org.tracejudge.safety.Expert.WORKBENCH),
                        perTool,
                        rationale)
                : SafetyReview.adjudicate(p, in.firstTrace(), who, perTool, rationale);
        String what = (decide != null ? "decision of " : "adjudication by ") + who + " on " + in.key();
        if (format.json()) {
            com.fasterxml.jackson.databind.node.ObjectNode o = Json.object();
            o.put("input", in.key());
            o.put(decide != null ? "expert" : "adjudicator", who);
            com.fasterxml.jackson.databind.node.ObjectNode tools = o.putObject("tools");
            perTool.forEach(tools::put);
            o.put("entries", ids.size());
            CliJson.print(out, CliJson.document(spec, o, null));
        } else {
            StringBuilder t = new StringBuilder();
            perTool.forEach((k, v) ->
                    t.append(t.length() == 0 ? "" : ", ").append(k).append(' ').append(v ? "YES" : "NO"));
            out.printf(
                    "recorded the %s: %s (%d runs)%s%n",
                    what, t, ids.size(), person != null ? "; `team sync` sends it to the hub" : "");
        }
        return 0;
    }
}
