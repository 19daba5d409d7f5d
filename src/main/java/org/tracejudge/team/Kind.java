package org.tracejudge.team;

import java.util.List;

/**
 * What the hub holds, in the order a push sends it (so that whatever an entry refers to has a lower seq): each kind is
 * a table of the project file whose rows never change after they are written.
 */
public enum Kind {
    LABEL_SET("label_set", "label_set", "name"),
    TOOLSET("toolset", "toolset", "id"),
    TASK("task", "task", "id"),
    IMPORT_SOURCE("import_source", "import_source", "id"),
    TRACE("trace", "trace", "id"),
    RATER("rater", "rater", "id"),
    LABEL("label", "label", "id"),
    ADJUDICATION("adjudication", "adjudication", "id"),
    /** Project settings and policies ({@code project_meta}); the newest value of a key by seq wins. */
    META("meta", "project_meta", "key"),
    ASSIGNMENT("assignment", LocalTeam.ASSIGNMENT_TABLE, "id"),
    /** A reviewer passed over an item without deciding ({@code team_skip}); hub schema 2 and later. */
    SKIP("skip", LocalTeam.SKIP_TABLE, "id"),
    /** A comment or flag on a trace ({@code trace_comment}, project schema 10); hub schema 5 and later. */
    COMMENT("comment", "trace_comment", "id"),
    /**
     * A version of the project's own scheme ({@code scheme_version}, project schema 13), with the form the hub checks
     * answers against; only the lead publishes one, append-only; hub schema 7 and later.
     */
    SCHEME("scheme", "scheme_version", "version"),
    /** An answer to a question of the project's scheme ({@code answer}, project schema 13); hub schema 7 and later. */
    ANSWER("answer", "answer", "id");

    public final String code;
    public final String table;
    public final String key;

    Kind(String code, String table, String key) {
        this.code = code;
        this.table = table;
        this.key = key;
    }

    /** Kinds a reviewer may publish (the hub's row-level security refuses the rest). */
    public static final List<Kind> REVIEWER = List.of(RATER, LABEL, ADJUDICATION, SKIP, COMMENT, ANSWER);

    public static Kind of(String code) {
        for (Kind k : values()) {
            if (k.code.equals(code)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown entry kind '" + code + "'");
    }

    /**
     * The person an entry of this kind says decided, skipped or wrote (label.created_by, adjudication.annotator,
     * skip.reviewer, comment.author, answer.created_by).
     */
    String personColumn() {
        return this == LABEL || this == ANSWER
                ? "created_by"
                : this == ADJUDICATION ? "annotator" : this == SKIP ? "reviewer" : this == COMMENT ? "author" : null;
    }
}
