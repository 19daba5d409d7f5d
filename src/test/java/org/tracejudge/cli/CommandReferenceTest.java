package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The command reference, {@code docs/reference.md}, is every command's own {@code --help}, generated from the
 * commands (issue 52: "command reference generated from picocli"): this test fails when a command's help changed and
 * the page was not regenerated. Regenerate with {@code ./mvnw test -Dtest=CommandReferenceTest -Dreference.update=true}.
 */
class CommandReferenceTest {
    private static final Path PAGE = Path.of("docs/reference.md");
    private static final int WIDTH = 100;

    @Test
    void theReferencePageIsEveryCommandsOwnHelp() throws IOException {
        String generated = page(TracejudgeCli.full());
        if (Boolean.getBoolean("reference.update")) {
            Files.writeString(PAGE, generated, StandardCharsets.UTF_8);
        }
        assertTrue(generated.contains("## tracejudge import"), "the import command is in the reference");
        assertEquals(
                generated,
                Files.readString(PAGE, StandardCharsets.UTF_8),
                "docs/reference.md is out of date: regenerate it with "
                        + "./mvnw test -Dtest=CommandReferenceTest -Dreference.update=true");
    }

    /** The page: a list of commands, then each command's help (subcommands after their parent). */
    static String page(CommandLine root) {
        List<CommandLine> all = new ArrayList<>();
        collect(root, all);
        StringBuilder sb = new StringBuilder();
        sb.append("# Command reference\n\n")
                .append("Every command's own `--help`, generated from the commands by `CommandReferenceTest` (a build ")
                .append("fails when this page is out of date; do not edit it by hand). How the commands behave, with ")
                .append("examples: [commands.md](commands.md).\n\n");
        for (CommandLine c : all) {
            if (c == root) {
                continue;
            }
            String name = c.getCommandSpec().qualifiedName();
            sb.append("- [`")
                    .append(name)
                    .append("`](#")
                    .append(name.replace(' ', '-'))
                    .append(")\n");
        }
        for (CommandLine c : all) {
            sb.append("\n## ").append(c.getCommandSpec().qualifiedName()).append("\n\n```text\n");
            c.setUsageHelpWidth(WIDTH);
            String usage = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
            sb.append(usage.stripTrailing()
                            .lines()
                            .map(String::stripTrailing)
                            .reduce((a, b) -> a + "\n" + b)
                            .orElse(""))
                    .append("\n```\n");
        }
        return sb.toString();
    }

    private static void collect(CommandLine c, List<CommandLine> out) {
        out.add(c);
        for (Map.Entry<String, CommandLine> e : c.getSubcommands().entrySet()) {
            // aliases map to the same command: listed once, under its name
            if (e.getKey().equals(e.getValue().getCommandName()) && !e.getKey().equals("help")) {
                collect(e.getValue(), out);
            }
        }
    }
}
