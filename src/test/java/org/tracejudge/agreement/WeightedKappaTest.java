package org.tracejudge.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Weighted kappa against sklearn's cohen_kappa_score and a textbook agreement-weight implementation. */
class WeightedKappaTest {
    /** {scores a, scores b, sklearn linear, sklearn quadratic} (sklearn 1.2, Debian python3-sklearn). */
    private static final String[][] SKLEARN = {
        {
            "0021003303011111231202223003301112223",
            "1021003303011113231202323023301132000",
            "0.6815834767641997",
            "0.6771742189698846"
        },
        {
            "2221203230110233333030002213222",
            "2021103332130231231112222202322",
            "0.2922374429223745",
            "0.3519688867282451"
        },
        {
            "1210011212121022221010110011020122112010020212112",
            "0220011212121022220010110011020122122012020212112",
            "0.8576960309777347",
            "0.8696808510638298"
        },
        {"2111120011110112011212020", "1110110011011110112210022", "0.2663656884875846", "0.17391304347826086"},
        {"22100211212000010220001020011", "21210211110121200101021020220", "0.11420982735723773", "0.10256410256410253"
        },
        {
            "221131001300133232210130300302320121032231",
            "122212033033011223100322313210203111022210",
            "-0.027700831024930705",
            "-0.05940594059405946"
        },
        {
            "010220002001200221222012202000101020000121012011101120010100",
            "010220102001200220022012212001101220010121012211101120120100",
            "0.7589616810877626",
            "0.7710843373493976"
        },
        {"1001101010100100110100011", "1000101000100100010100010", "0.6753246753246753", "0.6753246753246753"},
        {
            "2120111122022102102012002000102011012220210002",
            "0020222122122122102222002122121010002210011002",
            "0.39595959595959596",
            "0.4143857415658817"
        },
        {"2201201202012122101102001020", "2201120102002020101200112221", "0.30000000000000004", "0.35"},
        {"010100021101010002100121201222", "010100022101010002100121201222", "0.9615384615384616", "0.9743589743589743"
        },
        {
            "11011101001011011011101001001110111101011011011010001110100110011011010100001001",
            "11000110000101000011001000110110010100010001001010010111010111101010100111111001",
            "0.13043478260869568",
            "0.13043478260869568"
        },
        {"11100110000111", "11100110001111", "0.851063829787234", "0.851063829787234"},
        {"11010010111100011", "00011101101100111", "0.02857142857142847", "0.02857142857142847"},
        {"210102", "210201", "0.625", "0.75"},
        {"112132101330301121", "002200301330132110", "0.19801980198019797", "0.18999999999999995"},
        {
            "11001111101100011011000101000010101101110101111000010010010",
            "00100010001100100111110111001010111101101111001100101101111",
            "-0.019585253456221308",
            "-0.019585253456221308"
        },
        {
            "31310110010202002022101320020222121210",
            "10130302200123002213331020230210021113",
            "0.06884480746791133",
            "0.052887537993920875"
        },
        {
            "203020123231021122002323133021101",
            "203020123231121122002323103021101",
            "0.8976744186046511",
            "0.8656351791530945"
        },
        {
            "131100010122322022101230211320221303031230200311203312302001111333",
            "332031003031322022131231220320121300031230300333203332303301131123",
            "0.5240942666197679",
            "0.5352112676056338"
        },
        {
            "1201120212210220010101201201221010122010012111200210112222012000",
            "1201011202001111111000121212202202202212011111200220010221012100",
            "0.24663677130044848",
            "0.2682926829268293"
        },
        {
            "2202220211010102101222020201002011102122200101112220000010111",
            "2202220221010122101022020101002111102122200121110020100111121",
            "0.6862329803328291",
            "0.6669362992922143"
        },
        {
            "01011010101111111000110100101010010",
            "01011010101111110000110100101010011",
            "0.8848684210526315",
            "0.8848684210526315"
        },
        {
            "03303121122323021132230133210321112102231121132021302312011321222220",
            "21002120112333011322232100230322113310102303211031332312331110322220",
            "0.21676737160120851",
            "0.1451349141455437"
        },
        {
            "011012100212210010100022212020212110002022120010102111",
            "011002222202211000000022210020012210102022122212101110",
            "0.5135135135135136",
            "0.5"
        },
    };

    @Test
    void matchesSklearn() {
        for (String[] g : SKLEARN) {
            LabelTable t = table(g[0], g[1]);
            assertEquals(
                    Double.parseDouble(g[2]),
                    WeightedKappa.compute(t, "a", "b", WeightedKappa.Weighting.LINEAR)
                            .kappa(),
                    1e-12,
                    g[0]);
            assertEquals(
                    Double.parseDouble(g[3]),
                    WeightedKappa.compute(t, "a", "b", WeightedKappa.Weighting.QUADRATIC)
                            .kappa(),
                    1e-12,
                    g[0]);
        }
    }

    /**
     * Independent formulation: agreement weights w_ij = 1 − |i−j|/(k−1) (or squared) over the full 0–3
     * scale, κ_w = (p_o(w) − p_e(w)) / (1 − p_e(w)), computed item by item.
     */
    @Test
    void matchesTextbookAgreementWeightsOnRandomScores() {
        SplittableRandom rng = new SplittableRandom(99);
        for (int t = 0; t < 500; t++) {
            int n = 1 + rng.nextInt(60);
            StringBuilder a = new StringBuilder();
            StringBuilder b = new StringBuilder();
            double agree = rng.nextDouble();
            int hi = 1 + rng.nextInt(3);
            boolean constant = rng.nextInt(15) == 0;
            for (int i = 0; i < n; i++) {
                int x = constant ? hi : rng.nextInt(hi + 1);
                int y = constant ? hi : rng.nextDouble() < agree ? x : rng.nextInt(hi + 1);
                a.append(x);
                b.append(y);
            }
            LabelTable tab = table(a.toString(), b.toString());
            for (WeightedKappa.Weighting w : WeightedKappa.Weighting.values()) {
                double ref = textbook(a.toString(), b.toString(), w == WeightedKappa.Weighting.QUADRATIC);
                WeightedKappaResult r = WeightedKappa.compute(tab, "a", "b", w);
                if (Double.isNaN(ref)) {
                    assertNull(r.kappa());
                    assertNotNull(r.note());
                } else {
                    assertEquals(ref, r.kappa(), 1e-9, a + " / " + b + " " + w);
                }
            }
        }
    }

    private static double textbook(String a, String b, boolean quadratic) {
        int k = 4;
        int n = a.length();
        double[] pa = new double[k];
        double[] pb = new double[k];
        double po = 0;
        for (int i = 0; i < n; i++) {
            int x = a.charAt(i) - '0';
            int y = b.charAt(i) - '0';
            pa[x] += 1.0 / n;
            pb[y] += 1.0 / n;
            po += weight(x, y, k, quadratic) / n;
        }
        double pe = 0;
        for (int x = 0; x < k; x++) {
            for (int y = 0; y < k; y++) {
                pe += pa[x] * pb[y] * weight(x, y, k, quadratic);
            }
        }
        if (Math.abs(1 - pe) < 1e-12) {
            return Double.NaN;
        }
        return (po - pe) / (1 - pe);
    }

    private static double weight(int x, int y, int k, boolean quadratic) {
        double d = Math.abs(x - y) / (double) (k - 1);
        return 1 - (quadratic ? d * d : d);
    }

    static LabelTable table(String a, String b) {
        LabelTable.Builder t = LabelTable.builder();
        for (int i = 0; i < a.length(); i++) {
            t.add("i" + i, "a", a.substring(i, i + 1)).add("i" + i, "b", b.substring(i, i + 1));
        }
        return t.build();
    }
}
