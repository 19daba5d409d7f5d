package org.tracejudge.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.tracejudge.judges.GoldenJudgeServer;

/**
 * The commands whose output is kept golden (issue 52: a refactor changes no byte a command writes), run in-process
 * through the picocli entry point on one project file, each recorded as one text: the command line, the exit status,
 * stdout, stderr and every file it wrote, after masking what legitimately varies between runs (the temporary folder,
 * the version, dates and times, durations). Used by {@link GoldenOutputsTest} on the bundled projects and by
 * {@code bench/golden-100k.sh} (through {@link #main}) on a generated 100k project, which prints one SHA-256 per
 * command.
 *
 * <p>Commands that write into the project (sample, scheme --set, classify, ensemble --save) run on copies, so the
 * read-only commands all see the project as it was built.
 */
public final class GoldenOutputs {
    /** One command: a name (the golden file's), its arguments ({P} the project, {OUT} a file in its own folder). */
    public record Step(String name, List<String> args) {
        static Step of(String name, String... args) {
            return new Step(name, List.of(args));
        }
    }

    private final Path root;
    private final Path work;
    private final String version;
    private String judgeUrl = "";
    /** Written files as the SHA-256 of their masked lines rather than whole (a 100k project's export is large). */
    private boolean digestFiles;

    /**
     * {@code root} is the folder the projects are in (masked as {@code <TMP>} in the records); outputs and copies go
     * into its subfolder {@code golden-work}.
     */
    public GoldenOutputs(Path root) {
        this.root = root.toAbsolutePath();
        this.work = this.root.resolve("golden-work");
        String v = TracejudgeCli.class.getPackage().getImplementationVersion();
        this.version = v == null ? "" : v;
    }

    /** The read-only commands: each project gets all of them (a command that does not apply says so: golden too). */
    public static List<Step> readOnly() {
        return List.of(
                Step.of("info", "info", "{P}"),
                Step.of("info-json", "info", "{P}", "--format", "json"),
                Step.of("check", "check", "{P}"),
                Step.of("labels", "labels", "{P}"),
                Step.of("labels-json", "labels", "{P}", "--format", "json"),
                Step.of("labels-question-all", "labels", "{P}", "--question", "all"),
                Step.of("agreement", "agreement", "{P}"),
                Step.of("agreement-json", "agreement", "{P}", "--format", "json"),
                Step.of("agreement-by-model", "agreement", "{P}", "--by", "model"),
                Step.of("metrics", "metrics", "{P}"),
                Step.of("metrics-json", "metrics", "{P}", "--format", "json"),
                Step.of("metrics-csv", "metrics", "{P}", "--format", "csv"),
                Step.of("metrics-markdown", "metrics", "{P}", "--format", "markdown"),
                Step.of("metrics-all", "metrics", "{P}", "--source", "all"),
                Step.of("metrics-rule", "metrics", "{P}", "--source", "rule"),
                Step.of("calibration", "calibration", "{P}"),
                Step.of("calibration-json", "calibration", "{P}", "--format", "json"),
                Step.of("calibration-latent", "calibration", "{P}", "--latent"),
                Step.of("ensemble", "ensemble", "{P}"),
                Step.of("comments", "comments", "{P}"),
                Step.of("comments-json", "comments", "{P}", "--format", "json"),
                Step.of("scheme-show", "scheme", "{P}", "--show"),
                Step.of("scheme-versions", "scheme", "{P}", "--versions"),
                Step.of("scheme-pending-review", "scheme", "{P}", "--pending-review"),
                Step.of("safety", "safety", "{P}"),
                Step.of("safety-json", "safety", "{P}", "--format", "json"),
                Step.of("safety-queue", "safety", "{P}", "--queue"),
                Step.of("safety-split", "safety", "{P}", "--split"),
                Step.of("selection", "selection", "{P}"),
                Step.of("selection-json", "selection", "{P}", "--format", "json"),
                Step.of("selection-csv", "selection", "{P}", "--format", "csv"),
                Step.of("selection-plot", "selection", "{P}", "--format", "markdown", "--plot", "{OUT}plot.svg"),
                Step.of("export-jsonl", "export", "{P}", "{OUT}project.jsonl"),
                Step.of("export-judge-cache", "export", "{P}", "{OUT}cache.jsonl", "--with-judge-cache"),
                Step.of("export-langfuse", "export", "{P}", "{OUT}scores.jsonl", "--langfuse-scores"),
                Step.of("export-dataset", "export", "{P}", "{OUT}dataset", "--dataset"),
                Step.of("report", "report", "{P}", "--out", "{OUT}report.html"));
    }

    /** The commands that write into the project, each run on its own copy of it in order (later ones see earlier). */
    public static List<Step> writing() {
        return List.of(
                Step.of("classify-again", "classify", "{P}"),
                Step.of("ensemble-save", "ensemble", "{P}", "--save"),
                Step.of(
                        "judge-live",
                        "judge",
                        "{P}",
                        "--name",
                        "golden-live",
                        "--provider",
                        "openai",
                        "--base-url",
                        "{URL}",
                        "--model",
                        "judge-model-1",
                        "--rubric",
                        "decision-tree",
                        "--concurrency",
                        "4",
                        "--limit",
                        "300"),
                Step.of("judge-live-again", "judge", "{P}", "--name", "golden-live", "--limit", "300"),
                Step.of(
                        "judge-flaky",
                        "judge",
                        "{P}",
                        "--name",
                        "golden-flaky",
                        "--provider",
                        "openai",
                        "--base-url",
                        "{URL}",
                        "--model",
                        "flaky",
                        "--rubric",
                        "evidence",
                        "--concurrency",
                        "1",
                        "--limit",
                        "300"),
                Step.of(
                        "judge-batch",
                        "judge",
                        "{P}",
                        "--name",
                        "golden-batch",
                        "--provider",
                        "openai",
                        "--base-url",
                        "{URL}",
                        "--model",
                        "judge-model-batch",
                        "--batch",
                        "--batch-poll",
                        "0.01",
                        "--limit",
                        "300"),
                Step.of("labels-after-judges", "labels", "{P}"),
                Step.of("metrics-after-judges", "metrics", "{P}", "--source", "all"),
                Step.of("sample-uniform", "sample", "{P}", "--n", "12"),
                Step.of(
                        "sample-stratified-json",
                        "sample",
                        "{P}",
                        "--design",
                        "stratified",
                        "--n",
                        "8",
                        "--name",
                        "s2",
                        "--format",
                        "json"),
                Step.of("sample-disagreement", "sample", "{P}", "--design", "disagreement", "--n", "6"),
                Step.of("calibration-corrected", "calibration", "{P}", "--corrected"),
                Step.of("metrics-corrected", "metrics", "{P}", "--source", "corrected"),
                Step.of("scheme-example", "scheme", "--example", "tool-safety-review"),
                Step.of("scheme-set", "scheme", "{P}", "--set", "{SCHEME}", "--by", "golden"),
                Step.of("scheme-show-after-set", "scheme", "{P}", "--show"),
                Step.of(
                        "judge-scheme",
                        "judge",
                        "{P}",
                        "--name",
                        "golden-scheme",
                        "--provider",
                        "openai",
                        "--base-url",
                        "{URL}",
                        "--model",
                        "judge-model-1",
                        "--concurrency",
                        "1",
                        "--limit",
                        "300"),
                Step.of("labels-question-after-set", "labels", "{P}", "--question", "all"),
                Step.of("report-after-set", "report", "{P}", "--out", "{OUT}report.html"));
    }

    /**
     * Runs every command on {@code project} (named {@code label} in the records): the read-only ones on the file
     * itself, the writing ones on one copy. Returns the masked record of each, by the step's name.
     */
    public Map<String, String> runAll(String label, Path project, boolean judges) throws IOException {
        Map<String, String> records = new LinkedHashMap<>();
        Path base = work.resolve(label);
        Files.createDirectories(base);
        for (Step s : readOnly()) {
            records.put(s.name(), run(base, label, project, s));
        }
        Path copy = base.resolve("copy.tjdb");
        copyProject(project, copy);
        try (GoldenJudgeServer judge = new GoldenJudgeServer()) {
            judgeUrl = judge.url();
            for (Step s : writing()) {
                if (!judges && s.args().get(0).equals("judge")) {
                    continue;
                }
                String r = run(base, label, copy, s);
                records.put(s.name(), r);
                if (s.name().equals("scheme-example")) {
                    Files.writeString(base.resolve("scheme.yaml"), stdout(s, r), StandardCharsets.UTF_8);
                }
            }
        } finally {
            judgeUrl = "";
        }
        return records;
    }

    private static String stdout(Step s, String record) {
        int from = record.indexOf("\n--- stdout\n") + "\n--- stdout\n".length();
        int to = record.indexOf("\n--- stderr\n");
        if (from < 0 || to < from) {
            throw new IllegalStateException(s.name() + ": no stdout in its record");
        }
        return record.substring(from, to);
    }

    private String run(Path base, String label, Path project, Step s) throws IOException {
        Path out = base.resolve("out").resolve(s.name());
        Files.createDirectories(out);
        List<String> args = new ArrayList<>();
        for (String a : s.args()) {
            args.add(a.replace("{P}", project.toString())
                    .replace("{OUT}", out + java.io.File.separator)
                    .replace("{SCHEME}", base.resolve("scheme.yaml").toString())
                    .replace("{URL}", judgeUrl));
        }
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = TracejudgeCli.execute(args.toArray(String[]::new), new PrintWriter(o), new PrintWriter(e));
        StringBuilder r = new StringBuilder();
        r.append("$ tracejudge");
        for (String a : s.args()) {
            r.append(' ').append(a.replace("{P}", "<" + label + ">").replace("{OUT}", "<OUT>/"));
        }
        r.append("\nexit ").append(code).append('\n');
        r.append("--- stdout\n").append(o).append("\n--- stderr\n").append(e).append('\n');
        List<Path> files;
        try (Stream<Path> w = Files.walk(out)) {
            files = w.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path f : files) {
            r.append("--- file ")
                    .append(out.relativize(f).toString().replace('\\', '/'))
                    .append('\n');
            if (digestFiles) {
                r.append("sha256 ").append(maskedDigest(f)).append('\n');
            } else {
                r.append(new String(Files.readAllBytes(f), StandardCharsets.UTF_8))
                        .append('\n');
            }
        }
        return mask(r.toString());
    }

    private static final Pattern ISO_INSTANT =
            Pattern.compile("\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?( UTC)?");
    /** A random (version 4) UUID: run ids, and the ids of entries some paths write with {@code Ids.random()}. */
    private static final Pattern RANDOM_UUID =
            Pattern.compile("\\b[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\\b");

    /** The project file's own SHA-256 in a report: its bytes hold the times of its writes. */
    private static final Pattern PROJECT_SHA256 =
            Pattern.compile("(\"project_sha256\":\"|Project file SHA-256</th><td class=\"hash\">)[0-9a-f]{64}");

    private static final Pattern DURATION = Pattern.compile("\\b\\d+(\\.\\d+)? ?(ms|s|seconds?)\\b");

    /** What varies between two runs of the same command on the same input, replaced by a placeholder. */
    String mask(String text) {
        String t =
                text.replace(root.toString(), "<TMP>").replace(root.toString().replace('\\', '/'), "<TMP>");
        if (!judgeUrl.isEmpty()) {
            String hostPort = judgeUrl.replaceFirst("^https?://", "").replaceFirst("/.*$", "");
            t = t.replace(judgeUrl, "<URL>").replace(hostPort, "<HOST:PORT>");
        }
        if (!version.isBlank()) {
            t = t.replace(version, "<VERSION>");
        }
        t = ISO_INSTANT.matcher(t).replaceAll("<TIME>");
        t = RANDOM_UUID.matcher(t).replaceAll("<RANDOM-ID>");
        t = PROJECT_SHA256.matcher(t).replaceAll("$1<PROJECT-SHA256>");
        t = DURATION.matcher(t).replaceAll(Matcher.quoteReplacement("<DURATION>"));
        return renumberSvgIds(t);
    }

    /** A chart's title, description or pattern id ({@code Svg.id}: t-N, d-N, p-N), where it is named or used. */
    private static final Pattern SVG_ID = Pattern.compile("(?<=[\"#\\s])([tdp])-(\\d+)(?=[-\"\\s)])");

    /**
     * The report's charts take their ids from a counter of the process, so a second report in one process numbers
     * them on: numbered again here in order of appearance, from 1, as in a fresh process.
     */
    static String renumberSvgIds(String text) {
        Map<String, String> renamed = new java.util.HashMap<>();
        int[] next = {0};
        return SVG_ID.matcher(text)
                .replaceAll(m -> renamed.computeIfAbsent(m.group(), k -> m.group(1) + "-" + ++next[0]));
    }

    /** Copies a project file (checkpointed: its -wal, when any, too). */
    static void copyProject(Path from, Path to) throws IOException {
        Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        for (String side : List.of("-wal", "-shm")) {
            Path f = from.resolveSibling(from.getFileName() + side);
            Path t = to.resolveSibling(to.getFileName() + side);
            Files.deleteIfExists(t);
            if (Files.exists(f)) {
                Files.copy(f, t);
            }
        }
    }

    /** The SHA-256 of a file's lines, each masked, read one at a time. */
    private String maskedDigest(Path f) throws IOException {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            try (var in = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    d.update(mask(line).getBytes(StandardCharsets.UTF_8));
                    d.update((byte) '\n');
                }
            }
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * {@code GoldenOutputs PROJECT.tjdb [WORK_DIR]} ({@code -Dgolden.judges=false}: without the judge commands): runs
     * every command on (a copy of) the project and prints one
     * line per command: its SHA-256 (of the masked record), its name, its exit status and its wall time. The project
     * itself is copied first, so it is left as it was.
     */
    public static void main(String[] args) throws IOException {
        Path project = Path.of(args[0]).toAbsolutePath();
        Path work = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("tracejudge-golden");
        Files.createDirectories(work);
        Path mine = work.resolve("project.tjdb");
        copyProject(project, mine);
        GoldenOutputs g = new GoldenOutputs(work);
        g.digestFiles = true;
        Path base = g.work.resolve("big");
        Files.createDirectories(base);
        Path copy = base.resolve("copy.tjdb");
        copyProject(mine, copy);
        for (Step s : readOnly()) {
            long t0 = System.nanoTime();
            String r = g.run(base, "big", mine, s);
            print(s, r, t0);
        }
        boolean judges = Boolean.parseBoolean(System.getProperty("golden.judges", "true"));
        try (GoldenJudgeServer judge = new GoldenJudgeServer()) {
            g.judgeUrl = judge.url();
            for (Step s : writing()) {
                if (!judges && s.args().get(0).equals("judge")) {
                    continue;
                }
                long t0 = System.nanoTime();
                String r = g.run(base, "big", copy, s);
                if (s.name().equals("scheme-example")) {
                    Files.writeString(base.resolve("scheme.yaml"), stdout(s, r), StandardCharsets.UTF_8);
                }
                print(s, r, t0);
            }
        }
    }

    private static void print(Step s, String record, long t0) {
        String exit = record.substring(record.indexOf("\nexit ") + 6, record.indexOf("\n--- stdout"));
        System.out.printf(
                "%s  %-28s exit %s  %.1f s%n", sha256(record), s.name(), exit, (System.nanoTime() - t0) / 1e9);
        System.out.flush();
    }

    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
