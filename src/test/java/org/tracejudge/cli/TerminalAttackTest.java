package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.json.Json;

/**
 * Issue 47 item 7: text from a file that holds terminal controls ({@code ESC[8m} hides everything after it, a C1
 * CSI does the same on terminals that take 8-bit controls) is shown escaped on stdout and stderr, in every command,
 * while JSON on stdout stays valid and means the same, and what is written to a file stays as it was.
 */
class TerminalAttackTest {
    private static final String HIDE = "\u001b[8m";
    private static final String MODEL = "evil" + HIDE + "model\u009b31m\u0007";

    @TempDir
    Path dir;

    /** The bundled sample with one model renamed to a name that holds controls (through the workbench's JSONL). */
    private Path poisoned() throws Exception {
        Path sample = CliTest.classifiedSample(dir);
        Path jsonl = dir.resolve("s.jsonl");
        assertEquals(
                0, CliTest.run("export", sample.toString(), jsonl.toString()).code());
        String model = Json.read(Files.readAllLines(jsonl).stream()
                        .filter(l -> l.contains("\"kind\":\"trace\""))
                        .findFirst()
                        .orElseThrow())
                .path("model")
                .asText();
        String text = Files.readString(jsonl).replace("\"model\":\"" + model + "\"", "\"model\":" + Json.write(MODEL));
        Files.writeString(jsonl, text);
        Path p = dir.resolve("poisoned.tjdb");
        CliTest.Run r = CliTest.run("import", p.toString(), jsonl.toString());
        assertEquals(0, r.code(), r.err());
        return p;
    }

    private static void assertNoControls(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean ok = c == '\n' || c == '\t' || (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n');
            boolean control = c < 0x20 || (c >= 0x7f && c <= 0x9f);
            assertTrue(ok || !control, "raw control U+" + Integer.toHexString(c) + " at " + i + " in: " + text);
        }
    }

    @Test
    void infoLabelsAndMetricsShowAModelNamesControlsEscaped() throws Exception {
        Path p = poisoned();
        for (String[] args :
                new String[][] {{"info", p.toString()}, {"labels", p.toString()}, {"metrics", p.toString()}}) {
            CliTest.Run r = CliTest.run(args);
            assertEquals(0, r.code(), args[0] + ": " + r.err());
            assertNoControls(r.out());
            assertNoControls(r.err());
            assertTrue(r.out().contains("evil\\u001b[8mmodel\\u009b31m\\u0007"), args[0] + ": " + r.out());
        }
    }

    @Test
    void jsonOnStdoutStaysValidAndMeansTheSame() throws Exception {
        Path p = poisoned();
        CliTest.Run r = CliTest.run("info", p.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        assertNoControls(r.out());
        JsonNode doc = Json.read(r.out());
        assertTrue(containsText(doc, MODEL), "the model name decodes as it was: " + r.out());
    }

    private static boolean containsText(JsonNode n, String s) {
        if (n.isTextual()) {
            return n.asText().contains(s);
        }
        for (JsonNode c : n) {
            if (containsText(c, s)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aJsonValueQuotedInAnImportErrorIsEscapedOnStderr() throws Exception {
        Path bad = dir.resolve("bad.jsonl");
        Files.writeString(
                bad,
                "{\"kind\":\"header\",\"format\":\"tracejudge\",\"version\":1}\n{\"kind\":\"x\\u001b[8m hidden\"}\n",
                StandardCharsets.UTF_8);
        CliTest.Run r = CliTest.run("import", dir.resolve("q.tjdb").toString(), bad.toString());
        assertNotEquals(0, r.code());
        assertNoControls(r.err());
        assertTrue(r.err().contains("x\\u001b[8m hidden"), r.err());
    }

    @Test
    void filesKeepTheirBytesAndAFileSentToStdoutToo() throws Exception {
        Path p = poisoned();
        Path out = dir.resolve("again.jsonl");
        assertEquals(0, CliTest.run("export", p.toString(), out.toString()).code());
        String file = Files.readString(out);
        assertTrue(file.contains("evil\\u001B[8mmodel"), "JSON escapes in the file");
        assertTrue(file.contains("model\u009b31m"), "a C1 control is valid JSON text and kept as it was in the file");
        CliTest.Run r = CliTest.run("export", p.toString(), "-");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("evil\\u001B[8mmodel\u009b31m"), "a file's content on stdout is as in the file");
    }

    @Test
    void helpIsNotTouched() {
        CliTest.Run r = CliTest.run("info", "--help");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("Usage:"), r.out());
        assertFalse(r.out().contains("\\u00"), r.out());
    }
}
