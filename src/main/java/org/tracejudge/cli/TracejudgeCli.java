package org.tracejudge.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The command line: {@code tracejudge <command> ...}. Every command works without a display.
 *
 * <p>What every command shares comes from here, so a new command gets it by being registered in
 * {@link #COMMANDS}: the {@code @Command} attributes below have {@code scope = INHERIT} (so every
 * subcommand has {@code -h/--help}, {@code -V/--version} and the exit-code list in its help), and
 * {@code -q}/{@code -v} are inherited options (read them with {@link #verbosity}). Parsing is
 * case-insensitive for enum values, mistyped commands and options get suggestions, and usage errors
 * exit 2 (see {@link ExitCodes}).
 */
@Command(
        name = "tracejudge",
        scope = ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        versionProvider = TracejudgeCli.Version.class,
        usageHelpAutoWidth = true,
        description = "Judge what LLM agents did with their tools.",
        footerHeading = "%n",
        footer = {
            "Run 'tracejudge COMMAND --help' for a command's options. With no arguments "
                    + "(or just a project file) tracejudge opens the workbench."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:the work failed (bad input file, damaged project, provider error); nothing unfinished is reported as done",
            "2:usage error (unknown command or option, bad or missing argument)",
            "130:interrupted (Ctrl-C); what was committed before is kept",
            "141:the reader of standard output stopped reading (| head -1); said nowhere, as cat does"
        })
public final class TracejudgeCli implements Runnable {
    /**
     * Every command, in the order help lists them. Only the command being run is given to picocli
     * (help and errors get all of them): building picocli's model of every command costs a
     * noticeable part of a short command's start-up.
     */
    static final Map<String, Supplier<Object>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("import", ImportCommand::new);
        COMMANDS.put("receive", ReceiveCommand::new);
        COMMANDS.put("info", InfoCommand::new);
        COMMANDS.put("check", CheckCommand::new);
        COMMANDS.put("labels", LabelsCommand::new);
        COMMANDS.put("export", ExportCommand::new);
        COMMANDS.put("merge", MergeCommand::new);
        COMMANDS.put("classify", ClassifyCommand::new);
        COMMANDS.put("explain", ExplainCommand::new);
        COMMANDS.put("ensemble", EnsembleCommand::new);
        COMMANDS.put("metrics", MetricsCommand::new);
        COMMANDS.put("agreement", AgreementCommand::new);
        COMMANDS.put("calibration", CalibrationCommand::new);
        COMMANDS.put("sample", SampleCommand::new);
        COMMANDS.put("comments", CommentsCommand::new);
        COMMANDS.put("scheme", SchemeCommand::new);
        COMMANDS.put("judge", JudgeCommand::new);
        COMMANDS.put("safety", SafetyCommand::new);
        COMMANDS.put("selection", SelectionCommand::new);
        COMMANDS.put("team", TeamCommand::new);
        COMMANDS.put("rubrics", RubricsCommand::new);
        COMMANDS.put("selftest", SelftestCommand::new);
        COMMANDS.put("redact", RedactCommand::new);
        COMMANDS.put("report", ReportCommand::new);
    }

    /** Exit statuses (documented in every command's help and the README). */
    public static final class ExitCodes {
        public static final int OK = 0;
        public static final int FAILED = 1;
        public static final int USAGE = 2;
        public static final int INTERRUPTED = 130;

        private ExitCodes() {}
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = {"-q", "--quiet"},
            scope = ScopeType.INHERIT,
            description = "No progress and no notes on stderr; only the result (and errors).")
    boolean quiet;

    @Option(
            names = {"-v", "--verbose"},
            scope = ScopeType.INHERIT,
            description = "More detail on stderr (per file, per step).")
    boolean verbose;

    @Override
    public void run() {
        spec.commandLine().usage(TerminalText.raw(spec.commandLine().getOut()));
    }

    /** How much a command says on stderr: -q, -v (the root's inherited options), or neither. */
    public enum Verbosity {
        QUIET,
        NORMAL,
        VERBOSE
    }

    /** The verbosity the command line was given with; NORMAL when the command runs outside it. */
    static Verbosity verbosity(CommandLine.Model.CommandSpec command) {
        Object root = command.root().userObject();
        if (root instanceof TracejudgeCli cli) {
            return cli.quiet ? Verbosity.QUIET : cli.verbose ? Verbosity.VERBOSE : Verbosity.NORMAL;
        }
        return Verbosity.NORMAL;
    }

    /** The command line with every command (help, completion scripts, man pages, tests). */
    public static CommandLine full() {
        CommandLine cl = new CommandLine(new TracejudgeCli());
        COMMANDS.forEach((name, make) -> cl.addSubcommand(name, make.get()));
        cl.addSubcommand("help", new CommandLine.HelpCommand());
        return configure(cl);
    }

    private static CommandLine configure(CommandLine cl) {
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setAbbreviatedOptionsAllowed(false);
        return cl;
    }

    /** For the real process (not tests): progress bars when stderr is a terminal. */
    public static void attachToConsole() {
        ProgressBar.stderrIsTerminal = ProgressBar.detectTerminal();
    }

    /** Runs the command line and returns the exit status. */
    public static int execute(String[] args, PrintWriter rawOut, PrintWriter rawErr) {
        // text from files (model names, values quoted in errors) cannot drive the terminal: see TerminalText
        PrintWriter out = TerminalText.wrap(rawOut, false);
        PrintWriter err = TerminalText.wrap(rawErr, true);
        CommandLine cl;
        String first = args.length == 0 ? null : args[0];
        if (first != null && COMMANDS.containsKey(first)) {
            cl = new CommandLine(new TracejudgeCli());
            org.tracejudge.store.Project.setActivity("tracejudge " + first);
            cl.addSubcommand(first, COMMANDS.get(first).get());
            configure(cl);
        } else {
            cl = full();
        }
        cl.setOut(out);
        cl.setErr(err);
        CommandLine top = cl;
        cl.setExecutionStrategy(parsed -> {
            if (helpRequested(parsed)) { // the help is our own text, styled by picocli on a terminal: written as it is
                top.setOut(rawOut);
                top.setErr(rawErr);
            }
            return new CommandLine.RunLast().execute(parsed);
        });
        boolean[] outputFailureSaid = {false};
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof Output.Failed f) {
                outputFailureSaid[0] = true;
                if (f.exitCode != Output.BROKEN_PIPE) { // a reader that stopped reading (| head) is no error to report
                    cmd.getErr().println("tracejudge: " + f.getMessage());
                    cmd.getErr().flush();
                }
                return f.exitCode;
            }
            if (e instanceof CommandLine.ParameterException pe) { // a command found its arguments wrong
                return usageError(pe);
            }
            String msg = e.getMessage() == null ? e.toString() : e.getMessage();
            cmd.getErr().println("tracejudge: " + msg.replace('\n', ' '));
            cmd.getErr().flush();
            return ExitCodes.FAILED;
        });
        cl.setParameterExceptionHandler((e, a) -> usageError(e));
        int code;
        try {
            code = cl.execute(args);
        } catch (OutOfMemoryError e) {
            // what was being written is rolled back as the stack unwinds; say what to do instead of a stack trace
            err.println("tracejudge: out of memory (this Java heap is "
                    + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB): an input too large for it (a very long line, a huge single document); nothing unfinished "
                    + "was kept. Run Java with a larger heap (TRACEJUDGE_JAVA_OPTIONS=-Xmx4g before ./tracejudge or "
                    + "the installed tracejudge; java -Xmx4g -jar tracejudge.jar … for the jar)");
            err.flush();
            return ExitCodes.FAILED;
        }
        try {
            Output.check(out);
        } catch (Output.Failed f) {
            // what the command printed last did not all arrive: not done, whatever the command thought (said once:
            // the handler above may have said it already)
            if (!outputFailureSaid[0] && f.exitCode != Output.BROKEN_PIPE) {
                err.println("tracejudge: " + f.getMessage());
            }
            code = code == 0 ? f.exitCode : code;
        }
        err.flush();
        return code;
    }

    /** Whether the command line asks for help or the version (picocli prints them), or is the help command. */
    private static boolean helpRequested(CommandLine.ParseResult parsed) {
        for (CommandLine c : parsed.asCommandLineList()) {
            if (c.isUsageHelpRequested()
                    || c.isVersionHelpRequested()
                    || c.getCommand() instanceof CommandLine.HelpCommand) {
                return true;
            }
        }
        return false;
    }

    private static int usageError(CommandLine.ParameterException e) {
        CommandLine cmd = e.getCommandLine();
        List<String> unknown = cmd.getUnmatchedArguments().stream()
                .filter(u -> u.startsWith("-") && u.length() > 1)
                .toList();
        if (!(e instanceof CommandLine.UnmatchedArgumentException) && !unknown.isEmpty()) {
            // a mistyped option took a positional's place: say so, not "missing parameter"
            e = new CommandLine.UnmatchedArgumentException(cmd, new ArrayList<>(unknown));
        }
        PrintWriter err = cmd.getErr();
        String path = cmd.getCommandSpec().qualifiedName(" ");
        err.println("tracejudge: " + e.getMessage().replace('\n', ' ') + " (see: " + path + " --help)");
        if (e instanceof CommandLine.UnmatchedArgumentException u) {
            List<String> suggestions = suggestions(u);
            if (!suggestions.isEmpty()) {
                err.println("Did you mean: "
                        + String.join(
                                " or ",
                                suggestions.stream().map(s -> path + " " + s).toList()) + "?");
            }
        }
        err.flush();
        return ExitCodes.USAGE;
    }

    /**
     * Commands or options close to the first unmatched argument: picocli's own suggestions, else the
     * names within two edits (a swap of neighbours counts as one) of it.
     */
    static List<String> suggestions(CommandLine.UnmatchedArgumentException u) {
        List<String> unmatched = u.getUnmatched();
        if (unmatched.isEmpty()) {
            return List.of();
        }
        String arg = unmatched.get(0);
        int eq = arg.indexOf('=');
        String word = arg.startsWith("-") && eq > 0 ? arg.substring(0, eq) : arg;
        CommandLine.Model.CommandSpec spec = u.getCommandLine().getCommandSpec();
        List<String> candidates = new ArrayList<>(
                word.startsWith("-")
                        ? spec.optionsMap().keySet()
                        : spec.subcommands().keySet());
        List<String> close = new ArrayList<>();
        for (String c : candidates) {
            if (!c.equals(word)
                    && (c.length() > 2 || !word.startsWith("-"))
                    && editDistance(word, c) <= Math.min(2, c.length() / 3)) {
                close.add(c);
            }
        }
        if (close.isEmpty() && !word.startsWith("-")) {
            close.addAll(u.getSuggestions());
        }
        return close;
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
    static int editDistance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** The version from the jar's manifest (the package's version when built for a release). */
    public static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = TracejudgeCli.class.getPackage().getImplementationVersion();
            return new String[] {
                "Tracejudge " + (v == null ? "(development build)" : v) + ", Java " + System.getProperty("java.version")
            };
        }
    }
}
