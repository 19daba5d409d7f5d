package org.tracejudge.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command line: {@code tracejudge <command> ...}. Every command works without a display. */
@Command(name = "tracejudge", mixinStandardHelpOptions = true, versionProvider = TracejudgeCli.Version.class,
        description = "Judge what LLM agents did with their tools.",
        subcommands = {ImportCommand.class, InfoCommand.class, LabelsCommand.class, ExportCommand.class,
                ClassifyCommand.class, ExplainCommand.class, EnsembleCommand.class, MetricsCommand.class,
                CommandLine.HelpCommand.class})
public final class TracejudgeCli implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Runs the command line and returns the exit status. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new TracejudgeCli());
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            String msg = e.getMessage() == null ? e.toString() : e.getMessage();
            cmd.getErr().println("tracejudge: " + msg.replace('\n', ' '));
            cmd.getErr().flush();
            return 1;
        });
        cl.setParameterExceptionHandler((e, a) -> {
            String sub = e.getCommandLine().getCommandName();
            e.getCommandLine().getErr().println("tracejudge: " + e.getMessage().replace('\n', ' ')
                    + " (see: tracejudge " + ("tracejudge".equals(sub) ? "" : sub + " ") + "--help)");
            e.getCommandLine().getErr().flush();
            return 2;
        });
        int code = cl.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /** The version from the jar's manifest. */
    public static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = TracejudgeCli.class.getPackage().getImplementationVersion();
            return new String[] {"Tracejudge " + (v == null ? "(development build)" : v) + ", Java "
                    + System.getProperty("java.version")};
        }
    }
}
