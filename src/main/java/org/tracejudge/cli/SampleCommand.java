package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.tracejudge.calibration.CalibrationDraw;
import org.tracejudge.calibration.CalibrationDraws;
import org.tracejudge.calibration.CorrectedRates;
import org.tracejudge.calibration.SamplingDesign;
import org.tracejudge.calibration.UntilPrecise;
import org.tracejudge.store.Project;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "sample",
        description = "Draw a sample of tool-required and control traces for people to decide, each "
                + "stored with why it was drawn and, for a probability sample, its inclusion probability, so that "
                + "'calibration --corrected' can correct the judges' rates without bias. A sample is never redrawn; the same "
                + "command again lists it (until-precise: draws its next batch when the last one is decided and the interval "
                + "is still too wide). In the workbench: the Calibration tab (Ctrl+3) draws one, and the table's filter "
                + "list ▸ Calibration sample lists its traces.")
final class SampleCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Option(
            names = "--design",
            defaultValue = "uniform",
            paramLabel = "DESIGN",
            description = "uniform: each trace "
                    + "with the same probability; stratified: the same number from each model; stratified-label: strata model × "
                    + "task type × the judge's label (--judge, default the ensemble), square-root allocation, so the judge's rare "
                    + "labels get more gold; until-precise: uniform batches of "
                    + "--batch until the corrected rate's 95%% interval half-width is at most --half-width; disagreement: traces "
                    + "where the machine raters disagree; uncertainty: the LLM judges split or one said low confidence. The last "
                    + "two are not probability samples: their gold serves the judge diagnostics, never the corrected rates "
                    + "(default: ${DEFAULT-VALUE}).")
    String design;

    @Option(names = "--n", paramLabel = "N", description = "How many traces (all designs but until-precise).")
    Integer n;

    @Option(
            names = "--batch",
            defaultValue = "20",
            paramLabel = "B",
            description = "until-precise: traces per batch " + "(default: ${DEFAULT-VALUE}).")
    int batch;

    @Option(
            names = "--half-width",
            defaultValue = "0.05",
            paramLabel = "W",
            description = "until-precise: the wanted "
                    + "half-width of the corrected rate's 95%% interval, a fraction (default: ${DEFAULT-VALUE}).")
    double halfWidth;

    @Option(
            names = "--rate",
            defaultValue = "CTUR",
            paramLabel = "RATE",
            description =
                    "until-precise: the rate " + "(TSR, CTUR, RIR, OFR, UTR, CTRL_Acc; default: ${DEFAULT-VALUE}).")
    String rate;

    @Option(
            names = "--model",
            paramLabel = "MODEL",
            description = "until-precise: the model (default: every model, " + "the widest interval counts).")
    String model;

    @Option(
            names = "--judge",
            paramLabel = "NAME",
            description = "stratified-label: the judge whose labels make the "
                    + "strata; until-precise: the judge whose rate is corrected (default: the ensemble).")
    String judge;

    @Option(
            names = "--seed",
            defaultValue = "1",
            paramLabel = "S",
            description = "Seed of the draw (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "The sample's name (default: calibration, or the "
                    + "design's name for disagreement and uncertainty).")
    String name;

    @Option(
            names = "--question",
            paramLabel = "KEY",
            description = "Draw on the answers to one question of the project's own scheme: the population is every "
                    + "trace a machine rater answered it on; uniform, stratified (by model), stratified-label (model × "
                    + "--judge's answer) or disagreement (the machine raters' answers differ). Its gold corrects "
                    + "calibration --question KEY --corrected.")
    String question;

    @Mixin
    OutputFormat.TableJson format;

    @Override
    public Integer call() {
        SamplingDesign d;
        try {
            d = SamplingDesign.of(design);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--design: " + e.getMessage());
        }
        if (d != SamplingDesign.UNTIL_PRECISE && n == null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--n: how many traces (required for --design " + d.code() + ")");
        }
        if (n != null && n < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--n: at least 1, not " + n);
        }
        if (batch < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--batch: at least 1, not " + batch);
        }
        if (!(halfWidth > 0 && halfWidth < 1)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--half-width: a fraction between 0 and 1, not " + halfWidth);
        }
        if (CorrectedRates.RATES.stream().noneMatch(r -> r.name().equals(rate))) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--rate: one of "
                            + String.join(
                                    ", ",
                                    CorrectedRates.RATES.stream()
                                            .map(CorrectedRates.RateDef::name)
                                            .toList())
                            + ", not '" + rate + "'");
        }
        String sampleName = name != null ? name : d.probability() ? "calibration" : d.code();
        if (question != null && name == null) {
            sampleName = question + "-" + (d.probability() ? "calibration" : d.code());
        }
        CalibrationDraw s;
        String precision = null;
        int before = 0;
        try (Project p = Project.open(project.path)) {
            if (question != null) {
                QuestionArg qa = QuestionArg.load(spec, p, project.path, question);
                List<String> machines = new java.util.ArrayList<>();
                qa.raterKinds().forEach((r, kind) -> {
                    if (!"human".equals(kind)) {
                        machines.add(r);
                    }
                });
                try {
                    s = org.tracejudge.calibration.QuestionSample.draw(
                            p,
                            sampleName,
                            d,
                            n == null ? 0 : n,
                            seed,
                            qa.question(),
                            qa.answers(),
                            qa.places(),
                            machines,
                            judge);
                } catch (IllegalArgumentException e) {
                    throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
                }
            } else if (d == SamplingDesign.UNTIL_PRECISE) {
                UntilPrecise.Step step = UntilPrecise.step(p, sampleName, batch, seed, halfWidth, rate, model, judge);
                s = step.sample();
                before = s.draws().size() - step.drawnNow();
                precision = step.status();
            } else {
                s = CalibrationDraws.draw(p, sampleName, d, n, seed, judge);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (format.json()) {
            ObjectNode doc = CliJson.document(spec);
            doc.put("name", s.name())
                    .put("design", s.design().code())
                    .put("probability_sample", s.design().probability())
                    .put("seed", s.seed())
                    .put("population", s.population())
                    .put("drawn_at", s.drawnAt());
            if (precision != null) {
                doc.put("until_precise", precision).put("drawn_now", s.draws().size() - before);
            }
            ArrayNode a = doc.putArray("traces");
            s.draws().forEach(x -> {
                ObjectNode o = a.addObject()
                        .put("trace_id", x.traceId())
                        .put("model", x.model())
                        .put("task", x.taskKey())
                        .put("stratum", x.stratum());
                if (x.inclusion() == null) {
                    o.putNull("inclusion");
                } else {
                    o.put("inclusion", x.inclusion());
                }
                o.put("why", x.why());
            });
            CliJson.print(out, doc);
            return 0;
        }
        out.printf(
                Locale.ROOT,
                "sample '%s': %d of %d traces, %s%s, seed %d, first drawn %s%n",
                s.name(),
                s.draws().size(),
                s.population(),
                s.design().code(),
                s.design().probability()
                        ? ""
                        : " (not a probability sample: judge diagnostics only, never the corrected rates)",
                s.seed(),
                s.drawnAt());
        if (precision != null) {
            out.println("until-precise: " + precision);
        }
        out.printf(Locale.ROOT, "%-38s %-24s %-16s %-12s %s%n", "trace", "model", "task", "inclusion", "why");
        s.draws()
                .forEach(x -> out.printf(
                        Locale.ROOT,
                        "%-38s %-24s %-16s %-12s %s%n",
                        x.traceId(),
                        x.model(),
                        x.taskKey(),
                        x.inclusion() == null ? "-" : String.format(Locale.ROOT, "%.6g", x.inclusion()),
                        x.why()));
        out.println("Next: decide these traces (workbench: the table's filter list ▸ Calibration sample), then: "
                + "tracejudge calibration "
                + project.path.getFileName()
                + (question == null ? "" : " --question " + question + " --positive OPTION")
                + (s.design().probability() ? " --corrected" : ""));
        return 0;
    }
}
