package org.tracejudge.ui.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.Importer;
import org.tracejudge.store.Project;
import org.tracejudge.testdata.ToolFailBenchGenerator;

/**
 * Builds the workbench benchmark project: {@code models} generated models × 1,000 traces of the shared
 * ToolFailBench tasks, each with two generated judges, imported into one project file.
 * Usage: {@code BigProject <corpusRoot> <project.tjdb> [models=100]}.
 */
public final class BigProject {
    private BigProject() {}

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]);
        Path file = Path.of(args[1]);
        int models = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        int rows = args.length > 3 ? Integer.parseInt(args[3]) : 1000;
        ToolFailBenchGenerator gen = ToolFailBenchGenerator.fromCorpus(root);
        Path dir = Files.createTempDirectory("tracejudge-bigproject");
        long t0 = System.nanoTime();
        Files.deleteIfExists(file);
        try (Project p =
                Project.open(file, Project.OpenOptions.createIfMissing("Benchmark " + models * rows + " traces"))) {
            for (int batch = 0; batch < models; batch += 10) {
                List<Path> files = new ArrayList<>();
                for (int i = batch; i < Math.min(models, batch + 10); i++) {
                    String model = "model-" + String.format("%03d", i);
                    files.add(gen.writeResultsFile(
                            dir,
                            model,
                            rows,
                            LocalDateTime.of(2026, 11, 1, 12, 0).plusMinutes(i)));
                    List<ToolFailBenchGenerator.Generated> g = gen.generate(model, rows);
                    files.add(gen.writeJudgeFile(dir, g, "judge-a", 0.85));
                    files.add(gen.writeJudgeFile(dir, g, "judge-b", 0.8));
                }
                new Importer(p, ImportListener.NONE).importFiles(files, null, null);
                for (Path f : files) {
                    Files.delete(f);
                }
                System.out.printf(
                        "%d models imported (%.1f s)%n", Math.min(models, batch + 10), (System.nanoTime() - t0) / 1e9);
            }
            p.setMeta("ensemble.judges", "judge-a,judge-b");
        }
        Files.deleteIfExists(dir);
    }
}
