package org.tracejudge.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.tracejudge.agreement.AgreementCalculator;
import org.tracejudge.agreement.AgreementOptions;
import org.tracejudge.agreement.Duplicates;
import org.tracejudge.agreement.LabelTable;
import org.tracejudge.calibration.CalibrationJson;
import org.tracejudge.calibration.CorrectedRates;
import org.tracejudge.ensemble.JudgeChoice;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.json.Json;
import org.tracejudge.metrics.MetricsCalculator;
import org.tracejudge.metrics.MetricsFormat;
import org.tracejudge.metrics.ModelMetrics;
import org.tracejudge.metrics.SourceMetrics;
import org.tracejudge.model.EnsembleRule;
import org.tracejudge.safety.SafetyFigures;
import org.tracejudge.safety.SafetyPolicy;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.QuestionFigures;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.selection.SelectionReportFormat;
import org.tracejudge.selection.SelectionStudy;
import org.tracejudge.selection.SelectionTraces;
import org.tracejudge.store.Answers;
import org.tracejudge.store.LabelTables;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.store.SchemeVersions;
import org.tracejudge.team.LocalTeam;

/**
 * The figures of a study report, gathered from a project through the same core calls the command line's
 * {@code metrics}, {@code agreement}, {@code calibration} (and {@code --corrected}), {@code safety} and
 * {@code selection} make, as the same JSON bodies they print: the page shows and embeds these objects, so its numbers
 * equal the commands' by construction. A section without data carries the reason and how to get it instead.
 */
public final class StudyReport {
    private StudyReport() {}

    /** The sections, in the page's order. */
    public static final List<String> SECTIONS = List.of(
            "glance",
            "leaderboard",
            "profile",
            "agreement",
            "questions",
            "calibration",
            "safety",
            "selection",
            "methods");

    /** Bootstrap settings of the agreement section: those of {@code agreement}'s defaults. */
    public static final int RESAMPLES = 1000;

    public static final long SEED = 42;

    /** A source of the leaderboard: final, ensemble, corrected or a rater. */
    public static final String CORRECTED = "corrected";

    /**
     * One section's figure (the command's JSON body) or, when there is nothing to show, {@code missing}: what is
     * missing and how to get it.
     */
    public record Part(JsonNode figure, String missing) {
        static Part of(JsonNode figure) {
            return new Part(figure, null);
        }

        static Part none(String why) {
            return new Part(null, why);
        }

        public boolean present() {
            return figure != null;
        }
    }

    /** Everything the page shows; {@code figures} is what the page embeds as JSON. */
    public record Report(String title, String source, ObjectNode figures, Map<String, String> missing) {
        public JsonNode figure(String key) {
            return figures.get(key);
        }
    }

    /** Thrown when the work was cancelled (the workbench's Cancel). */
    public static final class Cancelled extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Cancelled() {
            super("the report was cancelled");
        }
    }

    /** Progress: step {@code done} of {@code of}, named. */
    public interface Progress {
        void step(int done, int of, String what);

        Progress NONE = (d, o, w) -> {};
    }

    /**
     * Gathers every section of {@code project} (at {@code file}) with labels from {@code source} (null: final when
     * judges are known, else rule).
     *
     * @throws ProjectException when the source is unknown, or a blind team project is reported by a reviewer
     */
    public static Report collect(
            Project project, Path file, String source, String version, Progress progress, BooleanSupplier cancelled) {
        return collect(project, file, source, null, version, progress, cancelled);
    }

    /**
     * As {@link #collect(Project, Path, String, String, Progress, BooleanSupplier)}, the section on the project's own
     * questions limited to {@code question} (null: every question; see {@link #questionProblem} to check it first).
     */
    public static Report collect(
            Project project,
            Path file,
            String source,
            String question,
            String version,
            Progress progress,
            BooleanSupplier cancelled) {
        Boolean blind = project.read(c -> LocalTeam.blindExceptAdjudicating(c) != null);
        if (blind) {
            throw new ProjectException(file.getFileName() + " is a team project under the blind policy and you are not "
                    + "its lead: the study report shows every reviewer's figures, so only the lead makes it");
        }
        ObjectNode figures = Json.object();
        Map<String, String> missing = new LinkedHashMap<>();
        // agreement's bootstrap is the longest part and needs the project only to read the table first: it runs on a
        // thread of its own while the other sections read and compute (their reads take turns on the connection)
        java.util.concurrent.CompletableFuture<Part> agreement =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> agreement(project), AGREEMENT_THREAD);
        try {
            return collect(project, file, source, question, version, progress, cancelled, figures, missing, agreement);
        } finally {
            agreement.cancel(false);
        }
    }

    /** One daemon thread per report for the agreement section. */
    private static final java.util.concurrent.Executor AGREEMENT_THREAD = r -> {
        Thread t = new Thread(r, "report-agreement");
        t.setDaemon(true);
        t.start();
    };

    private static Report collect(
            Project project,
            Path file,
            String source,
            String question,
            String version,
            Progress progress,
            BooleanSupplier cancelled,
            ObjectNode figures,
            Map<String, String> missing,
            java.util.concurrent.CompletableFuture<Part> agreement) {
        int steps = 9;
        int step = 0;
        progress.step(step++, steps, "the study at a glance");
        ProjectQueries.Summary summary = new ProjectQueries(project).summary();
        figures.set("glance", glance(project, summary));
        check(cancelled);

        progress.step(step++, steps, "the leaderboard");
        JudgeChoice choice = null;
        String choiceNote = null;
        try {
            choice = JudgeChoice.resolve(project, null, null);
        } catch (ProjectException e) {
            choiceNote = e.getMessage();
        }
        String src = source;
        if (src == null) {
            src = choice != null ? LabelSources.FINAL : "rule";
        }
        put(figures, missing, "leaderboard", leaderboard(project, summary, choice, choiceNote, src));
        figures.putNull("agreement"); // its place in the order of the sections; filled below
        check(cancelled);

        progress.step(step++, steps, "your questions");
        put(figures, missing, "questions", questions(project, file, question));
        check(cancelled);

        progress.step(step++, steps, "judges against gold");
        put(figures, missing, "calibration", calibration(project, file));
        put(figures, missing, "corrected", corrected(project));
        check(cancelled);

        progress.step(step++, steps, "the safety review");
        put(figures, missing, "safety", safety(project, file));
        check(cancelled);

        progress.step(step++, steps, "the NLT study");
        put(figures, missing, "selection", selection(project, file));
        check(cancelled);

        progress.step(step++, steps, "agreement");
        put(figures, missing, "agreement", join(agreement));
        check(cancelled);

        progress.step(step++, steps, "methods and provenance");
        figures.set("methods", methods(project, file, summary, choice, choiceNote, src, version));
        progress.step(steps, steps, "done");
        return new Report(summary.name(), src, figures, missing);
    }

    private static Part join(java.util.concurrent.CompletableFuture<Part> f) {
        try {
            return f.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    private static void check(BooleanSupplier cancelled) {
        if (cancelled.getAsBoolean()) {
            throw new Cancelled();
        }
    }

    private static void put(ObjectNode figures, Map<String, String> missing, String key, Part part) {
        if (part.present()) {
            figures.set(key, part.figure());
        } else {
            figures.putNull(key);
            missing.put(key, part.missing());
        }
    }

    private static ObjectNode glance(Project project, ProjectQueries.Summary s) {
        ObjectNode o = Json.object();
        o.put("project", s.name());
        o.put("tasks", s.tasks());
        o.put("traces", s.traces());
        s.models().forEach(o.putArray("models")::add);
        ArrayNode raters = o.putArray("raters");
        for (ProjectQueries.RaterSummary r : s.raters()) {
            raters.addObject()
                    .put("name", r.qualified())
                    .put("kind", r.kind().code())
                    .put("labels", r.labels());
        }
        List<ProjectQueries.ImportRow> imports = new ProjectQueries(project).imports();
        o.put("imported_files", imports.size());
        if (!imports.isEmpty()) {
            o.put("first_import", imports.get(0).importedAt());
            o.put("last_import", imports.get(imports.size() - 1).importedAt());
        }
        return o;
    }

    /**
     * {@code metrics --source SRC --format json}'s body, and beside it ({@code comparisons}) the z-tests of each model
     * against the next in the CTUR ranking, each {@code metrics --compare A,B}'s {@code comparison}.
     */
    static Part leaderboard(
            Project project, ProjectQueries.Summary summary, JudgeChoice choice, String choiceNote, String src) {
        if (summary.traces() == 0) {
            return Part.none("The project has no traces yet. Import a benchmark's results or agent traces "
                    + "(tracejudge import PROJECT FILE…, or File ▸ Import… in the workbench), then label them "
                    + "(tracejudge classify PROJECT for the rule).");
        }
        ObjectNode out = Json.object();
        if (CORRECTED.equals(src)) {
            try {
                out.set("corrected", CalibrationJson.leaderboard(CorrectedRates.load(project, null, null)));
            } catch (RuntimeException e) {
                return Part.none("No corrected leaderboard: " + e.getMessage());
            }
            return Part.of(out);
        }
        boolean combined = src.equals(LabelSources.ENSEMBLE) || src.equals(LabelSources.FINAL);
        if (combined && choice == null) {
            return Part.none("No " + src + " label: " + choiceNote + ". Choose the ensemble's judges "
                    + "(tracejudge ensemble PROJECT --judges A,B) or report one rater with --source NAME.");
        }
        String name = src;
        if (!combined && !src.startsWith(LabelSources.ANNOTATOR)) {
            try {
                name = JudgeChoice.find(JudgeChoice.raters(project), src, "label source")
                        .column();
            } catch (ProjectException e) {
                return Part.none(e.getMessage() + ". Label the traces first (tracejudge classify PROJECT for the "
                        + "rule, tracejudge judge PROJECT for an LLM judge) or choose another --source.");
            }
        }
        LabelSources sources = LabelSources.load(project, choice, List.of(name));
        SourceMetrics m = MetricsCalculator.compute(sources, name);
        List<String> js =
                combined ? List.of(choice.judgeA().column(), choice.judgeB().column()) : null;
        ObjectNode metrics = MetricsFormat.json(m, js, null);
        boolean anyLabel = m.models().stream().anyMatch(x -> x.nRequired() + x.nControl() > 0);
        if (!anyLabel) {
            return Part.none("The source '" + name + "' has no label on any trace. Label the traces "
                    + "(tracejudge classify PROJECT, tracejudge judge PROJECT) or choose another --source.");
        }
        out.set("metrics", metrics);
        List<String> ranked = rankedByCtur(m);
        ArrayNode cmps = out.putArray("comparisons");
        for (int i = 0; i + 1 < ranked.size(); i++) {
            MetricsFormat.Comparison cmp = MetricsFormat.Comparison.of(m, ranked.get(i), ranked.get(i + 1));
            cmps.add(MetricsFormat.json(m, js, cmp).get("comparison"));
        }
        return Part.of(out);
    }

    /** Models by CTUR, highest first (as the corrected leaderboard); models without a CTUR last, in their order. */
    static List<String> rankedByCtur(SourceMetrics m) {
        List<ModelMetrics> models = new ArrayList<>(m.models());
        models.sort(java.util.Comparator.comparingDouble(x -> {
            Double f = x.rate("CTUR") == null ? null : x.rate("CTUR").fraction();
            return f == null ? 1 : -f;
        }));
        return models.stream().map(ModelMetrics::model).toList();
    }

    /** {@code agreement PROJECT --format json}'s body (copies left out as it does by default). */
    static Part agreement(Project project) {
        LabelTable table = LabelTables.of(project);
        List<Duplicates.Duplicate> copies = Duplicates.find(table);
        if (!copies.isEmpty() && table.raterCount() - copies.size() >= 2) {
            List<String> keep = new ArrayList<>(table.raters());
            copies.forEach(c -> keep.remove(c.rater()));
            table = table.withRaters(keep);
        } else {
            copies = List.of();
        }
        if (table.raterCount() < 2) {
            return Part.none("Agreement needs at least two raters on the same traces; this project has "
                    + (table.raters().isEmpty() ? "none" : "only " + String.join(", ", table.raters()))
                    + ". Run a second rater (tracejudge classify PROJECT, tracejudge judge PROJECT) or decide traces "
                    + "in the workbench, then make the report again.");
        }
        AgreementCalculator calc = new AgreementCalculator(
                AgreementOptions.defaults().withResamples(RESAMPLES).withSeed(SEED));
        ObjectNode root = Json.MAPPER.valueToTree(calc.report(table));
        ArrayNode dup = root.putArray("left_out");
        copies.forEach(c -> dup.addObject()
                .put("rater", c.rater())
                .put("same_as", c.like())
                .put("same", c.same())
                .put("shared", c.shared()));
        return Part.of(root);
    }

    /** How to give a project questions of its own, for the section of a project without them. */
    static final String NO_SCHEME = "judges with the built-in labels (CTUR, RIR, OFR, UTR and the rest), with no "
            + "questions of its own. To add some, start from an example (tracejudge scheme --example "
            + "mental-health-response-review > scheme.yaml), edit it, set it (tracejudge scheme PROJECT --set "
            + "scheme.yaml) and answer the questions in the workbench or import the answers; this section then shows "
            + "each question's answers and agreement.";

    /**
     * Why {@code question} cannot limit the report of {@code project} (no scheme, or no such question: the message
     * names the keys), or null when it can.
     */
    public static String questionProblem(Project project, Path file, String question) {
        SchemeVersions.Version v = project.read(SchemeVersions::current);
        if (v == null) {
            return file.getFileName() + " has no scheme of its own, so no question '" + question + "': it " + NO_SCHEME;
        }
        Scheme scheme = scheme(v, file);
        if (scheme.question(question).isEmpty()) {
            return "no question '" + question + "' in scheme " + scheme.name() + " version " + v.version()
                    + "; its questions are " + String.join(", ", scheme.keys());
        }
        return null;
    }

    private static Scheme scheme(SchemeVersions.Version v, Path file) {
        try {
            return SchemeFile.parse(v.body(), file.getFileName() + " scheme version " + v.version());
        } catch (org.tracejudge.scheme.SchemeException e) {
            throw new ProjectException(
                    "the scheme stored in " + file.getFileName() + " cannot be read: " + e.getMessage());
        }
    }

    /**
     * The project's own questions ({@code only}: one of them): the scheme's name and version and per question
     * {@link QuestionFigures#of}, whose {@code agreement} is {@code agreement --question KEY --format json}'s body.
     */
    static Part questions(Project project, Path file, String only) {
        SchemeVersions.Version v = project.read(SchemeVersions::current);
        if (v == null) {
            return Part.none(file.getFileName() + " " + NO_SCHEME);
        }
        Scheme scheme = scheme(v, file);
        ObjectNode o = Json.object();
        o.put("scheme", scheme.name());
        o.put("version", v.version());
        o.put("description", scheme.description() == null ? "" : scheme.description());
        o.put("resamples", RESAMPLES);
        o.put("seed", SEED);
        ArrayNode qs = o.putArray("questions");
        AgreementOptions options =
                AgreementOptions.defaults().withResamples(RESAMPLES).withSeed(SEED);
        for (Question q : scheme.questions()) {
            if (only != null && !only.equals(q.key())) {
                continue;
            }
            Map<String, Map<String, String>> answers = project.read(c -> Answers.current(c, q.key()));
            qs.add(QuestionFigures.of(q, v.version(), answers, options));
        }
        return Part.of(o);
    }

    /** {@code calibration PROJECT --format json}'s body. */
    static Part calibration(Project project, Path file) {
        try {
            return Part.of(CalibrationJson.diagnostics(CalibrationJson.diagnose(project, file.getFileName(), null)));
        } catch (ProjectException e) {
            return Part.none(e.getMessage());
        }
    }

    /** {@code calibration PROJECT --corrected --format json}'s body. */
    static Part corrected(Project project) {
        try {
            return Part.of(CalibrationJson.corrected(CorrectedRates.load(project, null, null)));
        } catch (RuntimeException e) {
            return Part.none(e.getMessage()
                    + (e.getMessage().contains("tracejudge sample")
                            ? ""
                            : " (Draw a calibration sample with tracejudge sample PROJECT --n 100, decide its traces in the "
                                    + "workbench, then make the report again.)"));
        }
    }

    /**
     * {@code safety PROJECT --format json}'s body ({@code scenarios}: one object per scenario, each as
     * {@code safety --scenario NAME} prints it), with the review's counts beside it ({@code review}).
     */
    static Part safety(Project project, Path file) {
        SafetyPolicy policy = SafetyPolicy.of(project);
        // no scenario, no figures: the selection runs are not read (seconds at 100,000 traces) to find that out
        Map<String, SafetyFigures.Figures> all =
                project.read(c -> SelectionTraces.scenarios(c).isEmpty()
                        ? Map.<String, SafetyFigures.Figures>of()
                        : SafetyFigures.compute(c, policy));
        if (all.isEmpty()) {
            return Part.none("No tool-selection scenario in " + file.getFileName() + ", so no safety review. Import "
                    + "one with tracejudge import PROJECT FILE --format nlt-scenario and its runs; experts then decide "
                    + "its inputs in the workbench (Safety review).");
        }
        ObjectNode o = Json.object();
        ArrayNode a = o.putArray("scenarios");
        all.values().forEach(f -> a.add(SafetyFigures.json(f)));
        ObjectNode review = o.putObject("review");
        review.put("inputs", SafetyReview.inputs(project).size());
        review.put("adjudication_queue", SafetyReview.disagreements(project).size());
        review.set("policy", policy.toJson());
        return Part.of(o);
    }

    /** {@code selection PROJECT --format json} (replication variance). */
    static Part selection(Project project, Path file) {
        SelectionStudy.Trials trials = project.read(SelectionStudy::trials);
        if (trials.trials().isEmpty()) {
            return Part.none("No scored tool-selection (NLT) runs in " + file.getFileName()
                    + (trials.unscored() > 0
                            ? " (" + trials.unscored() + " runs whose scenario file was never imported: import it with "
                                    + "--format nlt-scenario)"
                            : "; this section appears for a project with an NLT selector study"));
        }
        return Part.of(
                SelectionReportFormat.json(SelectionStudy.compute(trials), SelectionStudy.Variance.of("replication")));
    }

    private static ObjectNode methods(
            Project project,
            Path file,
            ProjectQueries.Summary summary,
            JudgeChoice choice,
            String choiceNote,
            String src,
            String version) {
        ObjectNode o = Json.object();
        o.put("tracejudge", version);
        o.put("project_file", file.getFileName().toString());
        o.put("project_sha256", sha256(file));
        o.put("source", src);
        if (choice != null) {
            o.put("ensemble_rule", choice.rule().column());
            o.putArray("ensemble_judges")
                    .add(choice.judgeA().column())
                    .add(choice.judgeB().column());
        } else {
            o.put("ensemble_note", choiceNote);
        }
        o.put(
                "ensemble",
                EnsembleRule.class.getSimpleName()
                        + ": majority of the rule and the two judges; a tie goes to the rule; pending without a judge label. "
                        + "Final = the latest adjudication, else the ensemble.");
        Map<String, String> configs = new ProjectQueries(project).raterConfigs();
        ArrayNode raters = o.putArray("raters");
        for (ProjectQueries.RaterSummary r : summary.raters()) {
            ObjectNode ro = raters.addObject()
                    .put("name", r.name())
                    .put("version", r.version())
                    .put("kind", r.kind().code())
                    .put("labels", r.labels());
            String cfg = configs.get(r.id());
            if (cfg != null) {
                try {
                    JsonNode c = Json.read(cfg);
                    if (c.hasNonNull("model")) {
                        ro.put("model", c.get("model").asText());
                    }
                    if (c.hasNonNull("rubric")) {
                        ro.put("rubric", c.get("rubric").asText());
                    }
                } catch (RuntimeException e) {
                    ro.put("config", "unreadable");
                }
            }
        }
        ArrayNode imports = o.putArray("imports");
        for (ProjectQueries.ImportRow i : new ProjectQueries(project).imports()) {
            ObjectNode io = imports.addObject()
                    .put("file", i.fileName())
                    .put("format", i.format())
                    .put("rows", i.rows())
                    .put("imported_at", i.importedAt())
                    .put("sha256", i.sha256());
            if (i.rater() != null) {
                io.put("rater", i.rater());
            }
        }
        return o;
    }

    /** The project file's SHA-256 as it is on disk (changes still in its write-ahead log are not in it). */
    static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                d.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(d.digest());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " for its SHA-256: " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
