package org.tracejudge.cli;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Callable;
import org.tracejudge.team.Hub;
import org.tracejudge.team.HubAddress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "hub",
        mixinStandardHelpOptions = true,
        description = "The hub's owner: create or upgrade the hub "
                + "schema in the database (as the owner role, which owns it and is neither a lead nor a reviewer) and allow "
                + "lead roles to create projects. Run again after an upgrade of Tracejudge.")
final class TeamHubCommand implements Callable<Integer> {
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
