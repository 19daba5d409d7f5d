package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which endpoints count as this computer, and the project's redaction setting: remote judges of a safety project
 * are redacted, a host that merely starts with "127." is remote, and any project can turn redaction on.
 */
class RedactionCliTest {
    @TempDir
    Path dir;

    private Path project(boolean safety) throws Exception {
        Path sc = dir.resolve("scenario-" + safety + ".json");
        Files.writeString(sc, """
                {"scenario": "desk", "tools": [{"name": "Callback", "description": "phone the person back"},
                  {"name": "Safety Call", "description": "danger to the person"%s}],
                 "inputs": [{"id": 1, "input": "hi, my name is priya raman, born 1990/03/14, ring +49 (0)30 123456-78", "expected_tools": ["Callback"]}]}
                """.formatted(safety ? ", \"safety_critical\": true" : ""));
        Path runs = dir.resolve("r.jsonl");
        Files.writeString(
                runs,
                "{\"id\": 1, \"scenario\": \"desk\", \"input\": \"x\", \"expected_tools\": "
                        + "[\"Callback\"], \"model_id\": \"m\", \"approach\": \"nlt\", \"output\": \"Callback -- YES\\nSafety Call -- NO\"}\n");
        Path p = dir.resolve("p-" + safety + ".tjdb");
        CliTest.Run r = CliTest.run("import", p.toString(), sc.toString(), runs.toString());
        assertEquals(0, r.code(), r.err());
        return p;
    }

    private static CliTest.Run preview(Path p, String name, String url, String... more) {
        String[] base = {
            "judge",
            p.toString(),
            "--name",
            name,
            "--base-url",
            url,
            "--model",
            "m1",
            "--rubric",
            "safety-evidence",
            "--preview",
            "1"
        };
        String[] args = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, args, base.length, more.length);
        return CliTest.run(args);
    }

    @Test
    void aHostThatStartsWith127IsRemoteAndRedacted() throws Exception {
        Path p = project(true);
        for (String url : new String[] {"https://127.attacker.example/v1", "https://127.0.0.1.nip.io/v1"}) {
            CliTest.Run r = preview(p, "j" + url.length(), url);
            assertEquals(0, r.code(), r.err());
            assertTrue(
                    r.out().contains("remote endpoint: the traces are sent to " + url.substring(8, url.length() - 3)),
                    r.out());
            assertFalse(r.out().contains("do not leave"), r.out());
            assertTrue(r.out().contains("redaction: on"), r.out());
            assertFalse(
                    r.out().contains("priya")
                            || r.out().contains("1990")
                            || r.out().contains("123456"),
                    r.out());
        }
        CliTest.Run r = preview(p, "loop", "http://127.0.0.1:9/v1");
        assertTrue(r.out().contains("endpoint on this computer: the traces do not leave it"), r.out());
        assertTrue(r.out().contains("redaction: off") && r.out().contains("priya raman"), r.out());
    }

    @Test
    void anyProjectCanTurnRedactionOnAndTheSettingIsSaved() throws Exception {
        Path p = project(false);
        CliTest.Run r = preview(p, "remote", "https://judge.invalid/v1");
        assertTrue(r.out().contains("redaction: off (project setting off; judge --redact turns it on)"), r.out());
        assertTrue(r.out().contains("priya raman"), r.out());
        r = preview(p, "remote", "https://judge.invalid/v1", "--redact");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("redaction: on") && r.out().contains("It misses some names"), r.out());
        assertTrue(r.out().contains("my name is [NAME], born [DOB], ring [PHONE]"), r.out());
        // saved: the next run and a local judge redact too (on = every judge)
        r = preview(p, "local", "http://localhost:9/v1");
        assertTrue(r.out().contains("my name is [NAME], born [DOB], ring [PHONE]"), r.out());
        r = preview(p, "local", "http://localhost:9/v1", "--redact=remote");
        assertTrue(
                r.out().contains("priya raman") && r.out().contains("redaction: off (project setting remote"), r.out());
        r = preview(p, "local", "http://localhost:9/v1", "--redact=maybe");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("redaction must be on, remote or off, not 'maybe'"), r.err());
    }

    @Test
    void strictModeAndAllowAndDenyListsAreProjectSettings() throws Exception {
        Path p = project(false);
        CliTest.Run r = preview(
                p,
                "remote",
                "https://judge.invalid/v1",
                "--redact",
                "--redact-allow",
                "priya raman",
                "--redact-deny",
                "desk");
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out().contains("my name is priya raman, born [DOB], ring [PHONE]"), "allowed name kept\n" + r.out());
        assertTrue(r.out().contains("## Scenario\\n[REDACTED]"), "denied string hidden\n" + r.out());
        r = preview(p, "remote", "https://judge.invalid/v1", "--redact-allow", "", "--redact-strict");
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out().contains("redaction: on (each redaction shows its kind")
                        && r.out().contains(", strict)"),
                r.out());
        assertTrue(r.out().contains("my name is [NAME], born [DOB], ring [PHONE]"), r.out());
        r = preview(p, "remote", "https://judge.invalid/v1", "--redact-strict=maybe");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--redact-strict must be on or off"), r.err());
    }
}
