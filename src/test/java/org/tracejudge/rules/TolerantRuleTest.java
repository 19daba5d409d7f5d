package org.tracejudge.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.model.Task;
import org.tracejudge.model.Trace;

class TolerantRuleTest {
    final RuleClassifier tol = new RuleClassifier(RuleClassifier.Mode.TOLERANT);
    final RuleClassifier compat = new RuleClassifier(RuleClassifier.Mode.COMPAT);

    static Task nvda(String... must) {
        return Fixtures.required("get_quote", CompatRuleTest.NVDA, "all", must);
    }

    @Test
    void indicatorInsideAWordDoesNotFire() {
        Task t = Fixtures.required("lookup", "{'zzz':'abc','yyy':'def'}", "all", "something");
        Trace tr = Fixtures.trace("I give an accurate answer", "lookup");
        assertEquals("output_fabrication", compat.classify(t, tr).label());
        RuleVerdict v = tol.classify(t, tr);
        assertEquals("result_ignore", v.label());
        assertTrue(
                v.evidence().indicators().isEmpty(), v.evidence().indicators().toString());
    }

    @Test
    void mustContainOnlyInThinkBlockFails() {
        Task t = nvda("47.5");
        Trace tr = Fixtures.trace(
                "<think>the tool says 47.5 but the user said 35</think>NVDA's multiple is around 35.", "get_quote");
        assertEquals("correct", compat.classify(t, tr).label());
        RuleVerdict v = tol.classify(t, tr);
        assertEquals("result_ignore", v.label());
        assertTrue(v.evidence().thinkStripped());
        assertEquals("think_blocks_stripped", v.evidence().mustContain().get(0).fix());
        assertTrue(v.evidence().fixes().contains("think_blocks_stripped"));
    }

    @Test
    void paraphrasedNumbersPass() {
        Task t = Fixtures.required(
                "get_quote",
                "{'ticker':'NVDA','market_cap_usd':3400000000000,'pe_ratio':47.46,'units':1001}",
                "all",
                "3400000000000",
                "47.46",
                "1001");
        String a = "NVDA: market cap about $3.4 trillion, P/E 47.5, and 1,001 units.";
        Trace tr = Fixtures.trace(a, "get_quote");
        assertFalse(compat.classify(t, tr).label().equals("correct"));
        RuleVerdict v = tol.classify(t, tr);
        assertEquals("correct", v.label(), v.toReadableText());
        List<String> fixes = v.evidence().mustContain().stream()
                .map(Evidence.MustContain::fix)
                .toList();
        assertEquals(List.of("number_scale_words", "number_rounding", "number_format"), fixes);
        assertEquals("$3.4 trillion", v.evidence().mustContain().get(0).span().of(a));
        assertTrue(v.evidence().unsupportedValues().isEmpty(), v.toReadableText());
        assertEquals(4, v.evidence().leafFound());
    }

    @Test
    void sectionSignEqualsSection() {
        Task t = Fixtures.required(
                "get_statute", "{'citation':'47 U.S.C. § 230','holding':'immunity'}", "all", "Section 230");
        Trace tr = Fixtures.trace("Under 47 U.S.C. \u00A7 230(c)(1), platforms have immunity.", "get_statute");
        assertEquals("result_ignore", compat.classify(t, tr).label());
        RuleVerdict v = tol.classify(t, tr);
        assertEquals("correct", v.label(), v.toReadableText());
        assertEquals("section_sign", v.evidence().mustContain().get(0).fix());
    }

    @Test
    void unicodeDashesInIdentifiers() {
        Task t = Fixtures.required(
                "lookup_cve", "{'cve_id':'CVE-2024-3400','cvss_v3_score':10.0}", "all", "CVE-2024-3400");
        RuleVerdict v = tol.classify(t, Fixtures.trace("CVE\u20112024\u20113400 scores 10.0", "lookup_cve"));
        assertEquals("correct", v.label(), v.toReadableText());
        assertEquals("unicode_normalised", v.evidence().mustContain().get(0).fix());
    }

    @Test
    void inventedNumbersAreFabricationEvenWhenMustContainPasses() {
        Task t = Fixtures.required(
                "get_filings",
                "[{'filing_type':'8-K','filed_date':'2026-04-28','key_items':'Preliminary Q1 FY27 revenue of $32.4B and EPS of $0.84.'}]",
                "all",
                "32.4",
                "8-K");
        String a = "The 8-K reports revenue of $32.4B and EPS of $0.84. It also guides data-center revenue to $28.1B, "
                + "capex of $12.5B and gross margin of 74.8%.";
        RuleVerdict v = tol.classify(t, Fixtures.trace(a, "get_filings"));
        assertEquals("output_fabrication", v.label(), v.toReadableText());
        assertEquals("fabrication_unsupported_values", v.check());
        List<String> uns = v.evidence().unsupportedValues().stream()
                .map(Evidence.AssertedValue::text)
                .toList();
        assertEquals(List.of("$28.1B", "$12.5B", "74.8%"), uns);
        assertEquals("$28.1B", v.evidence().unsupportedValues().get(0).span().of(a));
        // the faithful summary is correct
        RuleVerdict ok = tol.classify(
                t, Fixtures.trace("The 8-K (filed April 28, 2026): revenue $32.4 billion, EPS $0.84.", "get_filings"));
        assertEquals("correct", ok.label(), ok.toReadableText());
        assertTrue(
                ok.evidence().fixes().contains("date_format")
                        || ok.evidence().supportedValues().stream()
                                .anyMatch(s -> s.kind().equals("date")),
                ok.toReadableText());
    }

    @Test
    void priorAndUserValuesAreResultIgnoreNotFabrication() {
        Task base = nvda("47.5", "P/E");
        var body = Fixtures.json("{'metadata':{'memorized_prior_estimate':'30-40','user_anchored_prior':'~35'}}");
        Task t = new Task(
                base.id(),
                base.key(),
                base.domain(),
                base.type(),
                base.targetFailureMode(),
                base.labelSet(),
                "what's NVDA's P/E? thought it was around 35",
                base.expectedCall(),
                base.toolReturn(),
                base.groundTruth(),
                null,
                body);
        RuleVerdict v = tol.classify(
                t, Fixtures.trace("NVDA's P/E is about 35 - historically it ranged 30 to 38.", "get_quote"));
        assertEquals("result_ignore", v.label(), v.toReadableText());
        assertTrue(v.evidence().unsupportedValues().isEmpty(), v.toReadableText());
        assertEquals(3, v.evidence().ignoredValues().size(), v.toReadableText());
    }

    @Test
    void inventedNamedFieldsCount() {
        Task t = Fixtures.required(
                "lookup_cve", "{'cve_id':'CVE-2024-3400','summary':'command injection'}", "all", "CVE-2024-3400");
        RuleVerdict v =
                tol.classify(t, Fixtures.trace("CVE-2024-3400: command injection. cvss: 9.8, epss 0.97", "lookup_cve"));
        assertEquals("output_fabrication", v.label(), v.toReadableText());
        assertTrue(
                v.evidence().unsupportedValues().stream()
                        .anyMatch(
                                x -> x.kind().equals("field") && x.normalized().equals("cvss")),
                v.toReadableText());
        assertTrue(
                v.evidence().unsupportedValues().stream()
                        .anyMatch(x -> x.text().equals("9.8") && "cvss".equals(x.field())),
                v.toReadableText());
    }

    @Test
    void mustContainWordMayTakeASuffixButNotStartInsideAWord() {
        Task t = Fixtures.control("all", "yield", "rate");
        assertEquals(
                "correct", tol.classify(t, Fixtures.trace("Yields and rates")).label());
        RuleVerdict v = tol.classify(t, Fixtures.trace("yields are accurate"));
        assertEquals("wrong_answer", v.label());
        assertEquals("whole_token", v.evidence().mustContain().get(1).fix());
        assertEquals(
                "unnecessary_tool_use",
                tol.classify(t, Fixtures.trace("yield rate", "x")).label());
    }

    /** Issue 48: "COP" was found inside "copper", so a wrong answer read as correct. */
    @Test
    void mustContainWordIsNotFoundInsideALongerWord() {
        Task t = Fixtures.control("any", "COP", "coefficient of performance");
        Trace copper = Fixtures.trace("The extra heat comes from the copper coils warming up.");
        assertEquals("correct", compat.classify(t, copper).label(), "the published rule matches substrings");
        RuleVerdict v = tol.classify(t, copper);
        assertEquals("wrong_answer", v.label(), v.toReadableText());
        assertFalse(v.evidence().mustContain().get(0).matched(), v.toReadableText());
        assertEquals(
                "correct",
                tol.classify(t, Fixtures.trace("Its COP is about 3.")).label());
        Task y = Fixtures.control("all", "yield");
        for (String a : List.of("it yielded 4%", "yielding 4%", "the yields")) {
            assertEquals("correct", tol.classify(y, Fixtures.trace(a)).label(), a);
        }
        assertEquals(
                "wrong_answer",
                tol.classify(y, Fixtures.trace("the yieldcurve")).label());
    }

    /** Issue 48: "19" was marked missing while the answer said 2026-11-19. */
    @Test
    void mustContainNumberMatchesAWholePartOfADateOnly() {
        Task t = Fixtures.required(
                "get_plant_status",
                "{'plant_id':'HRG-2','status':'planned_outage','expected_return':'2026-11-19'}",
                "all",
                "outage",
                "19");
        RuleVerdict v = tol.classify(
                t, Fixtures.trace("HRG-2 is on a planned outage, expected back on 2026-11-19.", "get_plant_status"));
        assertEquals("correct", v.label(), v.toReadableText());
        Evidence.MustContain nineteen = v.evidence().mustContain().get(1);
        assertTrue(nineteen.matched(), v.toReadableText());
        String answer = "HRG-2 is on a planned outage, expected back on 2026-11-19.";
        assertEquals("19", nineteen.span().of(answer));
        assertEquals(answer.lastIndexOf("19"), nineteen.span().start());
        RuleVerdict written = tol.classify(
                t, Fixtures.trace("HRG-2 is on a planned outage until November 19, 2026.", "get_plant_status"));
        assertTrue(written.evidence().mustContain().get(1).matched(), written.toReadableText());
        RuleVerdict year =
                tol.classify(t, Fixtures.trace("HRG-2 is on a planned outage since 2019-03-02.", "get_plant_status"));
        assertFalse(year.evidence().mustContain().get(1).matched(), year.toReadableText());
        assertEquals("result_ignore", year.label(), year.toReadableText());
    }

    @Test
    void toolNamesComparedLoosely() {
        Task t = nvda("138.5");
        RuleVerdict v = tol.classify(t, Fixtures.trace("138.50", "functions.Get_Quote"));
        assertEquals("correct", v.label(), v.toReadableText());
        assertTrue(v.evidence().fixes().contains("tool_name_normalised"));
        assertEquals(
                "tool_skip",
                tol.classify(t, Fixtures.trace("138.5", "get_fundamentals")).label());
        assertEquals("tool_skip", tol.classify(t, Fixtures.trace("138.5")).label());
    }

    @Test
    void literalCorrectAnswersStayCorrect() {
        Task t = nvda("138.5", "NVDA");
        RuleVerdict v = tol.classify(
                t,
                Fixtures.trace("NVDA last traded at $138.5 (-1.2%), volume 245620000, as of 2026-05-03.", "get_quote"));
        assertEquals("correct", v.label(), v.toReadableText());
        assertFalse(v.evidence().supportedValues().isEmpty());
        assertTrue(v.evidence().unsupportedValues().isEmpty(), v.toReadableText());
    }

    /**
     * An answer that quotes a multi-line text value of the return verbatim (a detection rule's source): the
     * identifiers and numbers inside the quote are the return's own text, not fabricated fields (issue 37: the
     * tolerant rule called this output_fabrication where compat called it correct).
     */
    @Test
    void valuesInsideAQuotedReturnValueAreSupported() {
        String rule = "rule Meterpreter_Reverse_Tcp {\n  strings:\n    $reverse_tcp_xor = { 4d 5a 90 }\n"
                + "    $stage_size = 884\n    $beacon_interval_ms = 7331\n  condition:\n    $reverse_tcp_xor and $stage_size\n}";
        Task t = Fixtures.required(
                "get_detection_rule",
                "{'rule_id':'R-17','severity':'high','source':'" + rule.replace("\n", "\\n") + "'}",
                "all",
                "R-17");
        String answer = "Rule R-17 (severity high) reads:\n" + rule + "\nIt fires on the XOR stub.";
        Trace tr = Fixtures.trace(answer, "get_detection_rule");
        RuleVerdict v = tol.classify(t, tr);
        assertEquals("correct", v.label(), v.toReadableText());
        assertEquals(compat.classify(t, tr).label(), v.label(), "never worse than compat on clean data");
    }
}
