package org.tracejudge.agreement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Agreement for one question of an annotation scheme: given the question's kind and the raters' answers per item
 * ({@link Ratings}), the coefficients that kind needs, each with a percentile-bootstrap interval over items
 * ({@link Bootstrap}; none when {@link AgreementOptions#resamples()} is 0).
 *
 * <table>
 *   <caption>Coefficients per kind (answer type)</caption>
 *   <tr><td>SINGLE_CHOICE (String)</td><td>Cohen κ per rater pair, Fleiss κ, Krippendorff α nominal, Gwet AC1</td></tr>
 *   <tr><td>MULTIPLE_CHOICE (Set&lt;String&gt;)</td><td>α with the {@link Masi} distance; Cohen κ per option
 *       (chosen / not chosen) and rater pair</td></tr>
 *   <tr><td>ORDINAL (Integer)</td><td>weighted κ linear and quadratic per pair, α ordinal</td></tr>
 *   <tr><td>NUMBER (Double or any Number)</td><td>α interval, ICC(2,1)</td></tr>
 *   <tr><td>YES_NO_PER_TOOL (Map tool → YES/NO)</td><td>the single-choice set per tool</td></tr>
 *   <tr><td>SPAN (List of {@link SpanF1.Span})</td><td>span F1 per pair, exact (headline) and overlap</td></tr>
 *   <tr><td>TEXT</td><td>none, with the reason</td></tr>
 * </table>
 *
 * <p>A missing cell is a rater who did not answer, or for whom a conditional question did not apply: pairwise
 * coefficients use the items both raters answered, α the items with at least two answers, Fleiss κ and the ICC the
 * items every rater answered. Undefined coefficients are null with a note, never NaN.
 */
public final class QuestionAgreement {
    /** The question kinds, by the names of the scheme model. */
    public enum Kind {
        SINGLE_CHOICE,
        MULTIPLE_CHOICE,
        ORDINAL,
        NUMBER,
        YES_NO_PER_TOOL,
        SPAN,
        TEXT;

        /** The kind named {@code name} ("SINGLE_CHOICE" or "single_choice"); refused with the names there are. */
        public static Kind of(String name) {
            String n = name == null ? "" : name.trim().toUpperCase(Locale.ROOT);
            for (Kind k : values()) {
                if (k.name().equals(n)) {
                    return k;
                }
            }
            throw new IllegalArgumentException(
                    "unknown question kind '" + name + "'; expected one of " + Arrays.toString(values()));
        }
    }

    /**
     * One coefficient.
     *
     * @param name      e.g. "cohen_kappa a/b", "alpha_masi", "cohen_kappa[option] a/b", "span_f1_exact a/b"
     * @param value     null when undefined (see {@code note})
     * @param interval  95% percentile-bootstrap interval over items, null when not run or never defined
     * @param n         items that entered the coefficient
     * @param note      why the value is undefined, or what it means; null otherwise
     */
    public record Coefficient(String name, Double value, Interval interval, long n, String note) {}

    /** Every coefficient of one question, in a fixed order; {@code note} says why there are none. */
    public record Result(Kind kind, List<Coefficient> coefficients, String note) {
        /** The coefficient named {@code name}; refused with the names there are. */
        public Coefficient get(String name) {
            for (Coefficient c : coefficients) {
                if (c.name().equals(name)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("no coefficient '" + name + "' for " + kind + "; there are "
                    + coefficients.stream().map(Coefficient::name).toList());
        }
    }

    /** The most distinct answer sets a MASI α is computed for (the coincidence matrix is V × V). */
    static final int MAX_SETS = 4096;

    private final AgreementOptions options;

    public QuestionAgreement(AgreementOptions options) {
        this.options = options;
    }

    public QuestionAgreement() {
        this(AgreementOptions.defaults());
    }

    /** The coefficients for a question of kind {@code kind} (see {@link Kind#of}). */
    public Result compute(String kind, Ratings<?> ratings) {
        return compute(Kind.of(kind), ratings);
    }

    public Result compute(Kind kind, Ratings<?> ratings) {
        return switch (kind) {
            case SINGLE_CHOICE -> new Result(kind, singleChoice(strings(ratings, kind), ""), null);
            case MULTIPLE_CHOICE -> new Result(kind, multipleChoice(ratings), null);
            case ORDINAL -> new Result(kind, ordinal(ratings), null);
            case NUMBER -> new Result(kind, number(ratings), null);
            case YES_NO_PER_TOOL -> new Result(kind, perTool(ratings), null);
            case SPAN -> new Result(kind, span(ratings), null);
            case TEXT ->
                new Result(
                        kind,
                        List.of(),
                        "free text has no agreement coefficient: the answers are shown side by side and exported");
        };
    }

    // ---- single choice (and yes/no per tool): the label-table coefficients -------------------------------------

    private List<Coefficient> singleChoice(LabelTable t, String prefix) {
        List<Coefficient> out = new ArrayList<>();
        if (t.labelCount() == 0) {
            out.add(new Coefficient(prefix + "alpha_nominal", null, null, 0, "n = 0: no answers"));
            return out;
        }
        LabelPart p = labelPart(t);
        for (int q = 0; q < p.pe.pairwise().size(); q++) {
            CohenResult r = p.pe.pairwise().get(q);
            out.add(new Coefficient(
                    prefix + "cohen_kappa " + r.raterA() + "/" + r.raterB(), r.kappa(), p.at(q), r.n(), r.note()));
        }
        int pairs = p.pe.pairwise().size();
        FleissResult f = p.pe.fleiss();
        out.add(new Coefficient(prefix + "fleiss_kappa", f.kappa(), p.at(pairs), f.n(), f.note()));
        AlphaResult a = p.pe.alpha();
        out.add(new Coefficient(prefix + "alpha_nominal", a.value(), p.at(pairs + 1), a.n(), a.note()));
        out.add(new Coefficient(
                prefix + "gwet_ac1",
                p.pe.ac1(),
                p.at(p.length - 1),
                f.n(),
                p.pe.ac1() == null ? "undefined: no item answered by every rater, or a single option in all" : null));
        return out;
    }

    /** Point estimates and the bootstrap vector of {@link Coefficients#vector} for a label table. */
    private static final class LabelPart {
        final PointEstimates pe;
        final Interval[] intervals;
        final int length;

        LabelPart(PointEstimates pe, Interval[] intervals, int length) {
            this.pe = pe;
            this.intervals = intervals;
            this.length = length;
        }

        Interval at(int j) {
            return intervals == null ? null : intervals[j];
        }
    }

    private LabelPart labelPart(LabelTable t) {
        AgreementCalculator calc = new AgreementCalculator(options);
        PointEstimates pe = calc.points(t);
        int[] fleiss = AgreementCalculator.fleissIndices(t, options.fleissRaters());
        int len = Coefficients.vectorLength(
                new AgreementCounts(t.raters(), t.labels(), fleiss), Coefficients.scoresOrNull(t.labels()) != null);
        Interval[] iv = options.resamples() == 0 ? null : calc.bootstrap().intervals(t, fleiss);
        return new LabelPart(pe, iv, len);
    }

    private static LabelTable strings(Ratings<?> r, Kind kind) {
        return table(r, (i, j) -> {
            String v = expect(r, i, j, kind, String.class);
            return v;
        });
    }

    /** Labels of one cell, null when missing. */
    private interface Cell {
        String label(int item, int rater);
    }

    /** A label table straight from codes (the builder's per-answer look-ups cost more at 100k items). */
    private static LabelTable table(Ratings<?> r, Cell cell) {
        Map<String, Integer> seen = new HashMap<>();
        List<String> labels = new ArrayList<>();
        int[][] codes = new int[r.itemCount()][r.raterCount()];
        for (int i = 0; i < codes.length; i++) {
            for (int j = 0; j < r.raterCount(); j++) {
                String v = cell.label(i, j);
                if (v == null) {
                    codes[i][j] = LabelTable.MISSING;
                } else {
                    Integer c = seen.get(v);
                    if (c == null) {
                        c = labels.size();
                        seen.put(v, c);
                        labels.add(v);
                    }
                    codes[i][j] = c;
                }
            }
        }
        List<String> sorted = LabelTable.canonicalOrder(labels);
        int[] recode = new int[labels.size()];
        for (int k = 0; k < sorted.size(); k++) {
            recode[seen.get(sorted.get(k))] = k;
        }
        for (int[] row : codes) {
            for (int j = 0; j < row.length; j++) {
                if (row[j] != LabelTable.MISSING) {
                    row[j] = recode[row[j]];
                }
            }
        }
        return LabelTable.ofCodes(r.items(), r.raters(), sorted, codes, null);
    }

    private List<Coefficient> perTool(Ratings<?> r) {
        TreeSet<String> tools = new TreeSet<>();
        for (int i = 0; i < r.itemCount(); i++) {
            for (int j = 0; j < r.raterCount(); j++) {
                Map<?, ?> m = expect(r, i, j, Kind.YES_NO_PER_TOOL, Map.class);
                if (m != null) {
                    m.keySet().forEach(k -> tools.add(String.valueOf(k)));
                }
            }
        }
        List<Coefficient> out = new ArrayList<>();
        for (String tool : tools) {
            LabelTable t = table(r, (i, j) -> {
                Map<?, ?> m = (Map<?, ?>) r.get(i, j);
                Object v = m == null ? null : m.get(tool);
                return v == null ? null : String.valueOf(v);
            });
            out.addAll(singleChoice(t, "tool " + tool + ": "));
        }
        return out;
    }

    // ---- ordinal --------------------------------------------------------------------------------------------------

    private List<Coefficient> ordinal(Ratings<?> r) {
        TreeSet<Integer> steps = new TreeSet<>();
        LabelTable t = table(r, (i, j) -> {
            Integer v = expect(r, i, j, Kind.ORDINAL, Integer.class);
            if (v == null) {
                return null;
            }
            steps.add(v);
            return Integer.toString(v);
        });
        List<Coefficient> out = new ArrayList<>();
        if (t.labelCount() > 0) {
            LabelPart p = labelPart(t);
            int pairs = p.pe.pairwise().size();
            int base = pairs + 2 + t.labelCount() * (pairs + 1);
            for (WeightedKappaResult w : p.pe.weighted()) {
                int q = indexOfPair(p.pe, w.raterA(), w.raterB());
                int j = base + (w.weighting() == WeightedKappa.Weighting.LINEAR ? 0 : pairs) + q;
                out.add(new Coefficient(
                        "weighted_kappa_" + w.weighting().name().toLowerCase(Locale.ROOT) + " " + w.raterA() + "/"
                                + w.raterB(),
                        w.kappa(),
                        p.at(j),
                        w.n(),
                        w.note()));
            }
        }
        Map<Integer, Integer> code = new HashMap<>();
        for (Integer s : steps) {
            code.put(s, code.size());
        }
        int[][] codes = codes(r, v -> code.get((Integer) v));
        int v = code.size();
        out.add(alpha("alpha_ordinal", CoincidenceAlpha.sums(codes, v), v, CoincidenceAlpha.ordinal(v)));
        return out;
    }

    private static int indexOfPair(PointEstimates pe, String a, String b) {
        for (int q = 0; q < pe.pairwise().size(); q++) {
            CohenResult c = pe.pairwise().get(q);
            if (c.raterA().equals(a) && c.raterB().equals(b)) {
                return q;
            }
        }
        throw new IllegalStateException("no pair " + a + "/" + b);
    }

    // ---- multiple choice ------------------------------------------------------------------------------------------

    private List<Coefficient> multipleChoice(Ratings<?> r) {
        Map<Set<?>, Integer> code = new LinkedHashMap<>();
        TreeSet<String> optionSet = new TreeSet<>();
        for (int i = 0; i < r.itemCount(); i++) {
            for (int j = 0; j < r.raterCount(); j++) {
                Set<?> s = expect(r, i, j, Kind.MULTIPLE_CHOICE, Set.class);
                if (s != null) {
                    code.putIfAbsent(s, code.size());
                    s.forEach(o -> optionSet.add(String.valueOf(o)));
                }
            }
        }
        List<String> options = new ArrayList<>(optionSet);
        List<Coefficient> out = new ArrayList<>();
        int v = code.size();
        int[][] codes = codes(r, s -> code.get((Set<?>) s));
        boolean[][] has = new boolean[v][options.size()];
        for (Map.Entry<Set<?>, Integer> e : code.entrySet()) {
            for (int k = 0; k < options.size(); k++) {
                has[e.getValue()][k] = e.getKey().contains(options.get(k));
            }
        }
        if (v > MAX_SETS) {
            out.add(new Coefficient(
                    "alpha_masi", null, null, 0, "more than " + MAX_SETS + " distinct answer sets (" + v + ")"));
        } else {
            Map<String, Integer> optionIndex = new HashMap<>();
            for (String o : options) {
                optionIndex.put(o, optionIndex.size());
            }
            BitSet[] bits = new BitSet[v];
            for (Map.Entry<Set<?>, Integer> e : code.entrySet()) {
                BitSet bs = new BitSet();
                e.getKey().forEach(o -> bs.set(optionIndex.get(String.valueOf(o))));
                bits[e.getValue()] = bs;
            }
            double[] d = new double[v * v];
            for (int c = 0; c < v; c++) {
                for (int k = 0; k < v; k++) {
                    BitSet both = (BitSet) bits[c].clone();
                    both.and(bits[k]);
                    d[c * v + k] = Masi.fromSizes(bits[c].cardinality(), bits[k].cardinality(), both.cardinality());
                }
            }
            out.add(alpha("alpha_masi", CoincidenceAlpha.sums(codes, v), v, CoincidenceAlpha.fixed(d)));
        }
        out.addAll(optionKappas(r, options, codes, has));
        return out;
    }

    /** Cohen κ per option (chosen or not) and rater pair, over the items both raters answered. */
    private List<Coefficient> optionKappas(Ratings<?> r, List<String> options, int[][] codes, boolean[][] has) {
        int m = r.raterCount();
        int[][] pairs = pairs(m);
        int o = options.size();
        int len = pairs.length * o * 4;
        ItemSums.Builder b = new ItemSums.Builder(len);
        int[] scratch = new int[len];
        for (int i = 0; i < r.itemCount(); i++) {
            int e = 0;
            for (int q = 0; q < pairs.length; q++) {
                int ca = codes[i][pairs[q][0]];
                int cb = codes[i][pairs[q][1]];
                if (ca < 0 || cb < 0) {
                    continue;
                }
                for (int k = 0; k < o; k++) {
                    int cell = (has[ca][k] ? 0 : 2) + (has[cb][k] ? 0 : 1);
                    scratch[e++] = (q * o + k) * 4 + cell;
                }
            }
            double[] ones = new double[e];
            Arrays.fill(ones, 1);
            b.add(Arrays.copyOf(scratch, e), ones);
        }
        ItemSums sums = b.build();
        int outLen = pairs.length * o;
        Function<double[], double[]> f = s -> {
            double[] k = new double[outLen];
            for (int j = 0; j < outLen; j++) {
                k[j] = OptionKappa.kappa(s, j * 4);
            }
            return k;
        };
        double[] total = sums.total();
        double[] point = f.apply(total);
        Interval[] iv = intervals(sums, outLen, f);
        List<Coefficient> out = new ArrayList<>();
        for (int k = 0; k < o; k++) {
            for (int q = 0; q < pairs.length; q++) {
                int j = q * o + k;
                long n = Math.round(total[j * 4] + total[j * 4 + 1] + total[j * 4 + 2] + total[j * 4 + 3]);
                String why = n == 0
                        ? "n = 0: no item answered by both"
                        : "p_e = 1: both raters " + (total[j * 4] == n ? "chose" : "left out") + " '" + options.get(k)
                                + "' on every item";
                out.add(coefficient(
                        "cohen_kappa[" + options.get(k) + "] " + r.raters().get(pairs[q][0]) + "/"
                                + r.raters().get(pairs[q][1]),
                        point[j],
                        iv == null ? null : iv[j],
                        n,
                        why));
            }
        }
        return out;
    }

    // ---- number ---------------------------------------------------------------------------------------------------

    private List<Coefficient> number(Ratings<?> r) {
        double[][] x = new double[r.itemCount()][r.raterCount()];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < r.raterCount(); j++) {
                Number v = expect(r, i, j, Kind.NUMBER, Number.class);
                x[i][j] = v == null ? Double.NaN : v.doubleValue();
                if (v != null && !Double.isFinite(x[i][j])) {
                    throw new IllegalArgumentException("item '" + r.items().get(i) + "', rater '"
                            + r.raters().get(j) + "': NUMBER needs a finite number, got " + v);
                }
            }
        }
        int k = r.raterCount();
        ItemSums a = IntervalAlpha.sums(x);
        ItemSums c = Icc.sums(x, k);
        double[] at = a.total();
        double[] ct = c.total();
        int off = IntervalAlpha.LENGTH;
        Function<double[], double[]> f =
                s -> new double[] {IntervalAlpha.alpha(s), Icc.icc(Arrays.copyOfRange(s, off, s.length), k)};
        Interval[] iv = options.resamples() == 0 ? null : intervals(ItemSums.join(a, c), 2, f);
        List<Coefficient> out = new ArrayList<>();
        out.add(coefficient(
                "alpha_interval",
                IntervalAlpha.alpha(at),
                iv == null ? null : iv[0],
                Math.round(at[0]),
                at[0] == 0 ? "n = 0: no item has at least 2 answers" : "D_e = 0: every answer is the same number"));
        out.add(coefficient(
                "icc_2_1",
                Icc.icc(ct, k),
                iv == null ? null : iv[1],
                Math.round(ct[0]),
                ct[0] < 2 || k < 2
                        ? "needs at least 2 raters and 2 items every rater scored"
                        : "no variance: every rater gave every item the same number"));
        return out;
    }

    // ---- span -----------------------------------------------------------------------------------------------------

    private List<Coefficient> span(Ratings<?> r) {
        int[][] pairs = pairs(r.raterCount());
        int len = pairs.length * SpanF1.LENGTH;
        ItemSums.Builder b = new ItemSums.Builder(len);
        for (int i = 0; i < r.itemCount(); i++) {
            List<?>[] row = new List<?>[r.raterCount()];
            for (int j = 0; j < row.length; j++) {
                row[j] = expect(r, i, j, Kind.SPAN, List.class);
                if (row[j] != null) {
                    for (Object s : row[j]) {
                        if (!(s instanceof SpanF1.Span)) {
                            throw new IllegalArgumentException(
                                    "item '" + r.items().get(i) + "', rater '"
                                            + r.raters().get(j) + "': SPAN needs a list of spans, found " + s);
                        }
                    }
                }
            }
            int[] ix = new int[len];
            double[] val = new double[len];
            int e = 0;
            for (int q = 0; q < pairs.length; q++) {
                if (row[pairs[q][0]] == null || row[pairs[q][1]] == null) {
                    continue;
                }
                @SuppressWarnings("unchecked")
                double[] c = SpanF1.item((List<SpanF1.Span>) row[pairs[q][0]], (List<SpanF1.Span>) row[pairs[q][1]]);
                for (int z = 0; z < SpanF1.LENGTH; z++) {
                    ix[e] = q * SpanF1.LENGTH + z;
                    val[e++] = c[z];
                }
            }
            b.add(Arrays.copyOf(ix, e), Arrays.copyOf(val, e));
        }
        ItemSums sums = b.build();
        Function<double[], double[]> f = s -> {
            double[] out = new double[2 * pairs.length];
            for (int q = 0; q < pairs.length; q++) {
                out[2 * q] = SpanF1.exact(s, q * SpanF1.LENGTH);
                out[2 * q + 1] = SpanF1.overlap(s, q * SpanF1.LENGTH);
            }
            return out;
        };
        double[] total = sums.total();
        double[] point = f.apply(total);
        Interval[] iv = intervals(sums, point.length, f);
        List<Coefficient> out = new ArrayList<>();
        for (int q = 0; q < pairs.length; q++) {
            String pair = r.raters().get(pairs[q][0]) + "/" + r.raters().get(pairs[q][1]);
            long n = Math.round(total[q * SpanF1.LENGTH]);
            String why = n == 0 ? "n = 0: no item answered by both" : "neither rater marked a span";
            out.add(coefficient("span_f1_exact " + pair, point[2 * q], iv == null ? null : iv[2 * q], n, why));
            out.add(coefficient(
                    "span_f1_overlap " + pair, point[2 * q + 1], iv == null ? null : iv[2 * q + 1], n, why));
        }
        return out;
    }

    // ---- shared ---------------------------------------------------------------------------------------------------

    private Coefficient alpha(String name, ItemSums sums, int v, CoincidenceAlpha.Metric metric) {
        double[] total = sums.total();
        long units = CoincidenceAlpha.units(total, v);
        return coefficient(
                name,
                CoincidenceAlpha.alpha(total, v, metric),
                one(intervals(sums, 1, s -> new double[] {CoincidenceAlpha.alpha(s, v, metric)})),
                units,
                units == 0
                        ? "n = 0: no item has at least 2 answers"
                        : "D_e = 0: a single value among the " + CoincidenceAlpha.values(total, v)
                                + " pairable answers");
    }

    private Interval[] intervals(ItemSums sums, int len, Function<double[], double[]> f) {
        if (options.resamples() == 0) {
            return null;
        }
        return new Bootstrap(options.resamples(), options.seed(), options.threads()).intervals(sums, len, f);
    }

    private static Interval one(Interval[] iv) {
        return iv == null ? null : iv[0];
    }

    private static Coefficient coefficient(String name, double value, Interval iv, long n, String whyUndefined) {
        return Double.isNaN(value)
                ? new Coefficient(name, null, iv, n, whyUndefined)
                : new Coefficient(name, value, iv, n, null);
    }

    private static int[][] pairs(int m) {
        List<int[]> p = new ArrayList<>();
        for (int a = 0; a < m; a++) {
            for (int b = a + 1; b < m; b++) {
                p.add(new int[] {a, b});
            }
        }
        return p.toArray(new int[0][]);
    }

    private static int[][] codes(Ratings<?> r, Function<Object, Integer> code) {
        int[][] c = new int[r.itemCount()][r.raterCount()];
        for (int i = 0; i < c.length; i++) {
            for (int j = 0; j < r.raterCount(); j++) {
                Object v = r.get(i, j);
                c[i][j] = v == null ? -1 : code.apply(v);
            }
        }
        return c;
    }

    /** The cell as {@code type}, null when missing; refused naming item, rater and kind when of another type. */
    private static <T> T expect(Ratings<?> r, int i, int j, Kind kind, Class<T> type) {
        Object v = r.get(i, j);
        if (v == null) {
            return null;
        }
        if (!type.isInstance(v)) {
            throw new IllegalArgumentException(
                    "item '" + r.items().get(i) + "', rater '" + r.raters().get(j)
                            + "': " + kind + " needs a " + type.getSimpleName() + ", got "
                            + v.getClass().getSimpleName()
                            + " (" + v + ")");
        }
        return type.cast(v);
    }
}
