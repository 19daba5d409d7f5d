package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.tracejudge.json.Json;
import org.tracejudge.model.LabelSet;
import org.tracejudge.model.LabelSets;

/** The project's label sets (table {@code label_set}): the built-in ones and those a project defines. */
final class LabelSetRows {
    private LabelSetRows() {}

    /** Adds the built-in label sets a new project starts with (kept as they are where present). */
    static void addBuiltIn(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT OR IGNORE INTO label_set(name, description, labels, builtin) VALUES (?,?,?,1)")) {
            for (LabelSet ls : LabelSets.BUILT_IN) {
                s.setString(1, ls.name());
                s.setString(2, ls.description());
                s.setString(3, Json.write(ls.labels()));
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    /** Every label set, by name. */
    static List<LabelSet> all(Connection c) throws SQLException {
        List<LabelSet> out = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT name, description, labels FROM label_set ORDER BY name")) {
            while (rs.next()) {
                List<String> labels = new ArrayList<>();
                Json.read(rs.getString(3)).forEach(n -> labels.add(n.asText()));
                out.add(new LabelSet(rs.getString(1), rs.getString(2), labels));
            }
        }
        return out;
    }

    /**
     * Defines (or redefines) a project label set.
     *
     * @throws ProjectException when {@code set} has the name of a built-in one
     */
    static void define(Connection c, LabelSet set) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("INSERT INTO label_set(name, description, labels, builtin) VALUES (?,?,?,0) "
                        + "ON CONFLICT(name) DO UPDATE SET description = excluded.description, labels = excluded.labels "
                        + "WHERE builtin = 0")) {
            s.setString(1, set.name());
            s.setString(2, set.description());
            s.setString(3, Json.write(set.labels()));
            if (s.executeUpdate() == 0) {
                throw new ProjectException("label set '" + set.name() + "' is built in and cannot be redefined");
            }
        }
    }
}
