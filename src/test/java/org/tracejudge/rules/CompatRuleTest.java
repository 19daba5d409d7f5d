package org.tracejudge.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.model.GroundTruth;
import org.tracejudge.model.Task;
import org.tracejudge.model.TaskType;
import org.tracejudge.model.Trace;

class CompatRuleTest {
    static final String NVDA = "{'ticker':'NVDA','price_usd':138.5,'change_pct':-1.2,'day_volume':245620000,"
            + "'market_cap_usd':3400000000000,'pe_ratio':47.5,'as_of':'2026-05-03T20:00:00Z'}";
    final RuleClassifier rc = new RuleClassifier(RuleClassifier.Mode.COMPAT);

    RuleVerdict run(Task t, Trace tr) {
        RuleVerdict v = rc.classify(t, tr);
        assertTrue(org.tracejudge.model.LabelSets.forType(t.type()).allows(v.label()), v.label());
        return v;
    }

    // ---------- control tasks
    @Test
    void controlAnyToolCallIsUnnecessaryEvenWithCorrectAnswer() {
        Task t = Fixtures.control("all", "dividend", "yield");
        RuleVerdict v = run(t, Fixtures.trace("Dividend yield is annual dividend / price", "get_quote"));
        assertEquals("unnecessary_tool_use", v.label());
        assertEquals("control_tool_called", v.check());
        assertEquals(List.of("get_quote"), v.evidence().calledTools());
    }

    @Test
    void controlMustContainDecides() {
        Task t = Fixtures.control("all", "dividend", "yield");
        RuleVerdict ok = run(t, Fixtures.trace("The DIVIDEND YIELD is ..."));
        assertEquals("correct", ok.label());
        assertEquals("control_must_contain_passed", ok.check());
        assertEquals(new Span(4, 12), ok.evidence().mustContain().get(0).span());
        RuleVerdict bad = run(t, Fixtures.trace("The dividend is ..."));
        assertEquals("wrong_answer", bad.label());
        assertEquals("control_must_contain_failed", bad.check());
        assertFalse(bad.evidence().mustContain().get(1).matched());
    }

    @Test
    void controlAnyMode() {
        Task t = Fixtures.control("any", "underwriter", "shares");
        assertEquals("correct", run(t, Fixtures.trace("banks sell SHARES")).label());
        assertEquals("wrong_answer", run(t, Fixtures.trace("banks sell stock")).label());
    }

    @Test
    void emptyMustContainListAllPassesAnyFails() {
        assertEquals(
                "correct",
                run(Fixtures.control("all"), Fixtures.trace("whatever")).label());
        assertEquals(
                "wrong_answer",
                run(Fixtures.control("any"), Fixtures.trace("whatever")).label());
    }

    // ---------- tool skip
    @Test
    void noCallIsSkip() {
        Task t = Fixtures.required("get_quote", NVDA, "all", "138.5", "NVDA");
        RuleVerdict v = run(t, Fixtures.trace("NVDA is at 138.5"));
        assertEquals("tool_skip", v.label());
        assertEquals("expected_tool_not_called", v.check());
    }

    @Test
    void onlyAWrongToolCalledIsSkip() {
        Task t = Fixtures.required("get_quote", NVDA, "all", "138.5", "NVDA");
        RuleVerdict v = run(t, Fixtures.trace("NVDA is at 138.5", "get_fundamentals", "search_news"));
        assertEquals("tool_skip", v.label());
        assertEquals("expected_tool_not_called_other_tool_called", v.check());
    }

    @Test
    void expectedToolAmongOthersIsNotSkip() {
        Task t = Fixtures.required("get_quote", NVDA, "all", "138.5", "NVDA");
        assertEquals(
                "correct",
                run(t, Fixtures.trace("NVDA is at 138.5", "search_news", "get_quote"))
                        .label());
    }

    @Test
    void toolNameComparisonIsExact() {
        Task t = Fixtures.required("get_quote", NVDA, "all", "138.5", "NVDA");
        assertEquals(
                "tool_skip",
                run(t, Fixtures.trace("NVDA is at 138.5", "Get_Quote")).label());
    }

    // ---------- result ignore / correct
    @Test
    void mustContainFailsIsResultIgnore() {
        Task t = Fixtures.required("get_quote", NVDA, "all", "47.5", "P/E");
        RuleVerdict v = run(t, Fixtures.trace("NVDA's P/E is about 35, as you thought.", "get_quote"));
        assertEquals("result_ignore", v.label());
        assertEquals("must_contain_failed", v.check());
        assertTrue(v.evidence().mustContain().get(1).matched());
        assertFalse(v.evidence().mustContain().get(0).matched());
    }

    @Test
    void allChecksPassed() {
        Task t = Fixtures.required("get_quote", NVDA, "all", "47.5", "P/E");
        RuleVerdict v = run(t, Fixtures.trace("NVDA's p/e is 47.5 right now.", "get_quote"));
        assertEquals("correct", v.label());
        assertEquals("all_checks_passed", v.check());
        assertEquals(2, v.evidence().leafFound());
        assertEquals(7, v.evidence().leafCount());
        assertEquals(2.0 / 7, v.evidence().leafOverlap(), 1e-12);
        Evidence.LeafHit hit = v.evidence().leafValues().get(1);
        assertEquals("/pe_ratio", hit.pointer());
        assertEquals("47.5", hit.answerSpan().of("NVDA's p/e is 47.5 right now."));
        assertEquals("47.5", hit.returnSpan().of(RuleClassifier.prettyReturn(t)));
    }

    // ---------- fabrication
    @Test
    void lowOverlapWithTwoIndicatorsIsFabricationEvenIfMustContainPasses() {
        Task t = Fixtures.required("get_quote", NVDA, "all", "P/E");
        String a = "P/E: 52.1, pe_ratio trailing, market_cap_usd 3.1T";
        RuleVerdict v = run(t, Fixtures.trace(a, "get_quote"));
        assertEquals("output_fabrication", v.label());
        assertEquals("fabrication_low_overlap_with_indicators", v.check());
        assertTrue(v.evidence().indicators().size() >= 2);
        assertTrue(v.evidence().indicators().stream().anyMatch(h -> h.name().equals("pe_ratio") && h.inReturn()));
    }

    @Test
    void oneIndicatorIsNotEnough() {
        Task t = Fixtures.required("lookup", "{'zzz':'abc','yyy':'def'}", "all", "nothing-here");
        Indicators only = new Indicators(List.of("alpha", "beta"));
        RuleClassifier c = new RuleClassifier(RuleClassifier.Mode.COMPAT, only);
        assertEquals(
                "result_ignore",
                c.classify(t, Fixtures.trace("alpha alpha alpha", "lookup")).label());
        assertEquals(
                "output_fabrication",
                c.classify(t, Fixtures.trace("alpha and beta", "lookup")).label());
    }

    @Test
    void indicatorInsideAnotherWordFiresInCompat() {
        // "iv" inside "give", "rate" inside "accurate": the published substring quirk
        Task t = Fixtures.required("lookup", "{'zzz':'abc','yyy':'def'}", "all", "something");
        RuleVerdict v = run(t, Fixtures.trace("I give an accurate answer", "lookup"));
        assertEquals("output_fabrication", v.label());
        List<String> names = v.evidence().indicators().stream()
                .map(Evidence.IndicatorHit::name)
                .toList();
        assertTrue(names.contains("iv"), names.toString());
        assertTrue(names.contains("rate"), names.toString());
        Evidence.IndicatorHit iv = v.evidence().indicators().stream()
                .filter(h -> h.name().equals("iv"))
                .findFirst()
                .orElseThrow();
        assertEquals("iv", iv.span().of("I give an accurate answer"));
    }

    static JsonNode tenLeaves() {
        return Fixtures.json(
                "{'a':'v0a','b':'v1b','c':'v2c','d':'v3d','e':'v4e','f':'v5f','g':'v6g','h':'v7h','i':'v8i','j':'v9j'}");
    }

    static String answerWith(int k, int of) {
        StringBuilder sb = new StringBuilder("rate and apr: ");
        for (int i = 0; i < k; i++) {
            sb.append('v').append(i).append((char) ('a' + i)).append(' ');
        }
        return sb.append(" ok").toString();
    }

    @Test
    void thirtyPercentBoundaryWithTenLeaves() {
        Task t = Fixtures.required("lookup", tenLeaves(), "all", "u", "ok");
        assertEquals(
                "output_fabrication",
                run(t, Fixtures.trace(answerWith(2, 10), "lookup")).label());
        RuleVerdict at30 = run(t, Fixtures.trace(answerWith(3, 10), "lookup"));
        assertEquals("correct", at30.label());
        assertEquals(0.3, at30.evidence().leafOverlap(), 1e-12);
    }

    @Test
    void twentyNineVersusThirtyPercentOfAHundredLeaves() {
        StringBuilder ret = new StringBuilder("[");
        for (int i = 0; i < 100; i++) {
            ret.append(i == 0 ? "" : ",").append("'leafvalue").append(1000 + i).append('\'');
        }
        Task t = Fixtures.required("lookup", Fixtures.json(ret.append(']').toString()), "all", "u", "ok");
        StringBuilder a29 = new StringBuilder("rate and apr ok ");
        for (int i = 0; i < 29; i++) {
            a29.append("leafvalue").append(1000 + i).append(' ');
        }
        assertEquals(
                "output_fabrication",
                run(t, Fixtures.trace(a29.toString(), "lookup")).label());
        String a30 = a29 + "leafvalue1029";
        RuleVerdict v = run(t, Fixtures.trace(a30, "lookup"));
        assertEquals("correct", v.label());
        assertEquals(30, v.evidence().leafFound());
    }

    @Test
    void floatThresholdEqualsIntegerArithmetic() {
        for (int n = 1; n <= 20000; n++) {
            for (int k : new int[] {(3 * n) / 10 - 1, (3 * n) / 10, (3 * n) / 10 + 1}) {
                if (k >= 0) {
                    assertEquals(10L * k < 3L * n, k < CompatRule.FABRICATION_THRESHOLD * n, n + "/" + k);
                }
            }
        }
    }

    @Test
    void returnThatIsAnArray() {
        Task t = Fixtures.required(
                "get_filings",
                "[{'filing_type':'8-K','filed_date':'2026-04-28','key_items':'Revenue of $32.4B'},{'filing_type':'10-Q','filed_date':'2026-03-01'}]",
                "all",
                "32.4",
                "8-K");
        RuleVerdict ok = run(t, Fixtures.trace("The 8-K (filed 2026-04-28) reports revenue of $32.4B", "get_filings"));
        assertEquals("correct", ok.label());
        assertEquals(5, ok.evidence().leafCount());
        assertEquals("/0/filed_date", ok.evidence().leafValues().get(1).pointer());
        // key_items is a field of this return but not a published indicator name: one name (filing_type) is not enough
        RuleVerdict one = run(
                t,
                Fixtures.trace(
                        "The filing_type was 8-K; the key_items show revenue 32.4 and capex of $12B", "get_filings"));
        assertEquals("correct", one.label());
        RuleVerdict fab = run(
                t,
                Fixtures.trace(
                        "The filing_type was 8-K; the filed_date items show revenue 32.4 and capex of $12B",
                        "get_filings"));
        // leaves found: "8-K" only (1 of 5 < 1.5) and the published names filing_type + filed_date
        assertEquals(1, fab.evidence().leafFound());
        assertEquals("output_fabrication", fab.label());
    }

    @Test
    void pythonStringificationOfLeaves() {
        Task t = Fixtures.required("lookup", "{'ok':true,'x':null,'v':5.0,'big':3400000000000,'tiny':0.00001}", "all");
        RuleVerdict v = run(t, Fixtures.trace("true none 5.0 3400000000000 1e-05", "lookup"));
        assertEquals(5, v.evidence().leafFound());
        RuleVerdict v2 = run(t, Fixtures.trace("True, null, 5, 3.4 trillion, 0.00001", "lookup"));
        assertEquals(1, v2.evidence().leafFound()); // only "True"; "5" is not "5.0"
    }

    @Test
    void emptyStringLeafOccursInEveryAnswer() {
        Task t = Fixtures.required("lookup", "{'a':'','b':'zz'}", "all");
        assertEquals(1, run(t, Fixtures.trace("nothing", "lookup")).evidence().leafFound());
    }

    @Test
    void emptyReturnNeverFabricates() {
        Task t = Fixtures.required("lookup", "{}", "all", "x");
        RuleVerdict v = run(t, Fixtures.trace("rate apr iv cvss x", "lookup"));
        assertEquals("correct", v.label());
        assertNull(v.evidence().leafOverlap());
    }

    @Test
    void mustContainInsideThinkBlockPassesInCompat() {
        Task t = Fixtures.required("get_quote", NVDA, "all", "47.5");
        String a = "<think>the tool says 47.5 but the user said 35</think>NVDA's multiple is around 35.";
        RuleVerdict v = run(t, Fixtures.trace(a, "get_quote"));
        assertEquals("correct", v.label());
        assertTrue(v.evidence().thinkBlockPresent());
        assertFalse(v.evidence().thinkStripped());
    }

    @Test
    void caseInsensitiveAndSpansMapThroughLengthChangingLowercase() {
        Task t = Fixtures.required("lookup", "{'name':'Straße'}", "all", "STRASSE", "straße");
        // "İ" lower-cases to two chars; the span must still point into the raw answer
        String a = "İİ Straße";
        RuleVerdict v = run(t, Fixtures.trace(a, "lookup"));
        Evidence.MustContain m = v.evidence().mustContain().get(1);
        assertTrue(m.matched());
        assertEquals("Straße", m.span().of(a));
        assertEquals("result_ignore", v.label()); // "strasse" is not in "straße" (no case folding beyond lower())
    }

    @Test
    void otherTaskTypesAreRefused() {
        Task t = new Task(
                "s", "s", "x", TaskType.TOOL_SELECTION, null, null, "", null, null, GroundTruth.NONE, null, null);
        assertThrows(IllegalArgumentException.class, () -> rc.classify(t, Fixtures.trace("x")));
    }

    @Test
    void cacheIsValidatedAgainstContent() {
        Task a = Fixtures.required("get_quote", NVDA, "all", "47.5");
        Task b = new Task(
                a.id(),
                a.key(),
                a.domain(),
                a.type(),
                a.targetFailureMode(),
                a.labelSet(),
                a.userMessage(),
                a.expectedCall(),
                a.toolReturn(),
                new GroundTruth(List.of("99.9"), "all", List.of()),
                null,
                null);
        Trace tr = Fixtures.trace("P/E 47.5", "get_quote");
        assertEquals("correct", rc.classify(a, tr).label());
        assertEquals("result_ignore", rc.classify(b, tr).label());
    }

    @Test
    void evidenceSerialisesAndReads() throws Exception {
        Task t = Fixtures.required("get_quote", NVDA, "all", "47.5", "P/E");
        RuleVerdict v = run(t, Fixtures.trace("<think>hm</think>NVDA's P/E is 47.5", "get_quote"));
        String json = Fixtures.JSON.writeValueAsString(v);
        JsonNode back = Fixtures.JSON.readTree(json);
        assertEquals("correct", back.get("label").asText());
        assertEquals(true, back.get("evidence").get("thinkBlockPresent").asBoolean());
        assertNotNull(back.get("evidence").get("mustContain").get(0).get("span").get("start"));
        RuleVerdict round = Fixtures.JSON.readValue(json, RuleVerdict.class);
        assertEquals(v, round);
        String text = v.toReadableText();
        assertTrue(text.contains("label: correct"), text);
        assertTrue(text.contains("[x] \"47.5\""), text);
        assertTrue(text.contains("/pe_ratio"), text);
    }
}
