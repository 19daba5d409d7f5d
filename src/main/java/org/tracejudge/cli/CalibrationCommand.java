package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.tracejudge.calibration.Diagnostics;
import org.tracejudge.calibration.Gold;
import org.tracejudge.json.Json;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "calibration",
        description = "How far to trust each machine rater (judges, rules, imported raters): "
                + "against the human gold (traces where everyone who decided agrees), the confusion matrix, per label "
                + "sensitivity, specificity, precision, NPV and F1 with 95%% Wilson intervals, accuracy, Cohen's kappa and "
                + "Gwet's AC1, and a trust verdict per label (trusted; not yet, with how many more gold traces would settle it; "
                + "not trusted: kappa < 0.6 or sensitivity < 0.8).")
final class CalibrationCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Option(names = "--rater", paramLabel = "NAME", description = "Only this rater (default: every machine rater).")
    String rater;

    @Mixin
    OutputFormat.TableJson format;

    @Option(
            names = "--corrected",
            description = "Failure-mode rates per model corrected for a judge's errors with the "
                    + "gold of a calibration sample (see: tracejudge sample): judge-only, gold-only, Rogan-Gladen and PPI++, each "
                    + "with its 95%% interval, and per rate the one recommended, with the reason (PPI++ where the judge "
                    + "narrows the interval, gold only where it adds nothing or every trace has gold, judge only while "
                    + "the sample has too little gold).")
    boolean corrected;

    @Option(
            names = "--judge",
            paramLabel = "SOURCE",
            description = "With --corrected: the label source to correct "
                    + "(a rater's name, or ensemble; default: ensemble when the project has judges chosen).")
    String judge;

    @Option(
            names = "--sample",
            paramLabel = "NAME",
            description = "With --corrected: the calibration sample (default: " + "the project's first).")
    String sample;

    @Option(
            names = "--latent",
            description = "Each rater's error rates estimated without gold, from the raters' "
                    + "agreement pattern (Dawid-Skene latent classes, EM with 5 starts); three raters or more. An estimate, "
                    + "not gold.")
    boolean latent;

    @Option(
            names = "--raters",
            split = ",",
            paramLabel = "a,b,c",
            description =
                    "With --latent: these raters " + "(default: every rater but copies of another, as in agreement).")
    List<String> latentRaters;

    @Option(
            names = "--question",
            paramLabel = "KEY",
            description = "Calibration of one single-choice or yes/no question of the project's own scheme, "
                    + "--positive OPTION against the rest: gold from the people's answers, each machine rater against "
                    + "it; with --corrected the positive option's rate per model through --judge corrected with a "
                    + "calibration sample drawn on the question (sample --question).")
    String question;

    @Option(
            names = "--positive",
            paramLabel = "OPTION",
            description = "With --question: the option read as the positive class (yes/no per tool: YES or NO).")
    String positive;

    @Override
    public Integer call() {
        if (question != null) {
            return question();
        }
        if (positive != null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--positive goes with --question");
        }
        if (corrected && latent) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "--corrected and --latent go one at a time");
        }
        if (latent) {
            return latent();
        }
        if (latentRaters != null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--raters goes with --latent");
        }
        if (corrected) {
            return corrected();
        }
        if (judge != null || sample != null) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "--judge and --sample go with --corrected");
        }
        org.tracejudge.calibration.CalibrationJson.Diagnosed diagnosed;
        try (Project p = Project.open(project.path)) {
            diagnosed = org.tracejudge.calibration.CalibrationJson.diagnose(p, project, rater);
        }
        Gold gold = diagnosed.gold();
        List<Diagnostics.Result> results = diagnosed.results();
        PrintWriter out = spec.commandLine().getOut();
        if (format.json()) {
            CliJson.print(
                    out,
                    CliJson.document(spec, org.tracejudge.calibration.CalibrationJson.diagnostics(diagnosed), null));
            return 0;
        }
        out.printf(
                Locale.ROOT,
                "Gold: %d traces where everyone who decided agrees%s%n",
                gold.labels().size(),
                gold.disagreed() > 0 ? " (" + gold.disagreed() + " where people disagree are not gold)" : "");
        printResults(out, results);
        return 0;
    }

    private static void printResults(PrintWriter out, List<Diagnostics.Result> results) {
        for (Diagnostics.Result r : results) {
            out.println();
            out.printf(
                    Locale.ROOT,
                    "%s against gold: n = %d%s%n",
                    r.rater(),
                    r.n(),
                    r.goldWithoutRaterLabel() > 0
                            ? " (" + r.goldWithoutRaterLabel() + " gold traces have no label of it)"
                            : "");
            if (r.n() == 0) {
                out.println("  " + noOverlap(r));
                continue;
            }
            out.printf(
                    Locale.ROOT,
                    "  accuracy %s   Cohen's kappa %s   Gwet's AC1 %s%s%n",
                    cell(r.accuracy()),
                    num(r.kappa()),
                    num(r.ac1()),
                    r.kappa() != null && r.ac1() != null && Math.abs(r.kappa() - r.ac1()) > 0.2
                            ? "   (kappa and AC1 differ: one label dominates, which lowers kappa)"
                            : "");
            int w = Math.max(
                    10, r.labels().stream().mapToInt(String::length).max().orElse(10) + 1);
            StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "  %-" + w + "s", "rater \\ gold"));
            for (String l : r.labels()) {
                head.append(String.format(Locale.ROOT, " %" + w + "s", l));
            }
            out.println(head);
            for (int i = 0; i < r.labels().size(); i++) {
                StringBuilder row = new StringBuilder(
                        String.format(Locale.ROOT, "  %-" + w + "s", r.labels().get(i)));
                for (int v : r.matrix()[i]) {
                    row.append(String.format(Locale.ROOT, " %" + w + "d", v));
                }
                out.println(row);
            }
            out.printf(
                    Locale.ROOT,
                    "  %-" + w + "s %5s  %-22s %-22s %-22s %6s  %s%n",
                    "label",
                    "gold",
                    "sensitivity",
                    "specificity",
                    "precision",
                    "F1",
                    "trust");
            for (Diagnostics.LabelFigures f : r.perLabel()) {
                out.printf(
                        Locale.ROOT,
                        "  %-" + w + "s %5d  %-22s %-22s %-22s %6s  %s%n",
                        f.label(),
                        f.goldCount(),
                        cell(f.sensitivity()),
                        cell(f.specificity()),
                        cell(f.precision()),
                        num(f.f1()),
                        trust(f));
            }
        }
    }

    private static String noOverlap(Diagnostics.Result r) {
        return org.tracejudge.calibration.CalibrationJson.noOverlap(r);
    }

    private static String trust(Diagnostics.LabelFigures f) {
        return switch (f.trust()) {
            case TRUSTED -> "trusted";
            case NOT_TRUSTED -> "not trusted";
            case NOT_YET -> "not yet (about " + f.moreGold() + " more gold " + f.label() + ")";
        };
    }

    private static String cell(Diagnostics.Rate r) {
        return r.value() == null
                ? "n/a"
                : String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", r.value(), r.ci95()[0], r.ci95()[1]);
    }

    private static String num(Double d) {
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.3f", d);
    }

    /** --corrected: the rates of every model through the judge, the sample's gold, and both corrections. */
    private int corrected() {
        org.tracejudge.calibration.CorrectedRates.Report report;
        try (Project p = Project.open(project.path)) {
            report = org.tracejudge.calibration.CorrectedRates.load(p, judge, sample);
        }
        PrintWriter out = spec.commandLine().getOut();
        org.tracejudge.calibration.CalibrationDraw d = report.sample();
        if (format.json()) {
            CliJson.print(
                    out, CliJson.document(spec, org.tracejudge.calibration.CalibrationJson.corrected(report), null));
            return 0;
        }
        out.printf(
                Locale.ROOT,
                "Corrected rates of %s, with the gold of calibration sample '%s' (%s, seed %d, %d of %d traces "
                        + "drawn, %s): %d drawn traces have gold%s.%n",
                report.judge(),
                d.name(),
                d.design().code(),
                d.seed(),
                d.draws().size(),
                d.population(),
                d.drawnAt(),
                report.goldInSample(),
                report.goldOutsideSample() > 0
                        ? "; " + report.goldOutsideSample() + " gold traces outside the sample are not used here"
                        : "");
        out.println("Rates in % with 95% intervals: judge only (Wilson), gold only (Wilson; n = gold traces), "
                + "Rogan-Gladen (delta method), PPI++ (lambda = how much the judge's labels count; interval after Agresti "
                + "and Min)"
                + (d.design() == org.tracejudge.calibration.SamplingDesign.STRATIFIED_LABEL
                        ? "; the sample is "
                                + "stratified by the judge's label, so gold only and PPI++ are the stratified gold mean (weights: each "
                                + "stratum's size when drawn)."
                        : "."));
        out.println("Recommended: the figure to trust for each rate (* in the table), with the reason below it.");
        String fmt = "%-22s %-8s %-22s %-27s %-22s %-30s%n";
        out.printf(Locale.ROOT, fmt, "model", "rate", "judge only", "gold only (n)", "Rogan-Gladen", "PPI++ (lambda)");
        java.util.Set<String> refusals = new java.util.LinkedHashSet<>();
        for (org.tracejudge.calibration.CorrectedRates.Row r : report.rows()) {
            if (r.judged() == 0 && r.unjudged() == 0) {
                continue; // the model has no trace of this type
            }
            org.tracejudge.calibration.Recommended best = report.recommended(r);
            java.util.function.Function<org.tracejudge.calibration.Recommended.Which, String> star =
                    w -> w == best.which() ? "*" : "";
            out.printf(
                    Locale.ROOT,
                    fmt,
                    r.model(),
                    r.rate().name(),
                    star.apply(org.tracejudge.calibration.Recommended.Which.JUDGE_ONLY) + pct(r.judgeOnly(), refusals),
                    star.apply(org.tracejudge.calibration.Recommended.Which.GOLD_ONLY)
                            + pct(r.goldOnly(), refusals)
                            + " (" + r.gold() + ")",
                    pct(r.roganGladen(), refusals),
                    star.apply(org.tracejudge.calibration.Recommended.Which.PPI)
                            + pct(r.ppi(), refusals)
                            + (r.ppi().lambda() == null
                                    ? ""
                                    : String.format(
                                            Locale.ROOT, " (%.2f)", r.ppi().lambda())));
            out.printf(
                    Locale.ROOT,
                    "%-31s recommended: %s %s: %s%n",
                    "",
                    best.which().title(),
                    pctPlain(best.estimate()),
                    best.reason());
        }
        int unjudged = report.rows().stream()
                .filter(r -> r.rate().name().equals("TSR") || r.rate().name().equals("UTR"))
                .mapToInt(org.tracejudge.calibration.CorrectedRates.Row::unjudged)
                .sum();
        if (unjudged > 0) {
            out.printf(
                    Locale.ROOT,
                    "%d traces have no label of %s and are left out of every figure.%n",
                    unjudged,
                    report.judge());
        }
        int waiting = report.rows().stream()
                .filter(r -> r.rate().name().equals("TSR") || r.rate().name().equals("UTR"))
                .mapToInt(org.tracejudge.calibration.CorrectedRates.Row::drawnNoGold)
                .sum();
        if (waiting > 0) {
            out.printf(
                    Locale.ROOT,
                    "%d drawn traces have no gold yet (undecided, or people disagree): decide them; until "
                            + "then the gold is the part of the sample decided so far.%n",
                    waiting);
        }
        refusals.forEach(out::println);
        return 0;
    }

    private static String pct(org.tracejudge.calibration.Corrected.Estimate e, java.util.Set<String> refusals) {
        if (!e.defined()) {
            refusals.add("n/a (" + e.estimator() + "): " + e.refusal());
        }
        return e.percent();
    }

    private static String pctPlain(org.tracejudge.calibration.Corrected.Estimate e) {
        return e.percent();
    }

    /** --question KEY --positive OPTION [--corrected]: one question's option against the rest. */
    private int question() {
        if (latent || latentRaters != null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--latent goes without --question");
        }
        if (!corrected && (judge != null || sample != null)) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "--judge and --sample go with --corrected");
        }
        org.tracejudge.calibration.QuestionCalibrations.Read read;
        try (Project p = Project.open(project.path)) {
            read = org.tracejudge.calibration.QuestionCalibrations.read(
                    p, QuestionArg.loaded(spec, p, project.path, question), positive, rater, corrected, sample);
        } catch (org.tracejudge.calibration.QuestionCalibrations.Refused e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        QuestionArg qa = QuestionArg.of(read.loaded());
        Gold gold = read.gold();
        List<String> machines = read.machines();
        PrintWriter out = spec.commandLine().getOut();
        String head = String.format(
                Locale.ROOT,
                "question %s (%s, scheme version %d): '%s' against the rest",
                question,
                qa.question().kind().words(),
                qa.version(),
                positive);
        if (corrected) {
            org.tracejudge.calibration.QuestionCalibrations.CorrectedRates cr;
            try {
                cr = org.tracejudge.calibration.QuestionCalibrations.corrected(read, judge, project.path);
            } catch (org.tracejudge.calibration.QuestionCalibrations.Refused e) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            org.tracejudge.calibration.QuestionSample.Chosen chosen = read.sample();
            String j = cr.judge();
            List<org.tracejudge.calibration.QuestionCalibration.ModelRate> rates = cr.rates();
            if (format.json()) {
                ObjectNode doc = CliJson.document(spec);
                doc.put("question", question).put("kind", qa.question().kind().code());
                doc.put("scheme_version", qa.version())
                        .put("positive", positive)
                        .put("judge", j);
                doc.putObject("sample")
                        .put("name", chosen.name())
                        .put("design", chosen.design().code())
                        .put("seed", chosen.seed())
                        .put("drawn", chosen.draws().size());
                ArrayNode ms = doc.putArray("models");
                for (org.tracejudge.calibration.QuestionCalibration.ModelRate r : rates) {
                    ObjectNode o = ms.addObject();
                    o.put("model", r.model()).put("judged", r.judged()).put("gold", r.gold());
                    o.set("judge_only", estimate(r.judgeOnly()));
                    o.set("gold_only", estimate(r.goldOnly()));
                    o.set("rogan_gladen", estimate(r.roganGladen()));
                    o.set("ppi", estimate(r.ppi()));
                }
                CliJson.print(out, doc);
                return 0;
            }
            out.printf(
                    Locale.ROOT,
                    "%s: its rate per model through %s, corrected with the gold of sample '%s' (%s, seed %d, %d "
                            + "traces drawn)%n",
                    head,
                    j,
                    chosen.name(),
                    chosen.design().code(),
                    chosen.seed(),
                    chosen.draws().size());
            out.println("Rates in % with 95% intervals; n = items the judge answered, gold = of them with gold in "
                    + "the sample.");
            String fmt = "%-22s %6s %5s  %-22s %-22s %-22s %-26s%n";
            out.printf(Locale.ROOT, fmt, "model", "n", "gold", "judge only", "gold only", "Rogan-Gladen", "PPI++");
            java.util.Set<String> refusals = new java.util.LinkedHashSet<>();
            for (org.tracejudge.calibration.QuestionCalibration.ModelRate r : rates) {
                out.printf(
                        Locale.ROOT,
                        fmt,
                        r.model(),
                        r.judged(),
                        r.gold(),
                        pct(r.judgeOnly(), refusals),
                        pct(r.goldOnly(), refusals),
                        pct(r.roganGladen(), refusals),
                        pct(r.ppi(), refusals)
                                + (r.ppi().lambda() == null
                                        ? ""
                                        : String.format(
                                                Locale.ROOT, " (%.2f)", r.ppi().lambda())));
            }
            refusals.forEach(out::println);
            return 0;
        }
        List<Diagnostics.Result> results = org.tracejudge.calibration.QuestionCalibrations.diagnose(read, rater)
                .results();
        if (format.json()) {
            ObjectNode doc = org.tracejudge.calibration.CalibrationJson.diagnostics(
                    new org.tracejudge.calibration.CalibrationJson.Diagnosed(gold, results));
            ObjectNode top = Json.object();
            top.put("question", question).put("kind", qa.question().kind().code());
            top.put("scheme_version", qa.version()).put("positive", positive);
            top.setAll(doc);
            CliJson.print(out, CliJson.document(spec, top, null));
            return 0;
        }
        out.println(head);
        if (read.settled()) {
            out.printf(
                    Locale.ROOT,
                    "Gold: %d traces the safety review settled (two experts agree, or an adjudicator decided) or, with "
                            + "no safety-critical answer, every person agrees%s%n",
                    gold.labels().size(),
                    gold.disagreed() > 0
                            ? " (" + gold.disagreed() + " where people disagree or the safety review waits for a "
                                    + "second expert or an adjudicator are not gold)"
                            : "");
        } else {
            out.printf(
                    Locale.ROOT,
                    "Gold: %d %s where every person who answered agrees%s%n",
                    gold.labels().size(),
                    qa.question().kind() == org.tracejudge.scheme.Kind.YES_NO_PER_TOOL ? "tool decisions" : "traces",
                    gold.disagreed() > 0 ? " (" + gold.disagreed() + " where people disagree are not gold)" : "");
        }
        if (machines.isEmpty()) {
            out.println("no machine rater answered '" + question + "'");
        }
        printResults(out, results);
        return 0;
    }

    private static ObjectNode estimate(org.tracejudge.calibration.Corrected.Estimate e) {
        ObjectNode o = Json.object();
        o.put("estimator", e.estimator());
        if (e.defined()) {
            o.put("value", e.value());
            o.putArray("ci95").add(e.ci95()[0]).add(e.ci95()[1]);
            if (e.lambda() != null) {
                o.put("lambda", e.lambda());
            }
        } else {
            o.putNull("value");
            o.put("refusal", e.refusal());
        }
        return o;
    }

    /** --latent: the Dawid-Skene estimate of every rater's confusion matrix, without gold. */
    private int latent() {
        org.tracejudge.agreement.LabelTable table;
        try (Project p = Project.open(project.path)) {
            table = org.tracejudge.store.LabelTables.of(p);
        }
        List<org.tracejudge.agreement.Duplicates.Duplicate> copies = List.of();
        if (latentRaters != null) {
            List<String> unknown = new ArrayList<>(latentRaters);
            unknown.removeAll(table.raters());
            if (!unknown.isEmpty()) {
                throw new IllegalArgumentException("no rater named " + String.join(", ", unknown) + "; raters here: "
                        + String.join(", ", table.raters()));
            }
            table = table.withRaters(latentRaters);
        } else {
            copies = org.tracejudge.agreement.Duplicates.find(table);
            List<String> keep = new ArrayList<>(table.raters());
            copies.forEach(c -> keep.remove(c.rater()));
            table = table.withRaters(keep);
        }
        // the fit's random starts follow the items' order: in their ids' order the same labels give the same fit
        table = table.sortedByItem();
        org.tracejudge.calibration.DawidSkene.Fit f = org.tracejudge.calibration.DawidSkene.fit(table, 4, 42);
        PrintWriter out = spec.commandLine().getOut();
        if (format.json()) {
            ObjectNode doc = CliJson.document(spec);
            doc.put("estimator", "Dawid-Skene (EM), an estimate without gold");
            doc.put("items", table.itemCount())
                    .put("iterations", f.iterations())
                    .put("converged", f.converged())
                    .put("starts", f.starts())
                    .put("starts_agree", f.startsAgree())
                    .put("log_likelihood", f.logLikelihood());
            ArrayNode left = doc.putArray("left_out");
            copies.forEach(c -> left.addObject().put("rater", c.rater()).put("same_as", c.like()));
            ObjectNode pri = doc.putObject("class_shares");
            for (int k = 0; k < f.labels().size(); k++) {
                pri.put(f.labels().get(k), f.priors()[k]);
            }
            ArrayNode rs = doc.putArray("raters");
            for (int r = 0; r < f.raters().size(); r++) {
                ObjectNode o = rs.addObject();
                o.put("rater", f.raters().get(r)).put("accuracy", f.accuracy(r));
                ObjectNode conf = o.putObject("confusion"); // true class -> given label -> probability
                for (int k = 0; k < f.labels().size(); k++) {
                    ObjectNode row = conf.putObject(f.labels().get(k));
                    for (int l = 0; l < f.labels().size(); l++) {
                        row.put(f.labels().get(l), f.confusion()[r][k][l]);
                    }
                }
            }
            CliJson.print(out, doc);
            return 0;
        }
        out.printf(
                Locale.ROOT,
                "Latent-class estimate (Dawid-Skene, EM; no gold: an estimate, not gold): %d raters, %d items; "
                        + "%s in %d iterations; %d starts %s.%n",
                f.raters().size(),
                table.itemCount(),
                f.converged() ? "converged" : "NOT converged",
                f.iterations(),
                f.starts(),
                f.startsAgree() ? "agree" : "disagree (the best is shown; treat it with care)");
        copies.forEach(c -> out.printf(
                Locale.ROOT,
                "Left out %s: a copy of %s (%d of %d shared items the same); name it with " + "--raters to count it.%n",
                c.rater(),
                c.like(),
                c.same(),
                c.shared()));
        StringBuilder shares = new StringBuilder("Estimated class shares:");
        for (int k = 0; k < f.labels().size(); k++) {
            shares.append(String.format(Locale.ROOT, " %s %.1f%%", f.labels().get(k), 100 * f.priors()[k]));
        }
        out.println(shares);
        out.println("Per rater: estimated accuracy, and for each true class the share the rater labels correctly:");
        int w = Math.max(12, f.raters().stream().mapToInt(String::length).max().orElse(12) + 1);
        for (int r = 0; r < f.raters().size(); r++) {
            StringBuilder line = new StringBuilder(String.format(
                    Locale.ROOT, "  %-" + w + "s accuracy %.3f  ", f.raters().get(r), f.accuracy(r)));
            for (int k = 0; k < f.labels().size(); k++) {
                line.append(String.format(Locale.ROOT, " %s %.2f", f.labels().get(k), f.confusion()[r][k][k]));
            }
            out.println(line);
        }
        out.println(
                "It assumes the raters err independently given the true label; raters that copy each other break it.");
        return 0;
    }
}
