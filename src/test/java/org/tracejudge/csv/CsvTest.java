package org.tracejudge.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvTest {
    @Test
    void cellsThatStartAFormulaGetAQuoteNumbersAndTextDoNot() {
        assertEquals("'=1+1", Csv.cell("=1+1"));
        assertEquals("'+cmd|' /C calc'!A0", Csv.cell("+cmd|' /C calc'!A0"));
        assertEquals("'-2+3", Csv.cell("-2+3"));
        assertEquals("'@SUM(A1)", Csv.cell("@SUM(A1)"));
        assertEquals("'\t=1", Csv.cell("\t=1"));
        assertEquals("\"'\r=1\"", Csv.cell("\r=1"), "a carriage return is quoted as well");
        assertEquals("'-", Csv.cell("-"));
        for (String number : List.of("-7", "+1.5", "-0.25e-3", "-.5", "12")) {
            assertEquals(number, Csv.cell(number), "a plain number stays as it is");
        }
        assertEquals("tool_skip", Csv.cell("tool_skip"));
        assertEquals("a=b", Csv.cell("a=b"), "only the first character counts");
        assertEquals("", Csv.cell(null));
    }

    @Test
    void quotingFollowsRfc4180AfterTheQuoteIsAdded() {
        assertEquals("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"", Csv.cell("=HYPERLINK(\"http://x\",\"y\")"));
        assertEquals("\"a,b\"", Csv.cell("a,b"));
        assertEquals("\"two\nlines\"", Csv.cell("two\nlines"));
        assertEquals("x,'=1,,\"'-a,b\"", Csv.line(Arrays.asList("x", "=1", null, "-a,b")));
    }
}
