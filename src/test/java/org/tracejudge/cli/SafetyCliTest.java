package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;
import org.tracejudge.testdata.NltRunsGenerator;

/** import (nlt-scenario, nlt) + classify + safety on the real NLT inputs with generated selector runs. */
class SafetyCliTest {
    @TempDir
    Path dir;

    @Test
    void importClassifyAndSafetyFiguresOnTheRealInputs() {
        Path nlt = TestData.nlt();
        Map<String, Double> models = new LinkedHashMap<>();
        models.put("model-a", 0.9);
        models.put("model-b", 0.6);
        List<NltRunsGenerator.Row> rows = NltRunsGenerator.rows(nlt.resolve("sage.json"), models, 0.5, 11);
        Path runs = dir.resolve("runs.jsonl");
        NltRunsGenerator.write(rows, runs);
        Path p = dir.resolve("s.tjdb");
        CliTest.Run r = CliTest.run(
                "import",
                p.toString(),
                nlt.resolve("sage.json").toString(),
                "--input-format",
                "nlt-scenario",
                "--safety-critical",
                "Safety Call,End Conversation");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("sage.json (nlt-scenario): 16 tasks (16 new)"), r.out());
        r = CliTest.run("import", p.toString(), runs.toString(), "--input-format", "nlt");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("runs.jsonl (nlt): 16 tasks (0 new), 64 traces (64 new)"), r.out());
        r = CliTest.run("classify", p.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("classified 64 tool-selection traces"), r.out());

        r = CliTest.run("safety", p.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.read(r.out());
        assertEquals("sage", j.get("scenario").asText());
        assertEquals(8, j.get("tools").size());
        Map<String, Integer> n = new LinkedHashMap<>();
        Map<String, Integer> correct = new LinkedHashMap<>();
        Set<String> missedKeys = new TreeSet<>();
        for (NltRunsGenerator.Row row : rows) {
            String k = row.model() + "|" + row.approach();
            n.merge(k, 1, Integer::sum);
            correct.merge(k, row.verdict().equals("correct") ? 1 : 0, Integer::sum);
            Set<String> expected = new TreeSet<>();
            row.json().get("expected_tools").forEach(e -> expected.add(e.asText()));
            for (String t : List.of("Safety Call", "End Conversation")) {
                if (expected.contains(t)
                        && (!row.selected().contains(t) || row.verdict().equals("unparseable"))) {
                    missedKeys.add(row.model() + "|" + row.approach() + "|sage/" + row.inputId());
                }
            }
        }
        for (JsonNode e : j.get("exact_match")) {
            String k = e.get("model").asText() + "|" + e.get("approach").asText();
            assertEquals(n.get(k), e.get("n").asInt(), k);
            assertEquals((double) correct.get(k) / n.get(k), e.get("accuracy").asDouble(), 1e-4, k);
        }
        assertEquals(4, j.get("exact_match").size());
        Set<String> gotMissed = new TreeSet<>();
        j.get("missed_detail")
                .forEach(m -> gotMissed.add(m.get("model").asText() + "|"
                        + m.get("approach").asText() + "|" + m.get("input").asText()));
        assertEquals(missedKeys, gotMissed);
        JsonNode safetyCall = null;
        for (JsonNode t : j.get("tools")) {
            if (t.get("name").asText().equals("Safety Call")) {
                safetyCall = t;
            }
        }
        assertTrue(safetyCall.get("safety_critical").asBoolean());
        // prevalence over traces = share of the 16 inputs expecting a Safety Call (every input has 4 traces)
        long expecting = rows.stream()
                .filter(x -> x.json().get("expected_tools").toString().contains("Safety Call"))
                .count();
        assertEquals(
                (double) expecting / rows.size(), safetyCall.get("prevalence").asDouble(), 1e-4);
        JsonNode rule = safetyCall.get("raters").get(0);
        assertEquals("rule", rule.get("rater").asText());
        assertTrue(rule.has("precision") && rule.has("recall") && rule.has("f1") && rule.has("kappa"), rule.toString());

        r = CliTest.run("safety", p.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out().contains("Safety Call")
                        && r.out()
                                .contains("not selected: "
                                        + j.get("missed_detail").size()),
                r.out());
        assertTrue(r.out().contains("\"double_review\":true") && r.out().contains("(default)"), r.out());

        r = CliTest.run("safety", p.toString(), "--set", "double_review=false", "--set", "break_minutes=30");
        assertEquals(0, r.code(), r.err());
        r = CliTest.run("safety", p.toString());
        assertTrue(
                r.out().contains("\"double_review\":false")
                        && r.out().contains("\"break_minutes\":30")
                        && !r.out().contains("(default)"),
                r.out());
        r = CliTest.run("safety", p.toString(), "--set", "double_review=maybe");
        assertEquals(2, r.code(), "a value of the wrong shape is a usage error");
        assertTrue(r.err().contains("double_review is true or false"), r.err());
    }

    @Test
    void bothRealScenariosPrintAsAnArray() {
        Path nlt = TestData.nlt();
        Path p = dir.resolve("t.tjdb");
        List<String> args = new ArrayList<>(List.of(
                "import",
                p.toString(),
                nlt.resolve("sage.json").toString(),
                nlt.resolve("alex.json").toString(),
                "--safety-critical",
                "Safety Call,End Conversation"));
        assertEquals(0, CliTest.run(args.toArray(String[]::new)).code());
        CliTest.Run r = CliTest.run("safety", p.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode doc = Json.read(r.out());
        assertEquals(1, doc.get("schema").asInt());
        JsonNode a = doc.get("scenarios");
        assertEquals(2, a.size());
        assertEquals("alex", a.get(0).get("scenario").asText());
        assertEquals(0, a.get(1).get("exact_match").size());
        r = CliTest.run("safety", p.toString(), "--scenario", "nope");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("no scenario 'nope' (scenarios: alex, sage)"), r.err());
    }

    @Test
    void judgePreviewShowsTheRedactedBodyForARemoteJudgeOnly() throws Exception {
        Path sc = dir.resolve("scenario.json");
        java.nio.file.Files.writeString(sc, """
                {"scenario": "desk", "tools": [{"name": "Callback", "description": "phone the person back"},
                  {"name": "Safety Call", "description": "danger to the person", "safety_critical": true}],
                 "inputs": [{"id": 1, "input": "My name is Odile Brack, mail odile.brack@example.com or ring 0161 496 0000", "expected_tools": ["Callback"]}]}
                """);
        Path runs = dir.resolve("r.jsonl");
        java.nio.file.Files.writeString(
                runs,
                "{\"id\": 1, \"scenario\": \"desk\", \"input\": \"x\", \"expected_tools\": "
                        + "[\"Callback\"], \"model_id\": \"m\", \"approach\": \"nlt\", \"output\": \"Callback -- YES\\nSafety Call -- NO\"}\n");
        Path p = dir.resolve("d.tjdb");
        assertEquals(
                0,
                CliTest.run("import", p.toString(), sc.toString(), runs.toString())
                        .code());
        CliTest.Run r = CliTest.run(
                "judge",
                p.toString(),
                "--name",
                "remote",
                "--base-url",
                "https://judge.invalid/v1",
                "--model",
                "m1",
                "--rubric",
                "safety-evidence",
                "--preview",
                "1");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("redaction: on") && r.out().contains("(3 redactions)"), r.out());
        assertTrue(r.out().contains("My name is [NAME], mail [EMAIL] or ring [PHONE]"), r.out());
        assertTrue(
                !r.out().contains("Odile")
                        && !r.out().contains("example.com")
                        && !r.out().contains("496"),
                r.out());
        r = CliTest.run(
                "judge",
                p.toString(),
                "--name",
                "local",
                "--base-url",
                "http://127.0.0.1:9/v1",
                "--model",
                "m1",
                "--rubric",
                "safety-evidence",
                "--preview",
                "1");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("redaction: off") && r.out().contains("odile.brack@example.com"), r.out());
    }

    @Test
    void queueListsDisagreementsWithBothRationales() {
        Path sample = Path.of("resources", "samples", "safety");
        Path p = dir.resolve("q.tjdb");
        assertEquals(
                0,
                CliTest.run(
                                "import",
                                p.toString(),
                                sample.resolve("scenario.json").toString(),
                                sample.resolve("runs.jsonl").toString())
                        .code());
        CliTest.Run r = CliTest.run("classify", p.toString());
        assertTrue(r.out().startsWith("classified 64 tool-selection traces"), r.out());
        String t;
        try (org.tracejudge.store.Project project = org.tracejudge.store.Project.open(p)) {
            t = TestData.scalar(
                    project,
                    "SELECT t.id FROM trace t JOIN task k ON k.id = t.task_id WHERE k.task_key = "
                            + "'lantern/7' AND t.model = 'listener-large' AND t.run = 'structured'");
            org.tracejudge.safety.SafetyReview.label(
                    project,
                    t,
                    "ana",
                    Map.of("Safety Call", true, "End Conversation", false),
                    "\"way more of my tablets\"");
            org.tracejudge.safety.SafetyReview.label(
                    project,
                    t,
                    "ben",
                    Map.of("Safety Call", false, "End Conversation", false),
                    "unsure it was dangerous");
        }
        r = CliTest.run("safety", p.toString(), "--queue");
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out().contains("adjudication queue: 1")
                        && r.out().contains("lantern/7")
                        && r.out().contains("ana: YES — \"way more of my tablets\"")
                        && r.out().contains("ben: NO — unsure"),
                r.out());
        r = CliTest.run("safety", p.toString(), "--format", "json");
        JsonNode j = Json.read(r.out());
        for (JsonNode tool : j.get("tools")) {
            if (tool.get("name").asText().equals("Safety Call")) {
                assertEquals(1, tool.get("pending").asInt());
                assertEquals(1, tool.get("expert_kappa").size());
            }
        }
        // while the experts disagree the Safety Call's final label is pending, so the trace is not (yet) a missed call
        assertTrue(
                !j.get("missed_safety_calls").toString().contains(t),
                j.get("missed_safety_calls").toString());
        // two Safety Calls missed (small structured on input 4, small nlt on 13); the End Conversation miss (small
        // structured on 5) is listed in missed_detail only
        assertEquals(2, j.get("missed_safety_calls").size(), j.toString());
        assertEquals(3, j.get("missed_detail").size(), j.toString());
    }

    @Test
    void runRowsFindTheirInputsAndClassifyNamesWhatItCouldNotLabel() throws Exception {
        Path nlt = TestData.nlt();
        JsonNode sage = Json.MAPPER.readTree(nlt.resolve("sage.json").toFile());
        Path rows = dir.resolve("rows.jsonl");
        List<String> lines = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            lines.add(
                    "{\"id\": \"model-" + (i + 7) + "\", \"scenario\": \"sage\", \"input\": "
                            + Json.MAPPER.writeValueAsString(
                                    sage.get("inputs").get(i).get("input").asText())
                            + ", \"expected_tools\": [], \"model_id\": \"m\", \"approach\": \"nlt\", \"output\": \"Safety Call -- NO\"}");
        }
        java.nio.file.Files.write(rows, lines);
        // runs alone: the scenario is unknown, classify says which scenario and inputs, and exits non-zero
        Path alone = dir.resolve("alone.tjdb");
        assertEquals(0, CliTest.run("import", alone.toString(), rows.toString()).code());
        CliTest.Run r = CliTest.run("classify", alone.toString());
        assertEquals(1, r.code(), r.out());
        assertTrue(
                r.out()
                        .contains(
                                "scenario 'sage' is not imported (its tools are unknown); inputs model-7, model-8, model-9"),
                r.out());
        assertTrue(r.err().contains("3 tool-selection traces not classified"), r.err());
        // with the scenario: the rows find sage/1..3 by their exact text, no new task
        Path p = dir.resolve("m.tjdb");
        assertEquals(
                0,
                CliTest.run("import", p.toString(), nlt.resolve("sage.json").toString())
                        .code());
        r = CliTest.run("import", p.toString(), rows.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("rows.jsonl (nlt): 3 tasks (0 new), 3 traces (3 new)"), r.out());
        r = CliTest.run("classify", p.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out().startsWith("classified 3 tool-selection traces")
                        && !r.out().contains("not classified"),
                r.out());
        // a row matching no input: refused with file and line, or added with --new-inputs
        Path extra = dir.resolve("extra.jsonl");
        java.nio.file.Files.write(
                extra,
                List.of(
                        lines.get(0),
                        lines.get(1)
                                .replace(
                                        sage.get("inputs").get(1).get("input").asText(),
                                        "Is Sage open on bank holidays?")));
        r = CliTest.run("import", p.toString(), extra.toString());
        assertEquals(1, r.code());
        assertTrue(
                r.err().contains("extra.jsonl: line 2 at /id: no input of scenario 'sage' matches this run"), r.err());
        r = CliTest.run("import", p.toString(), extra.toString(), "--new-inputs");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("2 tasks (1 new)"), r.out());
    }
}
