package org.tracejudge.sample;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.model.RaterKind;
import org.tracejudge.settings.AppDirs;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/**
 * The sample project shipped with the app (resources/samples/demo): invented tasks, models, traces and
 * illustrative judge verdicts. It is built into a project file in the user's data folder on first use,
 * and rebuilt when the bundled sample changes.
 */
public final class SampleProject {
    private static final String ROOT = "samples/demo/";
    /** Bump when the bundled sample's files change, so old copies are rebuilt. */
    static final String VERSION = "1";

    private SampleProject() {}

    public static Path defaultFile() {
        return AppDirs.dataDir().resolve("samples").resolve("sample-project.tjdb");
    }

    /** Opens the sample project, building it first when it is missing or out of date. */
    public static Project open() {
        return open(defaultFile());
    }

    public static Project open(Path file) {
        if (Files.exists(file)) {
            try {
                Project p = Project.open(file);
                if (VERSION.equals(p.meta("sample_version"))) {
                    return p;
                }
                p.close();
            } catch (RuntimeException e) {
                // a damaged or old copy: rebuild it below
            }
        }
        build(file);
        return Project.open(file);
    }

    /** Builds the sample into {@code file} atomically: a crash leaves the old file or the new one, never half. */
    public static void build(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            Path staging = Files.createTempDirectory("tracejudge-sample");
            try {
                JsonNode manifest = extract(staging);
                Path tmp = dir.resolve(file.getFileName() + ".building");
                deleteProjectFiles(tmp);
                try (Project p = Project.openOrCreate(tmp, manifest.path("name").asText("Sample project"))) {
                    List<Importer.Source> sources = new ArrayList<>();
                    for (JsonNode t : manifest.path("tasks")) {
                        sources.add(new Importer.Source(staging.resolve(t.asText()), Format.TOOLFAILBENCH_TASKS, null));
                    }
                    for (JsonNode r : manifest.path("results")) {
                        sources.add(new Importer.Source(staging.resolve(r.asText()), Format.TOOLFAILBENCH_RESULTS, null));
                    }
                    for (JsonNode j : manifest.path("judges")) {
                        sources.add(new Importer.Source(staging.resolve(j.path("file").asText()),
                                Format.TOOLFAILBENCH_JUDGE, j.path("rater").asText()));
                    }
                    new Importer(p, ImportListener.NONE).importSources(sources);
                    p.write(c -> {
                        Iterator<Map.Entry<String, JsonNode>> it = manifest.path("raters").fields();
                        while (it.hasNext()) {
                            Map.Entry<String, JsonNode> e = it.next();
                            Ledger.ensureRater(c, e.getKey(), RaterKind.fromCode(e.getValue().path("kind").asText("imported")),
                                    "", null, e.getValue().path("description").asText(null));
                        }
                        return null;
                    });
                    p.setMeta("description", manifest.path("description").asText(""));
                    p.setMeta("sample_version", VERSION);
                    p.read(c -> {
                        try (var s = c.createStatement()) {
                            s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
                        }
                        return null;
                    });
                }
                deleteProjectFiles(file);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                deleteProjectFiles(tmp);
            } finally {
                deleteTree(staging);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot build the sample project at " + file + ": " + e.getMessage(), e);
        }
    }

    /** Copies the bundled sample files out of the jar into {@code dir}; returns the manifest. */
    static JsonNode extract(Path dir) throws IOException {
        JsonNode manifest = Json.MAPPER.readTree(resource("project.json"));
        List<String> files = new ArrayList<>();
        manifest.path("tasks").forEach(t -> {
            files.add(t.asText());
            files.add(Path.of(t.asText()).resolveSibling("tools.json").toString().replace('\\', '/'));
        });
        manifest.path("results").forEach(r -> files.add(r.asText()));
        manifest.path("judges").forEach(j -> files.add(j.path("file").asText()));
        for (String f : files) {
            Path target = dir.resolve(f);
            Files.createDirectories(target.getParent());
            try (InputStream in = resource(f)) {
                Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return manifest;
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = SampleProject.class.getClassLoader().getResourceAsStream(ROOT + name);
        if (in == null) {
            throw new IOException("the bundled sample file " + ROOT + name + " is missing from this build");
        }
        return in;
    }

    private static void deleteProjectFiles(Path file) throws IOException {
        for (String suffix : new String[] {"", "-wal", "-shm"}) {
            Files.deleteIfExists(file.resolveSibling(file.getFileName() + suffix));
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
