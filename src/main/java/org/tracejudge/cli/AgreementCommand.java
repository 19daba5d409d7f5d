package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tracejudge.agreement.AgreementCalculator;
import org.tracejudge.agreement.AgreementOptions;
import org.tracejudge.agreement.AgreementReport;
import org.tracejudge.agreement.LabelCsv;
import org.tracejudge.agreement.LabelTable;
import org.tracejudge.agreement.ReportText;
import org.tracejudge.json.Json;
import org.tracejudge.store.LabelTables;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "agreement",
        description = {
            "Inter-rater agreement: percent agreement and Cohen's kappa per pair, Fleiss' kappa, Krippendorff's alpha, "
                    + "per-label kappa, with 95%% bootstrap intervals.",
            "Reads a project's current labels (each rater and each human annotator is a rater), or any label "
                    + "table with --labels FILE.csv (header item,rater,label; further columns are strata)."
        })
final class AgreementCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "PROJECT")
    Path project;

    @Option(
            names = "--labels",
            paramLabel = "FILE.csv",
            description = "A label table instead of a project; - reads standard input.")
    Path labels;

    @Option(
            names = "--raters",
            split = ",",
            paramLabel = "a,b,c",
            description = "Only these raters (default: all but copies: a rater with the same label as another "
                    + "on 99%% of at least 20 shared items is left out and named). Fleiss' kappa is over these raters.")
    List<String> raters;

    @Option(
            names = "--by",
            paramLabel = "domain|model|task_type|target",
            description = "Also report each value of this attribute separately.")
    String by;

    @Mixin
    OutputFormat.TableJson format;

    @Option(
            names = "--question",
            paramLabel = "KEY",
            description = "Agreement on one question of the project's own scheme (tracejudge scheme P --show), with "
                    + "the coefficients its kind needs: kappa, alpha nominal and AC1 for single choice; alpha with MASI "
                    + "and kappa per option for multiple choice; weighted kappa and alpha ordinal for a scale; alpha "
                    + "interval for a number; span F1 for spans. Only traces where the question applied count.")
    String question;

    /** More than enough for a percentile interval's second decimal; each resample's statistics are held. */
    static final int MAX_RESAMPLES = 100_000;

    @Option(
            names = "--resamples",
            defaultValue = "1000",
            description = "Bootstrap resamples for the 95%% intervals; 0 for none (default: ${DEFAULT-VALUE}).")
    int resamples;

    @Option(names = "--seed", defaultValue = "42", description = "Bootstrap seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws Exception {
        if ((project == null) == (labels == null)) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "give either a PROJECT or --labels FILE.csv (exactly one)");
        }
        if (by != null && !AgreementCalculator.STRATA.contains(by)) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(),
                    "--by must be one of " + String.join(", ", AgreementCalculator.STRATA) + ", not '" + by + "'");
        }
        if (resamples < 0 || resamples > MAX_RESAMPLES) {
            // a billion resamples held every statistic of every resample: the bootstrap thread ran out of memory and
            // the command hung instead of ending
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "--resamples must be 0 to " + MAX_RESAMPLES + ", not " + resamples);
        }
        if (question != null) {
            return questionAgreement();
        }
        LabelTable table = load();
        // a rater that copies another (a rule reproducing the harness) is not an independent opinion: left out by
        // default, kept when chosen with --raters; said either way
        List<org.tracejudge.agreement.Duplicates.Duplicate> copies = org.tracejudge.agreement.Duplicates.find(
                raters == null
                        ? table
                        : table.withRaters(
                                raters.stream().filter(table.raters()::contains).toList()));
        if (raters == null && !copies.isEmpty() && table.raterCount() - copies.size() >= 2) {
            List<String> keep = new ArrayList<>(table.raters());
            copies.forEach(c -> keep.remove(c.rater()));
            table = table.withRaters(keep);
        } else if (raters == null) {
            copies = List.of(); // nothing left out (fewer than two raters would remain)
        }
        if (raters != null) {
            List<String> unknown = new ArrayList<>(raters);
            unknown.removeAll(table.raters());
            if (!unknown.isEmpty()) {
                throw new picocli.CommandLine.ParameterException(
                        spec.commandLine(),
                        "--raters: no rater named " + String.join(", ", unknown) + "; raters here: "
                                + String.join(", ", table.raters()));
            }
            table = table.withRaters(raters);
        }
        if (table.raterCount() < 2) {
            throw new IllegalArgumentException("agreement needs at least two raters; found "
                    + (table.raters().isEmpty() ? "none" : String.join(", ", table.raters())));
        }
        AgreementOptions options =
                AgreementOptions.defaults().withResamples(resamples).withSeed(seed);
        AgreementCalculator calc = new AgreementCalculator(options);
        AgreementReport overall = calc.report(table);
        Map<String, AgreementReport> strata = by == null ? null : calc.reportByStratum(table, by);
        PrintWriter out = spec.commandLine().getOut();
        boolean leftOut = raters == null;
        if (format.json()) {
            ObjectNode root = Json.MAPPER.valueToTree(overall);
            com.fasterxml.jackson.databind.node.ArrayNode dup = root.putArray(leftOut ? "left_out" : "copies_chosen");
            copies.forEach(c -> dup.addObject()
                    .put("rater", c.rater())
                    .put("same_as", c.like())
                    .put("same", c.same())
                    .put("shared", c.shared()));
            if (strata != null) {
                ObjectNode byNode = root.putObject("by");
                byNode.put("attribute", by);
                ObjectNode values = byNode.putObject("strata");
                strata.forEach((v, r) -> values.set(v, Json.MAPPER.valueToTree(r)));
            }
            CliJson.print(out, CliJson.document(spec, root, null));
        } else {
            for (org.tracejudge.agreement.Duplicates.Duplicate c : copies) {
                out.printf(
                        java.util.Locale.ROOT,
                        "%s %s: the same label as %s on %d of %d shared items (%.1f%%), not an "
                                + "independent rater%s%n",
                        leftOut ? "Left out" : "Note:",
                        c.rater(),
                        c.like(),
                        c.same(),
                        c.shared(),
                        100 * c.share(),
                        leftOut ? " (count it with --raters)" : "; it inflates Fleiss' kappa");
            }
            out.print(ReportText.render(overall));
            if (strata != null) {
                for (Map.Entry<String, AgreementReport> e : strata.entrySet()) {
                    out.println();
                    out.println("=== " + by + " = " + e.getKey() + " ===");
                    out.print(ReportText.render(e.getValue()));
                }
            }
        }
        return 0;
    }

    private LabelTable load() throws Exception {
        if (labels != null) {
            if (StdStreams.isDash(labels)) {
                try (java.io.Reader r =
                        new java.io.InputStreamReader(StdStreams.stdin, java.nio.charset.StandardCharsets.UTF_8)) {
                    return LabelCsv.read(r, Path.of("standard input"));
                }
            }
            if (!Files.isRegularFile(labels)) {
                throw new IllegalArgumentException(labels
                        + (Files.isDirectory(labels)
                                ? ": is a folder; give the CSV file"
                                : Files.exists(labels) ? ": not a regular file" : ": no such file"));
            }
            org.tracejudge.importer.TextEncoding.requireUtf8(labels); // UTF-16, Latin-1: named, with the line and byte
            return LabelCsv.read(labels);
        }
        // the file's check runs alongside the reading (Project.Check.ALONGSIDE); nothing is shown before it passed
        try (Project p = Project.open(project, Project.OpenOptions.existing().checkAlongside())) {
            LabelTable t = LabelTables.of(p);
            p.awaitCheckAlongside();
            return t;
        }
    }

    /** {@code --question KEY}: the question's coefficients from the current answers of the project's scheme. */
    private int questionAgreement() throws Exception {
        if (project == null) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "--question needs a PROJECT (answers to a scheme live in a project)");
        }
        org.tracejudge.scheme.Question q;
        Map<String, Map<String, String>> answers;
        int version;
        try (org.tracejudge.store.Project p = org.tracejudge.store.Project.open(
                project, org.tracejudge.store.Project.OpenOptions.existing().checkAlongside())) {
            org.tracejudge.store.SchemeVersions.Version v = p.read(org.tracejudge.store.SchemeVersions::current);
            if (v == null) {
                throw new picocli.CommandLine.ParameterException(
                        spec.commandLine(),
                        "--question: " + project + " has no scheme of its own; set one first (tracejudge scheme "
                                + project + " --set FILE)");
            }
            org.tracejudge.scheme.Scheme scheme =
                    org.tracejudge.scheme.SchemeFile.parse(v.body(), project + " scheme version " + v.version());
            q = scheme.question(question).orElse(null);
            if (q == null) {
                throw new picocli.CommandLine.ParameterException(
                        spec.commandLine(),
                        "--question: no question '" + question + "' in scheme " + scheme.name() + " version "
                                + v.version() + "; its questions are " + String.join(", ", scheme.keys()));
            }
            version = v.version();
            answers = p.read(c -> org.tracejudge.store.Answers.current(c, question));
        }
        org.tracejudge.agreement.Ratings<Object> ratings = org.tracejudge.scheme.QuestionRatings.of(q, answers, raters);
        if (ratings.raterCount() < 2) {
            throw new IllegalArgumentException("agreement on '" + question + "' needs answers of at least two "
                    + "raters; found " + (ratings.raters().isEmpty() ? "none" : String.join(", ", ratings.raters())));
        }
        org.tracejudge.agreement.QuestionAgreement.Result result = new org.tracejudge.agreement.QuestionAgreement(
                        AgreementOptions.defaults().withResamples(resamples).withSeed(seed))
                .compute(org.tracejudge.scheme.QuestionRatings.kind(q), ratings);
        PrintWriter out = spec.commandLine().getOut();
        if (format.json()) {
            // made where the study report makes its per-question figures, so the two are the same
            ObjectNode root = org.tracejudge.scheme.QuestionFigures.agreement(q, version, ratings, result);
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root));
        } else {
            out.printf(
                    java.util.Locale.ROOT,
                    "question %s (%s, scheme version %d): %d traces answered, raters %s%n",
                    q.key(),
                    q.kind().words(),
                    version,
                    ratings.itemCount(),
                    String.join(", ", ratings.raters()));
            if (result.note() != null) {
                out.println(result.note());
            }
            for (org.tracejudge.agreement.QuestionAgreement.Coefficient c : result.coefficients()) {
                out.printf(
                        java.util.Locale.ROOT,
                        "  %-34s %s%s  n=%d%s%n",
                        c.name(),
                        c.value() == null ? "—" : String.format(java.util.Locale.ROOT, "%.3f", c.value()),
                        c.interval() == null
                                ? ""
                                : String.format(
                                        java.util.Locale.ROOT,
                                        "  95%% CI %.3f to %.3f",
                                        c.interval().lo(),
                                        c.interval().hi()),
                        c.n(),
                        c.note() == null ? "" : "  (" + c.note() + ")");
            }
        }
        Output.check(out);
        return TracejudgeCli.ExitCodes.OK;
    }
}
