package org.tracejudge.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.dkpro.statistics.agreement.IAnnotationStudy;
import org.dkpro.statistics.agreement.coding.CodingAnnotationStudy;
import org.dkpro.statistics.agreement.coding.CohenKappaAgreement;
import org.dkpro.statistics.agreement.coding.FleissKappaAgreement;
import org.dkpro.statistics.agreement.coding.KrippendorffAlphaAgreement;
import org.dkpro.statistics.agreement.distance.IDistanceFunction;
import org.dkpro.statistics.agreement.distance.IntervalDistanceFunction;
import org.dkpro.statistics.agreement.distance.MASISetAnnotationDistanceFunction;
import org.dkpro.statistics.agreement.distance.NominalDistanceFunction;
import org.dkpro.statistics.agreement.distance.OrdinalDistanceFunction;
import org.dkpro.statistics.agreement.distance.SetAnnotation;
import org.junit.jupiter.api.Test;
import org.tracejudge.json.Json;

/**
 * Every coefficient of {@link QuestionAgreement} against an independent implementation: Krippendorff's published
 * worked example, DKPro Statistics Agreement 2.2.1 on seeded random tables, scikit-learn's weighted kappa, Shrout
 * &amp; Fleiss' published ICC example, and brute-force span F1 and numpy ICC values
 * (src/test/resources/oracles/question_agreement.py).
 */
class QuestionAgreementTest {
    private static final double TOL = 1e-9;
    private static final QuestionAgreement POINTS =
            new QuestionAgreement(AgreementOptions.defaults().withResamples(0));

    /**
     * Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability": 4 observers, 12 units, missing values
     * ('.'); published α: nominal 0.743, ordinal 0.815, interval 0.849.
     */
    private static final String[] KRIPPENDORFF_ROWS = {"123321412...", "1233224125.3", ".3332342251.", "12332441251."};

    private static <T> Ratings<T> krippendorff(java.util.function.Function<Integer, T> f) {
        Ratings.Builder<T> b = Ratings.builder();
        for (int o = 0; o < 4; o++) {
            b.addRater("observer" + (char) ('A' + o));
        }
        for (int u = 0; u < 12; u++) {
            b.addItem("unit" + (u + 1));
            for (int o = 0; o < 4; o++) {
                char c = KRIPPENDORFF_ROWS[o].charAt(u);
                if (c != '.') {
                    b.add("unit" + (u + 1), "observer" + (char) ('A' + o), f.apply(c - '0'));
                }
            }
        }
        return b.build();
    }

    @Test
    void krippendorffsPublishedExampleAtThreeLevels() {
        QuestionAgreement.Coefficient nominal =
                POINTS.compute("SINGLE_CHOICE", krippendorff(v -> "c" + v)).get("alpha_nominal");
        QuestionAgreement.Coefficient ordinal =
                POINTS.compute("ORDINAL", krippendorff(v -> v)).get("alpha_ordinal");
        QuestionAgreement.Coefficient interval =
                POINTS.compute("number", krippendorff(Integer::doubleValue)).get("alpha_interval");
        assertEquals(0.743, nominal.value(), 0.0005);
        assertEquals(0.815, ordinal.value(), 0.0005);
        assertEquals(0.849, interval.value(), 0.0005);
        assertEquals(11, nominal.n());
        assertEquals(11, ordinal.n());
        assertEquals(11, interval.n());
        // and to the last digit against DKPro on the same matrix
        CodingAnnotationStudy study = new CodingAnnotationStudy(4);
        for (int u = 0; u < 12; u++) {
            Object[] row = new Object[4];
            int given = 0;
            for (int o = 0; o < 4; o++) {
                char c = KRIPPENDORFF_ROWS[o].charAt(u);
                row[o] = c == '.' ? null : Integer.valueOf(c - '0');
                given += row[o] == null ? 0 : 1;
            }
            if (given >= 2) {
                study.addItemAsArray(row);
            }
        }
        assertEquals(dkAlpha(study, new NominalDistanceFunction()), nominal.value(), TOL);
        assertEquals(dkAlpha(study, new OrdinalDistanceFunction()), ordinal.value(), TOL);
        assertEquals(dkAlpha(study, new IntervalDistanceFunction()), interval.value(), TOL);
        // the interval metric on codes gives the closed form's value
        int[][] codes = new int[12][4];
        for (int u = 0; u < 12; u++) {
            for (int o = 0; o < 4; o++) {
                char c = KRIPPENDORFF_ROWS[o].charAt(u);
                codes[u][o] = c == '.' ? -1 : c - '1';
            }
        }
        double coded = CoincidenceAlpha.alpha(
                CoincidenceAlpha.sums(codes, 5).total(), 5, CoincidenceAlpha.interval(new double[] {1, 2, 3, 4, 5}));
        assertEquals(interval.value(), coded, TOL);
    }

    /**
     * Three raters' steps per item ('.' = no answer), then sklearn 1.2.1's cohen_kappa_score over the items both
     * answered for pairs 0/1, 0/2, 1/2, each linear then quadratic (oracles/question_agreement.py).
     */
    private static final String[][] SKLEARN = {
        {
            "1220.33344.131202000242134241020243232.3.21.",
            ".2.0433134113112331.2421.3242.20343221123000",
            "21204331441131.121.0.421..1.010034222.023000",
            "0.574468085106383 0.6909090909090909 0.616 0.7776491024898669 0.740785498489426 0.8384437000772996"
        },
        {
            "14344242114334.040011.4.224.4104.20343024",
            "04.22.3.03.2..2020011.4.2.401..403.01013.",
            "04332242133023402220.44.12202.34420320032",
            "0.3946188340807174 0.5187601957585644 0.369034994697773 0.48920863309352514 0.42174629324546953"
                    + " 0.5423728813559322"
        },
        {
            "34223234313.534.23.5151252.4211412.3",
            "3.2232.4413153.5235515225.54.114.243",
            "3.42.23.233153.5235415125254111432..",
            "0.9458874458874459 0.9769585253456221 0.7607361963190185 0.8287971905179983 0.813953488372093 0.875"
        },
        {
            "20.20202000210012002100222011201211.10110",
            "2.12.10010002.01.020100.0....201222110100",
            "221210010.01200.10.1100102.212012201101..",
            "0.41176470588235303 0.3896713615023475 0.4666666666666667 0.5217391304347826 0.6985645933014354"
                    + " 0.7412140575079873"
        },
        {
            "31333157762.1.327.5457677757621.47.214.4435533754742341",
            "64.365777615.71274.1673564473232277.225362674.77.563144",
            "441674.5771235317521566636.765123771132.4147317.33733.1",
            "0.3837263060564031 0.5975125016027696 0.4625105307497893 0.6390243902439025 0.44785807009952405"
                    + " 0.6744950681070925"
        },
        {
            "71757624.337536.7673541536311615732215421.67146..724273",
            "41535.41522537616..16.1433.2363553213.7..377246416.1452",
            "51.67..1721..4.1574461113321.512722.147.13554764.7.15.2",
            "0.41990904497220816 0.6419718309859155 0.4425622022233986 0.63449433487201 0.5244798041615667"
                    + " 0.708319355920832"
        },
        {
            "5.45535.35352.53.4414354432523.3211..21.234251.54.5",
            "5.3454254.352144245.55355.3441.22133.12515545215...",
            "3353235554352452.23.345.4.341151412241..133.524.353",
            "0.36936936936936937 0.5965770171149143 0.37103594080338254 0.5726122982991713 0.24643196955280677"
                    + " 0.36414881623449824"
        },
        {
            "22.0.1012112122220.0..22...12",
            "202.01122002..212221.0220020.",
            "120.101010222.2102.0100..212.",
            "0.2175732217573222 0.3013698630136986 -0.04615384615384621 0.06030150753768848 -0.10000000000000009"
                    + " -0.17699115044247793"
        },
    };

    @Test
    void weightedKappaEqualsSklearn() {
        for (String[] c : SKLEARN) {
            Ratings.Builder<Integer> b =
                    Ratings.<Integer>builder().addRater("r0").addRater("r1").addRater("r2");
            for (int i = 0; i < c[0].length(); i++) {
                for (int r = 0; r < 3; r++) {
                    char ch = c[r].charAt(i);
                    if (ch != '.') {
                        b.add("i" + i, "r" + r, ch - '0');
                    }
                }
            }
            QuestionAgreement.Result res = POINTS.compute("ORDINAL", b.build());
            String[] expected = c[3].split(" ");
            String[] pairs = {"r0/r1", "r0/r2", "r1/r2"};
            for (int p = 0; p < 3; p++) {
                assertEquals(
                        Double.parseDouble(expected[2 * p]),
                        res.get("weighted_kappa_linear " + pairs[p]).value(),
                        1e-12,
                        c[0] + " " + pairs[p]);
                assertEquals(
                        Double.parseDouble(expected[2 * p + 1]),
                        res.get("weighted_kappa_quadratic " + pairs[p]).value(),
                        1e-12,
                        c[0] + " " + pairs[p]);
            }
        }
    }

    @Test
    void singleChoiceAndOrdinalAndIntervalAlphaEqualDkproOnRandomTables() {
        SplittableRandom rng = new SplittableRandom(4901);
        int compared = 0;
        for (int t = 0; t < 150; t++) {
            int raters = 2 + rng.nextInt(4);
            int steps = 2 + rng.nextInt(6);
            int items = 1 + rng.nextInt(80);
            double missing = t % 4 == 0 ? 0 : rng.nextDouble() * 0.5;
            double accuracy = rng.nextDouble();
            Ratings.Builder<Integer> b = Ratings.builder();
            for (int r = 0; r < raters; r++) {
                b.addRater("r" + r);
            }
            Integer[][] cells = new Integer[items][raters];
            for (int i = 0; i < items; i++) {
                int truth = rng.nextInt(steps);
                b.addItem("i" + i);
                for (int r = 0; r < raters; r++) {
                    if (rng.nextDouble() >= missing) {
                        cells[i][r] = rng.nextDouble() < accuracy ? truth : rng.nextInt(steps);
                        b.add("i" + i, "r" + r, cells[i][r]);
                    }
                }
            }
            Ratings<Integer> ints = b.build();
            CodingAnnotationStudy pairable = new CodingAnnotationStudy(raters);
            CodingAnnotationStudy complete = new CodingAnnotationStudy(raters);
            for (Integer[] row : cells) {
                long given = java.util.Arrays.stream(row).filter(x -> x != null).count();
                if (given >= 2) {
                    pairable.addItemAsArray(row.clone());
                }
                if (given == raters) {
                    complete.addItemAsArray(row.clone());
                }
            }
            String ctx = "table " + t;
            QuestionAgreement.Result ord = POINTS.compute("ORDINAL", ints);
            compared += same(dkAlpha(pairable, new OrdinalDistanceFunction()), ord.get("alpha_ordinal"), ctx);
            QuestionAgreement.Result num = POINTS.compute("NUMBER", map(ints, Integer::doubleValue));
            compared += same(dkAlpha(pairable, new IntervalDistanceFunction()), num.get("alpha_interval"), ctx);
            QuestionAgreement.Result single = POINTS.compute("SINGLE_CHOICE", map(ints, v -> "s" + v));
            compared += same(dkAlpha(pairable, new NominalDistanceFunction()), single.get("alpha_nominal"), ctx);
            compared += same(
                    dk(() -> new FleissKappaAgreement(complete).calculateAgreement()), single.get("fleiss_kappa"), ctx);
            for (int a = 0; a < raters; a++) {
                for (int c = a + 1; c < raters; c++) {
                    CodingAnnotationStudy two = new CodingAnnotationStudy(2);
                    for (Integer[] row : cells) {
                        if (row[a] != null && row[c] != null) {
                            two.addItem(row[a], row[c]);
                        }
                    }
                    if (two.getItemCount() == 0) {
                        continue;
                    }
                    compared += same(
                            dk(() -> new CohenKappaAgreement(two).calculateAgreement()),
                            single.get("cohen_kappa r" + a + "/r" + c),
                            ctx);
                }
            }
        }
        assertTrue(compared > 600, "compared " + compared);
    }

    @Test
    void numbersWithManyDistinctValuesEqualDkpro() {
        SplittableRandom rng = new SplittableRandom(4903);
        for (int t = 0; t < 40; t++) {
            int raters = 2 + rng.nextInt(3);
            int items = 2 + rng.nextInt(50);
            Ratings.Builder<Double> b = Ratings.builder();
            CodingAnnotationStudy study = new CodingAnnotationStudy(raters);
            for (int i = 0; i < items; i++) {
                double truth = rng.nextDouble() * 1000 + 1e6; // far from 0: the sums of squares must stay exact
                Object[] row = new Object[raters];
                int given = 0;
                for (int r = 0; r < raters; r++) {
                    if (rng.nextDouble() < 0.2) {
                        continue;
                    }
                    double x = Math.rint((truth + rng.nextDouble() * 200) * 100) / 100;
                    b.add("i" + i, "r" + r, x);
                    row[r] = x;
                    given++;
                }
                if (given >= 2) {
                    study.addItemAsArray(row);
                }
            }
            same(
                    dkAlpha(study, new IntervalDistanceFunction()),
                    POINTS.compute("NUMBER", b.build()).get("alpha_interval"),
                    "numbers " + t);
        }
    }

    @Test
    void masiDistanceAsPassonneauDefinesIt() {
        assertEquals(0, Masi.distance(Set.of("a", "b"), Set.of("b", "a")), 0);
        assertEquals(1 - 0.5 * 2 / 3.0, Masi.distance(Set.of("a"), Set.of("a", "b")), 1e-15); // subset, J = 1/2
        assertEquals(1 - (1 / 3.0) * (1 / 3.0), Masi.distance(Set.of("a", "b"), Set.of("b", "c")), 1e-15);
        assertEquals(1, Masi.distance(Set.of("a"), Set.of("b")), 0);
        assertEquals(0, Masi.distance(Set.of(), Set.of()), 0);
        assertEquals(1, Masi.distance(Set.of(), Set.of("a")), 0);
    }

    /** Passonneau's 1 − J·M written here over DKPro's SetAnnotation, for DKPro's own α machinery. */
    private static final IDistanceFunction PASSONNEAU = (IAnnotationStudy s, Object x, Object y) -> {
        Set<?> a = (Set<?>) x;
        Set<?> b = (Set<?>) y;
        Set<Object> inter = new HashSet<>(a);
        inter.retainAll(b);
        Set<Object> union = new HashSet<>(a);
        union.addAll(b);
        if (union.isEmpty()) {
            return 0.0;
        }
        double m = a.equals(b) ? 1 : inter.equals(a) || inter.equals(b) ? 2 / 3.0 : inter.isEmpty() ? 0 : 1 / 3.0;
        return 1 - (double) inter.size() / union.size() * m;
    };

    @Test
    void multipleChoiceEqualsDkpro() {
        SplittableRandom rng = new SplittableRandom(4904);
        String[] options = {"wrong_tool", "bad_args", "hallucinated", "ignored_result", "unsafe"};
        int compared = 0;
        for (int t = 0; t < 60; t++) {
            int raters = 2 + rng.nextInt(3);
            int items = 2 + rng.nextInt(60);
            int nOpt = 2 + rng.nextInt(4);
            double noise = rng.nextDouble();
            Ratings.Builder<Set<String>> b = Ratings.builder();
            for (int r = 0; r < raters; r++) {
                b.addRater("r" + r);
            }
            List<Object[]> rows = new ArrayList<>();
            for (int i = 0; i < items; i++) {
                Set<String> truth = randomSet(rng, options, nOpt);
                Object[] row = new Object[raters];
                for (int r = 0; r < raters; r++) {
                    if (rng.nextDouble() < 0.15) {
                        continue;
                    }
                    Set<String> s = new TreeSet<>(truth);
                    if (rng.nextDouble() < noise) {
                        s = randomSet(rng, options, nOpt);
                    }
                    b.add("i" + i, "r" + r, s);
                    row[r] = new SetAnnotation(s);
                }
                rows.add(row);
            }
            Ratings<Set<String>> ratings = b.build();
            QuestionAgreement.Result res = POINTS.compute("MULTIPLE_CHOICE", ratings);
            CodingAnnotationStudy study = new CodingAnnotationStudy(raters);
            for (Object[] row : rows) {
                if (java.util.Arrays.stream(row).filter(x -> x != null).count() >= 2) {
                    study.addItemAsArray(row);
                }
            }
            String ctx = "sets " + t;
            compared += same(dkAlpha(study, PASSONNEAU), res.get("alpha_masi"), ctx);
            // DKPro's own MASI distance is another variant ((1 − J)·{0, 1/3, 2/3, 1}); our α over it equals theirs
            compared += dkproMasiVariant(rows, raters, study, ctx);
            for (String opt : options) {
                for (int a = 0; a < raters; a++) {
                    for (int c = a + 1; c < raters; c++) {
                        CodingAnnotationStudy two = new CodingAnnotationStudy(2);
                        boolean used = false;
                        for (Object[] row : rows) {
                            if (row[a] != null && row[c] != null) {
                                two.addItem(((Set<?>) row[a]).contains(opt), ((Set<?>) row[c]).contains(opt));
                            }
                        }
                        for (int i = 0; i < ratings.itemCount(); i++) {
                            for (int r = 0; r < raters; r++) {
                                Set<String> s = ratings.get(i, r);
                                used |= s != null && s.contains(opt);
                            }
                        }
                        if (!used || two.getItemCount() == 0) {
                            continue;
                        }
                        compared += same(
                                dk(() -> new CohenKappaAgreement(two).calculateAgreement()),
                                res.get("cohen_kappa[" + opt + "] r" + a + "/r" + c),
                                ctx + " " + opt);
                    }
                }
            }
        }
        assertTrue(compared > 300, "compared " + compared);
    }

    private static int dkproMasiVariant(List<Object[]> rows, int raters, CodingAnnotationStudy study, String ctx) {
        List<Object> values = new ArrayList<>();
        int[][] codes = new int[rows.size()][raters];
        for (int i = 0; i < rows.size(); i++) {
            for (int r = 0; r < raters; r++) {
                Object s = rows.get(i)[r];
                if (s != null && !values.contains(s)) {
                    values.add(s);
                }
                codes[i][r] = s == null ? -1 : values.indexOf(s);
            }
        }
        int v = values.size();
        double[] d = new double[v * v];
        MASISetAnnotationDistanceFunction f = new MASISetAnnotationDistanceFunction();
        for (int c = 0; c < v; c++) {
            for (int k = 0; k < v; k++) {
                d[c * v + k] = f.measureDistance(study, values.get(c), values.get(k));
            }
        }
        double ours = CoincidenceAlpha.alpha(CoincidenceAlpha.sums(codes, v).total(), v, CoincidenceAlpha.fixed(d));
        double theirs = dkAlpha(study, f);
        if (Double.isNaN(theirs) || Double.isNaN(ours)) {
            return 0;
        }
        assertEquals(theirs, ours, TOL, ctx + " DKPro MASI");
        return 1;
    }

    private static Set<String> randomSet(SplittableRandom rng, String[] options, int n) {
        Set<String> s = new TreeSet<>();
        for (int k = 0; k < n; k++) {
            if (rng.nextDouble() < 0.35) {
                s.add(options[k]);
            }
        }
        if (s.isEmpty()) {
            s.add(options[rng.nextInt(n)]);
        }
        return s;
    }

    @Test
    void spanF1AndIccEqualTheReferenceScript() throws Exception {
        JsonNode root;
        try (InputStream in = getClass().getResourceAsStream("/oracles/spans.json")) {
            root = Json.read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        int cases = 0;
        for (JsonNode c : root.get("spans")) {
            Ratings.Builder<List<SpanF1.Span>> b = Ratings.builder();
            b.addRater("a").addRater("b");
            for (int i = 0; i < c.get("a").size(); i++) {
                b.add("i" + i, "a", spans(c.get("a").get(i)));
                if (!c.get("b").get(i).isNull()) {
                    b.add("i" + i, "b", spans(c.get("b").get(i)));
                }
            }
            QuestionAgreement.Result res = POINTS.compute("SPAN", b.build());
            check(c.get("exact"), res.get("span_f1_exact a/b"), "span case " + cases);
            check(c.get("overlap"), res.get("span_f1_overlap a/b"), "span case " + cases);
            cases++;
        }
        assertEquals(20, cases);
        for (JsonNode c : root.get("icc")) {
            Ratings.Builder<Double> b = Ratings.builder();
            for (int i = 0; i < c.get("x").size(); i++) {
                for (int r = 0; r < c.get("x").get(i).size(); r++) {
                    b.add("i" + i, "r" + r, c.get("x").get(i).get(r).asDouble());
                }
            }
            assertEquals(
                    c.get("icc").asDouble(),
                    POINTS.compute("NUMBER", b.build()).get("icc_2_1").value(),
                    1e-9,
                    c.toString());
        }
    }

    /** Shrout &amp; Fleiss (1979), Table 2: 6 targets × 4 judges, published ICC(2,1) = .29. */
    @Test
    void iccOfShroutAndFleiss() {
        int[][] x = {{9, 2, 5, 8}, {6, 1, 3, 2}, {8, 4, 6, 8}, {7, 1, 2, 6}, {10, 5, 6, 9}, {6, 2, 4, 7}};
        Ratings.Builder<Integer> b = Ratings.builder();
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 4; j++) {
                b.add("target" + i, "judge" + j, x[i][j]);
            }
        }
        // Integers are Numbers: a NUMBER question takes them
        QuestionAgreement.Coefficient icc = POINTS.compute("NUMBER", b.build()).get("icc_2_1");
        assertEquals(0.29, icc.value(), 0.005);
        assertEquals(0.2897637795275592, icc.value(), 1e-12); // numpy ANOVA in oracles/question_agreement.py
        assertEquals(6, icc.n());
    }

    @Test
    void perToolIsTheSingleChoiceSetForEachTool() {
        Ratings.Builder<Map<String, String>> b = Ratings.builder();
        String[][] a = {{"YES", "NO"}, {"YES", "YES"}, {"NO", "NO"}, {"YES", "NO"}, {"NO", "YES"}};
        String[][] c = {{"YES", "NO"}, {"NO", "YES"}, {"NO", "NO"}, {"YES", "YES"}, {"NO", "YES"}};
        for (int i = 0; i < a.length; i++) {
            b.add("run" + i, "x", Map.of("search", a[i][0], "email", a[i][1]));
            b.add("run" + i, "y", Map.of("search", c[i][0], "email", c[i][1]));
        }
        QuestionAgreement.Result res = POINTS.compute("YES_NO_PER_TOOL", b.build());
        LabelTable.Builder search = LabelTable.builder();
        for (int i = 0; i < a.length; i++) {
            search.add("run" + i, "x", a[i][0]).add("run" + i, "y", c[i][0]);
        }
        assertEquals(
                CohenKappa.compute(search.build(), "x", "y").kappa(),
                res.get("tool search: cohen_kappa x/y").value(),
                TOL);
        assertNotNull(res.get("tool email: alpha_nominal").value());
        assertNotNull(res.get("tool email: gwet_ac1").value());
    }

    @Test
    void textHasNoneAndBadInputIsNamed() {
        QuestionAgreement.Result text =
                POINTS.compute("TEXT", Ratings.<String>builder().build());
        assertTrue(text.coefficients().isEmpty());
        assertTrue(text.note().contains("free text"), text.note());
        IllegalArgumentException kind =
                assertThrows(IllegalArgumentException.class, () -> POINTS.compute("LIKERT", text(1)));
        assertTrue(kind.getMessage().contains("LIKERT") && kind.getMessage().contains("MULTIPLE_CHOICE"));
        IllegalArgumentException type =
                assertThrows(IllegalArgumentException.class, () -> POINTS.compute("ORDINAL", text(2)));
        assertTrue(
                type.getMessage().contains("item 'i0'")
                        && type.getMessage().contains("rater 'a'")
                        && type.getMessage().contains("Integer"),
                type.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SpanF1.Span("answer", 5, 5, "harm"));
        IllegalArgumentException twice = assertThrows(
                IllegalArgumentException.class,
                () -> Ratings.<String>builder().add("t1", "ann", "x").add("t1", "ann", "y"));
        assertTrue(twice.getMessage().contains("answered twice"), twice.getMessage());
    }

    private static Ratings<String> text(int n) {
        Ratings.Builder<String> b = Ratings.builder();
        for (int i = 0; i < n; i++) {
            b.add("i" + i, "a", "note").add("i" + i, "b", "other note");
        }
        return b.build();
    }

    /** A conditional question that did not apply for a rater is a missing cell: the item drops out of pairs. */
    @Test
    void itemsWhereTheQuestionDidNotApplyAreLeftOut() {
        Ratings.Builder<Integer> b = Ratings.builder();
        int[][] x = {{2, 2}, {3, 3}, {1, 2}, {4, 4}, {0, 1}};
        for (int i = 0; i < x.length; i++) {
            b.add("i" + i, "a", x[i][0]).add("i" + i, "b", x[i][1]);
        }
        b.add("i5", "a", 4); // applied for a only
        b.addItem("i6"); // applied for neither
        QuestionAgreement.Result res = POINTS.compute("ORDINAL", b.build());
        assertEquals(5, res.get("weighted_kappa_linear a/b").n());
        assertEquals(5, res.get("alpha_ordinal").n());
    }

    @Test
    void undefinedCoefficientsAreNullWithAReason() {
        Ratings.Builder<Set<String>> b = Ratings.builder();
        for (int i = 0; i < 5; i++) {
            b.add("i" + i, "a", Set.of("x")).add("i" + i, "b", Set.of("x"));
        }
        QuestionAgreement.Result res = POINTS.compute("MULTIPLE_CHOICE", b.build());
        assertNull(res.get("alpha_masi").value());
        assertTrue(
                res.get("alpha_masi").note().startsWith("D_e = 0"),
                res.get("alpha_masi").note());
        assertNull(res.get("cohen_kappa[x] a/b").value());
        assertTrue(res.get("cohen_kappa[x] a/b").note().contains("chose 'x'"));
        Ratings.Builder<List<SpanF1.Span>> s = Ratings.builder();
        s.add("i0", "a", List.of()).add("i0", "b", List.of());
        assertTrue(POINTS.compute("SPAN", s.build())
                .get("span_f1_exact a/b")
                .note()
                .contains("neither rater marked a span"));
    }

    @Test
    void intervalsCoverThePointAndRepeatWithTheSeed() {
        SplittableRandom rng = new SplittableRandom(4907);
        Ratings.Builder<Double> b = Ratings.builder();
        for (int i = 0; i < 400; i++) {
            double truth = rng.nextDouble() * 10;
            for (int r = 0; r < 3; r++) {
                b.add("i" + i, "r" + r, truth + rng.nextDouble() * 4);
            }
        }
        Ratings<Double> ratings = b.build();
        QuestionAgreement boot = new QuestionAgreement(
                AgreementOptions.defaults().withResamples(300).withSeed(5).withThreads(2));
        QuestionAgreement.Result one = boot.compute("NUMBER", ratings);
        QuestionAgreement.Result two = new QuestionAgreement(AgreementOptions.defaults()
                        .withResamples(300)
                        .withSeed(5)
                        .withThreads(1))
                .compute("NUMBER", ratings);
        for (String name : List.of("alpha_interval", "icc_2_1")) {
            QuestionAgreement.Coefficient c = one.get(name);
            assertTrue(c.interval().lo() < c.value() && c.value() < c.interval().hi(), name + " " + c);
            assertTrue(c.interval().halfWidth() < 0.1, name + " " + c);
            assertEquals(c.interval(), two.get(name).interval(), name + ": threads must not change the interval");
        }
    }

    // ---- helpers ---------------------------------------------------------------------------------------------------

    private static <A, B> Ratings<B> map(Ratings<A> r, java.util.function.Function<A, B> f) {
        Ratings.Builder<B> b = Ratings.builder();
        r.raters().forEach(b::addRater);
        for (int i = 0; i < r.itemCount(); i++) {
            b.addItem(r.items().get(i));
            for (int j = 0; j < r.raterCount(); j++) {
                A v = r.get(i, j);
                if (v != null) {
                    b.add(r.items().get(i), r.raters().get(j), f.apply(v));
                }
            }
        }
        return b.build();
    }

    private static List<SpanF1.Span> spans(JsonNode list) {
        List<SpanF1.Span> out = new ArrayList<>();
        for (JsonNode s : list) {
            out.add(new SpanF1.Span(
                    s.get(0).asText(),
                    s.get(1).asInt(),
                    s.get(2).asInt(),
                    s.get(3).asText()));
        }
        return out;
    }

    private static void check(JsonNode expected, QuestionAgreement.Coefficient c, String ctx) {
        if (expected.isNull()) {
            assertNull(c.value(), ctx);
            assertNotNull(c.note(), ctx);
        } else {
            assertEquals(expected.asDouble(), c.value(), 1e-12, ctx);
        }
    }

    private static double dkAlpha(CodingAnnotationStudy study, IDistanceFunction f) {
        if (study.getItemCount() == 0) {
            return Double.NaN;
        }
        return dk(() -> {
            KrippendorffAlphaAgreement a = new KrippendorffAlphaAgreement(study, f);
            return a.calculateExpectedDisagreement() == 0 ? Double.NaN : a.calculateAgreement();
        });
    }

    private static double dk(java.util.function.DoubleSupplier f) {
        try {
            return f.getAsDouble();
        } catch (org.dkpro.statistics.agreement.InsufficientDataException e) {
            return Double.NaN;
        }
    }

    /** 1 when compared; ours null with a note where DKPro is undefined. */
    private static int same(double theirs, QuestionAgreement.Coefficient ours, String ctx) {
        if (Double.isNaN(theirs) || Double.isInfinite(theirs)) {
            assertNull(ours.value(), ctx + " " + ours.name() + ": DKPro undefined, ours " + ours.value());
            assertNotNull(ours.note(), ctx + " " + ours.name());
            return 0;
        }
        assertNotNull(ours.value(), ctx + " " + ours.name() + ": DKPro " + theirs + ", ours: " + ours.note());
        assertEquals(theirs, ours.value(), 1e-9, ctx + " " + ours.name());
        return 1;
    }
}
