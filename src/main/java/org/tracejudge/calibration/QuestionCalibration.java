package org.tracejudge.calibration;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.tracejudge.metrics.Proportions;
import org.tracejudge.scheme.CriticalReview;
import org.tracejudge.scheme.Kind;
import org.tracejudge.scheme.Outcomes;
import org.tracejudge.scheme.Question;

/**
 * Calibration of one single-choice or yes/no question of a project's own scheme, one option read as the positive
 * class against the rest: human gold from the people's answers (where everyone who answered agrees), each machine
 * rater against it through {@link Diagnostics}, and the rate of the positive option per model corrected with the gold
 * of a question's calibration sample through {@link Corrected} (judge only, gold only, Rogan-Gladen, PPI++; the
 * stratified gold mean for a sample stratified by the judge's answer). Items are traces, or (trace, tool) for yes/no
 * per tool. Pure: the caller reads the answers, the raters' kinds and the sample.
 */
public final class QuestionCalibration {
    private QuestionCalibration() {}

    /** The label of everything that is not the positive option, in the confusion matrix. */
    public static String rest(String positive) {
        return "not " + positive;
    }

    /** Why the question or option does not fit, or null when they do. */
    public static String refusal(Question q, String positive) {
        if (q.kind() != Kind.SINGLE_CHOICE && q.kind() != Kind.YES_NO_PER_TOOL) {
            return Outcomes.notSingle(q);
        }
        if (positive == null) {
            return "--positive OPTION names the option read as the positive class; question '" + q.key() + "' has "
                    + String.join(", ", Outcomes.categories(q));
        }
        if (!Outcomes.categories(q).contains(positive)) {
            return "--positive: question '" + q.key() + "' has no option '" + positive + "'; its options are "
                    + String.join(", ", Outcomes.categories(q));
        }
        return null;
    }

    /** A rater's items read as positive / rest. */
    static Map<String, String> binary(Map<String, String> items, String positive) {
        Map<String, String> out = new LinkedHashMap<>();
        items.forEach((k, v) -> out.put(k, v.equals(positive) ? positive : rest(positive)));
        return out;
    }

    /**
     * The gold of the question: per item, the option every human rater who answered chose, where they agree; items
     * where they differ are counted as disagreed (as {@link Gold} does for labels).
     *
     * @param humans the raters that are people
     */
    public static Gold gold(Question q, Map<String, Map<String, String>> answers, Set<String> humans) {
        Map<String, Set<String>> byItem = new TreeMap<>();
        for (String h : humans) {
            Outcomes.single(q, answers, h).forEach((item, v) -> byItem.computeIfAbsent(item, k -> new HashSet<>())
                    .add(v));
        }
        Map<String, String> gold = new LinkedHashMap<>();
        int disagreed = 0;
        for (Map.Entry<String, Set<String>> e : byItem.entrySet()) {
            if (e.getValue().size() == 1) {
                gold.put(e.getKey(), e.getValue().iterator().next());
            } else {
                disagreed++;
            }
        }
        return new Gold(Map.copyOf(gold), disagreed);
    }

    /**
     * The gold of a question with a safety-critical option: an item the safety review settled counts with the answer
     * that stands (the two experts' common answer or the adjudicator's); an item waiting for a second expert or an
     * adjudicator is no gold; an item no answer made critical counts as {@link #gold} counts it. A machine's answer
     * is never gold.
     *
     * @param reviews trace id → its review (traces with any answer to the question)
     */
    public static Gold settledGold(
            Question q,
            Map<String, Map<String, String>> answers,
            Set<String> humans,
            Map<String, CriticalReview.Review> reviews) {
        Map<String, Map<String, String>> kept = new TreeMap<>();
        int open = 0;
        for (Map.Entry<String, Map<String, String>> e : answers.entrySet()) {
            CriticalReview.Review r = reviews.get(e.getKey());
            CriticalReview.Status st = r == null ? CriticalReview.Status.NOT_CRITICAL : r.status();
            if (st == CriticalReview.Status.SETTLED) {
                kept.put(
                        e.getKey(),
                        Map.of(CriticalReview.ADJUDICATION, r.settled().toJson()));
            } else if (st.open()) {
                open++;
            } else {
                Map<String, String> people = new TreeMap<>(e.getValue());
                people.remove(CriticalReview.ADJUDICATION);
                kept.put(e.getKey(), people);
            }
        }
        Set<String> raters = new java.util.TreeSet<>(humans);
        raters.add(CriticalReview.ADJUDICATION);
        Gold g = gold(q, kept, raters);
        return new Gold(g.labels(), g.disagreed() + open);
    }

    /** Each machine rater (in the order given) against the gold, positive option against the rest. */
    public static List<Diagnostics.Result> diagnose(
            Question q, String positive, Map<String, Map<String, String>> answers, Gold gold, List<String> machines) {
        Map<String, String> g = binary(gold.labels(), positive);
        List<Diagnostics.Result> out = new ArrayList<>();
        for (String m : machines) {
            out.add(Diagnostics.of(m, binary(Outcomes.single(q, answers, m), positive), g));
        }
        return out;
    }

    /** A draw of a question's sample: its trace, the stratum it was drawn in and the stratum's size then. */
    public record Drawn(String traceId, String stratum, int population) {}

    /**
     * One model's rate of the positive option: how many items the judge answered, how many of them have gold in the
     * sample, and the four figures.
     */
    public record ModelRate(
            String model,
            int judged,
            int gold,
            Corrected.Estimate judgeOnly,
            Corrected.Estimate goldOnly,
            Corrected.Estimate roganGladen,
            Corrected.Estimate ppi) {}

    /** The judge-only figure's name. */
    public static final String JUDGE_ONLY = "judge only";

    /**
     * The rate of {@code positive} per model through {@code judge}, corrected with the gold of the sample's items.
     *
     * @param models trace id → model
     * @param draws the sample's draws
     * @param byJudgeAnswer whether the sample was stratified by the judge's answer (the gold mean is then stratified,
     *     which for such strata PPI++ equals; Rogan-Gladen stays as it is)
     */
    public static List<ModelRate> corrected(
            Question q,
            String positive,
            Map<String, Map<String, String>> answers,
            Gold gold,
            String judge,
            Map<String, String> models,
            List<Drawn> draws,
            boolean byJudgeAnswer) {
        Map<String, String> judged = Outcomes.single(q, answers, judge);
        Set<String> drawn = new HashSet<>();
        Map<String, Drawn> drawOf = new LinkedHashMap<>();
        draws.forEach(d -> {
            drawn.add(d.traceId());
            drawOf.put(d.traceId(), d);
        });
        Map<String, List<String>> itemsByModel = new TreeMap<>();
        judged.keySet().forEach(item -> itemsByModel
                .computeIfAbsent(models.getOrDefault(Outcomes.traceOf(item), "unknown"), k -> new ArrayList<>())
                .add(item));
        List<ModelRate> out = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : itemsByModel.entrySet()) {
            List<String> items = e.getValue();
            int[] fAll = new int[items.size()];
            List<Integer> y = new ArrayList<>();
            List<Integer> f = new ArrayList<>();
            List<Integer> fU = new ArrayList<>();
            Map<String, List<Integer>> yByStratum = new TreeMap<>();
            Map<String, Integer> stratumSize = new TreeMap<>();
            for (int i = 0; i < items.size(); i++) {
                String item = items.get(i);
                fAll[i] = judged.get(item).equals(positive) ? 1 : 0;
                String g = gold.labels().get(item);
                Drawn d = drawOf.get(Outcomes.traceOf(item));
                if (d != null) {
                    stratumSize.putIfAbsent(d.stratum(), d.population());
                    yByStratum.computeIfAbsent(d.stratum(), k -> new ArrayList<>());
                }
                if (g != null && drawn.contains(Outcomes.traceOf(item))) {
                    int yi = g.equals(positive) ? 1 : 0;
                    y.add(yi);
                    f.add(fAll[i]);
                    yByStratum.get(d.stratum()).add(yi);
                } else {
                    fU.add(fAll[i]);
                }
            }
            int[] ya = ints(y);
            int[] fa = ints(f);
            int x = 0;
            for (int v : fAll) {
                x += v;
            }
            double[] ci = Proportions.wilson(x, fAll.length, Proportions.Z95);
            Corrected.Estimate judgeOnly =
                    new Corrected.Estimate(JUDGE_ONLY, (double) x / fAll.length, ci, null, null, null);
            Corrected.Estimate goldOnly;
            Corrected.Estimate ppi;
            if (byJudgeAnswer) {
                int h = yByStratum.size();
                int[][] ys = new int[h][];
                int[] bigN = new int[h];
                String[] names = new String[h];
                int k = 0;
                for (Map.Entry<String, List<Integer>> s : yByStratum.entrySet()) {
                    ys[k] = ints(s.getValue());
                    bigN[k] = stratumSize.get(s.getKey());
                    names[k] = s.getKey();
                    k++;
                }
                goldOnly = Corrected.stratified(ys, bigN, names);
                ppi = goldOnly;
            } else {
                goldOnly = Corrected.goldOnly(ya, fAll.length);
                ppi = Corrected.ppi(ya, fa, ints(fU));
            }
            out.add(new ModelRate(
                    e.getKey(),
                    items.size(),
                    ya.length,
                    judgeOnly,
                    goldOnly,
                    Corrected.roganGladen(ya, fa, fAll),
                    ppi));
        }
        return out;
    }

    private static int[] ints(List<Integer> v) {
        int[] out = new int[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.get(i);
        }
        return out;
    }
}
