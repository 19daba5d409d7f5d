package org.tracejudge.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Build step ({@code ShellFiles OUT_DIR VERSION}): shell completion and man pages made from picocli's model of the
 * command line, so they always match it. Writes {@code completion/tracejudge.bash} (picocli's bash script, which
 * zsh also runs through bashcompinit), {@code completion/_tracejudge} (zsh), {@code completion/tracejudge.fish}, and
 * {@code man/man1/tracejudge.1} plus one {@code tracejudge-COMMAND.1} per command (roff, written directly: no
 * AsciiDoc toolchain needed at build time). The output carries no dates, so builds are reproducible.
 */
public final class ShellFiles {
    private ShellFiles() {}

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        String version = args.length > 1 ? args[1] : "";
        CommandLine cl = TracejudgeCli.full();
        Path completion = out.resolve("completion");
        Files.createDirectories(completion);
        write(completion.resolve("tracejudge.bash"), AutoComplete.bash("tracejudge", cl));
        write(completion.resolve("_tracejudge"), zsh());
        write(completion.resolve("tracejudge.fish"), fish(cl));
        Path man = out.resolve("man").resolve("man1");
        Files.createDirectories(man);
        write(man.resolve("tracejudge.1"), man(cl, version, true));
        for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
            if (!e.getKey().equals("help")) {
                write(man.resolve("tracejudge-" + e.getKey() + ".1"), man(e.getValue(), version, false));
            }
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text.replace("\r\n", "\n"), StandardCharsets.UTF_8);
    }

    /** zsh: the bash script through bashcompinit, loaded on first use from the standard bash-completion folder. */
    static String zsh() {
        return """
                #compdef tracejudge
                # Tracejudge completion for zsh: picocli's bash completion run through zsh's bashcompinit.
                autoload -U +X bashcompinit && bashcompinit
                local f
                for f in /usr/share/bash-completion/completions/tracejudge ${0:h}/tracejudge.bash; do
                  if [[ -r $f ]]; then source $f; break; fi
                done
                (( $+functions[_complete_tracejudge] )) && _bash_complete -F _complete_tracejudge
                """;
    }

    /** fish: commands, then each command's options (with enum values) and file arguments. */
    static String fish(CommandLine cl) {
        StringBuilder sb =
                new StringBuilder("# Tracejudge completion for fish (generated from the command line's model)\n");
        sb.append("complete -c tracejudge -f\n");
        for (OptionSpec o : cl.getCommandSpec().options()) {
            fishOption(sb, "__fish_use_subcommand", o);
        }
        for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
            String name = e.getKey();
            CommandSpec spec = e.getValue().getCommandSpec();
            sb.append("complete -c tracejudge -n __fish_use_subcommand -a ")
                    .append(name)
                    .append(" -d ")
                    .append(fishQuote(firstSentence(spec)))
                    .append('\n');
            String cond = "'__fish_seen_subcommand_from " + name + "'";
            if (name.equals("help")) {
                sb.append("complete -c tracejudge -n ")
                        .append(cond)
                        .append(" -a ")
                        .append(fishQuote(String.join(" ", cl.getSubcommands().keySet())))
                        .append('\n');
                continue;
            }
            if (!spec.positionalParameters().isEmpty()) {
                sb.append("complete -c tracejudge -n ").append(cond).append(" -F\n");
            }
            for (OptionSpec o : spec.options()) {
                fishOption(sb, cond, o);
            }
        }
        return sb.toString();
    }

    private static void fishOption(StringBuilder sb, String cond, OptionSpec o) {
        sb.append("complete -c tracejudge -n ").append(cond);
        for (String n : o.names()) {
            sb.append(n.startsWith("--") ? " -l " + n.substring(2) : " -s " + n.substring(1));
        }
        if (o.arity().max() > 0) {
            sb.append(" -r");
            Iterable<String> values = o.completionCandidates();
            if (values != null) {
                List<String> vs = new ArrayList<>();
                values.forEach(vs::add);
                sb.append(" -a ").append(fishQuote(String.join(" ", vs)));
            } else if (o.type() == Path.class) {
                sb.append(" -F");
            }
        }
        String d = o.description().length == 0 ? "" : o.description()[0];
        sb.append(" -d ").append(fishQuote(firstSentence(d))).append('\n');
    }

    private static String firstSentence(CommandSpec spec) {
        String[] d = spec.usageMessage().description();
        return firstSentence(d.length == 0 ? "" : d[0]);
    }

    private static String firstSentence(String s) {
        s = s.replace("%%", "%")
                .replace("%n", " ")
                .replaceAll("\\$\\{DEFAULT-VALUE}", "")
                .strip();
        int dot = s.indexOf(". ");
        return dot > 0 ? s.substring(0, dot) : s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static String fishQuote(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    // ---------- man pages ----------

    static String man(CommandLine cl, String version, boolean top) {
        CommandSpec spec = cl.getCommandSpec();
        String qualified = spec.qualifiedName(" ");
        String page = qualified.replace(' ', '-');
        StringBuilder sb = new StringBuilder();
        sb.append(".\\\" Generated from the command line's model (org.tracejudge.cli.ShellFiles); do not edit.\n");
        sb.append(".TH ")
                .append(page.toUpperCase(Locale.ROOT))
                .append(" 1 \"\" \"Tracejudge ")
                .append(roff(version))
                .append("\" \"Tracejudge Manual\"\n");
        sb.append(".SH NAME\n")
                .append(page.replace("-", "\\-"))
                .append(" \\- ")
                .append(roff(firstSentence(spec)))
                .append('\n');
        sb.append(".SH SYNOPSIS\n.nf\n");
        String synopsis = new CommandLine.Help(spec, CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF))
                .synopsis(0)
                .strip();
        sb.append(roff(synopsis)).append("\n.fi\n");
        sb.append(".SH DESCRIPTION\n");
        for (String d : spec.usageMessage().description()) {
            sb.append(roff(text(d))).append("\n.PP\n");
        }
        if (top) {
            sb.append(".SH COMMANDS\n");
            for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
                sb.append(".TP\n\\fB")
                        .append(e.getKey())
                        .append("\\fR\n")
                        .append(roff(firstSentence(e.getValue().getCommandSpec())))
                        .append(".\n");
            }
        }
        if (!spec.positionalParameters().isEmpty()) {
            sb.append(".SH ARGUMENTS\n");
            for (PositionalParamSpec p : spec.positionalParameters()) {
                sb.append(".TP\n\\fI")
                        .append(roff(p.paramLabel()))
                        .append("\\fR\n")
                        .append(roff(text(String.join(" ", p.description()))))
                        .append('\n');
            }
        }
        sb.append(".SH OPTIONS\n");
        for (OptionSpec o : spec.options()) {
            sb.append(".TP\n");
            List<String> names = new ArrayList<>();
            for (String n : o.names()) {
                names.add("\\fB" + n.replace("-", "\\-") + "\\fR");
            }
            sb.append(String.join(", ", names));
            if (o.arity().max() > 0) {
                sb.append("=\\fI").append(roff(o.paramLabel())).append("\\fR");
            }
            String d = text(String.join(" ", o.description()));
            if (o.defaultValue() != null) {
                d = d.replace("${DEFAULT-VALUE}", o.defaultValue());
            }
            sb.append('\n').append(roff(d)).append('\n');
        }
        sb.append(".SH EXIT STATUS\n");
        for (Map.Entry<String, String> e : spec.usageMessage().exitCodeList().entrySet()) {
            sb.append(".TP\n\\fB")
                    .append(e.getKey().strip())
                    .append("\\fR\n")
                    .append(roff(e.getValue()))
                    .append('\n');
        }
        sb.append(".SH ENVIRONMENT\n")
                .append(
                        ".TP\n\\fBTRACEJUDGE_HOME\\fR\nThe data folder (settings, rubric copies, the sample project).\n")
                .append(".TP\n\\fBNO_COLOR\\fR\nWhen set and not empty, no colour in progress output.\n");
        sb.append(".SH SEE ALSO\n");
        if (top) {
            List<String> refs = new ArrayList<>();
            cl.getSubcommands().keySet().stream()
                    .filter(n -> !n.equals("help"))
                    .forEach(n -> refs.add("\\fBtracejudge\\-" + n + "\\fR(1)"));
            sb.append(String.join(",\n", refs)).append('\n');
        } else {
            sb.append("\\fBtracejudge\\fR(1)\n");
        }
        return sb.toString();
    }

    /** picocli markup out: %n, %%, ${DEFAULT-VALUE} left for the caller. */
    private static String text(String s) {
        return s.replace("%n", "\n").replace("%%", "%");
    }

    /** Escapes roff: backslashes, and lines starting with a control character. */
    static String roff(String s) {
        String e = s.replace("\\", "\\e");
        StringBuilder sb = new StringBuilder();
        for (String line : e.split("\n", -1)) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            if (line.startsWith(".") || line.startsWith("'")) {
                sb.append("\\&");
            }
            sb.append(line);
        }
        return sb.toString();
    }
}
