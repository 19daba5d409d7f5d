package org.tracejudge.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tracejudge.classify.CallLabeller;
import org.tracejudge.classify.RuleLabeller;
import org.tracejudge.classify.SelectionLabeller;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "classify", description = "Run the rule classifier over every tool-required, control and tool-selection "
        + "trace (and the call-level rule over ToolHaystack / DiaBench traces) and store its labels with their evidence: "
        + "rater 'rule' (compat) or 'rule-tolerant' (tolerant). Re-running on "
        + "unchanged traces appends nothing.")
final class ClassifyCommand implements Callable<Integer> {
    enum ModeOption { compat, tolerant }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PROJECT")
    Path project;

    @Option(names = "--mode", defaultValue = "compat", paramLabel = "MODE",
            description = "compat (the published rule, quirks included) or tolerant (default: ${DEFAULT-VALUE}).")
    ModeOption mode;

    @Override
    public Integer call() {
        RuleClassifier.Mode m = mode == ModeOption.tolerant ? RuleClassifier.Mode.TOLERANT : RuleClassifier.Mode.COMPAT;
        try (Project p = Project.openCheckingAlongside(project, false, null)) {
            RuleLabeller.Result r = RuleLabeller.classify(p, m);
            PrintWriter out = spec.commandLine().getOut();
            SelectionLabeller.Result sr = SelectionLabeller.classify(p);
            CallLabeller.Result calls = CallLabeller.classify(p, r.rater());
            if (r.traces() > 0 || (sr.traces() == 0 && calls.traces() == 0)) {
                out.printf("classified %d traces as rater '%s' (%s mode)%n", r.traces() - r.runErrors(), r.rater(), m.code());
                for (Map.Entry<String, Map<String, Integer>> e : r.counts().entrySet()) {
                    int n = e.getValue().values().stream().mapToInt(Integer::intValue).sum();
                    out.printf("  %s (%d):%n", e.getKey(), n);
                    e.getValue().forEach((label, c) -> out.printf("    %-22s %7d%n", label, c));
                }
                if (r.runErrors() > 0) {
                    out.printf("  not classified (the run failed at the provider): %d%n", r.runErrors());
                }
                out.printf("ledger: %d entries appended, %d traces unchanged%n", r.written(), r.unchanged());
            }
            if (sr.traces() > 0) {
                out.printf("classified %d tool-selection traces as rater 'rule' (exact set):%n", sr.traces() - sr.noScenario());
                sr.counts().forEach((label, c) -> out.printf("    %-22s %7d%n", label, c));
                if (sr.noScenario() > 0) {
                    out.printf("  not classified (their scenario's tools unknown): %d%n", sr.noScenario());
                    sr.unknownLines().forEach(l -> out.println("    " + l));
                }
                out.printf("ledger: %d entries appended, %d traces unchanged%n", sr.written(), sr.unchanged());
            }
            if (calls.traces() > 0) {
                out.printf("call-level traces (ToolHaystack / DiaBench), call-level rule as rater '%s' (%d):%n", r.rater(), calls.traces());
                calls.counts().forEach((label, c) -> out.printf("    %-22s %7d%n", label, c));
                out.printf("ledger: %d entries appended, %d traces unchanged%n", calls.written(), calls.unchanged());
            }
            if (sr.noScenario() > 0) {
                // partly done: say so where scripts look, and exit non-zero
                spec.commandLine().getErr().printf("classify: %d tool-selection traces not classified: %s%n",
                        sr.noScenario(), String.join("; ", sr.unknownLines()));
                return 1;
            }
        }
        return 0;
    }
}
