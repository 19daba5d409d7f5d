package org.tracejudge.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * Wilson score intervals against published worked examples, and the two-proportion z-test and normal tail against
 * an independent computation (Python 3's math.erfc and a separate Python implementation of the pooled test,
 * values pasted below with the command that produced them).
 */
class ProportionsTest {
    private static final double Z = Proportions.Z95;

    /**
     * Newcombe R.G. (1998), "Two-sided confidence intervals for the single proportion: comparison of seven methods",
     * Statistics in Medicine 17:857-872: the worked examples, method 3 (Wilson score, no continuity correction),
     * for 81/263, 15/148, 0/20 and 1/29, published to four decimals.
     */
    @Test
    void wilsonMatchesNewcombe1998WorkedExamples() {
        assertWilson(81, 263, 0.2553, 0.3662, 5e-5);
        assertWilson(15, 148, 0.0624, 0.1605, 5e-5);
        assertWilson(0, 20, 0.0000, 0.1611, 5e-5);
        assertWilson(1, 29, 0.0061, 0.1718, 5e-5);
    }

    /**
     * Full precision against an independent Python implementation of Wilson (1927) eq.:
     * {@code c=(p+z*z/(2n))/(1+z*z/n); h=z/(1+z*z/n)*sqrt(p(1-p)/n+z*z/(4n*n))}, z = 1.959963984540054.
     */
    @Test
    void wilsonAtFullPrecision() {
        assertWilson(81, 263, 0.25528851987827422, 0.36620957698280004, 1e-14);
        assertWilson(15, 148, 0.062386399530736297, 0.16048724172330803, 1e-14);
        assertWilson(0, 20, 0.0, 0.16112515805281938, 1e-14);
        assertWilson(1, 29, 0.0061132142927626532, 0.17175521879320288, 1e-14);
        assertWilson(29, 30, 0.83329609008590821, 0.99409140961838738, 1e-14);
        assertWilson(452, 1000, 0.42139559401833404, 0.48297177479627929, 1e-14);
    }

    @Test
    void wilsonEdgesAndEmptyDenominator() {
        assertNull(Proportions.wilson(0, 0, Z), "no interval without a denominator");
        double[] all = Proportions.wilson(20, 20, Z);
        assertEquals(1.0, all[1]);
        assertEquals(1 - 0.16112515805281938, all[0], 1e-14, "symmetric to 0/20");
        assertThrows(IllegalArgumentException.class, () -> Proportions.wilson(3, 2, Z));
    }

    /**
     * Independent: Python 3, {@code p=(x1+x2)/(n1+n2); se=sqrt(p*(1-p)*(1/n1+1/n2)); z=(x1/n1-x2/n2)/se;
     * pval=math.erfc(abs(z)/sqrt(2))}.
     */
    @Test
    void twoProportionZTestMatchesAnIndependentComputation() {
        assertZ(452, 1000, 410, 1000, 1.896441822402998, 0.057901646050017193);
        assertZ(120, 500, 150, 520, -1.7537651803169958, 0.079470751692108918);
        assertZ(30, 40, 12, 35, 3.5437237105267059, 0.00039451844667550567);
        assertZ(5, 1000, 1, 1000, 1.6354481767648024, 0.10195513005360551);
        assertZ(800, 1000, 600, 1000, 9.7590007294853347, 1.6881029611452294e-22);
    }

    @Test
    void zTestEdges() {
        assertNull(Proportions.twoProportion(1, 0, 1, 5), "an empty denominator gives no test");
        Proportions.ZTest same = Proportions.twoProportion(0, 10, 0, 20);
        assertEquals(0.0, same.z());
        assertEquals(1.0, same.pValue());
        Proportions.ZTest t = Proportions.twoProportion(3, 10, 6, 20);
        assertEquals(0.0, t.z(), 1e-15);
        assertEquals(1.0, t.pValue(), 1e-15);
    }

    /** Python 3: math.erfc(x), relative error bound 1e-14 across both branches of our implementation. */
    @Test
    void erfcMatchesTheCLibrary() {
        double[][] cases = {
            {0.0, 1.0},
            {0.1, 0.8875370839817152},
            {0.5, 0.4795001221869535},
            {1.0, 0.15729920705028513},
            {1.5, 0.033894853524689274},
            {1.99, 0.004888586800383003},
            {2.0, 0.004677734981047265},
            {2.5, 0.0004069520174449589},
            {3.0, 2.2090496998585438e-05},
            {5.0, 1.5374597944280351e-12},
            {7.0, 4.183825607779414e-23},
            {10.0, 2.088487583762545e-45},
            {-1.0, 1.842700792949715},
        };
        for (double[] c : cases) {
            assertEquals(c[1], Proportions.erfc(c[0]), Math.abs(c[1]) * 1e-14, "erfc(" + c[0] + ")");
        }
        assertEquals(0.05, Proportions.twoSidedP(Z), 1e-15, "z_0.975 gives p = 0.05");
    }

    private static void assertWilson(int x, int n, double lo, double hi, double tol) {
        double[] w = Proportions.wilson(x, n, Z);
        assertArrayEquals(new double[] {lo, hi}, w, tol, x + "/" + n);
    }

    private static void assertZ(int x1, int n1, int x2, int n2, double z, double p) {
        Proportions.ZTest t = Proportions.twoProportion(x1, n1, x2, n2);
        assertEquals(z, t.z(), Math.abs(z) * 1e-13, "z");
        assertEquals(p, t.pValue(), p * 1e-12, "p");
        assertEquals((double) x1 / n1 - (double) x2 / n2, t.diff(), 1e-15);
    }
}
