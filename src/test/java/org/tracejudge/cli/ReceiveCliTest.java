package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.json.Json;

/**
 * Issue 53, item 5: {@code tracejudge receive} as a person runs it — bad arguments refused before anything listens;
 * then a real child process receiving a run over HTTP and a real Ctrl-C (SIGINT), after which it says what it kept.
 */
class ReceiveCliTest {
    @TempDir
    Path dir;

    @Test
    void listeningBeyondThisComputerNeedsATokenAndBadArgumentsAreNamed() {
        String p = dir.resolve("r.tjdb").toString();
        CliTest.Run r = CliTest.run("receive", p, "--listen", "0.0.0.0:4318");
        assertEquals(2, r.code(), r.err());
        assertTrue(
                r.err().contains("--listen: 0.0.0.0 is not a loopback address: listening there needs a token"),
                r.err());
        assertTrue(r.err().contains("add --token-env VAR"), r.err());
        r = CliTest.run("receive", p, "--listen", "0.0.0.0:4318", "--token-env", "TRACEJUDGE_TEST_UNSET_VARIABLE");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("TRACEJUDGE_TEST_UNSET_VARIABLE is not set"), r.err());
        r = CliTest.run("receive", p, "--listen", "localhost");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--listen: expected HOST:PORT, got 'localhost'"), r.err());
        r = CliTest.run("receive", p, "--listen", "127.0.0.1:70000");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("the port must be 0-65535"), r.err());
        assertFalse(Files.exists(Path.of(p)), "nothing was created for a refused command");
    }

    @Test
    void aRunSentByAnAgentLandsAndCtrlCSaysWhatWasKept() throws Exception {
        assumeTrue(
                new ProcessBuilder("env", "--default-signal=INT", "true")
                                .start()
                                .waitFor()
                        == 0,
                "env --default-signal (GNU coreutils 8.31+)");
        Path p = dir.resolve("r.tjdb");
        Process child = new ProcessBuilder(List.of(
                        "env",
                        "--default-signal=INT",
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        "org.tracejudge.Main",
                        "receive",
                        p.toString(),
                        "--listen",
                        "127.0.0.1:0",
                        "--quiet-period",
                        "0.3"))
                .start();
        BufferedReader err = new BufferedReader(new InputStreamReader(child.getErrorStream(), StandardCharsets.UTF_8));
        String first = err.readLine();
        Matcher m = Pattern.compile("at (http://127\\.0\\.0\\.1:\\d+) ").matcher(String.valueOf(first));
        assertTrue(m.find(), "it says where it listens: " + first);
        HttpResponse<String> res = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(m.group(1) + "/v1/traces"))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofFile(
                                        Path.of("resources/samples/tour/otel-agent-trace.json")))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(200, res.statusCode(), res.body());
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        String run = out.readLine();
        assertTrue(
                String.valueOf(run).startsWith("run 4bf92f3577b34da6a3ce929d0e0e4736: 7 spans, 0 log records: "),
                String.valueOf(run));
        assertEquals(
                0,
                new ProcessBuilder("kill", "-INT", Long.toString(child.pid()))
                        .start()
                        .waitFor());
        assertTrue(child.waitFor(60, TimeUnit.SECONDS));
        String rest = new String(child.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(130, child.exitValue(), rest);
        assertTrue(
                rest.contains("receive: kept 1 run (1 new trace) from 7 spans and 0 log records in 1 request"), rest);
        CliTest.Run info = CliTest.run("info", p.toString(), "--format", "json");
        assertEquals(0, info.code(), info.err());
        assertEquals(1, Json.read(info.out()).get("traces").asInt(), info.out());
    }
}
