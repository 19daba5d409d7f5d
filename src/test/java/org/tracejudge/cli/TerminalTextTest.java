package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class TerminalTextTest {
    @Test
    void controlsAreShownAsJsonEscapesAndLineEndsAndTabsKept() {
        assertEquals("a\\u001b[8mb", TerminalText.neutralise("a\u001b[8mb"));
        assertEquals("x\\u009by\\u007fz\\u0000", TerminalText.neutralise("x\u009by\u007fz\u0000"));
        assertEquals("line\r\nnext\tcol\n", TerminalText.neutralise("line\r\nnext\tcol\n"));
        assertEquals("over\\u000dwrite", TerminalText.neutralise("over\rwrite"));
        assertEquals("end\\u000d", TerminalText.neutralise("end\r"));
        String plain = "nothing to do é 中";
        assertSame(plain, TerminalText.neutralise(plain));
    }

    @Test
    void theWriterEscapesAcrossWritesAndKeepsACrlfSplitInTwo() {
        StringWriter s = new StringWriter();
        PrintWriter w = TerminalText.wrap(new PrintWriter(s), false);
        w.print("a,b\r");
        w.print("\nc\u001b");
        w.print("]0;title\u0007\r");
        w.print("x");
        w.close();
        assertEquals("a,b\r\nc\\u001b]0;title\\u0007\\u000dx", s.toString());
    }

    @Test
    void rawIsTheStreamUnderneathAndErrorsOfItAreReported() {
        StringWriter s = new StringWriter();
        PrintWriter under = new PrintWriter(s) {
            @Override
            public boolean checkError() {
                return true;
            }
        };
        PrintWriter w = TerminalText.wrap(under, true);
        assertSame(under, TerminalText.raw(w));
        assertSame(w, TerminalText.wrap(w, true), "wrapped once");
        assertTrue(w.checkError(), "a failed write below is not hidden");
        PrintWriter plain = new PrintWriter(new StringWriter());
        assertSame(plain, TerminalText.raw(plain));
        assertFalse(plain.checkError());
    }
}
