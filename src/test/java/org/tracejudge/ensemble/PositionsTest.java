package org.tracejudge.ensemble;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Positions} answers as a HashMap of first positions does, for present, repeated and absent ids. */
class PositionsTest {
    @Test
    void findsEachIdsFirstPositionAndNothingElse() {
        SplittableRandom rng = new SplittableRandom(5);
        List<String> ids = new ArrayList<>();
        Map<String, Integer> oracle = new HashMap<>();
        for (int i = 0; i < 20_000; i++) {
            // few distinct short ids: many repeats and many equal hash slots
            String id = rng.nextInt(4) == 0
                    ? "t" + rng.nextInt(3000)
                    : java.util.UUID.randomUUID().toString();
            ids.add(id);
            oracle.putIfAbsent(id, i);
        }
        Positions p = new Positions(ids);
        for (Map.Entry<String, Integer> e : oracle.entrySet()) {
            assertEquals(e.getValue(), p.of(e.getKey()), e.getKey());
        }
        for (int i = 0; i < 1000; i++) {
            assertEquals(-1, p.of("absent-" + i));
        }
        // "Aa" and "BB" have the same hashCode
        Positions clash = new Positions(List.of("Aa", "BB", "AaAa", "BBBB", "AaBB"));
        assertEquals(1, clash.of("BB"));
        assertEquals(4, clash.of("AaBB"));
        assertEquals(-1, clash.of("BBAa"));
        assertEquals(-1, new Positions(List.of()).of("x"));
    }
}
