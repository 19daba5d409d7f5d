package org.tracejudge.cli;

import java.nio.file.Path;
import java.util.Map;
import org.tracejudge.scheme.Question;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQuestions;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code --question KEY} of metrics, calibration and sample: the question of the project's current scheme with its
 * current answers, each trace's model and task, and each rater's kind (read by {@link ProjectQuestions}); refused with
 * what to do when the project has no scheme or the scheme no such question.
 *
 * @param answers trace id → rater name → the answer's JSON
 * @param places trace id → model and task key (traces with any answer to the question)
 * @param raterKinds rater name → kind (human, llm-judge, rule, imported)
 */
record QuestionArg(
        Question question,
        int version,
        Map<String, Map<String, String>> answers,
        Map<String, Answers.Place> places,
        Map<String, String> raterKinds) {

    static QuestionArg load(CommandSpec spec, Project p, Path project, String key) {
        return of(loaded(spec, p, project, key));
    }

    /** The question as the core reads it; a missing scheme or question is a parameter error naming --question. */
    static ProjectQuestions.Loaded loaded(CommandSpec spec, Project p, Path project, String key) {
        try {
            return ProjectQuestions.load(p, project, key);
        } catch (ProjectQuestions.Missing e) {
            throw new ParameterException(spec.commandLine(), "--question: " + e.getMessage());
        }
    }

    static QuestionArg of(ProjectQuestions.Loaded l) {
        return new QuestionArg(l.question(), l.version(), l.answers(), l.places(), l.raterKinds());
    }

    /** Trace id → model. */
    Map<String, String> models() {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        places.forEach((t, pl) -> out.put(t, pl.model()));
        return out;
    }
}
