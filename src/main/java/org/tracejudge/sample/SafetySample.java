package org.tracejudge.sample;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.tracejudge.classify.SelectionLabeller;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.settings.AppDirs;
import org.tracejudge.store.Project;

/**
 * The bundled safety-review sample (resources/samples/safety): an invented peer-support scenario with two
 * safety-critical tools and selector runs of two fictional models, classified. Built into the data folder on first
 * use; its content warning is kept in {@code project_meta} under {@value #WARNING_KEY}.
 */
public final class SafetySample {
    private static final String ROOT = "/samples/safety/";
    static final String VERSION = "1";
    public static final String WARNING_KEY = "content_warning";

    private SafetySample() {}

    public static Path defaultFile() {
        return AppDirs.dataDir().resolve("samples").resolve("safety-sample.tjdb");
    }

    /** The content warning shown before the sample opens. */
    public static String contentWarning() {
        try (InputStream in = resource("scenario.json")) {
            return Json.MAPPER.readTree(in).path("content_warning").asText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Project open() {
        return open(defaultFile());
    }

    public static Project open(Path file) {
        if (Files.exists(file)) {
            try {
                Project p = Project.open(file);
                if (VERSION.equals(p.meta("safety_sample_version"))) {
                    return p;
                }
                p.close();
            } catch (RuntimeException e) {
                // rebuilt below
            }
        }
        build(file);
        return Project.open(file);
    }

    static void build(Path file) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path staging = Files.createTempDirectory("tracejudge-safety-sample");
            Path scenario = staging.resolve("scenario.json");
            Path runs = staging.resolve("runs.jsonl");
            try (InputStream a = resource("scenario.json"); InputStream b = resource("runs.jsonl")) {
                Files.copy(a, scenario);
                Files.copy(b, runs);
            }
            Path tmp = dir.resolve(file.getFileName() + ".building");
            Files.deleteIfExists(tmp);
            try (Project p = Project.openOrCreate(tmp, "Safety review sample")) {
                new Importer(p, ImportListener.NONE).importSources(List.of(
                        new Importer.Source(scenario, Format.NLT_SCENARIO, null),
                        new Importer.Source(runs, Format.NLT, null)));
                SelectionLabeller.classify(p);
                p.setMeta("description", "Invented peer-support conversations (no real people): a tool selector's "
                        + "decisions on 10 messages, two fictional models, NLT and structured calls.");
                p.setMeta(WARNING_KEY, contentWarning());
                p.setMeta("safety_sample_version", VERSION);
                p.read(c -> {
                    try (var s = c.createStatement()) {
                        s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
                    }
                    return null;
                });
            }
            for (String suffix : List.of("", "-wal", "-shm")) {
                Files.deleteIfExists(Path.of(file + suffix));
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            for (String suffix : List.of("-wal", "-shm")) {
                Files.deleteIfExists(Path.of(tmp + suffix));
            }
            Files.deleteIfExists(runs);
            Files.deleteIfExists(scenario);
            Files.deleteIfExists(staging);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot build the safety sample at " + file + ": " + e.getMessage(), e);
        }
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = SafetySample.class.getResourceAsStream(ROOT + name);
        if (in == null) {
            throw new IOException("the bundled safety sample file " + name + " is missing from the class path");
        }
        return in;
    }
}
