package org.tracejudge.cli;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.tracejudge.safety.SafetyPolicy;
import org.tracejudge.selection.SelectionTraces;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;
import org.tracejudge.team.Assigner;
import org.tracejudge.team.Hub;
import org.tracejudge.team.LocalTeam;
import org.tracejudge.team.TeamSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "assign",
        mixinStandardHelpOptions = true,
        description = "Lead: hand out the items of a filter to named reviewers, each item to exactly "
                + "--overlap of them, balanced, reproducible with --seed. Under the double-review policy, safety-critical "
                + "items go to two different experts and an adjudicator who is neither. Items already assigned are skipped. "
                + "Pushes the assignments at once.")
final class TeamAssignCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Option(names = "--to", split = ",", paramLabel = "PERSON", description = "Reviewers (their names or roles).")
    List<String> to;

    @Option(names = "--overlap", defaultValue = "1", paramLabel = "K", description = "Reviewers per item (default 1).")
    int overlap;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N", description = "Seed of the draw (default 1).")
    long seed;

    @Option(
            names = "--show",
            paramLabel = "FILTER",
            description = "A quick filter: all, disagree, rule_vs_judges, judges_split, pending, calibration (the "
                    + "traces of the lead's calibration samples: tracejudge sample) (default all).")
    String show;

    @Option(
            names = "--where",
            paramLabel = "COLUMN=VALUE",
            description = "Only rows whose column has this value "
                    + "(columns as in the workbench: model, domain, task, type, a rater's name...).")
    List<String> where;

    @Option(names = "--search", paramLabel = "TEXT", description = "Only rows with this text in the message or answer.")
    String search;

    @Option(
            names = "--adjudicators",
            split = ",",
            paramLabel = "PERSON",
            description = "Who may adjudicate double-review disagreements (default: every expert and the lead).")
    List<String> adjudicators;

    @Override
    public Integer call() throws SQLException {
        PrintWriter out = spec.commandLine().getOut();
        try (Project p = Project.open(project.path);
                Hub hub = Hub.connect(TeamSync.address(p))) {
            String name = p.meta(LocalTeam.PROJECT);
            if (!"lead".equals(p.meta(LocalTeam.DUTY))) {
                throw new IllegalArgumentException("only the lead assigns work");
            }
            Map<String, Hub.Member> byName = new LinkedHashMap<>();
            for (Hub.Member m : hub.members(name)) {
                if (m.active()) {
                    byName.put(m.person(), m);
                    byName.put(m.role(), m);
                }
            }
            List<String> reviewers = new ArrayList<>();
            for (String r : to == null ? List.<String>of() : to) {
                Hub.Member m = byName.get(r.strip());
                if (m == null) {
                    throw new IllegalArgumentException("'" + r + "' is not a member of '" + name
                            + "' (see: tracejudge team members " + project + ")");
                }
                reviewers.add(m.person());
            }
            TraceTable.Filter f = filter();
            List<String> ids = p.read(c ->
                    new TraceTable(p, TraceTable.layout(p, p.meta(LocalTeam.PERSON))).ids(f, TraceTable.Sort.DEFAULT));
            Set<String> already = p.read(Assigner::assigned);
            List<String> fresh =
                    ids.stream().filter(id -> !already.contains(id)).toList();
            SafetyPolicy policy = SafetyPolicy.of(p);
            Set<String> critical = new java.util.HashSet<>();
            List<SelectionTraces.Item> selection = p.read(SelectionTraces::all);
            if (policy.doubleReview()) {
                for (SelectionTraces.Item it : selection) {
                    if (it.scenario() != null && it.scenario().hasSafetyCriticalTools()) {
                        critical.add(it.traceId());
                    }
                }
            }
            List<String> safety = fresh.stream().filter(critical::contains).toList();
            List<String> plain =
                    fresh.stream().filter(id -> !critical.contains(id)).toList();
            List<Assigner.Assignment> plan = new ArrayList<>();
            if (!plain.isEmpty()) {
                if (reviewers.isEmpty()) {
                    throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--to: name the reviewers");
                }
                // the runs of one tool-selection input go to the same reviewers (it is decided once per input);
                // any other trace is a group of its own
                Map<String, String> inputOf = new java.util.HashMap<>();
                selection.forEach(it -> inputOf.put(it.traceId(), it.taskKey()));
                Map<String, List<String>> groups = new java.util.LinkedHashMap<>();
                for (String id : plain) {
                    String input = inputOf.get(id);
                    groups.computeIfAbsent(input == null ? id : "input:" + input, k -> new ArrayList<>())
                            .add(id);
                }
                plan.addAll(Assigner.expand(
                        Assigner.overlap(new ArrayList<>(groups.keySet()), reviewers, overlap, seed), groups));
            }
            if (!safety.isEmpty()) {
                List<String> experts = new ArrayList<>();
                List<String> pool = new ArrayList<>();
                for (Hub.Member m : hub.members(name)) {
                    if (m.active() && m.expert() && (reviewers.isEmpty() || reviewers.contains(m.person()))) {
                        experts.add(m.person());
                    }
                    if (m.active() && (m.expert() || "lead".equals(m.duty()))) {
                        pool.add(m.person());
                    }
                }
                if (adjudicators != null) {
                    pool = new ArrayList<>();
                    for (String a : adjudicators) {
                        Hub.Member m = byName.get(a.strip());
                        if (m == null) {
                            throw new picocli.CommandLine.ParameterException(
                                    spec.commandLine(), "--adjudicators: '" + a + "' is not a member");
                        }
                        pool.add(m.person());
                    }
                }
                // one safety item = one input with all its runs (the safety review decides per input)
                Map<String, List<String>> runsOf = new java.util.TreeMap<>();
                Set<String> chosen = new java.util.HashSet<>(safety);
                for (SelectionTraces.Item it : selection) {
                    if (chosen.contains(it.traceId())) {
                        runsOf.computeIfAbsent(it.taskKey(), k -> new ArrayList<>())
                                .add(it.traceId());
                    }
                }
                plan.addAll(Assigner.expand(
                        Assigner.doubleReview(new ArrayList<>(runsOf.keySet()), experts, pool, seed), runsOf));
            }
            int added = p.write(c -> Assigner.save(c, plan, p.meta(LocalTeam.PERSON)));
            out.printf(
                    "%d items (%d already assigned, %d safety-critical under double review): %d assignments%n",
                    ids.size(), ids.size() - fresh.size(), safety.size(), added);
            Assigner.loads(plan).forEach((who, n) -> out.printf("  %-28s %d%n", who, n));
            TeamCommand.printReport(out, TeamSync.sync(p, hub, TeamSync.QUIET), OutputFormat.text);
        }
        return 0;
    }

    private TraceTable.Filter filter() {
        TraceTable.Filter f = TraceTable.Filter.NONE;
        if (show != null) {
            try {
                f = f.withShow(TraceTable.Show.valueOf(show.strip().toUpperCase(java.util.Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.ParameterException(
                        spec.commandLine(),
                        "--show '" + show + "': one of all, disagree, rule_vs_judges, "
                                + "judges_split, pending, calibration");
            }
        }
        for (String w : where == null ? List.<String>of() : where) {
            int eq = w.indexOf('=');
            if (eq <= 0) {
                throw new picocli.CommandLine.ParameterException(
                        spec.commandLine(), "--where takes COLUMN=VALUE, not '" + w + "'");
            }
            f = f.with(w.substring(0, eq).strip(), w.substring(eq + 1).strip());
        }
        if (search != null) {
            f = f.withSearch(search);
        }
        return f;
    }
}
