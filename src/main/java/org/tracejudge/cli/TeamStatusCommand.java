package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.tracejudge.agreement.CohenResult;
import org.tracejudge.json.Json;
import org.tracejudge.store.Project;
import org.tracejudge.team.LocalTeam;
import org.tracejudge.team.TeamProgress;
import org.tracejudge.team.TeamSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
        name = "status",
        mixinStandardHelpOptions = true,
        description =
                "Sync state and progress per reviewer (assigned, done, open; for adjudicators "
                        + "the disagreements waiting), and reviewer-vs-reviewer agreement, from the synced file (works offline).")
final class TeamStatusCommand implements Callable<Integer> {
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
                o.put("hub_seq", p.meta(LocalTeam.PULL_SEQ) == null ? 0 : Long.parseLong(p.meta(LocalTeam.PULL_SEQ)));
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
