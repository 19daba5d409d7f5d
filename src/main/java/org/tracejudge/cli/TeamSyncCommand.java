package org.tracejudge.cli;

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
        name = "sync",
        mixinStandardHelpOptions = true,
        description = "Push this laptop's new decisions, then pull everyone else's. Idempotent; an "
                + "interrupted sync carries on where it stopped.")
final class TeamSyncCommand implements Callable<Integer> {
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
            TeamSync.Report r =
                    TeamSync.sync(p, TeamCommand.progress(spec.commandLine().getErr()));
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
            TeamCommand.printReport(spec.commandLine().getOut(), r, format.format());
            return r.tampered() > 0 ? 3 : 0;
        }
    }
}
