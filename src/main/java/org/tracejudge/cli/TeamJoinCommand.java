package org.tracejudge.cli;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.tracejudge.store.Project;
import org.tracejudge.team.HubAddress;
import org.tracejudge.team.LocalTeam;
import org.tracejudge.team.TeamSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "join",
        mixinStandardHelpOptions = true,
        description = "Reviewer: the first pull of a team project into a new project file OUT. "
                + "Run again on the same OUT to carry on after an interruption.")
final class TeamJoinCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(
            index = "0",
            paramLabel = "URL",
            description = "postgresql://[role@]host[:port]/database[?sslmode=verify-full]")
    String hub;

    @Parameters(index = "1", paramLabel = "OUT", description = "The new project file (.tjdb).")
    Path out;

    @Option(names = "--project", required = true, paramLabel = "NAME", description = "The project's name on the hub.")
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
        try (Project p = TeamSync.join(
                a, name, out, TeamCommand.progress(spec.commandLine().getErr()))) {
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
