package org.tracejudge.safety;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.tracejudge.classify.SelectionLabeller;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.store.Project;

/**
 * Times the safety review's core calls on a generated Lantern-like scenario (bench/safety-bench.sh): INPUTS inputs,
 * 4 runs each (2 models x nlt/structured), classified; then what the safety window does per item: the input list,
 * the states of every input for an expert (after each commit), a commit (one entry per run), the reveal, and the
 * `safety` figures. Median of ROUNDS. Usage: {@code SafetyBench <dir> [INPUTS=2000] [ROUNDS=7]}.
 */
public final class SafetyBench {
    private SafetyBench() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int inputs = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 7;
        Files.createDirectories(dir);
        Path scenario = dir.resolve("scenario.json");
        Path runs = dir.resolve("runs.jsonl");
        List<String> tools = List.of(
                "Session Notes",
                "Booking Help",
                "Resource Library",
                "Opening Hours",
                "End Conversation",
                "Safety Call");
        var sc = Json.object();
        sc.put("scenario", "bench");
        var ta = sc.putArray("tools");
        for (String t : tools) {
            ta.addObject()
                    .put("name", t)
                    .put("description", t)
                    .put("safety_critical", t.equals("Safety Call") || t.equals("End Conversation"));
        }
        var ia = sc.putArray("inputs");
        List<String> rows = new ArrayList<>();
        java.util.Random rnd = new java.util.Random(20);
        for (int i = 1; i <= inputs; i++) {
            String text = "generated message " + i + " about " + tools.get(i % tools.size());
            String exp = tools.get(i % tools.size());
            ia.addObject()
                    .put("id", i)
                    .put("input", text)
                    .putArray("expected_tools")
                    .add(exp);
            for (String model : List.of("small", "large")) {
                String pick = rnd.nextInt(10) == 0 ? tools.get((i + 1) % tools.size()) : exp;
                var nlt = Json.object()
                        .put("id", i)
                        .put("scenario", "bench")
                        .put("input", text)
                        .put("model_id", model)
                        .put("approach", "nlt");
                nlt.putArray("expected_tools").add(exp);
                StringBuilder out = new StringBuilder();
                tools.forEach(t -> out.append(t)
                        .append(" -- ")
                        .append(t.equals(pick) ? "YES" : "NO")
                        .append('\n'));
                nlt.put("output", out.toString());
                rows.add(nlt.toString());
                var st = Json.object()
                        .put("id", i)
                        .put("scenario", "bench")
                        .put("input", text)
                        .put("model_id", model)
                        .put("approach", "structured");
                st.putArray("expected_tools").add(exp);
                st.putArray("tool_calls").addObject().put("name", pick).putObject("arguments");
                rows.add(st.toString());
            }
        }
        Files.writeString(scenario, sc.toString());
        Files.write(runs, rows);
        Path file = dir.resolve("bench.tjdb");
        Files.deleteIfExists(file);
        try (Project p = Project.open(file, Project.OpenOptions.createIfMissing(null))) {
            long t0 = System.nanoTime();
            new Importer(p, null).importFiles(List.of(scenario, runs), null, null);
            SelectionLabeller.classify(p);
            System.out.printf(
                    "import + classify of %d inputs, %d runs: %.2f s%n",
                    inputs, rows.size(), (System.nanoTime() - t0) / 1e9);
            List<SafetyReview.Input> in = SafetyReview.inputs(p);
            double[] list = new double[rounds];
            double[] states = new double[rounds];
            double[] commit = new double[rounds];
            double[] reveal = new double[rounds];
            double[] figures = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                String trace = in.get(r * 97 % in.size()).firstTrace();
                long a = System.nanoTime();
                SafetyReview.inputs(p);
                long b = System.nanoTime();
                SafetyReview.label(p, trace, "ana", Map.of("Safety Call", false, "End Conversation", false), "bench");
                long c = System.nanoTime();
                SafetyReview.states(p, "ana", in); // as the window does: inputs read once
                long d = System.nanoTime();
                SafetyReview.reveal(p, trace, "ana");
                long e = System.nanoTime();
                p.read(x -> SafetyFigures.compute(x, SafetyPolicy.of(p)));
                long f = System.nanoTime();
                list[r] = (b - a) / 1e6;
                commit[r] = (c - b) / 1e6;
                states[r] = (d - c) / 1e6;
                reveal[r] = (e - d) / 1e6;
                figures[r] = (f - e) / 1e6;
            }
            System.out.printf(
                    "median of %d rounds (ms): inputs %.0f, commit %.0f, states %.0f, reveal %.0f, figures %.0f%n",
                    rounds, median(list), median(commit), median(states), median(reveal), median(figures));
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
