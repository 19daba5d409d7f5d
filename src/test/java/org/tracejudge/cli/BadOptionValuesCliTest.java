package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.sample.SampleProject;

/** A number out of range is a usage error (exit 2) that names the option, and the project is left as it was. */
class BadOptionValuesCliTest {
    @TempDir
    Path dir;

    @Test
    void judgeRefusesOutOfRangeNumbersBeforeTouchingTheProject() throws Exception {
        Path p = dir.resolve("p.tjdb");
        SampleProject.build(p);
        String infoBefore =
                CliTest.run("info", p.toString(), "--format", "json").out();
        byte[] before = Files.readAllBytes(p);
        List<String[]> cases = List.of(
                new String[] {"--concurrency", "0"},
                new String[] {"--concurrency", "-3"},
                new String[] {"--concurrency", "257"},
                new String[] {"--rpm", "-1"},
                new String[] {"--max-tokens", "0"},
                new String[] {"--timeout", "-5"},
                new String[] {"--timeout", "NaN"},
                new String[] {"--limit", "-1"},
                new String[] {"--batch-poll", "0"},
                new String[] {"--preview", "0"});
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of(
                    "judge",
                    p.toString(),
                    "--name",
                    "new-judge",
                    "--redact",
                    "off",
                    "--base-url",
                    "http://127.0.0.1:9/v1"));
            args.addAll(List.of(c));
            CliTest.Run r = CliTest.run(args.toArray(String[]::new));
            assertEquals(2, r.code(), String.join(" ", c) + ": " + r.err());
            assertTrue(r.err().contains(c[0] + ":") && r.err().contains(c[1]), String.join(" ", c) + ": " + r.err());
        }
        assertTrue(
                java.util.Arrays.equals(before, Files.readAllBytes(p)),
                "the project file is as it was (no setting saved)");
        assertEquals(
                infoBefore,
                CliTest.run("info", p.toString(), "--format", "json").out(),
                "no judge saved");
    }

    @Test
    void agreementRefusesMoreResamplesThanItCanHold() throws Exception {
        Path table = Files.writeString(dir.resolve("study.csv"), "item,rater,label\n1,a,x\n1,b,y\n2,a,x\n2,b,x\n");
        // 999,999,999 resamples ran the bootstrap thread out of memory and the command hung
        CliTest.Run r = CliTest.run("agreement", "--labels", table.toString(), "--resamples", "999999999");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--resamples must be 0 to 100000, not 999999999"), r.err());
        r = CliTest.run("agreement", "--labels", table.toString(), "--resamples", "100000", "--format", "json");
        assertEquals(0, r.code(), r.err());
    }

    @Test
    void pairsAndPolicyValuesOfTheWrongShapeAreUsageErrorsAndSaveNothing() throws Exception {
        Path p = dir.resolve("q.tjdb");
        SampleProject.build(p);
        String policyBefore =
                CliTest.run("safety", p.toString(), "--format", "json").out();
        List<String[]> cases = List.of(
                new String[] {"metrics", p.toString(), "--compare", "a", "--compare takes two models"},
                new String[] {"metrics", p.toString(), "--judges", "", "--judges takes two rater names"},
                new String[] {"metrics", p.toString(), "--judges", "a,", "--judges takes two rater names"},
                new String[] {"ensemble", p.toString(), "--judges", "a,b,c", "--judges takes two rater names"},
                new String[] {
                    "safety", p.toString(), "--set", "double_review=maybe", "--set: double_review is true or false"
                },
                new String[] {"safety", p.toString(), "--set", "nope=1", "--set: unknown policy 'nope'"});
        for (String[] c : cases) {
            CliTest.Run r = CliTest.run(java.util.Arrays.copyOf(c, c.length - 1));
            assertEquals(2, r.code(), String.join(" ", c) + ": " + r.err());
            assertTrue(r.err().contains(c[c.length - 1]), String.join(" ", c) + ": " + r.err());
        }
        // two --set, the second bad: the first is not saved either
        CliTest.Run r = CliTest.run("safety", p.toString(), "--set", "allow_skip=false", "--set", "break_minutes=-1");
        assertEquals(2, r.code(), r.err());
        assertEquals(
                policyBefore,
                CliTest.run("safety", p.toString(), "--format", "json").out());
        // the right shape naming what the project lacks stays a failed command (exit 1), named
        r = CliTest.run("metrics", p.toString(), "--source", "harness", "--compare", "no-model,other");
        assertEquals(1, r.code(), r.err());
        assertTrue(
                r.err().contains("--compare: no model 'no-model'"), r.code() + " out: " + r.out() + " err: " + r.err());
    }
}
