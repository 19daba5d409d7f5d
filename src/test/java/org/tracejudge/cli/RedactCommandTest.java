package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.json.Json;

/** {@code redact FILE} and {@code redact --evaluate FILE.jsonl}: output, figures, and bad input named by file and line. */
class RedactCommandTest {
    @TempDir
    Path dir;

    private Path write(String name, String content) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, content, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void redactsATextFileAndEachLineOfAJsonLinesFile() throws Exception {
        Path txt = write("m.txt", "hi im priyanka, call me on 07700 900123\n");
        CliTest.Run r = CliTest.run("redact", txt.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("hi im [NAME], call me on [PHONE]\n", r.out());
        Path jsonl = write(
                "m.jsonl",
                "{\"id\":\"a\",\"text\":\"my iban is GB82 WEST 1234 5698 7654 32\"}\n"
                        + "{\"id\":\"b\",\"text\":\"bp 140/90 today\"}\n");
        CliTest.Run j = CliTest.run("redact", jsonl.toString(), "--format", "json");
        assertEquals(0, j.code(), j.err());
        String[] lines = j.out().strip().split("\n");
        assertEquals(2, lines.length, j.out());
        JsonNode first = Json.read(lines[0]);
        assertEquals("my iban is [IBAN]", first.get("text").asText());
        assertEquals("IBAN", first.get("spans").get(0).get("kind").asText());
        assertEquals(11, first.get("spans").get(0).get("start").asInt());
        assertEquals("bp 140/90 today", Json.read(lines[1]).get("text").asText());
    }

    @Test
    void eachSpanSaysWhatItWasRecognisedAs() throws Exception {
        Path jsonl = write(
                "s.jsonl",
                "{\"id\":\"a\",\"text\":\"ANTHROPIC_API_KEY=sk-ant-api03-Zr8Kq2Vn5Bx7Lm1Pw4Ty9Hc3Jd6Fg0Se_As2Df4Gh6AA\"}\n"
                        + "{\"id\":\"b\",\"text\":\"my PPS number is 1234567T\"}\n");
        CliTest.Run j = CliTest.run("redact", jsonl.toString(), "--format", "json");
        assertEquals(0, j.code(), j.err());
        String[] lines = j.out().strip().split("\n");
        JsonNode a = Json.read(lines[0]);
        assertEquals("ANTHROPIC_API_KEY=[SECRET]", a.get("text").asText());
        assertEquals("Anthropic API key", a.get("spans").get(0).get("why").asText());
        JsonNode b = Json.read(lines[1]);
        assertEquals("my PPS number is [NATIONAL_ID]", b.get("text").asText());
        assertTrue(b.get("spans").get(0).get("why").asText().contains("Irish PPS"), lines[1]);
        assertFalse(j.out().contains("Zr8Kq2Vn5Bx7"), "the key is not printed");
    }

    @Test
    void evaluateReportsRecallPerKindFalsePositivesAndPrecision() throws Exception {
        Path f = write(
                "e.jsonl",
                String.join(
                        "\n",
                        "{\"id\":\"1\",\"locale\":\"en\",\"text\":\"tell priyanka im sorry\",\"pii\":[{\"kind\":\"name\",\"text\":\"priyanka\"}]}",
                        "{\"id\":\"2\",\"locale\":\"en\",\"text\":\"card 4111 1111 1111 1111 and 90 pounds\",\"pii\":[{\"kind\":\"card\",\"text\":\"4111 1111 1111 1111\"}]}",
                        "{\"id\":\"3\",\"locale\":\"en\",\"text\":\"bp was 140/90 today\",\"pii\":[]}",
                        "{\"id\":\"4\",\"locale\":\"en\",\"text\":\"my name is mud\",\"pii\":[]}",
                        "{\"id\":\"5\",\"locale\":\"en\",\"text\":\"ring me, its for xq\",\"pii\":[{\"kind\":\"phone\",\"text\":\"xq\"}]}",
                        ""));
        CliTest.Run r = CliTest.run("redact", "--evaluate", f.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode o = Json.read(r.out());
        assertEquals(5, o.get("messages").asInt());
        assertEquals(2, o.get("negatives").asInt());
        assertEquals(0, o.get("false_positives").asInt());
        assertEquals(1.0, o.get("per_kind").get("name").get("recall").asDouble());
        assertEquals(1.0, o.get("per_kind").get("card").get("recall").asDouble());
        assertEquals(0.0, o.get("per_kind").get("phone").get("recall").asDouble(), "a made-up miss counts as a miss");
        assertEquals(2, o.get("caught").asInt());
        assertEquals(1.0, o.get("precision").asDouble(), "only gold characters were replaced");
        CliTest.Run t = CliTest.run("redact", "--evaluate", f.toString());
        assertTrue(t.out().contains("false positives: 0 of 2 negatives"), t.out());
        assertFalse(t.out().contains("priyanka"), "the text report does not print the personal data");
    }

    @Test
    void badInputIsNamedByFileAndLine() throws Exception {
        Path f = write(
                "bad.jsonl",
                "{\"id\":\"1\",\"text\":\"hi\",\"pii\":[]}\n{\"id\":\"2\",\"text\":\"hi tom\",\"pii\":[{\"kind\":\"name\",\"text\":\"Tom\"}]}\n");
        CliTest.Run r = CliTest.run("redact", "--evaluate", f.toString());
        assertEquals(1, r.code());
        assertTrue(r.err().contains(f + ":2:") && r.err().contains("not in the text"), r.err());
        Path k = write("kind.jsonl", "{\"text\":\"hi\",\"pii\":[{\"kind\":\"passport\",\"text\":\"hi\"}]}\n");
        CliTest.Run rk = CliTest.run("redact", "--evaluate", k.toString());
        assertTrue(rk.err().contains(k + ":1:") && rk.err().contains("unknown kind 'passport'"), rk.err());
        Path j = write("broken.jsonl", "{\"text\": \n");
        CliTest.Run rj = CliTest.run("redact", j.toString());
        assertEquals(1, rj.code());
        assertTrue(rj.err().contains(j + ":1:"), rj.err());
        CliTest.Run missing = CliTest.run("redact", dir.resolve("nope.txt").toString());
        assertEquals(1, missing.code());
        assertTrue(missing.err().contains("nope.txt: no such file"), missing.err());
    }
}
