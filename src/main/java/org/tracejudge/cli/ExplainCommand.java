package org.tracejudge.cli;

import java.util.concurrent.Callable;
import org.tracejudge.classify.Explanation;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "explain",
        description = "The rule's evidence for one trace, readable: which check decided, the "
                + "must-contain matches, tool-return values found in the answer, indicator names, unsupported values; for a "
                + "call-level trace the argument diff, value origins, evidence turns and timelines; then every LLM judge's "
                + "verdict, scores, reasoning and raw reply, or why it has none (the null verdict's reason); a judge of the project's "
                + "own scheme shows its answer to each question (a span with the passage it marks) or why it is null.")
final class ExplainCommand implements Callable<Integer> {
    enum ModeOption {
        compat,
        tolerant
    }

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Option(
            names = "--trace",
            required = true,
            paramLabel = "ID",
            description = "A trace id, or a unique prefix of one.")
    String trace;

    @Option(names = "--mode", paramLabel = "MODE", description = "Only this mode: compat or tolerant (default: both).")
    ModeOption mode;

    @Override
    public Integer call() {
        RuleClassifier.Mode m = mode == null
                ? null
                : mode == ModeOption.tolerant ? RuleClassifier.Mode.TOLERANT : RuleClassifier.Mode.COMPAT;
        try (Project p = Project.open(project.path)) {
            String id = Explanation.resolveTraceId(p, trace);
            var q = new org.tracejudge.store.ProjectQueries(p);
            var t = q.trace(id);
            var task = q.task(t.taskId());
            var out = spec.commandLine().getOut();
            if (task.type() == org.tracejudge.model.TaskType.CALL_LEVEL) {
                out.print(org.tracejudge.calls.CallExplain.text(task, t, org.tracejudge.calls.CallRule.judge(task, t)));
            } else {
                out.print(Explanation.explain(p, trace, m).toReadableText());
            }
            var answers = org.tracejudge.judges.JudgeAnswer.of(p, id);
            out.println();
            out.println(
                    answers.isEmpty()
                            ? "LLM judges: none has answered for this trace"
                            : "LLM judges (" + answers.size() + "):");
            for (var a : answers) {
                out.print(a.toText());
            }
        }
        return 0;
    }
}
