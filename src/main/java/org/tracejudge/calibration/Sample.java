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
 * A sample of a project's tool-required and control traces drawn for people to decide, each trace stored with why it
 * was drawn and, for a probability sample, its inclusion probability (table {@code calibration_draw}, schemas 8 and 11).
 * Corrected rates use only probability samples, never gold chosen by hand or by disagreement (calibration.md § Terms).
 *
 * <p>Probability designs: {@code uniform} (n of the N traces, each with probability n/N); {@code stratified} by model
 * (the n split evenly over the models, the remainder to the first models by name; within a model n_h of N_h,
 * probability n_h/N_h; a model with fewer traces than its share gives all of them and the rest is not moved
 * elsewhere); {@code until-precise} (uniform, drawn in batches by {@link #extend}: batch k takes the next traces of
 * one fixed shuffle of the population, so after any number of batches the sample is a uniform draw of its size, and
 * each trace's inclusion probability is the sample's size over N, as {@link #read} reports it). All three are uniform
 * within a model, which is what the per-model corrected rates need.
 *
 * <p>{@code stratified-label}: strata model × task type × the judge's label when drawn (the ensemble's, or a named
 * judge's; "(none)" where it has none), square-root allocation (n_h ∝ √N_h, at least two per stratum where it holds
 * two; a compromise close to Neyman's when the strata's variances are unknown, which gives the judge's rare labels —
 * where its errors hide — more gold than a uniform draw), probability n_h/N_h; each row stores its stratum's N_h. The
 * corrected rates use the stratified mean ({@link Corrected#stratified}), which is PPI++ for such strata.
 *
 * <p>Designs that are not probability samples, for finding a judge's errors fast (their gold serves the diagnostics
 * only, and the corrected rates refuse them): {@code disagreement} (the machine raters' current labels differ) and
 * {@code uncertainty} (the LLM judges split, or one said low confidence). They store no inclusion probability.
 *
 * <p>Every draw is reproducible: the population in id order, shuffled by {@code java.util.Random(seed)}.
 */
public final class Sample {
    private Sample() {}

    public enum Design {
        UNIFORM("uniform", true),
        STRATIFIED("stratified", true),
        STRATIFIED_LABEL("stratified-label", true),
        UNTIL_PRECISE("until-precise", true),
        DISAGREEMENT("disagreement", false),
        UNCERTAINTY("uncertainty", false);

        private final String code;
        private final boolean probability;

        Design(String code, boolean probability) {
            this.code = code;
            this.probability = probability;
        }

        public String code() {
            return code;
        }

        /** Whether every trace had a known chance of being drawn, so the sample's gold can correct rates. */
        public boolean probability() {
            return probability;
        }

        public static Design of(String s) {
            for (Design d : values()) {
                if (d.code().equals(s)) {
                    return d;
                }
            }
            throw new IllegalArgumentException("design '" + s
                    + "': uniform, stratified, stratified-label, until-precise, " + "disagreement or uncertainty");
        }
    }

    /**
     * One drawn trace. {@code stratum}: "all" under a uniform design, the model under a stratified one, model|type|label
     * under stratified-label; {@code inclusion}: null for a design that is not a probability sample; {@code why}: why
     * it was drawn; {@code population}: how many traces its stratum held when it was drawn (null for rows of schema 8).
     */
    public record Draw(
            String traceId,
            String model,
            String taskKey,
            String stratum,
            Double inclusion,
            String why,
            Integer population) {}

    /** A drawn sample: how, and the traces in the order they were drawn. {@code population}: traces it was drawn from. */
    public record Drawn(String name, Design design, long seed, int population, String drawnAt, List<Draw> draws) {}

    record Unit(String traceId, String model, String taskKey, String reason) {
        Unit(String traceId, String model, String taskKey) {
            this(traceId, model, taskKey, null);
        }
    }

    /**
     * Draws and stores sample {@code name}. The same name drawn again with the same design, size and seed returns
     * what was drawn (nothing is written); with anything else it is refused: a sample is never redrawn.
     */
    public static Drawn draw(Project p, String name, Design design, int n, long seed) {
        return draw(p, name, design, n, seed, null);
    }

    /** {@code judge}: whose labels make the strata of {@code stratified-label} (null: the ensemble). */
    public static Drawn draw(Project p, String name, Design design, int n, long seed, String judge) {
        if (n < 1) {
            throw new IllegalArgumentException("--n: a sample needs at least one trace");
        }
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a sample needs a name");
        }
        Drawn had = read(p, name);
        if (design == Design.UNTIL_PRECISE) {
            throw new IllegalArgumentException("until-precise samples are drawn in batches: Sample.extend");
        }
        if (had != null) {
            if (had.design() == design
                    && had.seed() == seed
                    && ((design.probability() && design != Design.STRATIFIED_LABEL)
                            ? had.draws().size() == expectedSize(p, design, n)
                            : had.draws().size() <= n)) {
                return had;
            }
            throw new ProjectException(
                    "sample '" + name + "' was drawn already (" + had.design().code() + ", "
                            + had.draws().size() + " traces, seed " + had.seed() + ", " + had.drawnAt()
                            + "); a sample is never "
                            + "redrawn: choose another --name");
        }
        List<Unit> units = design == Design.STRATIFIED_LABEL
                ? labelled(p, judge)
                : design.probability() ? population(p) : flagged(p, design);
        return drawUnits(p, name, design, n, seed, units, "");
    }

    /**
     * Draws {@code units} as {@code design} and stores the sample; {@code prefix} goes before every stratum's name (a
     * question's sample: {@code q:KEY|}, so the label-bound checks of {@link #forCorrection} know it is not theirs).
     */
    static Drawn drawUnits(Project p, String name, Design design, int n, long seed, List<Unit> units, String prefix) {
        if (units.isEmpty()) {
            throw new ProjectException(p.file() + ": "
                    + (design == Design.DISAGREEMENT
                            ? "no trace where the machine raters disagree (each needs labels of two or more of them)"
                            : design == Design.UNCERTAINTY
                                    ? "no trace where the judges split or one said low confidence"
                                    : "no tool-required or control traces")
                    + " to draw from");
        }
        List<Draw> draws = new ArrayList<>();
        if (!design.probability()) {
            List<Unit> order = new ArrayList<>(units);
            Collections.shuffle(order, new Random(seed));
            for (Unit u : order.subList(0, Math.min(n, order.size()))) {
                draws.add(new Draw(
                        u.traceId(),
                        u.model(),
                        u.taskKey(),
                        prefix + "all",
                        null,
                        String.format(
                                Locale.ROOT,
                                "sample '%s', %s, seed %d: %s; not a probability sample (diagnostics only)",
                                name,
                                design.code(),
                                seed,
                                u.reason()),
                        units.size()));
            }
        } else if (design == Design.STRATIFIED_LABEL) {
            Map<String, List<Unit>> strata = new TreeMap<>();
            units.forEach(u ->
                    strata.computeIfAbsent(u.reason(), k -> new ArrayList<>()).add(u));
            Map<String, Integer> take = sqrtAllocation(strata, n);
            Random rnd = new Random(seed);
            for (Map.Entry<String, List<Unit>> e : strata.entrySet()) {
                List<Unit> order = new ArrayList<>(e.getValue());
                Collections.shuffle(order, rnd);
                int k = take.get(e.getKey());
                double pi = (double) k / order.size();
                for (Unit u : order.subList(0, k)) {
                    draws.add(new Draw(
                            u.traceId(),
                            u.model(),
                            u.taskKey(),
                            prefix + e.getKey(),
                            pi,
                            String.format(
                                    Locale.ROOT,
                                    "calibration sample '%s': stratified by model × type × judge label, stratum %s, %d of %d, seed %d, "
                                            + "probability %.6g",
                                    name,
                                    e.getKey(),
                                    k,
                                    order.size(),
                                    seed,
                                    pi),
                            order.size()));
                }
            }
        } else if (design == Design.UNIFORM) {
            List<Unit> order = new ArrayList<>(units);
            Collections.shuffle(order, new Random(seed));
            int take = Math.min(n, order.size());
            double pi = (double) take / order.size();
            for (Unit u : order.subList(0, take)) {
                draws.add(new Draw(
                        u.traceId(),
                        u.model(),
                        u.taskKey(),
                        prefix + "all",
                        pi,
                        why(name, design, seed, pi),
                        order.size()));
            }
        } else {
            Map<String, List<Unit>> strata = new TreeMap<>();
            units.forEach(u ->
                    strata.computeIfAbsent(u.model(), k -> new ArrayList<>()).add(u));
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
                    draws.add(new Draw(
                            u.traceId(),
                            u.model(),
                            u.taskKey(),
                            prefix + e.getKey(),
                            pi,
                            why(name, design, seed, pi),
                            order.size()));
                }
            }
        }
        String at = Timestamps.now();
        store(p, name, design, seed, draws, at);
        return new Drawn(name, design, seed, units.size(), at, List.copyOf(draws));
    }

    /**
     * Square-root allocation of n over the strata: at least min(N_h, 2) each, the rest in proportion to √N_h (largest
     * remainders), none above N_h. Refused when n is below the minimum.
     */
    static Map<String, Integer> sqrtAllocation(Map<String, List<Unit>> strata, int n) {
        Map<String, Integer> take = new TreeMap<>();
        int base = 0;
        int total = 0;
        for (Map.Entry<String, List<Unit>> e : strata.entrySet()) {
            int k = Math.min(2, e.getValue().size());
            take.put(e.getKey(), k);
            base += k;
            total += e.getValue().size();
        }
        if (n < base) {
            throw new IllegalArgumentException(
                    "--n: a stratified-label sample needs at least " + base + " traces here (" + strata.size()
                            + " strata: model × type × judge label, two each where they hold two)");
        }
        int left = Math.min(n, total) - base;
        while (left > 0) {
            double sum = 0;
            for (Map.Entry<String, List<Unit>> e : strata.entrySet()) {
                if (take.get(e.getKey()) < e.getValue().size()) {
                    sum += Math.sqrt(e.getValue().size());
                }
            }
            List<Map.Entry<String, Double>> rest = new ArrayList<>();
            int given = 0;
            for (Map.Entry<String, List<Unit>> e : strata.entrySet()) {
                int room = e.getValue().size() - take.get(e.getKey());
                if (room <= 0) {
                    continue;
                }
                double share = left * Math.sqrt(e.getValue().size()) / sum;
                int k = Math.min(room, (int) Math.floor(share));
                take.merge(e.getKey(), k, Integer::sum);
                given += k;
                if (k < room) {
                    rest.add(Map.entry(e.getKey(), share - Math.floor(share)));
                }
            }
            left -= given;
            rest.sort((a, b) -> Double.compare(b.getValue(), a.getValue()));
            for (Map.Entry<String, Double> r : rest) {
                if (left == 0) {
                    break;
                }
                take.merge(r.getKey(), 1, Integer::sum);
                left--;
            }
            if (given == 0 && rest.isEmpty()) {
                break;
            }
        }
        return take;
    }

    /** The population with each trace's stratum (model|type|judge label) as its reason. */
    private static List<Unit> labelled(Project p, String judge) {
        org.tracejudge.ensemble.JudgeChoice choice = null;
        String src = judge;
        if (src == null || src.equals(org.tracejudge.ensemble.LabelSources.ENSEMBLE)) {
            try {
                choice = org.tracejudge.ensemble.JudgeChoice.resolve(p, null, null);
            } catch (ProjectException e) {
                throw new ProjectException(p.file()
                        + ": a stratified-label sample needs the judge whose labels make the "
                        + "strata, and there is no ensemble (" + e.getMessage() + "); name a judge with --judge");
            }
            src = org.tracejudge.ensemble.LabelSources.ENSEMBLE;
        } else {
            src = org.tracejudge.ensemble.JudgeChoice.find(org.tracejudge.ensemble.JudgeChoice.raters(p), src, "judge")
                    .column();
        }
        org.tracejudge.ensemble.LabelSources ls = org.tracejudge.ensemble.LabelSources.load(p, choice, List.of(src));
        String[] labels = ls.labels(src);
        Map<String, String> byTrace = new java.util.HashMap<>();
        for (int i = 0; i < ls.size(); i++) {
            byTrace.put(ls.traceId(i), ls.type(i).code() + "|" + (labels[i] == null ? "(none)" : labels[i]));
        }
        List<Unit> out = new ArrayList<>();
        for (Unit u : population(p)) {
            String typeLabel = byTrace.get(u.traceId());
            if (typeLabel != null) {
                out.add(new Unit(u.traceId(), u.model(), u.taskKey(), u.model() + "|" + typeLabel));
            }
        }
        return out;
    }

    private static String why(String name, Design design, long seed, double pi) {
        return String.format(
                Locale.ROOT,
                "calibration sample '%s': %s draw, seed %d, probability %.6g",
                name,
                design.code(),
                seed,
                pi);
    }

    private static void store(Project p, String name, Design design, long seed, List<Draw> draws, String at) {
        p.write(c -> {
            try (PreparedStatement s =
                    c.prepareStatement("INSERT INTO calibration_draw(sample, trace_id, design, stratum, "
                            + "inclusion, seed, why, drawn_at, population) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (Draw d : draws) {
                    s.setString(1, name);
                    s.setString(2, d.traceId());
                    s.setString(3, design.code());
                    s.setString(4, d.stratum());
                    if (d.inclusion() == null) {
                        s.setNull(5, java.sql.Types.REAL);
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
            org.tracejudge.store.DrawSeals.seal(c, name, at);
            return null;
        });
    }

    /**
     * Until-precise: draws the next {@code batch} traces of sample {@code name} (a uniform draw in batches; the first
     * call starts it). Batch k takes the next traces of one shuffle of the population by {@code seed}, so the sample
     * stays a uniform draw of its size and the same calls give the same traces. Returns the whole sample; refused for
     * a sample of another design or another seed, and when the population is used up.
     */
    public static Drawn extend(Project p, String name, int batch, long seed) {
        if (batch < 1) {
            throw new IllegalArgumentException("--batch: at least one trace");
        }
        Drawn had = read(p, name);
        if (had != null && (had.design() != Design.UNTIL_PRECISE || had.seed() != seed)) {
            throw new ProjectException(
                    "sample '" + name + "' was drawn " + had.design().code() + " with seed " + had.seed()
                            + "; an until-precise sample grows only under its own design and seed: choose another --name");
        }
        List<Unit> order = new ArrayList<>(population(p));
        if (order.isEmpty()) {
            throw new ProjectException(p.file() + ": no tool-required or control traces to draw from");
        }
        Collections.shuffle(order, new Random(seed));
        java.util.Set<String> drawn = new java.util.HashSet<>();
        if (had != null) {
            had.draws().forEach(d -> drawn.add(d.traceId()));
        }
        if (drawn.size() >= order.size()) {
            throw new ProjectException(
                    "sample '" + name + "' holds every one of the " + order.size() + " traces already");
        }
        int k = had == null ? 1 : 1 + batches(p, name);
        int size = Math.min(order.size(), drawn.size() + batch);
        double pi = (double) size / order.size();
        List<Draw> add = new ArrayList<>();
        for (Unit u : order) {
            if (drawn.size() + add.size() >= size) {
                break;
            }
            if (!drawn.contains(u.traceId())) {
                add.add(new Draw(
                        u.traceId(),
                        u.model(),
                        u.taskKey(),
                        "all",
                        pi,
                        String.format(
                                Locale.ROOT,
                                "calibration sample '%s': until-precise, batch %d, seed %d: a uniform draw of %d of %d traces so far",
                                name,
                                k,
                                seed,
                                size,
                                order.size()),
                        order.size()));
            }
        }
        store(p, name, Design.UNTIL_PRECISE, seed, add, Timestamps.now());
        return read(p, name);
    }

    private static int batches(Project p, String name) {
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

    /**
     * The traces a non-probability design draws from, each with why: machine raters that disagree, or the judges
     * (the ensemble's two, else every LLM judge) that split or said low confidence (their current labels).
     */
    private static List<Unit> flagged(Project p, Design design) {
        String kinds;
        if (design == Design.DISAGREEMENT) {
            kinds = "r.kind <> 'human'";
        } else {
            String ids;
            try {
                org.tracejudge.ensemble.JudgeChoice j = org.tracejudge.ensemble.JudgeChoice.resolve(p, null, null);
                ids = "r.id IN ('" + j.judgeA().id().replace("'", "''") + "', '"
                        + j.judgeB().id().replace("'", "''") + "')";
            } catch (ProjectException e) {
                ids = null; // no ensemble: the LLM judges
            }
            kinds = ids != null ? ids : "r.kind = 'llm-judge'";
        }
        return p.read(c -> {
            Map<String, Unit> base = new LinkedHashMap<>();
            for (Unit u : population(c)) {
                base.put(u.traceId(), u);
            }
            Map<String, List<String[]>> byTrace = new TreeMap<>();
            try (PreparedStatement s = c.prepareStatement("SELECT l.trace_id, r.name, r.version, l.value, l.confidence "
                            + "FROM current_label l JOIN rater r ON r.id = l.rater_id WHERE l.action = 'set' AND "
                            + kinds
                            + " ORDER BY l.trace_id, r.name, r.version");
                    ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    String rater = rs.getString(2)
                            + (rs.getString(3) == null || rs.getString(3).isEmpty() ? "" : "@" + rs.getString(3));
                    byTrace.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                            .add(new String[] {rater, rs.getString(4), rs.getString(5)});
                }
            }
            List<Unit> out = new ArrayList<>();
            for (Map.Entry<String, List<String[]>> e : byTrace.entrySet()) {
                Unit u = base.get(e.getKey());
                if (u == null) {
                    continue;
                }
                List<String[]> ls = e.getValue();
                boolean split = ls.stream().map(x -> x[1]).distinct().count() > 1;
                List<String> low = ls.stream()
                        .filter(x -> "low".equalsIgnoreCase(x[2]))
                        .map(x -> x[0])
                        .toList();
                String said = String.join(
                        ", ", ls.stream().map(x -> x[0] + " says " + x[1]).toList());
                if (design == Design.DISAGREEMENT && split) {
                    out.add(new Unit(u.traceId(), u.model(), u.taskKey(), "raters disagree (" + said + ")"));
                } else if (design == Design.UNCERTAINTY && (split || !low.isEmpty())) {
                    out.add(new Unit(
                            u.traceId(),
                            u.model(),
                            u.taskKey(),
                            (split ? "judges split (" + said + ")" : "")
                                    + (split && !low.isEmpty() ? "; " : "")
                                    + (low.isEmpty() ? "" : "low confidence from " + String.join(", ", low))));
                }
            }
            return out;
        });
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
        return p.read(Sample::population);
    }

    /**
     * How many traces a first calibration sample should have, as suggested to a person: 200 (enough gold for an interval
     * of about ±7 points on a rate near 50%), or every tool-required and control trace where the project has fewer.
     */
    public static int suggestedSize(Project p) {
        return Math.max(1, Math.min(200, population(p).size()));
    }

    private static List<Unit> population(Connection c) throws SQLException {
        List<Unit> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT t.id, t.model, k.task_key FROM trace t JOIN task k "
                        + "ON k.id = t.task_id WHERE k.task_type IN ('tool_required', 'control') ORDER BY t.id");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(new Unit(rs.getString(1), rs.getString(2), rs.getString(3)));
            }
        }
        return out;
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
                + "d.design, d.seed, d.drawn_at, d.why, d.population FROM calibration_draw d JOIN trace t ON t.id = d.trace_id "
                + "JOIN task k ON k.id = t.task_id WHERE d.sample = ? ORDER BY d.rowid")) {
            s.setString(1, name);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    double pi = rs.getDouble(5);
                    Double inclusion = rs.wasNull() ? null : pi;
                    int size = rs.getInt(10);
                    // asked right after its own column: wasNull answers for the last column read
                    Integer population = rs.wasNull() ? null : size;
                    draws.add(new Draw(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            inclusion,
                            rs.getString(9),
                            population));
                    design = rs.getString(6);
                    seed = rs.getLong(7);
                    if (at == null) {
                        at = rs.getString(8);
                    }
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
        Design d = Design.of(design);
        if (d == Design.UNTIL_PRECISE) {
            // drawn in batches, a uniform draw of its size: every trace's probability is the size over N now
            double pi = Math.min(1, (double) draws.size() / Math.max(1, population));
            draws.replaceAll(
                    x -> new Draw(x.traceId(), x.model(), x.taskKey(), x.stratum(), pi, x.why(), x.population()));
        }
        return new Drawn(name, d, seed, population, at, List.copyOf(draws));
    }

    /**
     * The probability sample the corrected rates use: {@code name}, or (null) the first drawn one. Refused with the
     * reason — no sample, no such sample, or one that is not a probability sample.
     */
    public static Drawn forCorrection(Project p, String name) {
        Map<String, Integer> samples = names(p);
        String how = "Draw one (tracejudge sample " + p.file().getFileName() + " --design uniform --n "
                + suggestedSize(p) + "), decide its traces (workbench: the table's filter list ▸ Calibration sample), "
                + "then run this again.";
        if (samples.isEmpty()) {
            throw new ProjectException(
                    p.file() + ": no calibration sample, so no corrected rate: gold picked by hand or "
                            + "by disagreement is not a probability sample. " + how);
        }
        if (name != null) {
            Drawn d = read(p, name);
            if (d == null) {
                throw new ProjectException(p.file() + ": no calibration sample '" + name + "' (samples: "
                        + String.join(", ", samples.keySet()) + ")");
            }
            if (questionOf(d) != null) {
                throw new ProjectException(p.file() + ": sample '" + name + "' was drawn on the answers to question '"
                        + questionOf(d) + "'; its corrected rates are those of calibration --question "
                        + questionOf(d) + " --corrected");
            }
            if (!d.design().probability()) {
                throw new ProjectException(p.file() + ": sample '" + name + "' was drawn by "
                        + d.design().code()
                        + ", not as a probability sample: its traces were chosen because they are hard for the judges, "
                        + "so their gold says how the judge errs there, not how often it errs overall, and cannot correct a "
                        + "rate. It serves the judge diagnostics (calibration). " + how);
            }
            return unchanged(p, sealed(p, d));
        }
        for (String s : samples.keySet()) {
            Drawn d = read(p, s);
            if (d != null && d.design().probability() && questionOf(d) == null) {
                return unchanged(p, sealed(p, d));
            }
        }
        throw new ProjectException(p.file() + ": no probability sample, so no corrected rate: the samples ("
                + String.join(", ", samples.keySet()) + ") were drawn by disagreement or judge uncertainty, which "
                + "choose hard traces and serve the judge diagnostics only. " + how);
    }

    /** The question a sample was drawn on (its strata start with {@code q:KEY|}), or null for a label sample. */
    public static String questionOf(Drawn d) {
        String st = d.draws().isEmpty() ? null : d.draws().get(0).stratum();
        if (st == null || !st.startsWith(QUESTION_PREFIX)) {
            return null;
        }
        int bar = st.indexOf('|');
        return bar < 0 ? st.substring(QUESTION_PREFIX.length()) : st.substring(QUESTION_PREFIX.length(), bar);
    }

    static final String QUESTION_PREFIX = "q:";

    /**
     * The sample when every seal of its draws holds ({@link org.tracejudge.store.DrawSeals}); refused, saying what
     * broke, when its rows were changed, added or removed since they were drawn: its inclusion probabilities and
     * strata sizes then are not the draw's, and a rate corrected with them would be wrong without a sign.
     */
    static Drawn sealed(Project p, Drawn d) {
        List<String> broken = p.read(c -> org.tracejudge.store.DrawSeals.problems(c, d.name()));
        if (!broken.isEmpty()) {
            throw new ProjectException(p.file() + ": sample '" + d.name() + "' was changed after it was drawn, so no "
                    + "corrected rate from it: " + String.join("; ", broken) + ". Its seal no longer matches its rows; "
                    + "draw a new sample under another name (tracejudge sample "
                    + p.file().getFileName()
                    + " --name calibration-2 --n 200) and decide its traces; the decisions already made are kept.");
        }
        return d;
    }

    /**
     * The sample when its population is as it was drawn; refused, saying what changed, when traces were imported since
     * (they had no chance of being drawn) or drawn traces are gone from the population: then it no longer is a
     * probability sample of the project. Each stratum's size then is the stored one (schema 11) or, for rows of schema
     * 8, its drawn count over the inclusion probability.
     */
    static Drawn unchanged(Project p, Drawn d) {
        List<String> changes = p.read(c -> {
            Map<String, Integer> now = new TreeMap<>();
            int total = 0;
            try (PreparedStatement s = c.prepareStatement("SELECT t.model, count(*) FROM trace t JOIN task k ON k.id = "
                            + "t.task_id WHERE k.task_type IN ('tool_required', 'control') GROUP BY t.model");
                    ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    now.put(rs.getString(1), rs.getInt(2));
                    total += rs.getInt(2);
                }
            }
            List<String> out = new ArrayList<>();
            Map<String, Integer> byModelThen = new TreeMap<>();
            try (PreparedStatement s = c.prepareStatement("SELECT stratum, max(population), count(*), max(inclusion), "
                    + "min(population) FROM calibration_draw WHERE sample = ? GROUP BY stratum ORDER BY stratum")) {
                s.setString(1, d.name());
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        String stratum = rs.getString(1);
                        int then = rs.getObject(2) != null
                                ? rs.getInt(2)
                                : (int) Math.round(rs.getInt(3) / rs.getDouble(4));
                        if (d.design() == Design.STRATIFIED_LABEL) {
                            String model = stratum.substring(0, stratum.indexOf('|'));
                            byModelThen.merge(model, then, Integer::sum);
                            continue;
                        }
                        int current = d.design() == Design.STRATIFIED ? now.getOrDefault(stratum, 0) : total;
                        if (rs.getObject(5) != null && rs.getInt(5) != then) {
                            out.add(String.format(
                                    Locale.ROOT,
                                    "its batches were drawn from %d and then %d traces",
                                    rs.getInt(5),
                                    then));
                        } else if (then != current) {
                            out.add(String.format(
                                    Locale.ROOT,
                                    "%s held %d traces when it was drawn and holds %d now",
                                    d.design() == Design.STRATIFIED ? "model " + stratum : "the project",
                                    then,
                                    current));
                        }
                    }
                }
            }
            if (d.design() == Design.STRATIFIED_LABEL) {
                java.util.Set<String> models = new java.util.TreeSet<>(now.keySet());
                models.addAll(byModelThen.keySet());
                for (String m : models) {
                    int then = byModelThen.getOrDefault(m, 0);
                    int current = now.getOrDefault(m, 0);
                    if (then != current) {
                        out.add(String.format(
                                Locale.ROOT,
                                "model %s held %d traces when it was drawn and holds %d now",
                                m,
                                then,
                                current));
                    }
                }
            }
            return out;
        });
        if (!changes.isEmpty()) {
            throw new ProjectException(p.file() + ": sample '" + d.name()
                    + "' no longer is a probability sample of the "
                    + "project: " + String.join("; ", changes) + " (traces imported or replaced since had no chance of "
                    + "being drawn). Draw a new sample under another name (tracejudge sample "
                    + p.file().getFileName()
                    + " --name calibration-2 --n " + suggestedSize(p)
                    + ") and decide its traces; the decisions already made are kept.");
        }
        return d;
    }

    /** Why each drawn trace was drawn, by trace id (a trace in several samples has a line for each), in draw order. */
    public static Map<String, List<String>> whyByTrace(Project p) {
        return p.read(c -> {
            Map<String, List<String>> out = new java.util.HashMap<>();
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
                            "SELECT sample, count(*) FROM calibration_draw GROUP BY sample " + "ORDER BY min(rowid)");
                    ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getInt(2));
                }
            }
            return out;
        });
    }
}
