package org.tracejudge.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.tracejudge.sample.SafetySample;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;

/**
 * The bundled projects the golden outputs are of, built as the workbench builds them (the tool-use benchmark sample,
 * the tour of trace kinds, the safety-review sample) in a child JVM that sees one processor: the importer reads its
 * files on as many threads as there are processors and stores their records as they arrive, so the ledger's order
 * (and with it a bootstrap's resamples and the export's line order) differs from build to build on more than one;
 * on one it is the files' order, every time.
 */
final class GoldenProjects {
    private GoldenProjects() {}

    /** The projects by name (demo, tour, safety), built into {@code dir}. */
    static Map<String, Path> build(Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        String java = ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> cmd = new ArrayList<>(List.of(java, "-XX:ActiveProcessorCount=1", "-Xmx512m"));
        String home = System.getProperty("tracejudge.home");
        if (home != null) {
            cmd.add("-Dtracejudge.home=" + home);
        }
        cmd.addAll(
                List.of("-cp", System.getProperty("java.class.path"), GoldenProjects.class.getName(), dir.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("building the bundled projects failed: " + out);
        }
        return files(dir);
    }

    static Map<String, Path> files(Path dir) {
        Map<String, Path> m = new LinkedHashMap<>();
        for (String name : List.of("demo", "tour", "safety")) {
            m.put(name, dir.resolve(name + ".tjdb"));
        }
        return m;
    }

    /** {@code GoldenProjects DIR}: builds the three projects into DIR (run with one processor: see above). */
    public static void main(String[] args) {
        Map<String, Path> f = files(Path.of(args[0]));
        SampleProject.build(SampleProject.Kind.BENCHMARK, f.get("demo"));
        SampleProject.build(SampleProject.Kind.TOUR, f.get("tour"));
        try (Project p = SafetySample.open(f.get("safety"))) {
            p.checkpointFully();
        }
    }
}
