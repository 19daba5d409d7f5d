package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tracejudge.model.Ids;

/**
 * Comments and flags on traces (schema 10, {@code trace_comment}): a note for the team, or a flag asking the lead to
 * look ("ask the lead") and its clearing. Append-only; a trace is flagged while its newest flag or unflag is a flag.
 * On a team project the rows sync through the hub under their author's name (team {@code Kind.COMMENT}).
 */
public final class Comments {
    /** What a comment does. */
    public enum Action {
        NOTE,
        FLAG,
        UNFLAG;

        public String code() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Action of(String code) {
            return valueOf(code.toUpperCase(Locale.ROOT));
        }
    }

    /** One comment as stored. */
    public record Comment(String id, String traceId, String author, Action action, String text, String createdAt) {}

    /** The longest comment kept (a comment is a note, not a document). */
    public static final int MAX_CHARS = 4_000;

    /** The ids of the traces whose newest flag or unflag is a flag (SQL, for filters). */
    public static final String FLAGGED_IDS = "SELECT trace_id FROM (SELECT trace_id, action, row_number() OVER "
            + "(PARTITION BY trace_id ORDER BY created_at DESC, rowid DESC) AS rn FROM trace_comment "
            + "WHERE action IN ('flag', 'unflag')) WHERE rn = 1 AND action = 'flag'";

    private Comments() {}

    /**
     * Adds a comment by {@code author} on {@code traceId}; returns it. Refuses a blank author, an unknown trace, a
     * note without text or a text over {@link #MAX_CHARS} characters, naming what is wrong.
     */
    public static Comment add(Project p, String traceId, String author, Action action, String text) {
        String body = text == null ? "" : text.strip();
        if (author == null || author.isBlank()) {
            throw new IllegalArgumentException("a comment needs its author's name");
        }
        if (action == Action.NOTE && body.isEmpty()) {
            throw new IllegalArgumentException("a note needs some text");
        }
        if (body.length() > MAX_CHARS) {
            throw new IllegalArgumentException(
                    "a comment is at most " + MAX_CHARS + " characters (this one has " + body.length() + ")");
        }
        return p.write(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM trace WHERE id = ?")) {
                s.setString(1, traceId);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        throw new IllegalArgumentException(
                                "no trace " + traceId + " in " + p.file().getFileName());
                    }
                }
            }
            Comment cm = new Comment(Ids.random(), traceId, author.strip(), action, body, Timestamps.now());
            try (PreparedStatement s =
                    c.prepareStatement("INSERT INTO trace_comment(id, trace_id, author, action, text, "
                            + "created_at) VALUES (?, ?, ?, ?, ?, ?)")) {
                s.setString(1, cm.id());
                s.setString(2, cm.traceId());
                s.setString(3, cm.author());
                s.setString(4, action.code());
                s.setString(5, cm.text());
                s.setString(6, cm.createdAt());
                s.executeUpdate();
            }
            return cm;
        });
    }

    /** The comments on {@code traceId}, oldest first. */
    public static List<Comment> of(Connection c, String traceId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT id, trace_id, author, action, text, created_at FROM "
                + "trace_comment WHERE trace_id = ? ORDER BY created_at, rowid")) {
            s.setString(1, traceId);
            return read(s);
        }
    }

    /** Every comment of the project, by trace and time; {@code flaggedOnly}: those on traces flagged now. */
    public static List<Comment> all(Connection c, boolean flaggedOnly) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT id, trace_id, author, action, text, created_at FROM "
                + "trace_comment" + (flaggedOnly ? " WHERE trace_id IN (" + FLAGGED_IDS + ")" : "")
                + " ORDER BY trace_id, created_at, rowid")) {
            return read(s);
        }
    }

    /** The ids of the traces that have any comment (one walk of the comments' trace index). */
    public static java.util.Set<String> commentedTraces(Connection c) throws SQLException {
        java.util.Set<String> ids = new java.util.HashSet<>();
        try (PreparedStatement s = c.prepareStatement("SELECT DISTINCT trace_id FROM trace_comment");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getString(1));
            }
        }
        return ids;
    }

    /** The ids of the traces flagged for the lead now. */
    public static java.util.Set<String> flaggedTraces(Connection c) throws SQLException {
        java.util.Set<String> ids = new java.util.HashSet<>();
        try (PreparedStatement s = c.prepareStatement(FLAGGED_IDS);
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getString(1));
            }
        }
        return ids;
    }

    /** Whether {@code traceId} is flagged now. */
    public static boolean flagged(Connection c, String traceId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT action FROM trace_comment WHERE trace_id = ? "
                + "AND action IN ('flag', 'unflag') ORDER BY created_at DESC, rowid DESC LIMIT 1")) {
            s.setString(1, traceId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() && "flag".equals(rs.getString(1));
            }
        }
    }

    private static List<Comment> read(PreparedStatement s) throws SQLException {
        List<Comment> out = new ArrayList<>();
        try (ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(new Comment(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        Action.of(rs.getString(4)),
                        rs.getString(5),
                        rs.getString(6)));
            }
        }
        return out;
    }
}
