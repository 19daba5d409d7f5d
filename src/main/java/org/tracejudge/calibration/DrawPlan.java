package org.tracejudge.calibration;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.tracejudge.calibration.CalibrationDraw.DrawnTrace;
import org.tracejudge.store.CalibrationLabels;
import org.tracejudge.store.DrawRows;

/**
 * The maths of drawing a calibration sample, on lists already read: which traces each {@link SamplingDesign} draws,
 * with what inclusion probability and why; the square-root allocation; the next batch of an until-precise sample; the
 * traces a disagreement or uncertainty design draws from; and what changed in a population since a sample was drawn.
 * Nothing here reads or writes a project ({@link CalibrationDraws} does).
 *
 * <p>Probability designs: {@code uniform} (n of the N traces, each with probability n/N); {@code stratified} by model
 * (the n split evenly over the models, the remainder to the first models by name; within a model n_h of N_h,
 * probability n_h/N_h; a model with fewer traces than its share gives all of them and the rest is not moved
 * elsewhere); {@code until-precise} (uniform, drawn in batches by {@link #nextBatch}: batch k takes the next traces of
 * one fixed shuffle of the population, so after any number of batches the sample is a uniform draw of its size, and
 * each trace's inclusion probability is the sample's size over N). All three are uniform within a model, which is what
 * the per-model corrected rates need.
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
public final class DrawPlan {
    private DrawPlan() {}

    /** A trace that can be drawn, with its stratum or the reason it is a candidate ({@code reason}; may be null). */
    public record Unit(String traceId, String model, String taskKey, String reason) {
        public Unit(String traceId, String model, String taskKey) {
            this(traceId, model, taskKey, null);
        }
    }

    /** The population as units (no reason). */
    static List<Unit> units(List<DrawRows.Member> population) {
        List<Unit> out = new ArrayList<>(population.size());
        population.forEach(m -> out.add(new Unit(m.traceId(), m.model(), m.taskKey())));
        return out;
    }

    /**
     * The traces {@code design} draws from {@code units} ({@code n} of them, or as the design allocates), in draw
     * order; {@code prefix} goes before every stratum's name (a question's sample: {@code q:KEY|}).
     */
    public static List<DrawnTrace> draw(
            String name, SamplingDesign design, int n, long seed, List<Unit> units, String prefix) {
        List<DrawnTrace> draws = new ArrayList<>();
        if (!design.probability()) {
            List<Unit> order = new ArrayList<>(units);
            Collections.shuffle(order, new Random(seed));
            for (Unit u : order.subList(0, Math.min(n, order.size()))) {
                draws.add(new DrawnTrace(
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
        } else if (design == SamplingDesign.STRATIFIED_LABEL) {
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
                    draws.add(new DrawnTrace(
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
        } else if (design == SamplingDesign.UNIFORM) {
            List<Unit> order = new ArrayList<>(units);
            Collections.shuffle(order, new Random(seed));
            int take = Math.min(n, order.size());
            double pi = (double) take / order.size();
            for (Unit u : order.subList(0, take)) {
                draws.add(new DrawnTrace(
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
                    draws.add(new DrawnTrace(
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
        return draws;
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

    private static String why(String name, SamplingDesign design, long seed, double pi) {
        return String.format(
                Locale.ROOT,
                "calibration sample '%s': %s draw, seed %d, probability %.6g",
                name,
                design.code(),
                seed,
                pi);
    }

    /** How many traces a uniform or stratified draw of {@code n} takes from {@code units}. */
    static int expectedSize(List<Unit> units, SamplingDesign design, int n) {
        if (design == SamplingDesign.UNIFORM) {
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

    /**
     * Until-precise: batch {@code k} of sample {@code name}, the next traces of {@code shuffled} (the population
     * shuffled by the seed) not in {@code drawn}, up to {@code batch} more.
     */
    static List<DrawnTrace> nextBatch(
            String name, List<Unit> shuffled, Set<String> drawn, int batch, int k, long seed) {
        int size = Math.min(shuffled.size(), drawn.size() + batch);
        double pi = (double) size / shuffled.size();
        List<DrawnTrace> add = new ArrayList<>();
        for (Unit u : shuffled) {
            if (drawn.size() + add.size() >= size) {
                break;
            }
            if (!drawn.contains(u.traceId())) {
                add.add(new DrawnTrace(
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
                                shuffled.size()),
                        shuffled.size()));
            }
        }
        return add;
    }

    /** The population shuffled by {@code seed}: the order an until-precise sample's batches take. */
    static List<Unit> shuffled(List<Unit> population, long seed) {
        List<Unit> order = new ArrayList<>(population);
        Collections.shuffle(order, new Random(seed));
        return order;
    }

    /**
     * The traces a non-probability design draws from, each with why: machine raters whose current labels differ
     * (disagreement), or judges that split or said low confidence (uncertainty).
     *
     * @param labels the raters' current labels, by trace id, then rater
     */
    static List<Unit> flagged(SamplingDesign design, List<Unit> population, List<CalibrationLabels.Label> labels) {
        Map<String, Unit> base = new LinkedHashMap<>();
        for (Unit u : population) {
            base.put(u.traceId(), u);
        }
        Map<String, List<CalibrationLabels.Label>> byTrace = new TreeMap<>();
        for (CalibrationLabels.Label l : labels) {
            byTrace.computeIfAbsent(l.traceId(), k -> new ArrayList<>()).add(l);
        }
        List<Unit> out = new ArrayList<>();
        for (Map.Entry<String, List<CalibrationLabels.Label>> e : byTrace.entrySet()) {
            Unit u = base.get(e.getKey());
            if (u == null) {
                continue;
            }
            List<CalibrationLabels.Label> ls = e.getValue();
            boolean split =
                    ls.stream().map(CalibrationLabels.Label::value).distinct().count() > 1;
            List<String> low = ls.stream()
                    .filter(x -> "low".equalsIgnoreCase(x.confidence()))
                    .map(CalibrationLabels.Label::rater)
                    .toList();
            String said = String.join(
                    ", ", ls.stream().map(x -> x.rater() + " says " + x.value()).toList());
            if (design == SamplingDesign.DISAGREEMENT && split) {
                out.add(new Unit(u.traceId(), u.model(), u.taskKey(), "raters disagree (" + said + ")"));
            } else if (design == SamplingDesign.UNCERTAINTY && (split || !low.isEmpty())) {
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
    }

    /**
     * What changed in the population since a label sample of {@code design} was drawn, or an empty list: per stratum
     * (uniform and until-precise: the project; stratified: each model; stratified-label: each model, its strata
     * summed), how many traces it held then and holds now, and batches drawn from populations of different sizes.
     * Each stratum's size then is the stored one (schema 11) or, for rows of schema 8, its drawn count over the
     * inclusion probability.
     */
    static List<String> populationChanges(SamplingDesign design, DrawRows.Strata strata) {
        Map<String, Integer> now = strata.modelsNow();
        int total = 0;
        for (int v : now.values()) {
            total += v;
        }
        List<String> out = new ArrayList<>();
        Map<String, Integer> byModelThen = new TreeMap<>();
        for (DrawRows.Stratum st : strata.drawn()) {
            String stratum = st.stratum();
            int then =
                    st.maxPopulation() != null ? st.maxPopulation() : (int) Math.round(st.rows() / st.maxInclusion());
            if (design == SamplingDesign.STRATIFIED_LABEL) {
                String model = stratum.substring(0, stratum.indexOf('|'));
                byModelThen.merge(model, then, Integer::sum);
                continue;
            }
            int current = design == SamplingDesign.STRATIFIED ? now.getOrDefault(stratum, 0) : total;
            if (st.minPopulation() != null && st.minPopulation() != then) {
                out.add(String.format(
                        Locale.ROOT, "its batches were drawn from %d and then %d traces", st.minPopulation(), then));
            } else if (then != current) {
                out.add(String.format(
                        Locale.ROOT,
                        "%s held %d traces when it was drawn and holds %d now",
                        design == SamplingDesign.STRATIFIED ? "model " + stratum : "the project",
                        then,
                        current));
            }
        }
        if (design == SamplingDesign.STRATIFIED_LABEL) {
            Set<String> models = new TreeSet<>(now.keySet());
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
    }
}
