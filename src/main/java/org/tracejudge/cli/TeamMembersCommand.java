package org.tracejudge.cli;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.tracejudge.store.Project;
import org.tracejudge.team.Hub;
import org.tracejudge.team.LocalTeam;
import org.tracejudge.team.TeamSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "members",
        mixinStandardHelpOptions = true,
        description = "List the project's members; lead: --add a reviewer "
                + "(an existing login role, created by the database's administrator, bound to the name their decisions carry; "
                + "names compare without case), --remove one.")
final class TeamMembersCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Option(names = "--add", paramLabel = "ROLE", description = "PostgreSQL role of the person to add.")
    String add;

    @Option(names = "--person", paramLabel = "NAME", description = "With --add: the name their decisions carry.")
    String person;

    @Option(names = "--expert", description = "With --add: a domain expert (double review of safety-critical items).")
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
                        m.role(), m.person(), m.duty(), m.expert() ? " expert" : "", m.active() ? "" : " (removed)");
            }
        }
        return 0;
    }
}
