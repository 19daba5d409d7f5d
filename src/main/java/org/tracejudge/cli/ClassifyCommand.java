package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tracejudge.classify.CallLabeller;
import org.tracejudge.classify.RuleLabeller;
import org.tracejudge.classify.SelectionLabeller;
import org.tracejudge.json.Json;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "classify",
        description = "Run the rule classifier over every tool-required, control and tool-selection "
                + "trace (and the call-level rule over ToolHaystack / DiaBench traces) and store its labels with their evidence: "
                + "rater 'rule' (compat) or 'rule-tolerant' (tolerant). Re-running on "
                + "unchanged traces appends nothing. Labels are committed every 250,000 entries: a run that fails or "
                + "is interrupted keeps what it committed, says how much, and the next run appends only the rest.")
final class ClassifyCommand implements Callable<Integer> {
    enum ModeOption {
        compat,
        tolerant
    }

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Option(
            names = "--mode",
            defaultValue = "compat",
            paramLabel = "MODE",
            description = "compat (the published rule, quirks included) or tolerant (default: ${DEFAULT-VALUE}).")
    ModeOption mode;

    @Option(
            names = "--mismatches",
            description =
                    "Where traces carry the harness's own classification (rater "
                            + "'harness'), list every trace whose rule label differs from it, with the check that decided the rule's label.")
    boolean mismatches;

    @Mixin
    OutputFormat.TextJson format;

    @Override
    public Integer call() {
        RuleClassifier.Mode m = mode == ModeOption.tolerant ? RuleClassifier.Mode.TOLERANT : RuleClassifier.Mode.COMPAT;
        try (Project p =
                Project.open(project.path, Project.OpenOptions.existing().checkAlongside())) {
            RuleLabeller.Result r;
            try (ProgressBar bar = ProgressBar.forCommand(spec, "classifying")) {
                Thread interrupted = saysWhatCtrlCKept(spec.commandLine().getErr(), bar, p);
                try {
                    r = RuleLabeller.classify(
                            p,
                            RuleLabeller.Options.of(m)
                                    .committing(RuleLabeller.Commit.AS_IT_GOES)
                                    .withProgress((done, of) -> bar.update(done, of, false)));
                } finally {
                    try {
                        Runtime.getRuntime().removeShutdownHook(interrupted);
                    } catch (IllegalStateException shuttingDown) {
                        // Ctrl-C came: the hook says what was kept
                    }
                }
            }
            PrintWriter out = spec.commandLine().getOut();
            SelectionLabeller.Result sr = SelectionLabeller.classify(p);
            CallLabeller.Result calls = CallLabeller.classify(p, r.rater());
            if (format.json()) {
                CliJson.print(out, json(r, sr, calls));
                return 0;
            }
            if (r.traces() > 0 || (sr.traces() == 0 && calls.traces() == 0)) {
                out.printf(
                        "classified %d traces as rater '%s' (%s mode)%n",
                        r.traces() - r.runErrors() - r.noExpectedCall(), r.rater(), m.code());
                for (Map.Entry<String, Map<String, Integer>> e : r.counts().entrySet()) {
                    int n = e.getValue().values().stream()
                            .mapToInt(Integer::intValue)
                            .sum();
                    out.printf("  %s (%d):%n", e.getKey(), n);
                    e.getValue().forEach((label, c) -> out.printf("    %-22s %7d%n", label, c));
                }
                if (r.runErrors() > 0) {
                    out.printf(
                            "  not classified (the run recorded an error instead of finishing): %d%n", r.runErrors());
                }
                if (r.noExpectedCall() > 0) {
                    out.printf(
                            "  not classified (the task names no expected tool call; judge these runs): %d%n",
                            r.noExpectedCall());
                }
                out.printf("ledger: %d entries appended, %d traces unchanged%n", r.written(), r.unchanged());
                printHarness(out, m, r.harness());
            }
            if (sr.traces() > 0) {
                out.printf(
                        "classified %d tool-selection traces as rater 'rule' (exact set):%n",
                        sr.traces() - sr.noScenario());
                sr.counts().forEach((label, c) -> out.printf("    %-22s %7d%n", label, c));
                if (sr.noScenario() > 0) {
                    out.printf("  not classified (their scenario's tools unknown): %d%n", sr.noScenario());
                    sr.unknownLines().forEach(l -> out.println("    " + l));
                }
                out.printf("ledger: %d entries appended, %d traces unchanged%n", sr.written(), sr.unchanged());
            }
            if (calls.traces() > 0) {
                out.printf(
                        "call-level traces (ToolHaystack / DiaBench), call-level rule as rater '%s' (%d):%n",
                        r.rater(), calls.traces());
                calls.counts().forEach((label, c) -> out.printf("    %-22s %7d%n", label, c));
                out.printf("ledger: %d entries appended, %d traces unchanged%n", calls.written(), calls.unchanged());
            }
            if (sr.noScenario() > 0) {
                // partly done: say so where scripts look, and exit non-zero
                spec.commandLine()
                        .getErr()
                        .printf(
                                "classify: %d tool-selection traces not classified: %s%n",
                                sr.noScenario(), String.join("; ", sr.unknownLines()));
                return 1;
            }
        }
        return 0;
    }

    /**
     * Ctrl-C (exit 130) in the middle of classify: it commits as it goes, so the project keeps what its commits so far
     * hold (the last one too if the signal came while it was being written); the hook says how much that is, so that
     * nobody takes a silent 130 for nothing done or for everything done, and how to finish.
     */
    private static Thread saysWhatCtrlCKept(PrintWriter err, ProgressBar bar, Project p) {
        Thread hook = new Thread(
                () -> {
                    String committing = p.committingNow();
                    String kept = p.keptSoFar();
                    String before = kept == null ? "nothing of this run (the labels the project held before)" : kept;
                    err.println((bar.drawing() ? "\n" : "")
                            + "tracejudge: interrupted: classify commits as it goes. Kept: "
                            + (committing == null
                                    ? before
                                    : committing + " if the commit being written when the signal came was completed,"
                                            + " else " + before)
                            + "; tracejudge info shows the labels per rater. Run classify again: it appends only the "
                            + "rest.");
                    err.flush();
                },
                "classify-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    /** {@code compat = harness on 21,998/22,000 traces (99.99%)}, and with --mismatches the traces that differ. */
    private void printHarness(PrintWriter out, RuleClassifier.Mode m, RuleLabeller.HarnessComparison h) {
        if (h == null) {
            return;
        }
        if (h.compared() == 0) {
            out.printf("%s = harness: no trace has a label from both%n", m.code());
            return;
        }
        out.printf(
                java.util.Locale.ROOT,
                "%s = harness on %,d/%,d traces (%.2f%%)%s%n",
                m.code(),
                h.equal(),
                h.compared(),
                100.0 * h.equal() / h.compared(),
                h.all() || mismatches ? "" : "; --mismatches lists the others");
        if (mismatches && !h.mismatches().isEmpty()) {
            out.printf(
                    "  %-8s  %-24s  %-20s  %-20s  %-20s  %s%n", "trace", "task", "model", "harness", m.code(), "check");
            for (RuleLabeller.Mismatch x : h.mismatches()) {
                out.printf(
                        "  %-8s  %-24s  %-20s  %-20s  %-20s  %s%n",
                        x.traceId().substring(0, Math.min(8, x.traceId().length())),
                        x.taskKey(),
                        x.model(),
                        x.harness(),
                        x.rule(),
                        x.check());
            }
        }
    }

    private ObjectNode json(RuleLabeller.Result r, SelectionLabeller.Result sr, CallLabeller.Result calls) {
        ObjectNode doc = CliJson.document(spec);
        ObjectNode rule = doc.putObject("rule");
        rule.put("rater", r.rater());
        rule.put("mode", r.mode().code());
        rule.put("traces", r.traces());
        rule.put("not_classified_run_errors", r.runErrors());
        rule.put("not_classified_no_expected_call", r.noExpectedCall());
        rule.set("labels", Json.MAPPER.valueToTree(r.counts()));
        rule.put("appended", r.written());
        rule.put("unchanged", r.unchanged());
        RuleLabeller.HarnessComparison h = r.harness();
        if (h != null) {
            ObjectNode hj = rule.putObject("harness");
            hj.put("compared", h.compared());
            hj.put("equal", h.equal());
            hj.put("agreement", h.compared() == 0 ? null : (double) h.equal() / h.compared());
            com.fasterxml.jackson.databind.node.ArrayNode mm = hj.putArray("mismatches");
            for (RuleLabeller.Mismatch x : h.mismatches()) {
                ObjectNode o = mm.addObject();
                o.put("trace_id", x.traceId());
                o.put("task", x.taskKey());
                o.put("model", x.model());
                o.put("harness", x.harness());
                o.put("rule", x.rule());
                o.put("check", x.check());
            }
        }
        ObjectNode sel = doc.putObject("tool_selection");
        sel.put("rater", "rule");
        sel.put("traces", sr.traces());
        sel.put("not_classified_no_scenario", sr.noScenario());
        sel.set("labels", Json.MAPPER.valueToTree(sr.counts()));
        sel.put("appended", sr.written());
        sel.put("unchanged", sr.unchanged());
        ObjectNode cl = doc.putObject("call_level");
        cl.put("rater", r.rater());
        cl.put("traces", calls.traces());
        cl.set("labels", Json.MAPPER.valueToTree(calls.counts()));
        cl.put("appended", calls.written());
        cl.put("unchanged", calls.unchanged());
        return doc;
    }
}
