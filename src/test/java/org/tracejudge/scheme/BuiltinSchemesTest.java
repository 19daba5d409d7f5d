package org.tracejudge.scheme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tracejudge.calls.CallLabels;
import org.tracejudge.model.LabelSet;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.TaskType;

/** The fixed label sets as built-in schemes: same labels, same order, same definitions, one question each. */
class BuiltinSchemesTest {
    static List<LabelSet> everySet() {
        List<LabelSet> sets = new ArrayList<>(LabelSets.BUILT_IN);
        sets.add(LabelSets.forType(TaskType.CALL_LEVEL));
        return sets;
    }

    @Test
    void eachLabelSetIsOneQuestionWithItsLabelsAndDefinitions() {
        for (LabelSet set : everySet()) {
            Question q = BuiltinSchemes.forLabelSet(set.name()).orElseThrow();
            assertEquals(set.name().replace('-', '_'), q.key());
            assertEquals(set.name(), BuiltinSchemes.labelSetName(q));
            assertEquals(set.labels(), q.values(), set.name());
            for (Option o : q.options()) {
                assertEquals(o.value(), o.label());
                assertEquals(LabelSets.definition(o.value()), o.definition());
                assertFalse(o.definition().isEmpty(), o.value());
            }
            assertTrue(q.required());
            assertFalse(q.blind());
            Scheme s = BuiltinSchemes.schemeForLabelSet(set.name()).orElseThrow();
            assertEquals(set.name(), s.name());
            assertEquals(1, s.version());
            assertEquals(List.of(q), s.questions());
        }
        assertEquals(Optional.empty(), BuiltinSchemes.forLabelSet("my-own-set"));
    }

    @Test
    void theToolFailBenchSetsAreTheBenchmarksLabels() {
        assertEquals(
                List.of("correct", "tool_skip", "result_ignore", "output_fabrication"),
                BuiltinSchemes.TOOLFAILBENCH_REQUIRED.values());
        assertEquals(
                List.of("correct", "unnecessary_tool_use", "wrong_answer"),
                BuiltinSchemes.TOOLFAILBENCH_CONTROL.values());
        assertEquals(CallLabels.all(), BuiltinSchemes.CALL_LEVEL.values());
        assertEquals(Kind.YES_NO_PER_TOOL, BuiltinSchemes.TOOL_YES_NO.kind());
        assertEquals(List.of("YES", "NO"), BuiltinSchemes.TOOL_YES_NO.values());
    }

    @Test
    void eachTaskTypeHasItsDefaultSetsQuestion() {
        for (TaskType t : TaskType.values()) {
            Question q = BuiltinSchemes.questionFor(t);
            assertEquals(LabelSets.forType(t).name(), BuiltinSchemes.labelSetName(q));
            assertEquals(LabelSets.forType(t).labels(), q.values());
            assertEquals(java.util.Set.of(t), q.appliesTo().taskTypes());
            Scheme s = BuiltinSchemes.forType(t);
            assertEquals(LabelSets.forType(t).name(), s.name());
            // in the scheme with every built-in question, a trace of this type gets its set's question, plus the
            // per-tool review on tool-selection traces
            List<String> keys = BuiltinSchemes.ALL.questionsFor(t).stream()
                    .map(Question::key)
                    .toList();
            assertEquals(
                    t == TaskType.TOOL_SELECTION ? List.of("tool_yes_no", "tool_selection") : List.of(q.key()), keys);
        }
    }

    @Test
    void everyLabelIsAValidAnswerAndNoForeignOneIs() {
        for (LabelSet set : everySet()) {
            Question q = BuiltinSchemes.forLabelSet(set.name()).orElseThrow();
            if (q.kind() == Kind.YES_NO_PER_TOOL) {
                assertEquals(
                        Optional.empty(),
                        Answer.PerTool.of(Map.of("calendar", Answer.YesNo.YES)).validate(q));
                continue;
            }
            for (String label : set.labels()) {
                assertEquals(Optional.empty(), new Answer.Choice(label).validate(q), label);
                assertEquals("\"" + label + "\"", new Answer.Choice(label).toJson());
            }
        }
        assertTrue(new Answer.Choice("unnecessary_tool_use")
                .validate(BuiltinSchemes.TOOLFAILBENCH_REQUIRED)
                .isPresent());
    }

    @Test
    void theBuiltInSchemesAreValidFiles() throws Exception {
        Scheme all = SchemeFile.parse(SchemeFile.write(BuiltinSchemes.ALL), "builtin.yaml");
        assertEquals(BuiltinSchemes.ALL, all);
        assertEquals(BuiltinSchemes.ALL_NAME, all.name());
    }
}
