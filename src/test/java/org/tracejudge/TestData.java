package org.tracejudge;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Where test inputs live: the bundled sample (always there) and ../shared (skipped when absent). */
public final class TestData {
    private TestData() {}

    public static final Path SAMPLE = Path.of("resources", "samples", "demo");
    public static final Path SHARED = Path.of("..", "shared");
    public static final Path TOOLFAILBENCH = SHARED.resolve("corpora").resolve("toolfailbench-v5");

    /** The shared ToolFailBench corpus; the calling test is skipped when it is absent. */
    public static Path toolFailBench() {
        requireShared(Files.isDirectory(TOOLFAILBENCH), "../shared/corpora/toolfailbench-v5");
        return TOOLFAILBENCH;
    }

    /**
     * A test that needs something of ../shared: where it is present the test runs; elsewhere it is skipped, saying so
     * in one line on stderr. In CI (environment CI=true), which always has ../shared beside the checkout, an absent
     * part fails the test instead: a green CI must never be one that skipped the real-data tests.
     */
    public static void requireShared(boolean present, String what) {
        if (present) {
            return;
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new AssertionError(what + " is absent, but CI runs with ../shared beside the checkout: the tests "
                    + "on real data must run there");
        }
        System.err.println("SKIPPED (no " + what + " beside this checkout)");
        assumeTrue(false, what + " is absent; skipped");
    }

    public static final Path NLT = SHARED.resolve("corpora").resolve("nlt");

    /** The shared NLT scenarios (sage.json, alex.json); the calling test is skipped when they are absent. */
    public static Path nlt() {
        requireShared(Files.isRegularFile(NLT.resolve("sage.json")), "../shared/corpora/nlt");
        return NLT;
    }

    /** Every file of the sample project, tasks first, then results, then judge files. */
    public static List<Path> sampleFiles() {
        List<Path> files = new ArrayList<>();
        files.add(SAMPLE.resolve("travel/tasks.json"));
        files.add(SAMPLE.resolve("energy/tasks.json"));
        files.addAll(list(SAMPLE.resolve("results")));
        files.addAll(list(SAMPLE.resolve("judges")));
        return files;
    }

    public static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The first column of the first row of a query, as text (null when there is no row). */
    public static String scalar(org.tracejudge.store.Project p, String sql) {
        return p.read(c -> {
            try (java.sql.Statement s = c.createStatement();
                    java.sql.ResultSet rs = s.executeQuery(sql)) {
                return rs.next() ? rs.getString(1) : null;
            }
        });
    }

    public static int count(org.tracejudge.store.Project p, String table) {
        return Integer.parseInt(scalar(p, "SELECT count(*) FROM " + table));
    }

    /**
     * SQL that turns a schema-16 file back into what schema 15 left (no summary of current labels): for tests that
     * build an older file from a current one, before they undo the schemas under it.
     */
    public static final java.util.List<String> UNDO_SCHEMA_16 = java.util.List.of(
            "DROP TRIGGER trace_label_values_trace",
            "DROP TRIGGER label_current_insert",
            "DROP TRIGGER label_current_update",
            "DROP TABLE trace_label_values",
            "DROP TABLE label_combo_value",
            "DROP TABLE label_combo",
            "DROP TABLE label_current",
            "DELETE FROM flyway_schema_history WHERE version = '16'");
}
