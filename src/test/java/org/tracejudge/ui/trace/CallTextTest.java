package org.tracejudge.ui.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The expected and executed calls read as {@code name(key: value, …)}, so a narrow box wraps between arguments. */
class CallTextTest {
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void objectArgumentsReadAsKeyValuePairsSeparatedBySpaces() throws Exception {
        assertEquals(
                "utility_id: \"BRW\", plan_code: \"EV-NIGHT\"",
                CallsView.readable(json.readTree("{\"utility_id\":\"BRW\",\"plan_code\":\"EV-NIGHT\"}")));
        assertEquals(
                "n: 3, deep: {\"a\":[1,2]}, none: null",
                CallsView.readable(json.readTree("{\"n\":3,\"deep\":{\"a\":[1,2]},\"none\":null}")));
    }

    @Test
    void otherArgumentsStayJsonAndNothingIsEmpty() throws Exception {
        assertEquals("[1,\"x\"]", CallsView.readable(json.readTree("[1,\"x\"]")));
        assertEquals("", CallsView.readable(null));
        assertEquals("", CallsView.readable(json.readTree("null")));
        assertEquals("", CallsView.readable(json.readTree("{}")));
    }
}
