package org.tracejudge.calibration;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.Timestamps;

/**
 * A calibration sample: a probability sample of a project's tool-required and control traces drawn for human gold,
 * each trace stored with its inclusion probability and why it was drawn (table {@code calibration_draw}, schema 8).
 * Corrected rates use only such a sample, never gold chosen by hand or by disagreement (calibration.md § Terms).
 *
 * <p>Designs: {@code uniform} (n of the N traces, each with probability n/N) and {@code stratified} by model (the
 * n split evenly over the models, the remainder to the first models by name; within a model n_h of N_h, probability
 * n_h/N_h; a model with fewer traces than its share gives all of them and the rest is not moved elsewhere). Both are
 * uniform within a model, which is what the per-model corrected rates need. The draw is reproducible: the traces in
 * id order, shuffled by {@code java.util.Random(seed)}.
 */
public final class Sample {
    private Sample() {}

    public enum Design {
        UNIFORM, STRATIFIED;

        public String code() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Design of(String s) {
            for (Design d : values()) {
                if (d.code().equals(s)) {
                    return d;
                }
            }
            throw new IllegalArgumentException("design '" + s + "': uniform or stratified");
        }
    }

    /** One drawn trace. {@code stratum}: "all" under a uniform design, the model under a stratified one. */
    public record Draw(String traceId, String model, String taskKey, String stratum, double inclusion) {}

    /** A drawn sample: how, and the traces in the order they were drawn. {@code population}: traces it was drawn from. */
    public record Drawn(String name, Design design, long seed, int population, String drawnAt, List<Draw> draws) {}

    private record Unit(String traceId, String model, String taskKey) {}

    /**
     * Draws and stores sample {@code name}. The same name drawn again with the same design, size and seed returns
     * what was drawn (nothing is written); with anything else it is refused: a sample is never redrawn.
     */
    public static Drawn draw(Project p, String name, Design design, int n, long seed) {
        if (n < 1) {
            throw new IllegalArgumentException("--n: a sample needs at least one trace");
        }
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a sample needs a name");
        }
        Drawn had = read(p, name);
        if (had != null) {
            if (had.design() == design && had.seed() == seed && had.draws().size() == expectedSize(p, design, n)) {
                return had;
            }
            throw new ProjectException("sample '" + name + "' was drawn already (" + had.design().code() + ", "
                    + had.draws().size() + " traces, seed " + had.seed() + ", " + had.drawnAt() + "); a sample is never "
                    + "redrawn: choose another --name");
        }
        List<Unit> units = population(p);
        if (units.isEmpty()) {
            throw new ProjectException(p.file() + ": no tool-required or control traces to draw from");
        }
        List<Draw> draws = new ArrayList<>();
        if (design == Design.UNIFORM) {
            List<Unit> order = new ArrayList<>(units);
            Collections.shuffle(order, new Random(seed));
            int take = Math.min(n, order.size());
            double pi = (double) take / order.size();
            for (Unit u : order.subList(0, take)) {
                draws.add(new Draw(u.traceId(), u.model(), u.taskKey(), "all", pi));
            }
        } else {
            Map<String, List<Unit>> strata = new TreeMap<>();
            units.forEach(u -> strata.computeIfAbsent(u.model(), k -> new ArrayList<>()).add(u));
            Random rnd = new Random(seed);
            int h = 0;
            int each = n / strata.size();
            int extra = n % strata.size();
            for (Map.Entry<String, List<Unit>> e : strata.entrySet()) {
                List<Unit> order = new ArrayList<>(e.getValue());
                Collections.shuffle(order, rnd);
                int take = Math.min(order.size(), each + (h < extra ? 1 : 0));
                h++;
                if (take == 0) {
                    continue;
                }
                double pi = (double) take / order.size();
                for (Unit u : order.subList(0, take)) {
                    draws.add(new Draw(u.traceId(), u.model(), u.taskKey(), e.getKey(), pi));
                }
            }
        }
        String at = Timestamps.now();
        p.write(c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO calibration_draw(sample, trace_id, design, stratum, "
                    + "inclusion, seed, why, drawn_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (Draw d : draws) {
                    s.setString(1, name);
                    s.setString(2, d.traceId());
                    s.setString(3, design.code());
                    s.setString(4, d.stratum());
                    s.setDouble(5, d.inclusion());
                    s.setLong(6, seed);
                    s.setString(7, String.format(Locale.ROOT, "calibration sample '%s': %s draw, seed %d, probability %.6g",
                            name, design.code(), seed, d.inclusion()));
                    s.setString(8, at);
                    s.addBatch();
                }
                s.executeBatch();
            }
            return null;
        });
        return new Drawn(name, design, seed, units.size(), at, List.copyOf(draws));
    }

    private static int expectedSize(Project p, Design design, int n) {
        List<Unit> units = population(p);
        if (design == Design.UNIFORM) {
            return Math.min(n, units.size());
        }
        Map<String, Integer> sizes = new TreeMap<>();
        units.forEach(u -> sizes.merge(u.model(), 1, Integer::sum));
        int h = 0;
        int total = 0;
        for (int size : sizes.values()) {
            total += Math.min(size, n / sizes.size() + (h++ < n % sizes.size() ? 1 : 0));
        }
        return total;
    }

    private static List<Unit> population(Project p) {
        return p.read(c -> {
            List<Unit> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT t.id, t.model, k.task_key FROM trace t JOIN task k "
                    + "ON k.id = t.task_id WHERE k.task_type IN ('tool_required', 'control') ORDER BY t.id");
                 ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(new Unit(rs.getString(1), rs.getString(2), rs.getString(3)));
                }
            }
            return out;
        });
    }

    /** Sample {@code name} as drawn, or null. */
    public static Drawn read(Project p, String name) {
        return p.read(c -> read(c, name));
    }

    static Drawn read(Connection c, String name) throws SQLException {
        List<Draw> draws = new ArrayList<>();
        String design = null;
        long seed = 0;
        String at = null;
        try (PreparedStatement s = c.prepareStatement("SELECT d.trace_id, t.model, k.task_key, d.stratum, d.inclusion, "
                + "d.design, d.seed, d.drawn_at FROM calibration_draw d JOIN trace t ON t.id = d.trace_id "
                + "JOIN task k ON k.id = t.task_id WHERE d.sample = ? ORDER BY d.rowid")) {
            s.setString(1, name);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    draws.add(new Draw(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getDouble(5)));
                    design = rs.getString(6);
                    seed = rs.getLong(7);
                    at = rs.getString(8);
                }
            }
        }
        if (draws.isEmpty()) {
            return null;
        }
        int population;
        try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM trace t JOIN task k ON k.id = t.task_id "
                + "WHERE k.task_type IN ('tool_required', 'control')");
             ResultSet rs = s.executeQuery()) {
            population = rs.next() ? rs.getInt(1) : 0;
        }
        return new Drawn(name, Design.of(design), seed, population, at, List.copyOf(draws));
    }

    /** The names of the project's samples with their sizes, in the order they were first drawn. */
    public static Map<String, Integer> names(Project p) {
        return p.read(c -> {
            Map<String, Integer> out = new LinkedHashMap<>();
            try (PreparedStatement s = c.prepareStatement("SELECT sample, count(*) FROM calibration_draw GROUP BY sample "
                    + "ORDER BY min(rowid)");
                 ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getInt(2));
                }
            }
            return out;
        });
    }
}
