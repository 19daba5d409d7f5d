package org.tracejudge.classify;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.Importer;
import org.tracejudge.store.Project;
import org.tracejudge.testdata.ToolFailBenchGenerator;

/**
 * A benchmark project: {@code models} generated results files x {@code rows} traces from the shared ToolFailBench
 * tasks, plus two judge files per model (judges {@code judge-a}, {@code judge-b}), imported into one project file.
 */
public final class BenchProject {
    public static final List<String> JUDGES = List.of("judge-a", "judge-b");

    private BenchProject() {}

    public static Path build(Path corpus, Path dir, int models, int rows) throws Exception {
        return build(corpus, dir, models, rows, true);
    }

    public static Path build(Path corpus, Path dir, int models, int rows, boolean judges) throws Exception {
        ToolFailBenchGenerator gen = ToolFailBenchGenerator.fromCorpus(corpus);
        Path files = dir.resolve("files");
        List<Path> all = new ArrayList<>();
        for (int i = 0; i < models; i++) {
            String model = String.format("model-%02d", i);
            all.add(gen.writeResultsFile(
                    files, model, rows, LocalDateTime.of(2026, 11, 1, 12, 0).plusMinutes(i)));
            if (!judges) {
                continue;
            }
            List<ToolFailBenchGenerator.Generated> g = gen.generate(model, rows);
            all.add(gen.writeJudgeFile(files.resolve("a"), g, JUDGES.get(0), 0.88));
            all.add(gen.writeJudgeFile(files.resolve("b"), g, JUDGES.get(1), 0.82));
        }
        Path project = dir.resolve("bench.tjdb");
        Files.deleteIfExists(project);
        try (Project p = Project.open(project, Project.OpenOptions.createIfMissing("bench"))) {
            new Importer(p, null).importFiles(all, Format.AUTO, null);
        }
        return project;
    }
}
