package org.tracejudge.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabelCsvTest {
    @TempDir
    Path dir;

    private Path write(String content) throws IOException {
        Path p = dir.resolve("labels.csv");
        Files.writeString(p, content);
        return p;
    }

    @Test
    void readsQuotedFieldsCrLfAndMissingCells() throws IOException {
        Path p = write("item,rater,label\r\n"
                + "t1,rule,correct\r\n"
                + "\"t1\",\"judge, gpt\",\"wrong \"\"tool\"\"\"\r\n"
                + "t2,rule,\"multi\nline\"\r\n"
                + "\r\n"
                + "t3,judge, gpt ,correct\n");
        assertThrows(LabelCsvException.class, () -> LabelCsv.read(p)); // 't3' row: 4 fields
        Path ok = write("item,rater,label\r\n"
                + "t1,rule,correct\r\n"
                + "\"t1\",\"judge, gpt\",\"wrong \"\"tool\"\"\"\r\n"
                + "t2,rule,\"multi\nline\"\r\n"
                + "\r\n"
                + "t3,\"judge, gpt\",correct");
        LabelTable t = LabelCsv.read(ok);
        assertEquals(List.of("t1", "t2", "t3"), t.items());
        assertEquals(List.of("rule", "judge, gpt"), t.raters());
        assertEquals("wrong \"tool\"", t.label(0, 1));
        assertEquals("multi\nline", t.label(1, 0));
        assertNull(t.label(1, 1));
        assertEquals("correct", t.label(2, 1));
    }

    @Test
    void extraColumnsAreStrata() throws IOException {
        Path p = write("item,rater,label,domain,model\n"
                + "t1,rule,ok,retail,m1\n"
                + "t1,judge,ok,,m1\n"
                + "t2,rule,bad,airline,m2\n");
        LabelTable t = LabelCsv.read(p);
        assertEquals(Map.of("domain", "retail", "model", "m1"), t.strata(0));
        assertEquals(List.of("airline", "retail"), t.strataValues("domain"));
    }

    @Test
    void errorsNameFileLineAndExpectation() throws IOException {
        LabelCsvException e = assertThrows(LabelCsvException.class, () -> LabelCsv.read(write("item,rater\nt1,a\n")));
        assertEquals(1, e.line());
        assertTrue(
                e.getMessage().contains("labels.csv:1:") && e.getMessage().contains("item,rater,label"),
                e.getMessage());

        e = assertThrows(LabelCsvException.class, () -> LabelCsv.read(write("item,rater,label\nt1,a,x\nt2,a\n")));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("expected 3 fields"), e.getMessage());

        e = assertThrows(
                LabelCsvException.class,
                () -> LabelCsv.read(write("item,rater,label\nt1,a,x\nt2,a,\"open\n\nt3,a,y\n")));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("closing double quote"), e.getMessage());

        e = assertThrows(
                LabelCsvException.class, () -> LabelCsv.read(write("item,rater,label\nt1,a,x\nt2,a,\nt3,a,y\n")));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("expected a label"), e.getMessage());

        assertThrows(LabelCsvException.class, () -> LabelCsv.read(write("")));
        e = assertThrows(LabelCsvException.class, () -> LabelCsv.read(write("item,rater,label\nt1,a,\"x\"y\n")));
        assertTrue(e.getMessage().contains("after a closing quote"), e.getMessage());
    }

    @Test
    void duplicateNamesBothLines() throws IOException {
        LabelCsvException e = assertThrows(
                LabelCsvException.class,
                () -> LabelCsv.read(write("item,rater,label\nt1,a,x\nt2,a,y\n\"multi\nline\",a,z\nt1,a,y\n")));
        assertEquals(6, e.line());
        assertTrue(e.getMessage().contains("lines 2 and 6"), e.getMessage());
        assertTrue(e.getMessage().contains("'t1'") && e.getMessage().contains("'a'"), e.getMessage());
    }

    @Test
    void contradictoryStrataAreAnError() throws IOException {
        LabelCsvException e = assertThrows(
                LabelCsvException.class,
                () -> LabelCsv.read(write("item,rater,label,domain\nt1,a,x,retail\nt1,b,x,airline\n")));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
    }
}
