package org.tracejudge.cli;

import java.nio.file.Path;
import java.util.Map;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code --question KEY} of metrics, calibration and sample: the question of the project's current scheme with its
 * current answers, each trace's model and task, and each rater's kind; refused with what to do when the project has
 * no scheme or the scheme no such question.
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
        SchemeVersions.Version v = p.read(SchemeVersions::current);
        if (v == null) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--question: " + project + " has no scheme of its own; set one first (tracejudge scheme " + project
                            + " --set FILE)");
        }
        Scheme scheme;
        try {
            scheme = SchemeFile.parse(v.body(), project + " scheme version " + v.version());
        } catch (org.tracejudge.scheme.SchemeException e) {
            throw new IllegalStateException("the project's scheme version " + v.version() + " is unreadable", e);
        }
        Question q = scheme.question(key).orElse(null);
        if (q == null) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--question: no question '" + key + "' in scheme " + scheme.name() + " version " + v.version()
                            + "; its questions are " + String.join(", ", scheme.keys()));
        }
        return new QuestionArg(
                q,
                v.version(),
                p.read(c -> Answers.current(c, key)),
                p.read(c -> Answers.places(c, key)),
                p.read(c -> Answers.raterKinds(c, key)));
    }

    /** Trace id → model. */
    Map<String, String> models() {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        places.forEach((t, pl) -> out.put(t, pl.model()));
        return out;
    }
}
