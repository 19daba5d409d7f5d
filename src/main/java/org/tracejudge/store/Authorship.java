package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Who wrote the project's ledger entries, for a merge that must not take another laptop's entries in the name of
 * this project's own people: the people with work here, rater names and kinds, whether an entry is here already, and
 * who made a trace's current decision. Whose entries a merge takes is the importer's policy.
 */
public final class Authorship {
    private Authorship() {}

    /** The names of the people with work in the project: annotators of decisions, human raters with any entry. */
    public static List<String> people(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT annotator FROM adjudication UNION SELECT r.name FROM rater r "
                        + "WHERE r.kind = 'human' AND (EXISTS (SELECT 1 FROM label l WHERE l.rater_id = r.id) "
                        + "OR EXISTS (SELECT 1 FROM answer a WHERE a.rater_id = r.id))")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    /** The labels of every label set of the project, as JSON arrays (one per set). */
    public static List<String> labelLists(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT labels FROM label_set")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    /** The rater's name when it is a person, else null (a machine rater, or no such rater). */
    public static String humanName(Connection c, String raterId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT name, kind FROM rater WHERE id = ?")) {
            s.setString(1, raterId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() && "human".equals(rs.getString(2)) ? rs.getString(1) : null;
            }
        }
    }

    /** A ledger of entries by id. */
    public enum Entries {
        LABEL("label"),
        ANSWER("answer"),
        ADJUDICATION("adjudication");

        private final String table;

        Entries(String table) {
            this.table = table;
        }
    }

    /** Whether the entry of that id is in the project already (an id is the entry's: the same id, the same entry). */
    public static boolean here(Connection c, Entries ledger, String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM " + ledger.table + " WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** Who made a trace's current decision ("set"), and when. */
    public record Decision(String annotator, String createdAt) {}

    /** The trace's current decision, or null when it has none (or it was withdrawn). */
    public static Decision currentDecision(Connection c, String traceId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "SELECT annotator, created_at FROM current_adjudication WHERE trace_id = ? AND action = 'set'")) {
            s.setString(1, traceId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? new Decision(rs.getString(1), rs.getString(2)) : null;
            }
        }
    }
}
