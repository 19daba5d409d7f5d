package org.tracejudge.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LeafValuesTest {
    @Test
    void recursesThroughObjectsAndArraysIncludingNestedArrays() {
        LeafValues lv =
                LeafValues.of(Fixtures.json("[{'a':1,'b':[2.5,[null,true]],'c':{}},'x',[],{'d/e':{'f~':'g'}}]"));
        List<String> ptrs = lv.leaves().stream().map(LeafValues.Leaf::pointer).toList();
        List<String> strs = lv.leaves().stream().map(LeafValues.Leaf::pythonStr).toList();
        assertEquals(List.of("/0/a", "/0/b/0", "/0/b/1/0", "/0/b/1/1", "/1", "/3/d~1e/f~0"), ptrs);
        assertEquals(List.of("1", "2.5", "None", "True", "x", "g"), strs);
    }

    @Test
    void returnSpansPointIntoPrettyText() {
        LeafValues lv = LeafValues.of(Fixtures.json("{'ticker':'NVDA','pe_ratio':47.5,'ok':false,'q':'say \\'hi\\''}"));
        String pretty = lv.prettyText();
        assertTrue(pretty.startsWith("{\n  \"ticker\": \"NVDA\",\n"), pretty);
        assertEquals("NVDA", lv.leaves().get(0).returnSpan().of(pretty));
        assertEquals("47.5", lv.leaves().get(1).returnSpan().of(pretty));
        assertEquals("false", lv.leaves().get(2).returnSpan().of(pretty));
    }

    @Test
    void scalarAndEmptyReturns() {
        assertEquals(1, LeafValues.of(Fixtures.json("42")).count());
        assertEquals(0, LeafValues.of(Fixtures.json("{}")).count());
        assertEquals(0, LeafValues.of(Fixtures.json("[]")).count());
        assertEquals(0, LeafValues.of(null).count());
    }
}
