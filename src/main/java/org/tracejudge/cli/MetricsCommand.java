package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.tracejudge.calls.CallMetrics;
import org.tracejudge.classify.CallLabeller;
import org.tracejudge.ensemble.JudgeChoice;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.json.Json;
import org.tracejudge.metrics.MetricsCalculator;
import org.tracejudge.metrics.MetricsFormat;
import org.tracejudge.metrics.SourceMetrics;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "metrics",
        description = "Failure-mode rates per model from one label source: TSR, CTUR, RIR, OFR "
                + "(summing to 100%% of the tool-required traces), RIR and OFR over traces that called the tool, UTR and "
                + "CTRL-Acc on control tasks; each with count, denominator and 95%% Wilson interval.")
final class MetricsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Option(
            names = "--source",
            paramLabel = "NAME",
            description = "A rater (rule, rule-tolerant, harness, a judge, "
                    + "name@version), annotator:NAME (a person's decisions), ensemble, final, all, or corrected (the ensemble's rates "
                    + "corrected with a calibration sample's gold, PPI++, ranked by CTUR; see calibration --corrected) (default: "
                    + "final when judges are known, else rule).")
    String source;

    @Option(
            names = "--judges",
            paramLabel = "A,B",
            description = "The two judges of the ensemble (default: the project setting).")
    String judges;

    @Option(
            names = "--rule",
            paramLabel = "NAME",
            description = "The rule rater of the ensemble (default: the project setting, else rule, else harness).")
    String rule;

    @Option(
            names = "--compare",
            paramLabel = "MODEL_A,MODEL_B",
            description = "Also test every rate of two models " + "against each other (two-proportion z-test).")
    String compare;

    @Option(
            names = "--question",
            paramLabel = "KEY",
            description = "The rates of one question of the project's own scheme instead: per rater, model and option "
                    + "the share of answered traces (per tool for yes/no per tool) that chose it, with its 95%% Wilson "
                    + "interval; --source names one rater.")
    String question;

    @Mixin
    OutputFormat.Report format;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        OptionValues.pair(spec, "--judges", judges, "rater names");
        OptionValues.pair(spec, "--compare", compare, "models");
        if (question != null) {
            return question(out);
        }
        if (CORRECTED.equals(source)) {
            return corrected(out);
        }
        // the file's check runs alongside the reading (Project.Check.ALONGSIDE); nothing is shown before it passed
        try (Project p =
                Project.open(project.path, Project.OpenOptions.existing().checkAlongside())) {
            try {
                run(p, out);
            } catch (RuntimeException e) {
                p.awaitCheckAlongside(); // a damaged file is reported as such, not by what failed in it
                throw e;
            }
        }
        return 0;
    }

    private void run(Project p, PrintWriter out) {
        String src = source;
        String note = null;
        boolean needJudges =
                src == null || src.equals("all") || src.equals(LabelSources.ENSEMBLE) || src.equals(LabelSources.FINAL);
        JudgeChoice choice = null;
        try {
            choice = JudgeChoice.resolve(p, judges, rule);
        } catch (ProjectException e) {
            if (judges != null || rule != null || (needJudges && src != null)) {
                throw e;
            }
            if (src == null) {
                src = "rule";
                note = "tracejudge: note: showing source 'rule' (" + e.getMessage() + ")";
            }
        }
        if (src == null) {
            src = LabelSources.FINAL;
        }
        if (!src.equals("all")
                && !src.equals(LabelSources.ENSEMBLE)
                && !src.equals(LabelSources.FINAL)
                && !src.startsWith(LabelSources.ANNOTATOR)) {
            src = JudgeChoice.find(JudgeChoice.raters(p), src, "label source").column(); // name or name@version
        }
        LabelSources sources = LabelSources.load(p, choice, src.equals("all") ? null : List.of(src));
        p.awaitCheckAlongside();
        if (note != null) {
            spec.commandLine().getErr().println(note);
            spec.commandLine().getErr().flush();
        }
        List<String> names = src.equals("all") ? sources.sourceNames() : List.of(src);
        String[] pair = null;
        if (compare != null) {
            pair = compare.split(",", -1);
            if (pair.length != 2 || pair[0].isBlank() || pair[1].isBlank()) {
                throw new ProjectException(
                        "--compare needs two models separated by a comma (A,B), not '" + compare + "'");
            }
            for (String m : pair) {
                if (!sources.models().contains(m.strip())) {
                    throw new ProjectException(
                            "--compare: no model '" + m.strip() + "'; models: " + String.join(", ", sources.models()));
                }
            }
        }
        List<ObjectNode> jsons = new ArrayList<>();
        boolean first = true;
        boolean callsOnly = sources.size() == 0 && CallLabeller.hasCallTraces(p);
        for (String name : callsOnly ? List.<String>of() : names) {
            SourceMetrics m = MetricsCalculator.compute(sources, name);
            List<String> js = (name.equals(LabelSources.ENSEMBLE) || name.equals(LabelSources.FINAL)) && choice != null
                    ? List.of(
                                    choice.rule().column(),
                                    choice.judgeA().column(),
                                    choice.judgeB().column())
                            .subList(1, 3)
                    : null;
            MetricsFormat.Comparison cmp =
                    pair == null ? null : MetricsFormat.Comparison.of(m, pair[0].strip(), pair[1].strip());
            switch (format.format()) {
                case json -> jsons.add(MetricsFormat.json(m, js, cmp));
                case csv -> {
                    String csv = MetricsFormat.csv(m);
                    out.print(first ? csv : csv.substring(csv.indexOf('\n') + 1));
                }
                case markdown -> out.print((first ? "" : "\n") + MetricsFormat.markdown(m, js, cmp));
                default -> out.print((first ? "" : "\n") + MetricsFormat.table(m, js, cmp));
            }
            first = false;
        }
        // call-level traces (ToolHaystack, DiaBench): ACC, FTR, TAR and call accuracy by scenario and level
        boolean raterSource =
                names.size() == 1 && !src.equals(LabelSources.ENSEMBLE) && !src.equals(LabelSources.FINAL);
        List<CallMetrics.Row> callRows = CallLabeller.rows(p, raterSource ? src : null);
        List<CallMetrics.ModelCalls> calls = CallMetrics.compute(callRows);
        String callSource = raterSource ? src : "rule (computed now)";
        if (format.json()) {
            ObjectNode result;
            if (jsons.size() == 1) {
                result = jsons.get(0);
            } else {
                result = Json.object();
                ArrayNode arr = result.putArray("sources");
                jsons.forEach(arr::add);
            }
            if (!calls.isEmpty()) {
                ObjectNode cl = result.putObject("call_level");
                cl.put("source", callSource);
                cl.set("models", CallMetrics.json(calls));
            }
            CliJson.print(out, CliJson.document(spec, result, null));
        } else if (!calls.isEmpty() && format.is(OutputFormat.csv)) {
            out.print((callsOnly ? "" : "\n") + CallMetrics.csv(calls));
        } else if (!calls.isEmpty()) {
            out.print("\n" + (format.is(OutputFormat.markdown) ? "```\n" : "") + "labels: " + callSource + "\n"
                    + CallMetrics.table(calls) + (format.is(OutputFormat.markdown) ? "```\n" : ""));
        }
    }

    /** {@code --question KEY}: per rater, model and option, the share of answers that chose it. */
    private int question(PrintWriter out) {
        if (judges != null || rule != null || compare != null) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "--question goes with --source and --format only");
        }
        if (format.is(OutputFormat.csv) || format.is(OutputFormat.markdown)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--question prints table or json");
        }
        QuestionArg qa;
        try (Project p = Project.open(project.path)) {
            qa = QuestionArg.load(spec, p, project.path, question);
        }
        List<String> raters = null;
        if (source != null) {
            if (!qa.raterKinds().containsKey(source)) {
                throw new picocli.CommandLine.ParameterException(
                        spec.commandLine(),
                        "--source: no rater '" + source + "' answered '" + question + "'; raters: "
                                + (qa.raterKinds().isEmpty()
                                        ? "none"
                                        : String.join(", ", qa.raterKinds().keySet())));
            }
            raters = List.of(source);
        }
        List<org.tracejudge.metrics.QuestionMetrics.RaterRows> rows;
        try {
            rows = org.tracejudge.metrics.QuestionMetrics.compute(qa.question(), qa.answers(), qa.models(), raters);
        } catch (IllegalArgumentException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--question: " + e.getMessage());
        }
        if (format.json()) {
            CliJson.print(
                    out,
                    CliJson.document(
                            spec,
                            org.tracejudge.metrics.QuestionMetrics.json(qa.question(), qa.version(), rows),
                            null));
        } else {
            out.print(org.tracejudge.metrics.QuestionMetrics.table(qa.question(), qa.version(), rows));
        }
        Output.check(out);
        return 0;
    }

    static final String CORRECTED = "corrected";
    private static final List<String> LEADERBOARD = List.of("CTUR", "TSR", "RIR", "OFR", "UTR");

    /**
     * --source corrected: the leaderboard of the ensemble's rates corrected with the calibration sample's gold
     * (PPI++, each with its interval and the judge-only rate beside it), models ranked by corrected CTUR.
     */
    private int corrected(PrintWriter out) {
        if (format.is(OutputFormat.markdown)) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "--source corrected prints table, json " + "or csv");
        }
        org.tracejudge.calibration.CorrectedRates.Report report;
        try (Project p = Project.open(project.path)) {
            report = org.tracejudge.calibration.CorrectedRates.load(p, null, null);
        }
        // ranked by corrected CTUR; models without one last, in their order
        java.util.Map<String, java.util.Map<String, org.tracejudge.calibration.CorrectedRates.Row>> byModel =
                report.ranked();
        List<String> models = new ArrayList<>(byModel.keySet());
        if (format.json()) {
            CliJson.print(
                    out, CliJson.document(spec, org.tracejudge.calibration.CalibrationJson.leaderboard(report), null));
            return 0;
        }
        if (format.is(OutputFormat.csv)) {
            out.print(report.csv(LEADERBOARD));
            return 0;
        }
        out.println(
                "Corrected leaderboard, ranked by corrected CTUR: the recommended figure per rate (P = PPI++, G = gold "
                        + "only, J = judge only, uncorrected; calibration --corrected says why) with the gold of calibration "
                        + "sample '"
                        + report.sample().name() + "' (" + report.goldInSample() + " decided of "
                        + report.sample().draws().size()
                        + " drawn); judge: " + report.judge() + ".");
        out.println("Each cell: corrected % [95% interval] (judge only %), n gold.");
        StringBuilder h = new StringBuilder(String.format(java.util.Locale.ROOT, "%-24s", "model"));
        LEADERBOARD.forEach(r -> h.append(String.format(java.util.Locale.ROOT, " %-30s", r)));
        out.println(h);
        for (String m : models) {
            StringBuilder line = new StringBuilder(String.format(java.util.Locale.ROOT, "%-24s", m));
            for (String rate : LEADERBOARD) {
                org.tracejudge.calibration.CorrectedRates.Row r = byModel.get(m).get(rate);
                String judgeOnly = r.judgeOnly().defined()
                        ? String.format(
                                java.util.Locale.ROOT,
                                "%.1f",
                                100 * r.judgeOnly().value())
                        : "n/a";
                org.tracejudge.calibration.Recommended best = report.recommended(r);
                org.tracejudge.calibration.Corrected.Estimate e = best.estimate();
                String mark =
                        switch (best.which()) {
                            case PPI -> "P";
                            case GOLD_ONLY -> "G";
                            case JUDGE_ONLY -> "J";
                            case ROGAN_GLADEN -> "R";
                        };
                String cell = e.defined()
                        ? String.format(
                                java.util.Locale.ROOT,
                                "%.1f [%.1f, %.1f] %s (%s), %d",
                                100 * e.value(),
                                100 * e.ci95()[0],
                                100 * e.ci95()[1],
                                mark,
                                judgeOnly,
                                r.gold())
                        : "n/a (" + judgeOnly + "), " + r.gold();
                line.append(String.format(java.util.Locale.ROOT, " %-30s", cell));
            }
            out.println(line);
        }
        return 0;
    }
}
