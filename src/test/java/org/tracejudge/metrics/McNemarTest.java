package org.tracejudge.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** McNemar's test against values computed independently (Python 3: math.comb and math.erfc). */
class McNemarTest {
    @Test
    void exactBinomialBelowTwentyFiveDiscordantPairs() {
        // 2 * sum(comb(24, i) for i in range(8)) / 2**24
        McNemar.Result r = McNemar.test(17, 7);
        assertEquals("exact binomial", r.method());
        assertNull(r.statistic());
        assertEquals(0.06391465663909912, r.pValue(), 1e-15);
        // symmetric and capped at 1: b = c = 5 -> 2 * P(X <= 5 | 10) > 1
        assertEquals(1.0, McNemar.test(5, 5).pValue(), 0);
        assertEquals(McNemar.test(7, 17).pValue(), r.pValue(), 0);
    }

    @Test
    void chiSquareWithContinuityCorrectionFromTwentyFive() {
        // (|30 - 10| - 1)^2 / 40 = 9.025; p = erfc(sqrt(9.025 / 2))
        McNemar.Result r = McNemar.test(30, 10);
        assertEquals("chi-square (continuity-corrected)", r.method());
        assertEquals(9.025, r.statistic(), 1e-12);
        assertEquals(0.002663119259138554, r.pValue(), 1e-13);
    }

    @Test
    void noDiscordantPairsIsNoEvidence() {
        assertEquals(1.0, McNemar.test(0, 0).pValue(), 0);
        assertThrows(IllegalArgumentException.class, () -> McNemar.test(-1, 2));
    }
}
