package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.tracejudge.agreement.CohenResult;
import org.tracejudge.json.Json;
import org.tracejudge.safety.SafetyPolicy;
import org.tracejudge.selection.SelectionTraces;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;
import org.tracejudge.team.Assigner;
import org.tracejudge.team.Hub;
import org.tracejudge.team.HubAddress;
import org.tracejudge.team.LocalTeam;
import org.tracejudge.team.TeamProgress;
import org.tracejudge.team.TeamSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code team}: a project shared through a PostgreSQL hub. Passwords come from the environment or ~/.pgpass. */
@Command(
        name = "team",
        mixinStandardHelpOptions = true,
        description = "Team projects on a PostgreSQL hub: hub (its owner), init (lead), join "
                + "(reviewer), sync, status, members, assign. The password comes from " + HubAddress.PASSWORD_ENV
                + ", PGPASSWORD or ~/.pgpass "
                + "(PGPASSFILE names another), never "
                + "from the command line or the project file.",
        subcommands = {
            TeamCommand.HubSetup.class,
            TeamCommand.Init.class,
            TeamCommand.Join.class,
            TeamCommand.Sync.class,
            TeamCommand.Status.class,
            TeamCommand.Members.class,
            TeamCommand.Assign.class
        })
final class TeamCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(TerminalText.raw(spec.commandLine().getOut()));
    }

    static void printReport(PrintWriter out, TeamSync.Report r, OutputFormat format) {
        if (format == OutputFormat.json) {
            ObjectNode o = Json.object();
            o.put("pushed", r.pushed());
            o.put("pulled", r.pulled());
            o.put("kept_local", r.keptLocal());
            o.put("hub_seq", r.seq());
            o.put("clock_offset_ms", r.clockOffsetMillis());
            o.put("ms", r.millis());
            o.put("refused_by_hub", r.refusedByHub());
            o.put("quarantined", r.quarantined());
            o.put("tampered", r.tampered());
            out.println(o);
        } else {
            out.printf(
                    "pushed %d, pulled %d%s; hub at %d; %d ms%n",
                    r.pushed(),
                    r.pulled(),
                    r.keptLocal() > 0 ? ", " + r.keptLocal() + " kept local (not yours to publish)" : "",
                    r.seq(),
                    r.millis());
            warnings(out, r);
            if (Math.abs(r.clockOffsetMillis()) > 2000) {
                out.printf(
                        "note: this computer's clock is %.1f s %s the hub's; ledger times follow the hub's%n",
                        Math.abs(r.clockOffsetMillis()) / 1000.0, r.clockOffsetMillis() > 0 ? "behind" : "ahead of");
            }
        }
    }

    /** The problems of a sync, said loudly. */
    static void warnings(PrintWriter out, TeamSync.Report r) {
        if (r.tampered() > 0) {
            out.printf(
                    "WARNING: %d entr%s this laptop already had %s CHANGED OR REMOVED on the hub since it took them: "
                            + "someone stepped around the hub's rules. This laptop keeps what it took; see tracejudge team status "
                            + "and tell the hub's owner.%n",
                    r.tampered(), r.tampered() == 1 ? "y" : "ies", r.tampered() == 1 ? "was" : "were");
        }
        if (r.refusedByHub() > 0) {
            out.printf(
                    "warning: the hub refused %d of this laptop's entries (team status lists them and why); they stay "
                            + "on this laptop only%n",
                    r.refusedByHub());
        }
        if (r.quarantined() > 0) {
            out.printf(
                    "warning: %d hub entr%s could not be applied here and %s set aside (team status lists them); the "
                            + "sync went on%n",
                    r.quarantined(), r.quarantined() == 1 ? "y" : "ies", r.quarantined() == 1 ? "was" : "were");
        }
    }

    @Command(
            name = "hub",
            mixinStandardHelpOptions = true,
            description = "The hub's owner: create or upgrade the hub "
                    + "schema in the database (as the owner role, which owns it and is neither a lead nor a reviewer) and allow "
                    + "lead roles to create projects. Run again after an upgrade of Tracejudge.")
    static final class HubSetup implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(
                index = "0",
                paramLabel = "URL",
                description = "postgresql://[role@]host[:port]/database[?sslmode=verify-full]")
        String hub;

        @Option(
                names = "--user",
                paramLabel = "ROLE",
                description = "The owner role (default: from the URL, PGUSER, login name).")
        String user;

        @Option(
                names = "--lead",
                split = ",",
                paramLabel = "ROLE",
                description = "Roles allowed to create projects (leads).")
        List<String> leads;

        @Override
        public Integer call() throws SQLException {
            HubAddress a = HubAddress.parse(hub, user);
            Hub.setup(a, leads == null ? List.of() : leads);
            spec.commandLine()
                    .getOut()
                    .printf(
                            "hub schema %d ready at %s (owner %s)%s%n",
                            Hub.SCHEMA_VERSION,
                            a.url(),
                            a.user(),
                            leads == null || leads.isEmpty() ? "" : "; may lead projects: " + String.join(", ", leads));
            return 0;
        }
    }

    static TeamSync.Listener progress(PrintWriter err) {
        return (phase, done) -> {
            err.println("  " + phase + ": " + done);
            err.flush();
        };
    }

    @Command(
            name = "init",
            mixinStandardHelpOptions = true,
            description = "Lead: publish PROJECT to the hub (set up by its "
                    + "owner with team hub) and push everything in it. Refuses a role with SUPERUSER, CREATEROLE or BYPASSRLS. Run "
                    + "again to carry on after an interruption.")
    static final class Init implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ProjectFile project;

        @Option(
                names = "--hub",
                required = true,
                paramLabel = "URL",
                description = "postgresql://[role@]host[:port]/database[?sslmode=verify-full]")
        String hub;

        @Option(
                names = "--user",
                paramLabel = "ROLE",
                description = "PostgreSQL role (default: from the URL, PGUSER, login name).")
        String user;

        @Option(
                names = "--name",
                paramLabel = "NAME",
                description = "The project's name on the hub (default: its name).")
        String name;

        @Option(
                names = "--person",
                required = true,
                paramLabel = "NAME",
                description = "Your name as your decisions carry it (the workbench's annotator name).")
        String person;

        @Option(
                names = "--blind",
                description = "Reviewers see others' labels on an item only after committing their own.")
        boolean blind;

        @Mixin
        OutputFormat.TextJson format;

        @Override
        public Integer call() throws SQLException {
            HubAddress a = HubAddress.parse(hub, user);
            try (Project p = Project.open(project.path)) {
                TeamSync.Report r = TeamSync.init(
                        p, a, name, person, blind, progress(spec.commandLine().getErr()));
                PrintWriter out = spec.commandLine().getOut();
                if (format.is(OutputFormat.text)) {
                    out.println("published '" + p.meta(LocalTeam.PROJECT) + "' to " + a.url() + " as " + a.user());
                }
                printReport(out, r, format.format());
            }
            return 0;
        }
    }

    @Command(
            name = "join",
            mixinStandardHelpOptions = true,
            description = "Reviewer: the first pull of a team project into a new project file OUT. "
                    + "Run again on the same OUT to carry on after an interruption.")
    static final class Join implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(
                index = "0",
                paramLabel = "URL",
                description = "postgresql://[role@]host[:port]/database[?sslmode=verify-full]")
        String hub;

        @Parameters(index = "1", paramLabel = "OUT", description = "The new project file (.tjdb).")
        Path out;

        @Option(
                names = "--project",
                required = true,
                paramLabel = "NAME",
                description = "The project's name on the hub.")
        String name;

        @Option(
                names = "--user",
                paramLabel = "ROLE",
                description = "PostgreSQL role (default: from the URL, PGUSER, login name).")
        String user;

        @Override
        public Integer call() throws SQLException {
            HubAddress a = HubAddress.parse(hub, user);
            long t0 = System.nanoTime();
            try (Project p =
                    TeamSync.join(a, name, out, progress(spec.commandLine().getErr()))) {
                spec.commandLine()
                        .getOut()
                        .printf(
                                "joined '%s' as %s (%s): %s, %d ms%n",
                                name,
                                p.meta(LocalTeam.PERSON),
                                p.meta(LocalTeam.DUTY),
                                out,
                                (System.nanoTime() - t0) / 1_000_000);
            }
            return 0;
        }
    }

    @Command(
            name = "sync",
            mixinStandardHelpOptions = true,
            description = "Push this laptop's new decisions, then pull everyone else's. Idempotent; an "
                    + "interrupted sync carries on where it stopped.")
    static final class Sync implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ProjectFile project;

        @Mixin
        OutputFormat.TextJson format;

        @Option(
                names = "--verify-all",
                description = "Also check every entry this laptop has against the hub (a sync "
                        + "checks a rotating window of them).")
        boolean verifyAll;

        @Override
        public Integer call() throws SQLException {
            try (Project p = Project.open(project.path)) {
                TeamSync.Report r = TeamSync.sync(p, progress(spec.commandLine().getErr()));
                if (verifyAll) {
                    try (Hub hub = Hub.connect(TeamSync.address(p))) {
                        int more = TeamSync.verify(p, hub, p.meta(LocalTeam.PROJECT), true);
                        r = new TeamSync.Report(
                                r.pushed(),
                                r.pulled(),
                                r.keptLocal(),
                                r.seq(),
                                r.clockOffsetMillis(),
                                r.millis(),
                                r.refusedByHub(),
                                r.quarantined(),
                                r.tampered() + more);
                    }
                }
                printReport(spec.commandLine().getOut(), r, format.format());
                return r.tampered() > 0 ? 3 : 0;
            }
        }
    }

    @Command(
            name = "status",
            mixinStandardHelpOptions = true,
            description =
                    "Sync state and progress per reviewer (assigned, done, open; for adjudicators "
                            + "the disagreements waiting), and reviewer-vs-reviewer agreement, from the synced file (works offline).")
    static final class Status implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ProjectFile project;

        @Mixin
        OutputFormat.TextJson format;

        @Override
        public Integer call() {
            try (Project p = Project.open(project.path)) {
                TeamSync.address(p);
                long[] waiting = TeamSync.waiting(p);
                long[] problems = TeamSync.problems(p);
                List<TeamProgress.Reviewer> rs = p.read(TeamProgress::reviewers);
                List<String> people = new ArrayList<>();
                rs.forEach(r -> people.add(r.person()));
                List<CohenResult> kappas = p.read(c -> TeamProgress.agreement(c, people));
                PrintWriter out = spec.commandLine().getOut();
                if (format.json()) {
                    ObjectNode o = Json.object();
                    o.put("project", p.meta(LocalTeam.PROJECT));
                    o.put("hub", p.meta(LocalTeam.HUB));
                    o.put("user", p.meta(LocalTeam.USER));
                    o.put("person", p.meta(LocalTeam.PERSON));
                    o.put("duty", p.meta(LocalTeam.DUTY));
                    o.put("last_sync", p.meta(LocalTeam.LAST_SYNC));
                    o.put(
                            "hub_seq",
                            p.meta(LocalTeam.PULL_SEQ) == null ? 0 : Long.parseLong(p.meta(LocalTeam.PULL_SEQ)));
                    o.put("waiting", waiting[0]);
                    o.put("kept_local", waiting[1]);
                    o.put("refused_by_hub", problems[0]);
                    o.put("quarantined", problems[1]);
                    o.put("tampered", problems[2]);
                    ArrayNode tj = o.putArray("tamper_findings");
                    TeamSync.tamperFindings(p).forEach(tj::add);
                    ArrayNode a = o.putArray("reviewers");
                    for (TeamProgress.Reviewer r : rs) {
                        ObjectNode ro = a.addObject();
                        ro.put("person", r.person());
                        ro.put("assigned", r.assigned());
                        ro.put("done", r.done());
                        ro.put("open", r.open());
                        ro.put("skipped", r.skipped());
                        ro.put("to_adjudicate", r.toAdjudicate());
                        ro.put("adjudicated", r.adjudicated());
                    }
                    ArrayNode k = o.putArray("agreement");
                    for (CohenResult c : kappas) {
                        ObjectNode ko = k.addObject();
                        ko.put("a", c.raterA());
                        ko.put("b", c.raterB());
                        ko.put("n", c.n());
                        if (c.agreement() != null) {
                            ko.put("agreement", c.agreement());
                        }
                        if (c.kappa() != null) {
                            ko.put("kappa", c.kappa());
                        }
                    }
                    out.println(o);
                    return 0;
                }
                out.printf(
                        "team project '%s' on %s as %s (%s, %s)%n",
                        p.meta(LocalTeam.PROJECT),
                        p.meta(LocalTeam.HUB),
                        p.meta(LocalTeam.USER),
                        p.meta(LocalTeam.PERSON),
                        p.meta(LocalTeam.DUTY));
                out.printf(
                        "last sync: %s; %s; hub seq %s%n",
                        p.meta(LocalTeam.LAST_SYNC) == null ? "never" : p.meta(LocalTeam.LAST_SYNC),
                        waiting[0] == 0 ? "nothing waiting to push" : waiting[0] + " waiting to push",
                        p.meta(LocalTeam.PULL_SEQ) == null ? "0" : p.meta(LocalTeam.PULL_SEQ));
                for (String line : TeamSync.tamperFindings(p)) {
                    out.println("WARNING: TAMPERED: " + line);
                }
                if (problems[0] > 0) {
                    out.printf("warning: %d of this laptop's entries were refused by the hub:%n", problems[0]);
                    TeamSync.rejections(p).forEach(l -> out.println("  " + l));
                }
                if (problems[1] > 0) {
                    out.printf("warning: %d hub entries could not be applied here (set aside):%n", problems[1]);
                    TeamSync.quarantine(p).forEach(l -> out.println("  " + l));
                }
                if (rs.isEmpty()) {
                    out.println("no assignments yet (lead: tracejudge team assign)");
                } else {
                    out.printf(
                            "%-24s %8s %6s %6s %7s %14s %11s%n",
                            "reviewer", "assigned", "done", "open", "skipped", "to adjudicate", "adjudicated");
                    for (TeamProgress.Reviewer r : rs) {
                        out.printf(
                                "%-24s %8d %6d %6d %7d %14d %11d%n",
                                r.person(),
                                r.assigned(),
                                r.done(),
                                r.open(),
                                r.skipped(),
                                r.toAdjudicate(),
                                r.adjudicated());
                    }
                }
                for (CohenResult c : kappas) {
                    if (c.n() > 0) {
                        out.printf(
                                "agreement %s vs %s: n=%d, observed %s, kappa %s%n",
                                c.raterA(),
                                c.raterB(),
                                c.n(),
                                c.agreement() == null ? "n/a" : String.format("%.3f", c.agreement()),
                                c.kappa() == null ? "n/a" : String.format("%.3f", c.kappa()));
                    }
                }
            }
            return 0;
        }
    }

    @Command(
            name = "members",
            mixinStandardHelpOptions = true,
            description = "List the project's members; lead: --add a reviewer "
                    + "(an existing login role, created by the database's administrator, bound to the name their decisions carry; "
                    + "names compare without case), --remove one.")
    static final class Members implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ProjectFile project;

        @Option(names = "--add", paramLabel = "ROLE", description = "PostgreSQL role of the person to add.")
        String add;

        @Option(names = "--person", paramLabel = "NAME", description = "With --add: the name their decisions carry.")
        String person;

        @Option(
                names = "--expert",
                description = "With --add: a domain expert (double review of safety-critical items).")
        boolean expert;

        @Option(names = "--remove", paramLabel = "ROLE", description = "Role to remove (their entries stay).")
        String remove;

        @Override
        public Integer call() throws SQLException {
            try (Project p = Project.open(project.path);
                    Hub hub = Hub.connect(TeamSync.address(p))) {
                String name = p.meta(LocalTeam.PROJECT);
                PrintWriter out = spec.commandLine().getOut();
                if (add != null) {
                    hub.addMember(name, add, person, expert);
                    out.println("added " + add + " (" + person + (expert ? ", expert" : "") + ")");
                }
                if (remove != null) {
                    if (!hub.removeMember(name, remove)) {
                        spec.commandLine()
                                .getErr()
                                .println("tracejudge: " + remove + " is not a reviewer of '" + name + "'");
                        return 1;
                    }
                    out.println("removed " + remove);
                }
                for (Hub.Member m : hub.members(name)) {
                    out.printf(
                            "%-20s %-24s %-8s%s%s%n",
                            m.role(),
                            m.person(),
                            m.duty(),
                            m.expert() ? " expert" : "",
                            m.active() ? "" : " (removed)");
                }
            }
            return 0;
        }
    }

    @Command(
            name = "assign",
            mixinStandardHelpOptions = true,
            description = "Lead: hand out the items of a filter to named reviewers, each item to exactly "
                    + "--overlap of them, balanced, reproducible with --seed. Under the double-review policy, safety-critical "
                    + "items go to two different experts and an adjudicator who is neither. Items already assigned are skipped. "
                    + "Pushes the assignments at once.")
    static final class Assign implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ProjectFile project;

        @Option(names = "--to", split = ",", paramLabel = "PERSON", description = "Reviewers (their names or roles).")
        List<String> to;

        @Option(
                names = "--overlap",
                defaultValue = "1",
                paramLabel = "K",
                description = "Reviewers per item (default 1).")
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

        @Option(
                names = "--search",
                paramLabel = "TEXT",
                description = "Only rows with this text in the message or answer.")
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
                List<String> ids = p.read(c -> new TraceTable(p, TraceTable.layout(p, p.meta(LocalTeam.PERSON)))
                        .ids(f, TraceTable.Sort.DEFAULT));
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
                        throw new picocli.CommandLine.ParameterException(
                                spec.commandLine(), "--to: name the reviewers");
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
                printReport(out, TeamSync.sync(p, hub, TeamSync.QUIET), OutputFormat.text);
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
}
