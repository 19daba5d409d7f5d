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
}
