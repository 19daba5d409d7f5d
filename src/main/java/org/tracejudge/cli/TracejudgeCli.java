package org.tracejudge.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command line: {@code tracejudge <command> ...}. Every command works without a display. */
@Command(name = "tracejudge", mixinStandardHelpOptions = true, versionProvider = TracejudgeCli.Version.class,
        description = "Judge what LLM agents did with their tools.")
public final class TracejudgeCli implements Runnable {
    /**
     * Every command, in the order help lists them. Only the command being run is given to picocli
     * (help and errors get all of them): building picocli's model of every command costs a
     * noticeable part of a short command's start-up.
     */
    static final Map<String, Supplier<Object>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("import", ImportCommand::new);
        COMMANDS.put("info", InfoCommand::new);
        COMMANDS.put("labels", LabelsCommand::new);
        COMMANDS.put("export", ExportCommand::new);
        COMMANDS.put("classify", ClassifyCommand::new);
        COMMANDS.put("explain", ExplainCommand::new);
        COMMANDS.put("ensemble", EnsembleCommand::new);
        COMMANDS.put("metrics", MetricsCommand::new);
        COMMANDS.put("agreement", AgreementCommand::new);
        COMMANDS.put("judge", JudgeCommand::new);
        COMMANDS.put("safety", SafetyCommand::new);
        COMMANDS.put("team", TeamCommand::new);
        COMMANDS.put("rubrics", RubricsCommand::new);
        COMMANDS.put("selftest", SelftestCommand::new);
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Runs the command line and returns the exit status. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new TracejudgeCli());
        String first = args.length == 0 ? null : args[0];
        if (first != null && COMMANDS.containsKey(first)) {
            cl.addSubcommand(first, COMMANDS.get(first).get());
        } else {
            COMMANDS.forEach((name, make) -> cl.addSubcommand(name, make.get()));
            cl.addSubcommand("help", new CommandLine.HelpCommand());
        }
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
