package org.tracejudge.cli;

import java.io.PrintWriter;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.tracejudge.ensemble.Ensemble;
import org.tracejudge.ensemble.JudgeChoice;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "ensemble",
        description = "Ensemble labels (majority of the rule and two judges; no majority -> the rule's "
                + "label; a judge without a valid label -> pending) and final labels (latest human adjudication, else ensemble). "
                + "With --save, remembers the judges in the project.")
final class EnsembleCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Option(names = "--judges", paramLabel = "A,B", description = "The two judges (default: the project setting).")
    String judges;

    @Option(
            names = "--rule",
            paramLabel = "NAME",
            description = "The rule rater (default: the project setting, else rule, else harness).")
    String rule;

    @Option(names = "--save", description = "Store --judges (and --rule) as the project's setting.")
    boolean save;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        OptionValues.pair(spec, "--judges", judges, "rater names");
        try (Project p = Project.open(project.path)) {
            JudgeChoice c = save ? JudgeChoice.save(p, judges, rule) : JudgeChoice.resolve(p, judges, rule);
            if (save) {
                out.println("saved: judges " + c.judgeA().column() + ", "
                        + c.judgeB().column() + "; rule " + c.rule().column());
            }
            LabelSources s = LabelSources.load(p, c);
            out.printf(
                    "rule %s, judges %s and %s (%s)%n",
                    c.rule().column(), c.judgeA().column(), c.judgeB().column(), c.origin());
            Map<Ensemble.Status, Integer> st = s.ensembleStatus();
            out.printf(
                    "traces %d: ensemble label %d, pending (a judge has no valid label) %d, no rule label %d%n",
                    s.size(),
                    st.get(Ensemble.Status.DECIDED),
                    st.get(Ensemble.Status.PENDING),
                    st.get(Ensemble.Status.NO_RULE));
            for (String source : new String[] {LabelSources.ENSEMBLE, LabelSources.FINAL}) {
                Map<String, Integer> counts = new TreeMap<>();
                String[] labels = s.labels(source);
                for (int i = 0; i < labels.length; i++) {
                    if (labels[i] != null) {
                        counts.merge(s.type(i).code() + " " + labels[i], 1, Integer::sum);
                    }
                }
                out.println(source + ":");
                counts.forEach((k, v) -> out.printf("  %-40s %7d%n", k, v));
            }
        }
        return 0;
    }
}
