package org.tracejudge.scheme;

import java.util.List;

/** A scheme file that cannot be used: every problem found, each naming the file, line and field. */
public final class SchemeException extends Exception {
    private static final long serialVersionUID = 1L;

    /**
     * One problem.
     *
     * @param file the file as named to the reader
     * @param line from 1, 0 when unknown
     * @param field the path of the field ("questions[2].options[1].value"), "" for the whole file
     * @param message what is wrong, and what would be right
     */
    public record Problem(String file, int line, String field, String message) {
        @Override
        public String toString() {
            return file + (line > 0 ? ":" + line : "") + (field.isEmpty() ? "" : ": " + field) + ": " + message;
        }
    }

    private final transient List<Problem> problems;

    public SchemeException(List<Problem> problems) {
        super(text(problems));
        this.problems = List.copyOf(problems);
    }

    /** The problems in the order of the file. */
    public List<Problem> problems() {
        return problems;
    }

    private static String text(List<Problem> problems) {
        StringBuilder sb = new StringBuilder();
        for (Problem p : problems) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(p);
        }
        return sb.toString();
    }
}
