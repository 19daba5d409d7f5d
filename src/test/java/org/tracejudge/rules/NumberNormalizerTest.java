package org.tracejudge.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class NumberNormalizerTest {
    static NumberNormalizer.Num one(String s) {
        List<NumberNormalizer.Num> ns =
                NumberNormalizer.scan(TextNormalizer.normalize(s).text(), null);
        assertEquals(1, ns.size(), s + " -> " + ns);
        return ns.get(0);
    }

    static String m(String ref, String ans) {
        return NumberNormalizer.match(one(ref), one(ans), false);
    }

    @Test
    void equalNumbersInDifferentClothes() {
        assertEquals("number_format", m("1001", "1,001"));
        assertEquals("number_format", m("1001", "1001.00"));
        assertEquals("number_format", m("$247.83", "247.83 USD"));
        assertEquals("number_scale_words", m("3400000000000", "3.4 trillion"));
        assertEquals("number_scale_words", m("3400000000000", "$3.4T"));
        assertEquals("percent_word", m("4.5%", "4.5 percent"));
        assertEquals("literal", m("47.5", "47.5"));
        assertEquals("number_format", m("-1.2", "1.2%"));
    }

    @Test
    void roundingOnlyTowardsTheCoarserAnswer() {
        assertEquals("number_rounding", m("47.46", "47.5"));
        assertEquals("number_rounding", m("3,412,000,000,000", "3.41 trillion"));
        assertNull(m("47.5", "47.46"));
        assertNull(m("47.5", "46")); // does not round
        assertEquals("number_rounding", m("4.85", "4.9"));
        assertNull(m("0.04", "0.0")); // rounding to zero states nothing
        assertNull(m("1.234", "1")); // one significant digit is too coarse
        List<NumberNormalizer.Num> range = NumberNormalizer.scan("about 5.0-5.4 or 30 to 40", null);
        assertEquals(4, range.size());
        assertTrue(range.stream().allMatch(NumberNormalizer.Num::rangeEnd), range.toString());
        assertNull(NumberNormalizer.match(one("5.42"), range.get(1), true)); // a range end is no rounding
        assertNull(m("47.5", "35"));
        assertEquals("number_rounding", NumberNormalizer.match(one("47.5"), one("47.46"), true));
    }

    @Test
    void gluedNumbersAreNotMentions() {
        String t = TextNormalizer.normalize("Q1 FY27 8-K 10b-5 v1.2.3 at 20:00 on 10.0.0.1 T1059")
                .text();
        assertTrue(
                NumberNormalizer.scan(t, null).isEmpty(),
                NumberNormalizer.scan(t, null).toString());
    }

    @Test
    void wholeStringMentions() {
        assertNotNull(NumberNormalizer.whole("$32.4b"));
        assertEquals(32.4e9, NumberNormalizer.whole("$32.4b").scaled(), 1);
        assertNull(NumberNormalizer.whole("8-k"));
        assertNull(NumberNormalizer.whole("p/e 47.5"));
    }

    @Test
    void textNormalizerFoldsSectionsDashesAndSpaces() {
        assertEquals("section 230", TextNormalizer.normalize("§ 230").text());
        assertEquals("section 230", TextNormalizer.normalize("§230").text());
        assertEquals("section 230", TextNormalizer.normalize("Sec. 230").text());
        assertEquals("section 230", TextNormalizer.normalize("SECTION\u00A0230").text());
        assertEquals(
                "a-b 'q' \"r\" x",
                TextNormalizer.normalize("A\u2014b \u2018q\u2019 \u201Cr\u201D\u200B   x")
                        .text());
        TextNormalizer.Normalized n =
                TextNormalizer.normalize("x <think>y</think>  Z", ThinkBlocks.find("x <think>y</think>  Z"));
        assertEquals("x z", n.text());
        assertEquals(new Span(20, 21), n.rawSpan(2, 3));
    }
}
