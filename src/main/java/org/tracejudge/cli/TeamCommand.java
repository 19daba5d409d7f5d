package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import org.tracejudge.json.Json;
import org.tracejudge.team.HubAddress;
import org.tracejudge.team.TeamSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
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
            TeamHubCommand.class,
            TeamInitCommand.class,
            TeamJoinCommand.class,
            TeamSyncCommand.class,
            TeamStatusCommand.class,
            TeamMembersCommand.class,
            TeamAssignCommand.class
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

    static TeamSync.Listener progress(PrintWriter err) {
        return (phase, done) -> {
            err.println("  " + phase + ": " + done);
            err.flush();
        };
    }
}
