package org.tracejudge.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ThinkBlocksTest {
    @Test
    void findsClosedUnclosedAndHeadlessBlocks() {
        assertEquals(List.of(new Span(0, 18)), ThinkBlocks.find("<think>abc</think>x answer"));
        assertEquals(List.of(new Span(2, 20)), ThinkBlocks.find("a <THINK>abc</Think> b"));
        assertEquals(List.of(new Span(7, 21)), ThinkBlocks.find("answer <think>cut off"));
        assertEquals(List.of(new Span(0, 17)), ThinkBlocks.find("reasoning</think> answer"));
        assertEquals(
                List.of(new Span(0, 24), new Span(27, 45)),
                ThinkBlocks.find("<thinking>one</thinking>  x<think>two</think>"));
        assertEquals(List.of(), ThinkBlocks.find("I think so"));
    }

    @Test
    void blankKeepsOffsets() {
        String a = "<think>47.5</think> it is 35";
        String b = ThinkBlocks.blank(a, ThinkBlocks.find(a));
        assertEquals(a.length(), b.length());
        assertEquals(a.indexOf("35"), b.indexOf("35"));
        assertEquals(-1, b.indexOf("47.5"));
    }
}
