package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Completion scripts and man pages come from the same model as the command line, one page per command. */
class ShellFilesTest {
    @TempDir
    Path dir;

    @Test
    void writesCompletionForThreeShellsAndAManPagePerCommand() throws Exception {
        ShellFiles.main(new String[] {dir.toString(), "9.8.7"});
        Path man = dir.resolve("man/man1");
        for (String name : TracejudgeCli.COMMANDS.keySet()) {
            Path page = man.resolve("tracejudge-" + name + ".1");
            assertTrue(Files.exists(page), page.toString());
            String roff = Files.readString(page);
            assertTrue(
                    roff.contains(".TH TRACEJUDGE-" + name.toUpperCase(java.util.Locale.ROOT)
                            + " 1 \"\" \"Tracejudge 9.8.7\""),
                    roff);
            assertTrue(
                    roff.contains(".SH SYNOPSIS") && roff.contains(".SH EXIT STATUS") && roff.contains("\\fB130\\fR"),
                    roff);
            assertTrue(!roff.contains("${DEFAULT-VALUE}") && !roff.contains("%%"), roff);
        }
        String top = Files.readString(man.resolve("tracejudge.1"));
        assertTrue(top.contains(".SH COMMANDS") && top.contains("\\fBtracejudge\\-import\\fR(1)"), top);
        String bash = Files.readString(dir.resolve("completion/tracejudge.bash"));
        assertTrue(bash.contains("_complete_tracejudge") && bash.contains("import"), "picocli's bash script");
        String fish = Files.readString(dir.resolve("completion/tracejudge.fish"));
        assertTrue(
                fish.contains("-n __fish_use_subcommand -a import") && fish.contains("-l mode -r -a 'compat tolerant'"),
                fish);
        assertTrue(Files.readString(dir.resolve("completion/_tracejudge")).startsWith("#compdef tracejudge\n"));
    }

    @Test
    void bashCompletesCommandsAndEnumValues() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash is not installed");
        ShellFiles.main(new String[] {dir.toString(), "1"});
        String script = dir.resolve("completion/tracejudge.bash").toString();
        String probe = "source '" + script + "' 2>/dev/null\n"
                + "c() { COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); COMP_LINE=\"$*\"; COMP_POINT=${#COMP_LINE}; "
                + "COMPREPLY=(); _complete_tracejudge 2>/dev/null; echo \"${COMPREPLY[*]}\"; }\n"
                + "c tracejudge im\nc tracejudge classify --mode ''\nc tracejudge import --format nlt\n";
        Process p = new ProcessBuilder("/bin/bash", "-c", probe)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertEquals(
                java.util.List.of("import", "compat tolerant", "nlt-scenario nlt"),
                out.lines().toList(),
                out);
    }
}
