package org.tracejudge.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PythonReprTest {
    @Test
    void floatsPrintLikePythonRepr() {
        // expected strings produced by CPython 3 repr()
        assertEquals("5.0", PythonRepr.floatRepr(5.0));
        assertEquals("0.1", PythonRepr.floatRepr(0.1));
        assertEquals("1e-05", PythonRepr.floatRepr(1e-05));
        assertEquals("0.0001", PythonRepr.floatRepr(0.0001));
        assertEquals("1e+16", PythonRepr.floatRepr(1e16));
        assertEquals("1000000000000000.0", PythonRepr.floatRepr(1e15));
        assertEquals("1.2345678901234568e+17", PythonRepr.floatRepr(123456789012345678.0));
        assertEquals("1.5e-07", PythonRepr.floatRepr(1.5e-7));
        assertEquals("-2.5", PythonRepr.floatRepr(-2.5));
        assertEquals("138.5", PythonRepr.floatRepr(138.5));
        assertEquals("3400000000000.0", PythonRepr.floatRepr(3400000000000.0));
        assertEquals("1e+22", PythonRepr.floatRepr(1e22));
        assertEquals("2.675", PythonRepr.floatRepr(2.675));
        assertEquals("0.3333333333333333", PythonRepr.floatRepr(1.0 / 3));
        assertEquals("0.30000000000000004", PythonRepr.floatRepr(0.1 * 3));
        assertEquals("-0.0", PythonRepr.floatRepr(-0.0));
        assertEquals("0.0", PythonRepr.floatRepr(0.0));
        assertEquals("100.0", PythonRepr.floatRepr(100.0));
        assertEquals("1e+300", PythonRepr.floatRepr(1e300));
        assertEquals("5e-324", PythonRepr.floatRepr(Double.MIN_VALUE));
        assertEquals("nan", PythonRepr.floatRepr(Double.NaN));
        assertEquals("-inf", PythonRepr.floatRepr(Double.NEGATIVE_INFINITY));
    }

    @Test
    void scalarsPrintLikePythonStr() {
        var n = Fixtures.json("{'t':true,'f':false,'n':null,'i':3400000000000,'big':123456789012345678901234567890,"
                + "'x':47.5,'one':1.0,'e':1e5,'s':'NVDA','neg':-1.2}");
        assertEquals("True", PythonRepr.str(n.get("t")));
        assertEquals("False", PythonRepr.str(n.get("f")));
        assertEquals("None", PythonRepr.str(n.get("n")));
        assertEquals("3400000000000", PythonRepr.str(n.get("i")));
        assertEquals("123456789012345678901234567890", PythonRepr.str(n.get("big")));
        assertEquals("47.5", PythonRepr.str(n.get("x")));
        assertEquals("1.0", PythonRepr.str(n.get("one")));
        assertEquals("100000.0", PythonRepr.str(n.get("e")));
        assertEquals("NVDA", PythonRepr.str(n.get("s")));
        assertEquals("-1.2", PythonRepr.str(n.get("neg")));
    }

    @Test
    void bigDecimalNodesAreFloatsToo() {
        var node = com.fasterxml.jackson.databind.node.DecimalNode.valueOf(new java.math.BigDecimal("138.50"));
        assertEquals("138.5", PythonRepr.str(node));
    }
}
