package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The plumbing every command shares: help, version, suggestions, exit codes. Covers every registered command. */
class CliHelpTest {
    /** Every command in picocli's model, by its path (so commands added later are covered too). */
    static List<List<String>> commandPaths() {
        List<List<String>> paths = new ArrayList<>();
        collect(TracejudgeCli.full(), new ArrayList<>(), paths);
        return paths;
    }

    private static void collect(CommandLine cl, List<String> prefix, List<List<String>> paths) {
        cl.getSubcommands().forEach((name, sub) -> {
            if (sub.getCommandSpec().aliases().length > 0
                    && !sub.getCommandName().equals(name)) {
                return; // an alias: covered under its name
            }
            List<String> path = new ArrayList<>(prefix);
            path.add(name);
            paths.add(path);
            collect(sub, path, paths);
        });
    }

    /** Runs the command line with System.err captured too (picocli's own warnings go there). */
    static CliTest.Run runCapturingSystemErr(StringBuilder systemErr, String... args) {
        PrintStream old = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            return CliTest.run(args);
        } finally {
            System.setErr(old);
            systemErr.append(buf.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void everyCommandPrintsHelpWithLongAndShortOptionAndExitsZero() {
        List<List<String>> paths = commandPaths();
        assertTrue(paths.size() >= 13, paths.toString());
        for (List<String> path : paths) {
            for (String flag : new String[] {"--help", "-h"}) {
                List<String> args = new ArrayList<>(path);
                args.add(flag);
                StringBuilder sysErr = new StringBuilder();
                CliTest.Run r = runCapturingSystemErr(sysErr, args.toArray(String[]::new));
                assertEquals(0, r.code(), args + ": " + r.err());
                assertTrue(r.out().contains("Usage: tracejudge " + String.join(" ", path)), args + ": " + r.out());
                assertTrue(r.out().contains("Exit codes:") && r.out().contains("130"), args + ": " + r.out());
                assertEquals("", r.err(), args.toString());
                assertFalse(sysErr.toString().contains("WARN"), args + " makes picocli warn: " + sysErr);
            }
            List<String> help = new ArrayList<>(List.of("help"));
            if (!path.get(0).equals("help")) {
                help.addAll(path);
                StringBuilder sysErr = new StringBuilder();
                CliTest.Run r = runCapturingSystemErr(sysErr, help.toArray(String[]::new));
                assertEquals(0, r.code(), help + ": " + r.err());
                assertFalse(sysErr.toString().contains("WARN"), help + " makes picocli warn: " + sysErr);
            }
            if (path.get(0).equals("help")) {
                continue; // picocli's help command takes a command name, not options
            }
            List<String> version = new ArrayList<>(path);
            version.add("--version");
            CliTest.Run v = CliTest.run(version.toArray(String[]::new));
            assertEquals(0, v.code(), version + ": " + v.err());
            assertTrue(v.out().startsWith("Tracejudge "), version + ": " + v.out());
        }
    }

    @Test
    void topLevelHelpListsEveryCommandWithoutWarnings() {
        StringBuilder sysErr = new StringBuilder();
        CliTest.Run r = runCapturingSystemErr(sysErr, "--help");
        assertEquals(0, r.code());
        for (String name : TracejudgeCli.COMMANDS.keySet()) {
            assertTrue(r.out().contains("  " + name + " "), name + " missing from\n" + r.out());
        }
        assertTrue(r.out().contains("-q, --quiet") && r.out().contains("-v, --verbose"), r.out());
        assertFalse(sysErr.toString().contains("WARN"), sysErr.toString());
    }

    @Test
    void mistypedCommandOrOptionGetsASuggestionAndExitsTwo() {
        CliTest.Run r = CliTest.run("improt", "x.tjdb");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("Did you mean: tracejudge import"), r.err());
        CliTest.Run o = CliTest.run("info", "--fromat", "json", "x.tjdb");
        assertEquals(2, o.code());
        assertTrue(o.err().contains("--format"), o.err());
        assertTrue(o.err().contains("(see: tracejudge info --help)"), o.err());
        CliTest.Run m = CliTest.run("import", "--fromat", "json");
        assertEquals(2, m.code());
        assertTrue(
                m.err().contains("Unknown option: '--fromat'")
                        && m.err().contains("Did you mean: tracejudge import --format?"),
                m.err());
    }

    @Test
    void missingArgumentsPointAtAHelpThatWorks() {
        CliTest.Run r = CliTest.run("import");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("Missing required parameter"), r.err());
        assertTrue(r.err().contains("(see: tracejudge import --help)"), r.err());
        assertEquals(0, CliTest.run("import", "--help").code());
    }

    @Test
    void importWithAnUnknownFormatIsAUsageError() {
        CliTest.Run r = CliTest.run("import", "--input-format", "foo", "x.tjdb", "y.json");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("foo") && r.err().contains("toolfailbench-results"), r.err());
    }
}
