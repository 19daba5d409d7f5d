package org.tracejudge.store;

import java.util.LinkedHashMap;
import java.util.Map;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeException;
import org.tracejudge.scheme.SchemeFile;

/**
 * The questions of a project's own scheme with their current answers, as every per-question figure (metrics,
 * calibration, samples; the command line's {@code --question KEY} and the workbench's question pickers) reads them:
 * the current scheme version parsed, and for one question its answers, each answered trace's model and task, and each
 * rater's kind, read in one transaction.
 */
public final class ProjectQuestions {
    private ProjectQuestions() {}

    /** The project's current scheme and its version. */
    public record Current(Scheme scheme, int version) {}

    /**
     * One question with its current answers.
     *
     * @param answers trace id → rater name → the answer's JSON
     * @param places trace id → model and task key (traces with any answer to the question)
     * @param raterKinds rater name → kind (human, llm-judge, rule, imported)
     */
    public record Loaded(
            Question question,
            int version,
            Map<String, Map<String, String>> answers,
            Map<String, Answers.Place> places,
            Map<String, String> raterKinds) {

        /** Trace id → model. */
        public Map<String, String> models() {
            Map<String, String> out = new LinkedHashMap<>();
            places.forEach((t, pl) -> out.put(t, pl.model()));
            return out;
        }
    }

    /** Why there is no such question: the project has no scheme, or its scheme no question of that key. */
    public static final class Missing extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Missing(String message) {
            super(message);
        }
    }

    /**
     * The project's current scheme, or null when it has none.
     *
     * @throws IllegalStateException when the stored scheme no longer parses
     */
    public static Current current(Project p) {
        SchemeVersions.Version v = p.read(SchemeVersions::current);
        if (v == null) {
            return null;
        }
        try {
            return new Current(SchemeFile.parse(v.body(), p.file() + " scheme version " + v.version()), v.version());
        } catch (SchemeException e) {
            throw new IllegalStateException("the project's scheme version " + v.version() + " is unreadable", e);
        }
    }

    /**
     * Question {@code key} of the project's current scheme with its current answers.
     *
     * @param shown the project's path as the caller names it in messages
     * @throws Missing when the project has no scheme, or the scheme no such question (the message says what to do)
     */
    public static Loaded load(Project p, java.nio.file.Path shown, String key) {
        Current cur = current(p);
        if (cur == null) {
            throw new Missing(
                    shown + " has no scheme of its own; set one first (tracejudge scheme " + shown + " --set FILE)");
        }
        Question q = cur.scheme().question(key).orElse(null);
        if (q == null) {
            throw new Missing("no question '" + key + "' in scheme "
                    + cur.scheme().name() + " version " + cur.version() + "; its questions are "
                    + String.join(", ", cur.scheme().keys()));
        }
        return load(p, q, cur.version());
    }

    /** Question {@code q} (of scheme version {@code version}) with its current answers. */
    public static Loaded load(Project p, Question q, int version) {
        return p.read(c -> new Loaded(
                q, version, Answers.current(c, q.key()), Answers.places(c, q.key()), Answers.raterKinds(c, q.key())));
    }
}
