package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.tracejudge.calibration.Sample;
import org.tracejudge.store.Project;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "sample", description = "Draw a calibration sample: a probability sample of tool-required and control "
        + "traces for people to decide, each stored with its inclusion probability and why it was drawn, so that "
        + "'calibration --corrected' can correct the judges' rates without bias. A sample is never redrawn; the same "
        + "command again lists it. In the workbench: Show ▸ Calibration sample.")
final class SampleCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PROJECT")
    Path project;

    @Option(names = "--design", defaultValue = "uniform", paramLabel = "uniform|stratified", description = "uniform: "
            + "each trace with the same probability; stratified: the same number from each model (default: ${DEFAULT-VALUE}).")
    String design;

    @Option(names = "--n", required = true, paramLabel = "N", description = "How many traces.")
    int n;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "Seed of the draw (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--name", defaultValue = "calibration", paramLabel = "NAME", description = "The sample's name "
            + "(default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--format", defaultValue = "table", paramLabel = "table|json", description = "table or json "
            + "(default: ${DEFAULT-VALUE}).")
    String format;

    @Override
    public Integer call() {
        Sample.Design d;
        try {
            d = Sample.Design.of(design);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--design: " + e.getMessage());
        }
        if (n < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--n: at least 1, not " + n);
        }
        if (!format.equals("table") && !format.equals("json")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--format: table or json, not '" + format + "'");
        }
        Sample.Drawn s;
        try (Project p = Project.open(project)) {
            s = Sample.draw(p, name, d, n, seed);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (format.equals("json")) {
            ObjectNode doc = CliJson.document(spec);
            doc.put("name", s.name()).put("design", s.design().code()).put("seed", s.seed()).put("population", s.population())
                    .put("drawn_at", s.drawnAt());
            ArrayNode a = doc.putArray("traces");
            s.draws().forEach(x -> a.addObject().put("trace_id", x.traceId()).put("model", x.model()).put("task", x.taskKey())
                    .put("stratum", x.stratum()).put("inclusion", x.inclusion()));
            CliJson.print(out, doc);
            return 0;
        }
        out.printf(Locale.ROOT, "calibration sample '%s': %d of %d traces, %s, seed %d, drawn %s%n", s.name(),
                s.draws().size(), s.population(), s.design().code(), s.seed(), s.drawnAt());
        out.printf(Locale.ROOT, "%-38s %-24s %-16s %s%n", "trace", "model", "task", "inclusion probability");
        s.draws().forEach(x -> out.printf(Locale.ROOT, "%-38s %-24s %-16s %.6g%n", x.traceId(), x.model(), x.taskKey(),
                x.inclusion()));
        out.println("Next: decide these traces (workbench: Show ▸ Calibration sample), then: tracejudge calibration "
                + project.getFileName() + " --corrected");
        return 0;
    }
}
