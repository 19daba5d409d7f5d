package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RowValuesTest {
    private final RowValues.Keys keys = new RowValues.Keys(List.of("model", "rater:rule", "final"));

    @Test
    void behavesAsAnOrderedMapWithNullValues() {
        RowValues v = new RowValues(keys, new String[] {"m1", null, "correct"});
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("model", "m1");
        expected.put("rater:rule", null);
        expected.put("final", "correct");
        assertEquals(expected, v);
        assertEquals(expected.hashCode(), v.hashCode());
        assertEquals(new ArrayList<>(expected.keySet()), new ArrayList<>(v.keySet()));
        assertEquals("correct", v.get("final"));
        assertNull(v.get("rater:rule"));
        assertTrue(v.containsKey("rater:rule"));
        assertFalse(v.containsKey("human:ann"));
        assertNull(v.get("human:ann"));
        assertEquals(3, v.size());
        // a copy is an ordinary map the caller may change (as a decision does to the row it shows)
        Map<String, String> copy = new LinkedHashMap<>(v);
        copy.put("human:ann", "tool_skip");
        assertEquals(4, copy.size());
        assertThrows(UnsupportedOperationException.class, () -> v.put("final", "x"));
    }

    @Test
    void rejectsAnArrayOfTheWrongLength() {
        assertThrows(IllegalArgumentException.class, () -> new RowValues(keys, new String[2]));
    }

    @Test
    void repeatedValuesShareOneString() {
        String a = new String("tool_skip".toCharArray());
        String b = new String("tool_skip".toCharArray());
        assertSame(keys.share(a), keys.share(b));
        assertNull(keys.share(null));
    }
}
