package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;
import org.tracejudge.store.Project;

/** import --format toolhaystack|diabench, classify and metrics on the multi-turn samples, checked by hand. */
class CallsCliTest {
    static final Path SAMPLES = Path.of("resources", "samples", "multiturn");

    @TempDir
    Path dir;

    @Test
    void importClassifyMetrics() {
        String p = dir.resolve("m.tjdb").toString();
        CliTest.Run imp = CliTest.run(
                "import", p, SAMPLES.resolve("toolhaystack-sample.jsonl").toString(), "--input-format", "toolhaystack");
        assertEquals(0, imp.code(), imp.err());
        CliTest.Run imp2 = CliTest.run(
                "import", p, SAMPLES.resolve("diabench-sample.jsonl").toString());
        assertEquals(0, imp2.code(), imp2.err());

        CliTest.Run cls = CliTest.run("classify", p);
        assertEquals(0, cls.code(), cls.err());
        assertTrue(
                cls.out()
                        .contains("call-level traces (ToolHaystack / DiaBench), call-level rule as rater 'rule' (20):"),
                cls.out());
        assertTrue(cls.out().contains("ledger: 20 entries appended, 0 traces unchanged"), cls.out());
        assertTrue(CliTest.run("classify", p).out().contains("ledger: 0 entries appended, 20 traces unchanged"));

        // every label as worked out by hand from the sample files
        Map<String, String> expected = new HashMap<>();
        expected.put("acme-lm-7b/th-cr-s-001", "correct_call");
        expected.put("acme-lm-7b/th-cr-m-002", "correct_call");
        expected.put("acme-lm-7b/th-is-e-003", "stale_value");
        expected.put("acme-lm-7b/th-is-i-004", "stale_value");
        expected.put("acme-lm-7b/th-mc-e-005", "correct_clarification");
        expected.put("acme-lm-7b/th-mc-h-006", "premature_call");
        expected.put("nimbus-2-mini/th-cr-s-001", "wrong_arguments");
        expected.put("nimbus-2-mini/th-cr-m-002", "wrong_arguments");
        expected.put("nimbus-2-mini/th-is-e-003", "correct_call");
        expected.put("nimbus-2-mini/th-is-i-004", "correct_call");
        expected.put("nimbus-2-mini/th-mc-e-005", "invented_missing_value");
        expected.put("nimbus-2-mini/th-mc-h-006", "abstained");
        expected.put("acme-lm-7b/dia-001", "correct_call");
        expected.put("acme-lm-7b/dia-002", "correct_call");
        expected.put("acme-lm-7b/dia-003", "abstained");
        expected.put("acme-lm-7b/dia-004", "correct_call");
        expected.put("nimbus-2-mini/dia-001", "wrong_tool");
        expected.put("nimbus-2-mini/dia-002", "wrong_arguments");
        expected.put("nimbus-2-mini/dia-003", "wrong_arguments");
        expected.put("nimbus-2-mini/dia-004", "correct_call");
        Map<String, String> actual = new HashMap<>();
        try (Project pr = Project.open(Path.of(p))) {
            pr.read(c -> {
                try (var s = c.createStatement();
                        var rs = s.executeQuery("SELECT t.model, k.task_key, l.value FROM current_label l "
                                + "JOIN trace t ON t.id = l.trace_id JOIN task k ON k.id = t.task_id")) {
                    while (rs.next()) {
                        actual.put(rs.getString(1) + "/" + rs.getString(2), rs.getString(3));
                    }
                }
                return null;
            });
            // the default value and the invented extra key are classed in the evidence
            assertEquals(
                    "default",
                    TestData.scalar(
                            pr,
                            "SELECT json_extract(l.evidence, '$.diff[0].origin') FROM current_label l "
                                    + "JOIN trace t ON t.id = l.trace_id JOIN task k ON k.id = t.task_id WHERE k.task_key = 'dia-002' AND t.model = 'nimbus-2-mini'"));
            assertEquals(
                    "extra",
                    TestData.scalar(
                            pr,
                            "SELECT json_extract(l.evidence, '$.diff[0].kind') FROM current_label l "
                                    + "JOIN trace t ON t.id = l.trace_id JOIN task k ON k.id = t.task_id WHERE k.task_key = 'dia-003' AND t.model = 'nimbus-2-mini'"));
        }
        assertEquals(expected, actual);

        CliTest.Run m = CliTest.run("metrics", p, "--source", "rule", "--format", "json");
        assertEquals(0, m.code(), m.err());
        JsonNode cl = Json.read(m.out()).path("call_level");
        assertEquals("rule", cl.path("source").asText());
        Map<String, JsonNode> byKey = new HashMap<>();
        cl.path("models")
                .forEach(x -> byKey.put(
                        x.path("benchmark").asText() + "/" + x.path("model").asText(), x));
        JsonNode acmeDia = byKey.get("diabench/acme-lm-7b");
        assertEquals(3, acmeDia.path("acc").path("count").asInt());
        assertEquals(0.75, acmeDia.path("acc").path("rate").asDouble(), 1e-9);
        assertEquals(1, acmeDia.path("ftr").asInt()); // the schedule search before booking
        assertEquals(0.25, acmeDia.path("tar").path("rate").asDouble(), 1e-9);
        JsonNode nimbusDia = byKey.get("diabench/nimbus-2-mini");
        assertEquals(0.25, nimbusDia.path("acc").path("rate").asDouble(), 1e-9);
        assertEquals(2, nimbusDia.path("ftr").asInt());
        assertEquals(0, nimbusDia.path("tar").path("count").asInt());
        JsonNode acmeHay = byKey.get("toolhaystack/acme-lm-7b");
        assertEquals(0.5, acmeHay.path("acc").path("rate").asDouble(), 1e-9);
        assertEquals(6, acmeHay.path("by_scenario").size());
        assertEquals(0.5, acmeHay.path("scenario_average").asDouble(), 1e-9);
        JsonNode nimbusHay = byKey.get("toolhaystack/nimbus-2-mini");
        assertEquals(2, nimbusHay.path("acc").path("count").asInt());
        for (JsonNode cell : nimbusHay.path("by_scenario")) {
            double want = cell.path("scenario").asText().equals("information_shift") ? 1.0 : 0.0;
            assertEquals(want, cell.path("accuracy").path("rate").asDouble(), 1e-9, cell.toString());
        }

        String stale;
        try (Project pr = Project.open(Path.of(p))) {
            stale = TestData.scalar(
                    pr,
                    "SELECT t.id FROM trace t JOIN task k ON k.id = t.task_id WHERE k.task_key = 'th-is-e-003' "
                            + "AND t.model = 'acme-lm-7b'");
        }
        CliTest.Run ex = CliTest.run("explain", p, "--trace", stale.substring(0, 12));
        assertEquals(0, ex.code(), ex.err());
        assertTrue(ex.out().contains("label: stale_value"), ex.out());
        assertTrue(ex.out().contains("ToolFailBench counterpart: result_ignore"), ex.out());
        assertTrue(
                ex.out()
                        .contains(
                                "address: wrong_value, gold \"7 Quay Street\", called \"14 Larch Road\", in_context (turn 1, session-1"),
                ex.out());
        assertTrue(ex.out().contains("timeline of address:"), ex.out());
        assertTrue(ex.out().contains("\"7 Quay Street\"  <- latest"), ex.out());

        CliTest.Run csv = CliTest.run("metrics", p, "--format", "csv");
        assertEquals(0, csv.code(), csv.err());
        assertTrue(
                csv.out()
                        .startsWith(
                                "benchmark,model,scenario,level,n,correct,accuracy_percent,ftr,tar_count,tar_percent\n"),
                csv.out());
        assertTrue(csv.out().contains("\ndiabench,acme-lm-7b,all,,4,3,75.0000,1,1,25.0000\n"), csv.out());
        assertTrue(
                csv.out().contains("\ntoolhaystack,nimbus-2-mini,information_shift,implicit,1,1,100.0000,,,\n"),
                csv.out());

        CliTest.Run table = CliTest.run("metrics", p);
        assertEquals(0, table.code(), table.err());
        assertTrue(table.out().contains("Call-level (ToolHaystack / DiaBench traces)"), table.out());
        assertTrue(table.out().contains("call accuracy by scenario and level"), table.out());
    }
}
