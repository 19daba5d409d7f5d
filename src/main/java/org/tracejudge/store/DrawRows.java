package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The rows of the calibration samples (table {@code calibration_draw}, schemas 8 and 11, sealed by {@link DrawSeals})
 * and the population they are drawn from: the tool-required and control traces. Only reads and appends; what a design
 * draws and what a changed population means is the calibration package's business.
 */
public final class DrawRows {
    private DrawRows() {}

    /** A trace a label sample can draw: tool-required or control. */
    public record Member(String traceId, String model, String taskKey) {}

    /**
     * A stored row. {@code inclusion} and {@code population} are null where the column is (designs that are no
     * probability sample; rows of schema 8).
     */
    public record Row(
            String traceId,
            String model,
            String taskKey,
            String stratum,
            Double inclusion,
            String design,
            long seed,
            String drawnAt,
            String why,
            Integer population) {}

    /** A sample's rows in the order they were drawn, and how many traces the population holds now. */
    public record Stored(List<Row> rows, int populationNow) {}

    /** A row to append: the sample's name, design, seed and time are the call's. */
    public record NewRow(String traceId, String stratum, Double inclusion, String why, Integer population) {}

    /**
     * One stratum of a sample as stored: the largest and smallest stored stratum size (null: schema 8 rows), its rows,
     * and the largest inclusion probability (0 where none is stored).
     */
    public record Stratum(
            String stratum, Integer maxPopulation, int rows, double maxInclusion, Integer minPopulation) {}

    /** Traces per model in the population now, and a sample's strata as stored: read together. */
    public record Strata(Map<String, Integer> modelsNow, List<Stratum> drawn) {}

    private static final String POPULATION = "SELECT t.id, t.model, k.task_key FROM trace t JOIN task k "
            + "ON k.id = t.task_id WHERE k.task_type IN ('tool_required', 'control') ORDER BY t.id";

    /** The population, in trace id order. */
    public static List<Member> population(Project p) {
        return p.read(DrawRows::population);
    }

    /** As {@link #population(Project)}, on an open connection. */
    public static List<Member> population(Connection c) throws SQLException {
        List<Member> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(POPULATION);
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(new Member(rs.getString(1), rs.getString(2), rs.getString(3)));
            }
        }
        return out;
    }

    /** Sample {@code name}'s rows (none: no such sample) with the population's size now, in one read. */
    public static Stored read(Project p, String name) {
        return p.read(c -> {
            List<Row> rows = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT d.trace_id, t.model, k.task_key, d.stratum, "
                            + "d.inclusion, d.design, d.seed, d.drawn_at, d.why, d.population FROM calibration_draw d JOIN "
                            + "trace t ON t.id = d.trace_id JOIN task k ON k.id = t.task_id WHERE d.sample = ? ORDER BY d.rowid")) {
                s.setString(1, name);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        double pi = rs.getDouble(5);
                        Double inclusion = rs.wasNull() ? null : pi;
                        int size = rs.getInt(10);
                        // asked right after its own column: wasNull answers for the last column read
                        Integer population = rs.wasNull() ? null : size;
                        rows.add(new Row(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getString(3),
                                rs.getString(4),
                                inclusion,
                                rs.getString(6),
                                rs.getLong(7),
                                rs.getString(8),
                                rs.getString(9),
                                population));
                    }
                }
            }
            if (rows.isEmpty()) {
                return new Stored(List.of(), 0);
            }
            int population;
            try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM trace t JOIN task k ON k.id = "
                            + "t.task_id WHERE k.task_type IN ('tool_required', 'control')");
                    ResultSet rs = s.executeQuery()) {
                population = rs.next() ? rs.getInt(1) : 0;
            }
            return new Stored(rows, population);
        });
    }

    /** Appends one draw of sample {@code name} and seals it ({@link DrawSeals#seal}), in one transaction. */
    public static void append(Project p, String name, String design, long seed, List<NewRow> rows, String at) {
        p.write(c -> {
            try (PreparedStatement s =
                    c.prepareStatement("INSERT INTO calibration_draw(sample, trace_id, design, stratum, "
                            + "inclusion, seed, why, drawn_at, population) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (NewRow d : rows) {
                    s.setString(1, name);
                    s.setString(2, d.traceId());
                    s.setString(3, design);
                    s.setString(4, d.stratum());
                    if (d.inclusion() == null) {
                        s.setNull(5, Types.REAL);
                    } else {
                        s.setDouble(5, d.inclusion());
                    }
                    s.setLong(6, seed);
                    s.setString(7, d.why());
                    s.setString(8, at);
                    s.setInt(9, d.population());
                    s.addBatch();
                }
                s.executeBatch();
            }
            DrawSeals.seal(c, name, at);
            return null;
        });
    }

    /** How many draws (distinct times) sample {@code name} has: an until-precise sample's batches. */
    public static int draws(Project p, String name) {
        return p.read(c -> {
            try (PreparedStatement s =
                    c.prepareStatement("SELECT count(DISTINCT drawn_at) FROM calibration_draw WHERE sample = ?")) {
                s.setString(1, name);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? rs.getInt(1) : 0;
                }
            }
        });
    }

    /** What is wrong with sample {@code name}'s seals (empty: they hold), as {@link DrawSeals#problems} says. */
    public static List<String> sealProblems(Project p, String name) {
        return p.read(c -> DrawSeals.problems(c, name));
    }

    /** The population's traces per model now and sample {@code name}'s strata (by stratum), in one read. */
    public static Strata strata(Project p, String name) {
        return p.read(c -> {
            Map<String, Integer> now = new TreeMap<>();
            try (PreparedStatement s = c.prepareStatement("SELECT t.model, count(*) FROM trace t JOIN task k ON k.id = "
                            + "t.task_id WHERE k.task_type IN ('tool_required', 'control') GROUP BY t.model");
                    ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    now.put(rs.getString(1), rs.getInt(2));
                }
            }
            List<Stratum> drawn = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT stratum, max(population), count(*), max(inclusion), "
                    + "min(population) FROM calibration_draw WHERE sample = ? GROUP BY stratum ORDER BY stratum")) {
                s.setString(1, name);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        drawn.add(new Stratum(
                                rs.getString(1),
                                rs.getObject(2) != null ? rs.getInt(2) : null,
                                rs.getInt(3),
                                rs.getDouble(4),
                                rs.getObject(5) != null ? rs.getInt(5) : null));
                    }
                }
            }
            return new Strata(now, drawn);
        });
    }

    /** Why each drawn trace was drawn, by trace id (a trace in several samples has a line for each), in draw order. */
    public static Map<String, List<String>> whyByTrace(Project p) {
        return p.read(c -> {
            Map<String, List<String>> out = new HashMap<>();
            try (PreparedStatement s = c.prepareStatement("SELECT trace_id, why FROM calibration_draw ORDER BY rowid");
                    ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.computeIfAbsent(rs.getString(1), k -> new ArrayList<>()).add(rs.getString(2));
                }
            }
            return out;
        });
    }

    /** The names of the project's samples with their sizes, in the order they were first drawn. */
    public static Map<String, Integer> names(Project p) {
        return p.read(c -> {
            Map<String, Integer> out = new LinkedHashMap<>();
            try (PreparedStatement s = c.prepareStatement(
                            "SELECT sample, count(*) FROM calibration_draw GROUP BY sample ORDER BY min(rowid)");
                    ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getInt(2));
                }
            }
            return out;
        });
    }
}
