package org.tracejudge.cli;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.tracejudge.store.Project;
import org.tracejudge.team.HubAddress;
import org.tracejudge.team.LocalTeam;
import org.tracejudge.team.TeamSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "init",
        mixinStandardHelpOptions = true,
        description = "Lead: publish PROJECT to the hub (set up by its "
                + "owner with team hub) and push everything in it. Refuses a role with SUPERUSER, CREATEROLE or BYPASSRLS. Run "
                + "again to carry on after an interruption.")
final class TeamInitCommand implements Callable<Integer> {
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

    @Option(names = "--name", paramLabel = "NAME", description = "The project's name on the hub (default: its name).")
    String name;

    @Option(
            names = "--person",
            required = true,
            paramLabel = "NAME",
            description = "Your name as your decisions carry it (the workbench's annotator name).")
    String person;

    @Option(names = "--blind", description = "Reviewers see others' labels on an item only after committing their own.")
    boolean blind;

    @Mixin
    OutputFormat.TextJson format;

    @Override
    public Integer call() throws SQLException {
        HubAddress a = HubAddress.parse(hub, user);
        try (Project p = Project.open(project.path)) {
            TeamSync.Report r = TeamSync.init(
                    p,
                    a,
                    name,
                    person,
                    blind,
                    TeamCommand.progress(spec.commandLine().getErr()));
            PrintWriter out = spec.commandLine().getOut();
            if (format.is(OutputFormat.text)) {
                out.println("published '" + p.meta(LocalTeam.PROJECT) + "' to " + a.url() + " as " + a.user());
            }
            TeamCommand.printReport(out, r, format.format());
        }
        return 0;
    }
}
