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
import org.tracejudge.classify.CallLabeller;
import org.tracejudge.classify.RuleLabeller;
import org.tracejudge.classify.SelectionLabeller;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.model.RaterKind;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.settings.AppDirs;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/**
 * The sample projects shipped with the app, built into project files in the user's data folder on first use and
 * rebuilt when the bundled files change: the tool-use benchmark sample (resources/samples/demo: invented tasks,
 * models, traces and illustrative judge verdicts) and the tour of trace kinds (resources/samples/tour: one or more
 * invented traces of every kind the workbench reads — OpenAI and Anthropic transcripts, an OpenTelemetry agent run,
 * NLT selector and structured runs, ToolHaystack- and DiaBench-style conversations — classified by the rule).
 */
public final class SampleProject {
    private static final String ROOT = "samples/";
    /** Bump when the bundled sample's files change, so old copies are rebuilt. */
    static final String VERSION = "1";

    /** A bundled sample: its folder under resources/samples, its project file's name and its version. */
    public enum Kind {
        BENCHMARK("demo", "sample-project.tjdb", VERSION),
        TOUR("tour", "trace-kinds-tour.tjdb", "1");

        private final String folder;
        private final String fileName;
        private final String version;

        Kind(String folder, String fileName, String version) {
            this.folder = folder;
            this.fileName = fileName;
            this.version = version;
        }

        /** Where the sample's project is kept in the data folder. */
        public Path defaultFile() {
            return AppDirs.dataDir().resolve("samples").resolve(fileName);
        }
    }

    private SampleProject() {}

    public static Path defaultFile() {
        return Kind.BENCHMARK.defaultFile();
    }

    /** Opens the sample project, building it first when it is missing or out of date. */
    public static Project open() {
        return open(defaultFile());
    }

    public static Project open(Path file) {
        return open(Kind.BENCHMARK, file);
    }

    /** Opens the {@code kind} sample at {@code file}, building it first when it is missing or out of date. */
    public static Project open(Kind kind, Path file) {
        if (Files.exists(file)) {
            try {
                Project p = Project.open(file);
                if (kind.version.equals(p.meta("sample_version"))
                        && kind.folder.equals(p.meta("sample_kind") == null ? "demo" : p.meta("sample_kind"))) {
                    return p;
                }
                p.close();
            } catch (RuntimeException e) {
                // a damaged or old copy: rebuild it below
            }
        }
        build(kind, file);
        return Project.open(file);
    }

    /** Builds the sample into {@code file} atomically: a crash leaves the old file or the new one, never half. */
    public static void build(Path file) {
        build(Kind.BENCHMARK, file);
    }

    /** Builds the {@code kind} sample into {@code file} atomically. */
    public static void build(Kind kind, Path file) {
        Path dir = file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            Path staging = Files.createTempDirectory("tracejudge-sample");
            try {
                JsonNode manifest = extract(kind, staging);
                Path base = staging.resolve(kind.folder);
                Path tmp = dir.resolve(file.getFileName() + ".building");
                deleteProjectFiles(tmp);
                try (Project p = Project.open(
                        tmp,
                        Project.OpenOptions.createIfMissing(
                                manifest.path("name").asText("Sample project")))) {
                    List<Importer.Source> sources = new ArrayList<>();
                    for (JsonNode t : manifest.path("tasks")) {
                        sources.add(new Importer.Source(
                                base.resolve(t.asText()).normalize(), Format.TOOLFAILBENCH_TASKS, null));
                    }
                    for (JsonNode r : manifest.path("results")) {
                        sources.add(new Importer.Source(
                                base.resolve(r.asText()).normalize(), Format.TOOLFAILBENCH_RESULTS, null));
                    }
                    for (JsonNode j : manifest.path("judges")) {
                        sources.add(new Importer.Source(
                                base.resolve(j.path("file").asText()).normalize(),
                                Format.TOOLFAILBENCH_JUDGE,
                                j.path("rater").asText()));
                    }
                    for (JsonNode t : manifest.path("traces")) {
                        sources.add(new Importer.Source(
                                base.resolve(t.path("file").asText()).normalize(),
                                Format.fromCode(t.path("format").asText("auto")),
                                null));
                    }
                    new Importer(p, ImportListener.NONE).importSources(sources);
                    if (manifest.path("classify").asBoolean(false)) {
                        // the rule's labels, as `classify` gives them: each kind's own classifier
                        RuleLabeller.Result r = RuleLabeller.classify(p, RuleClassifier.Mode.COMPAT);
                        SelectionLabeller.classify(p);
                        CallLabeller.classify(p, r.rater());
                    }
                    p.write(c -> {
                        Iterator<Map.Entry<String, JsonNode>> it =
                                manifest.path("raters").properties().iterator();
                        while (it.hasNext()) {
                            Map.Entry<String, JsonNode> e = it.next();
                            Ledger.ensureRater(
                                    c,
                                    e.getKey(),
                                    RaterKind.fromCode(e.getValue().path("kind").asText("imported")),
                                    "",
                                    null,
                                    e.getValue().path("description").asText(null));
                        }
                        return null;
                    });
                    p.setMeta("description", manifest.path("description").asText(""));
                    p.setMeta("sample_version", kind.version);
                    p.setMeta("sample_kind", kind.folder);
                    p.checkpointFully();
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

    /**
     * Copies the {@code kind} sample's files out of the jar into {@code dir}/folder (names relative to the sample's
     * folder; "../" reaches a file another sample folder has, e.g. the tour's conversations); returns the manifest.
     */
    static JsonNode extract(Kind kind, Path dir) throws IOException {
        JsonNode manifest = Json.MAPPER.readTree(resource(kind.folder + "/project.json"));
        List<String> files = new ArrayList<>();
        manifest.path("tasks").forEach(t -> {
            files.add(t.asText());
            files.add(
                    Path.of(t.asText()).resolveSibling("tools.json").toString().replace('\\', '/'));
        });
        manifest.path("results").forEach(r -> files.add(r.asText()));
        manifest.path("judges").forEach(j -> files.add(j.path("file").asText()));
        manifest.path("traces").forEach(t -> files.add(t.path("file").asText()));
        for (String f : files) {
            Path target = dir.resolve(kind.folder).resolve(f).normalize();
            if (!target.startsWith(dir)) {
                throw new IOException("the bundled sample names a file outside the samples: " + f);
            }
            Files.createDirectories(target.getParent());
            String name = Path.of(kind.folder, f).normalize().toString().replace('\\', '/');
            try (InputStream in = resource(name)) {
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
