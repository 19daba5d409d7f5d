package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/** The {@code agreement} command, on a project and on a CSV label table. */
class AgreementCliTest {
    @TempDir
    Path dir;

    private Path sample() {
        Path p = dir.resolve("s.tjdb");
        List<String> args = new ArrayList<>(List.of("import", p.toString()));
        TestData.sampleFiles().forEach(f -> args.add(f.toString()));
        assertEquals(0, CliTest.run(args.toArray(String[]::new)).code());
        return p;
    }

    /** Cohen's kappa straight from the definition, over rows where both columns are non-empty. */
    private static double[] cohenFromLabelsCsv(String csv, String a, String b) {
        String[] lines = csv.split("\n");
        List<String> header = List.of(lines[0].split(",", -1));
        int ia = header.indexOf(a);
        int ib = header.indexOf(b);
        Map<String, Integer> ca = new HashMap<>();
        Map<String, Integer> cb = new HashMap<>();
        int n = 0;
        int same = 0;
        for (int i = 1; i < lines.length; i++) {
            String[] cells = lines[i].split(",", -1);
            if (cells[ia].isEmpty() || cells[ib].isEmpty()) {
                continue;
            }
            n++;
            same += cells[ia].equals(cells[ib]) ? 1 : 0;
            ca.merge(cells[ia], 1, Integer::sum);
            cb.merge(cells[ib], 1, Integer::sum);
        }
        double po = (double) same / n;
        double pe = 0;
        for (var e : ca.entrySet()) {
            pe += (double) e.getValue() / n * cb.getOrDefault(e.getKey(), 0) / n;
        }
        return new double[] {n, po, (po - pe) / (1 - pe)};
    }

    @Test
    void projectReportHasTheSpecifiedJsonAndMatchesTheLabelsTable() throws Exception {
        Path p = sample();
        CliTest.Run r = CliTest.run("agreement", p.toString(), "--format", "json", "--resamples", "200");
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.MAPPER.readTree(r.out());
        List<String> raters = new ArrayList<>();
        j.get("raters").forEach(x -> raters.add(x.asText()));
        assertTrue(raters.contains("harness"), raters.toString());
        assertTrue(raters.size() >= 3, "harness and the sample's two illustrative judges: " + raters);
        assertTrue(j.get("n_items").asInt() > 0);
        String labelsCsv = CliTest.run("labels", p.toString()).out();
        for (JsonNode pair : j.get("pairwise")) {
            double[] expected = cohenFromLabelsCsv(
                    labelsCsv, pair.get("a").asText(), pair.get("b").asText());
            assertEquals((long) expected[0], pair.get("n").asLong(), pair.toString());
            assertEquals(expected[1], pair.get("agreement").asDouble(), 1e-12, pair.toString());
            assertEquals(expected[2], pair.get("kappa").asDouble(), 1e-12, pair.toString());
            assertTrue(pair.get("se").isNumber(), pair.toString());
            double lo = pair.get("ci95").get(0).asDouble();
            double hi = pair.get("ci95").get(1).asDouble();
            assertTrue(
                    lo <= pair.get("kappa").asDouble() + 1e-12
                            && pair.get("kappa").asDouble() <= hi + 1e-12,
                    pair.toString());
        }
        assertEquals(raters.size() * (raters.size() - 1) / 2, j.get("pairwise").size());
        for (String field : List.of("raters", "n", "kappa", "ci95")) {
            assertTrue(j.get("fleiss").has(field), field);
        }
        for (String field : List.of("n", "value", "ci95")) {
            assertTrue(j.get("alpha").has(field), field);
        }
        JsonNode perLabel = j.get("per_label");
        assertTrue(perLabel.size() >= 4, perLabel.toString());
        for (JsonNode l : perLabel) {
            assertTrue(l.has("label") && l.has("prevalence") && l.has("fleiss_kappa") && l.has("pairwise"));
        }
        CliTest.Run again = CliTest.run("agreement", p.toString(), "--format", "json", "--resamples", "200");
        assertEquals(r.out(), again.out(), "seeded bootstrap: the same report twice");
    }

    @Test
    void humanDecisionsAreRatersAndChangeTheirPairwiseKappa() throws Exception {
        Path p = sample();
        List<String> traces = new ArrayList<>();
        Map<String, String> harness = new HashMap<>();
        for (JsonNode row : Json.MAPPER
                .readTree(
                        CliTest.run("labels", p.toString(), "--format", "json").out())
                .get("rows")) {
            if (row.hasNonNull("harness")) {
                traces.add(row.get("trace_id").asText());
                harness.put(row.get("trace_id").asText(), row.get("harness").asText());
            }
        }
        try (Project project = Project.open(p)) {
            project.write(c -> {
                for (String t : traces.subList(0, 20)) {
                    Ledger.adjudicate(c, t, "dr-okafor", harness.get(t), null);
                }
                return null;
            });
        }
        JsonNode agree = Json.MAPPER.readTree(CliTest.run(
                        "agreement",
                        p.toString(),
                        "--raters",
                        "harness,dr-okafor",
                        "--format",
                        "json",
                        "--resamples",
                        "0")
                .out());
        JsonNode pair = agree.get("pairwise").get(0);
        assertEquals(20, pair.get("n").asInt());
        assertEquals(1.0, pair.get("agreement").asDouble(), 0);
        assertEquals(1.0, pair.get("kappa").asDouble(), 1e-12);

        String first = traces.get(0);
        String other = harness.get(first).equals("correct") ? "tool_skip" : "correct";
        try (Project project = Project.open(p)) {
            project.write(c -> Ledger.adjudicate(c, first, "dr-okafor", other, "changed my mind"));
        }
        JsonNode changed = Json.MAPPER
                .readTree(CliTest.run(
                                "agreement",
                                p.toString(),
                                "--raters",
                                "harness,dr-okafor",
                                "--format",
                                "json",
                                "--resamples",
                                "0")
                        .out())
                .get("pairwise")
                .get(0);
        assertEquals(20, changed.get("n").asInt(), "the newer decision replaces the older one");
        assertEquals(19.0 / 20, changed.get("agreement").asDouble(), 1e-12);
        assertNotEquals(1.0, changed.get("kappa").asDouble());
    }

    @Test
    void breakdownByDomainReportsEachDomain() throws Exception {
        Path p = sample();
        CliTest.Run r =
                CliTest.run("agreement", p.toString(), "--by", "domain", "--format", "json", "--resamples", "0");
        assertEquals(0, r.code(), r.err());
        JsonNode by = Json.MAPPER.readTree(r.out()).get("by");
        assertEquals("domain", by.get("attribute").asText());
        assertEquals(
                2,
                by.get("strata").size(),
                "the sample has two domains: " + by.get("strata").fieldNames());
        int total = 0;
        for (JsonNode s : by.get("strata")) {
            total += s.get("n_items").asInt();
        }
        assertEquals(Json.MAPPER.readTree(r.out()).get("n_items").asInt(), total);
        CliTest.Run text = CliTest.run("agreement", p.toString(), "--by", "model", "--resamples", "0");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("=== model = acme-lm-7b ==="), text.out());
    }

    @Test
    void aSpreadsheetLabelTableGivesCohensWorkedValue() throws Exception {
        // 50 items: both "yes" 20, A yes / B no 5, A no / B yes 10, both "no" 15.
        // p_o = 35/50 = 0.70, p_e = 0.5*0.6 + 0.5*0.4 = 0.50, kappa = 0.40.
        StringBuilder csv = new StringBuilder("item,rater,label,site\n");
        int item = 0;
        int[][] cells = {{20, 0, 0}, {5, 0, 1}, {10, 1, 0}, {15, 1, 1}};
        for (int[] cell : cells) {
            for (int k = 0; k < cell[0]; k++) {
                item++;
                String site = item % 2 == 0 ? "north" : "south";
                csv.append("i")
                        .append(item)
                        .append(",A,")
                        .append(cell[1] == 0 ? "yes" : "no")
                        .append(',')
                        .append(site)
                        .append('\n');
                csv.append("i")
                        .append(item)
                        .append(",B,")
                        .append(cell[2] == 0 ? "yes" : "no")
                        .append(',')
                        .append(site)
                        .append('\n');
            }
        }
        Path f = dir.resolve("study.csv");
        Files.writeString(f, csv, StandardCharsets.UTF_8);
        CliTest.Run r = CliTest.run("agreement", "--labels", f.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode pair = Json.MAPPER.readTree(r.out()).get("pairwise").get(0);
        assertEquals(50, pair.get("n").asInt());
        assertEquals(0.70, pair.get("agreement").asDouble(), 1e-12);
        assertEquals(0.40, pair.get("kappa").asDouble(), 1e-12);
        CliTest.Run table = CliTest.run("agreement", "--labels", f.toString());
        assertEquals(0, table.code(), table.err());
        assertTrue(table.out().contains("0.4"), table.out());
    }

    @Test
    void undefinedKappaIsNullWithANote() throws Exception {
        Path f = dir.resolve("same.csv");
        Files.writeString(f, "item,rater,label\n1,A,x\n1,B,x\n2,A,x\n2,B,x\n");
        JsonNode pair = Json.MAPPER
                .readTree(CliTest.run("agreement", "--labels", f.toString(), "--format", "json")
                        .out())
                .get("pairwise")
                .get(0);
        assertTrue(pair.get("kappa").isNull(), pair.toString());
        assertFalse(pair.get("note").asText().isEmpty());
    }

    @Test
    void badInputIsOneLineNamingTheProblem() throws Exception {
        Path p = sample();
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "item,rater,label\n1,A,x\n1,A,y\n");
        // usage errors (a bad or missing argument) exit 2, failed work 1, as --help says
        Object[][] cases = {
            {new String[] {"agreement"}, "exactly one", 2},
            {new String[] {"agreement", p.toString(), "--labels", bad.toString()}, "exactly one", 2},
            {new String[] {"agreement", p.toString(), "--raters", "harness,nobody"}, "no rater named nobody", 2},
            {new String[] {"agreement", p.toString(), "--by", "colour"}, "--by must be one of", 2},
            {new String[] {"agreement", p.toString(), "--resamples", "-3"}, "--resamples must be 0 to 100000, not -3", 2
            },
            {
                new String[] {
                    "agreement", "--labels", dir.resolve("missing.csv").toString()
                },
                "missing.csv: no such file",
                1
            },
            {new String[] {"agreement", "--labels", bad.toString()}, "bad.csv", 1},
            {new String[] {"agreement", p.toString(), "--raters", "harness"}, "at least two raters", 1},
        };
        for (Object[] c : cases) {
            CliTest.Run r = CliTest.run((String[]) c[0]);
            assertEquals((int) c[2], r.code(), String.join(" ", (String[]) c[0]) + ": " + r.err());
            assertTrue(r.err().contains((String) c[1]), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
    }

    @Test
    void aRaterThatCopiesAnotherIsLeftOutUnlessChosen() throws Exception {
        // c gives a's label on all 30 items: a copy, not a third opinion
        StringBuilder csv = new StringBuilder("item,rater,label\n");
        String[] labels = {"yes", "no", "maybe"};
        for (int i = 0; i < 30; i++) {
            String a = labels[i % 3];
            String b = labels[(i * 7 + i / 4) % 3];
            csv.append("i").append(i).append(",a,").append(a).append('\n');
            csv.append("i").append(i).append(",b,").append(b).append('\n');
            csv.append("i").append(i).append(",c,").append(a).append('\n');
        }
        Path f = dir.resolve("copies.csv");
        Files.writeString(f, csv, StandardCharsets.UTF_8);
        CliTest.Run r = CliTest.run("agreement", "--labels", f.toString(), "--resamples", "0");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("Left out c: the same label as a on 30 of 30 shared items (100.0%)"), r.out());
        assertTrue(r.out().contains("Raters: a, b "), r.out());
        JsonNode j =
                Json.read(CliTest.run("agreement", "--labels", f.toString(), "--resamples", "0", "--format", "json")
                        .out());
        assertEquals("c", j.get("left_out").get(0).get("rater").asText());
        assertEquals("a", j.get("left_out").get(0).get("same_as").asText());
        // chosen, it counts (and is still named): Fleiss over three raters is higher than over two
        r = CliTest.run(
                "agreement", "--labels", f.toString(), "--resamples", "0", "--raters", "a,b,c", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode chosen = Json.read(r.out());
        assertEquals("c", chosen.get("copies_chosen").get(0).get("rater").asText());
        assertTrue(
                chosen.get("fleiss").get("kappa").asDouble()
                        > j.get("fleiss").get("kappa").asDouble(),
                "a copy inflates Fleiss' kappa: " + chosen.get("fleiss") + " vs " + j.get("fleiss"));
    }
}
