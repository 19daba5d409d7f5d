package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tracejudge.judges.verdict.Verdict;
import org.tracejudge.judges.verdict.VerdictParser;
import org.tracejudge.model.LabelSets;

class VerdictParserTest {
    private static Verdict required(String text) {
        return VerdictParser.parse(text, LabelSets.TOOLFAILBENCH_REQUIRED, false);
    }

    @Test
    void findsTheFirstObjectBehindFencesProseAndThinking() {
        String text = "<think>maybe {\"failure_mode\": \"correct\"} ... no</think>\nSure! Here is my verdict:\n"
                + "```json\n{\"failure_mode\": \"Output_Fabrication\", \"confidence\": \"Low\", "
                + "\"tool_selection\": 3, \"result_faithfulness\": 0.4, \"answer_correctness\": \"2\", "
                + "\"reasoning\": \"invented {cap} value\"}\n```\nand {\"another\": 1}";
        Verdict v = required(text);
        assertEquals("output_fabrication", v.label());
        assertEquals("low", v.confidence());
        assertEquals(Map.of("tool_selection", 3, "result_faithfulness", 0, "answer_correctness", 2), v.scores());
        assertEquals("invented {cap} value", v.reasoning());
        assertEquals(text, v.raw(), "the raw reply is kept whole");
    }

    @Test
    void scoresClampAndMayBeNested() {
        Verdict v = required("{\"failure_mode\": \"correct\", \"confidence\": \"high\", "
                + "\"scores\": {\"tool_selection\": 7, \"answer_correctness\": -2}, \"reasoning\": \"ok\"}");
        assertEquals(Map.of("tool_selection", 3, "answer_correctness", 0), v.scores());
    }

    @Test
    void nullVerdictsSayWhy() {
        assertEquals(
                "no JSON object in the reply",
                required("I think it is correct.").nullReason());
        assertEquals("empty reply", required("  ").nullReason());
        assertTrue(required("{\"failure_mode\": \"unnecessary_tool_use\", \"confidence\": \"high\"}")
                .nullReason()
                .startsWith("\"unnecessary_tool_use\" is not a label of toolfailbench-required"));
        assertTrue(VerdictParser.parse(
                        "{\"failure_mode\": \"tool_skip\", \"confidence\": \"high\"}",
                        LabelSets.TOOLFAILBENCH_CONTROL,
                        false)
                .nullReason()
                .contains("toolfailbench-control"));
        assertTrue(required("{\"failure_mode\": \"correct\", \"confidence\": \"sure\"}")
                .nullReason()
                .startsWith("\"confidence\" must be high, medium or low"));
        assertTrue(required("{\"failure_mode\": \"correct\", \"confidence\": \"high\", \"tool_selection\": \"a lot\"}")
                .nullReason()
                .startsWith("score \"tool_selection\" is not a number"));
        assertEquals(
                "the reply has no \"failure_mode\"",
                required("{\"label\": \"correct\"}").nullReason());
        Verdict cut = required("{\"failure_mode\": \"correct\", \"confidence\": \"hi");
        assertEquals("no JSON object in the reply", cut.nullReason(), "a reply cut short is not guessed at");
        assertNull(cut.label());
    }

    @Test
    void evidenceRepliesMustListAndCiteEvidence() {
        String base = "\"failure_mode\": \"result_ignore\", \"confidence\": \"high\"";
        assertEquals(
                "the evidence-attribution reply lists no evidence items",
                VerdictParser.parse("{" + base + ", \"reasoning\": \"E1\"}", LabelSets.TOOLFAILBENCH_REQUIRED, true)
                        .nullReason());
        String ev = ", \"evidence\": [{\"id\": \"E1\", \"kind\": \"call\", \"text\": \"get_quote\"}, "
                + "{\"id\": \"E2\", \"kind\": \"contradicted\", \"text\": \"35 vs 47.5\"}]";
        assertTrue(VerdictParser.parse(
                        "{" + base + ev + ", \"reasoning\": \"E7 says so\"}", LabelSets.TOOLFAILBENCH_REQUIRED, true)
                .nullReason()
                .startsWith("the reasoning cites none"));
        Verdict ok = VerdictParser.parse(
                "{" + base + ev + ", \"reasoning\": \"E2 contradicts the return\"}",
                LabelSets.TOOLFAILBENCH_REQUIRED,
                true);
        assertEquals("result_ignore", ok.label());
        assertEquals(2, ok.evidence().size());
    }
}
