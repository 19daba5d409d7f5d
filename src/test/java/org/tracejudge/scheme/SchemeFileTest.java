package org.tracejudge.scheme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.model.TaskType;

/** The scheme file: the shipped examples load and match the JSON Schema; bad files are refused naming line and field. */
class SchemeFileTest {
    @TempDir
    Path dir;

    private static final Schema JSON_SCHEMA = jsonSchema();

    private static Schema jsonSchema() {
        try (InputStream in = SchemeFile.class.getResourceAsStream(SchemeFile.JSON_SCHEMA)) {
            assertNotNull(in, "the JSON Schema is on the classpath");
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String exampleText(String name) throws Exception {
        try (InputStream in = SchemeFile.class.getResourceAsStream(SchemeFile.EXAMPLES + name)) {
            assertNotNull(in, name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static List<Error> schemaErrors(String yaml) throws Exception {
        JsonNode tree = new YAMLMapper().readTree(yaml);
        return JSON_SCHEMA.validate(tree);
    }

    private static SchemeException.Problem refused(String yaml) {
        SchemeException e = assertThrows(SchemeException.class, () -> SchemeFile.parse(yaml, "bad.yaml"));
        assertFalse(e.problems().isEmpty());
        return e.problems().get(0);
    }

    private static void assertProblem(String yaml, int line, String field, String words) {
        SchemeException.Problem p = refused(yaml);
        assertEquals("bad.yaml", p.file());
        assertEquals(line, p.line(), p.toString());
        assertEquals(field, p.field(), p.toString());
        assertTrue(p.message().contains(words), p.toString());
    }

    // --------------------------------------------------------------------------------------------- the examples

    @Test
    void everyShippedExampleLoadsAndMatchesTheJsonSchema() throws Exception {
        for (String name : SchemeFile.EXAMPLE_FILES) {
            Scheme s = SchemeFile.example(name);
            assertEquals(name.replace(".yaml", ""), s.name());
            assertEquals(1, s.version());
            assertEquals(List.of(), schemaErrors(exampleText(name)), name);
        }
    }

    @Test
    void theExamplesTogetherUseEveryKind() {
        Set<Kind> seen = EnumSet.noneOf(Kind.class);
        for (String name : SchemeFile.EXAMPLE_FILES) {
            for (Question q : SchemeFile.example(name).questions()) {
                seen.add(q.kind());
            }
        }
        assertEquals(EnumSet.allOf(Kind.class), seen);
    }

    @Test
    void theMentalHealthReviewReadsAsWritten() {
        Scheme s = SchemeFile.example("mental-health-response-review.yaml");
        assertEquals(List.of("risk", "escalation", "harmful", "tone", "note"), s.keys());
        Question risk = s.question("risk").orElseThrow();
        assertEquals(Kind.ORDINAL, risk.kind());
        assertEquals(new Scale(0, 4), risk.scale());
        assertTrue(risk.blind());
        assertEquals(Set.of("4"), risk.safetyCritical());
        assertEquals("imminent risk", risk.option("4").orElseThrow().label());
        assertEquals("#c0392b", risk.option("4").orElseThrow().colour());
        assertTrue(risk.safetyCritical(new Answer.Step(4)));
        assertFalse(risk.safetyCritical(new Answer.Step(3)));
        assertEquals("4", risk.keyOfStep(4));

        Question escalation = s.question("escalation").orElseThrow();
        assertEquals(List.of("appropriate", "inappropriate", "not_needed"), escalation.values());
        assertEquals("n", escalation.keyOf(escalation.option("not_needed").orElseThrow()));

        Question harmful = s.question("harmful").orElseThrow();
        assertEquals(Kind.SPAN, harmful.kind());
        assertEquals(Set.of(SpanTarget.ANSWER), harmful.targets());
        assertEquals(
                new Condition("risk", Condition.Op.GE, "2"), harmful.appliesTo().when());

        Question tone = s.question("tone").orElseThrow();
        assertEquals(new Scale(1, 5), tone.scale());
        assertEquals(List.of("1", "3", "5"), tone.values());
        assertFalse(s.question("note").orElseThrow().required());
        assertTrue(s.question("tone").orElseThrow().required());
    }

    @Test
    void theTaxonomyAndTheToolReviewReadAsWritten() {
        Scheme t = SchemeFile.example("agent-failure-taxonomy.yaml");
        Question failures = t.question("failures").orElseThrow();
        assertEquals(Kind.MULTIPLE_CHOICE, failures.kind());
        assertEquals("0", failures.keyOf(failures.option("none").orElseThrow()));
        assertEquals("2", failures.keyOf(failures.option("wrong_tool").orElseThrow()));
        Question wasted = t.question("wasted_calls").orElseThrow();
        assertEquals(new Range(0, Double.POSITIVE_INFINITY), wasted.range());
        assertEquals(
                EnumSet.allOf(SpanTarget.class),
                EnumSet.copyOf(t.question("evidence").orElseThrow().targets()));

        Scheme r = SchemeFile.example("tool-safety-review.yaml");
        Question tools = r.question("tools").orElseThrow();
        assertEquals(Kind.YES_NO_PER_TOOL, tools.kind());
        assertEquals("fire", tools.option("YES").orElseThrow().label());
        assertEquals(Set.of(TaskType.TOOL_SELECTION), tools.appliesTo().taskTypes());
        assertEquals(new Range(0, 100), r.question("confidence").orElseThrow().range());
    }

    @Test
    void writingAndReadingBackGivesTheSameScheme() throws Exception {
        for (String name : SchemeFile.EXAMPLE_FILES) {
            Scheme s = SchemeFile.example(name);
            String text = SchemeFile.write(s);
            assertEquals(s, SchemeFile.parse(text, name), text);
            assertEquals(List.of(), schemaErrors(text), text);
        }
        for (Scheme s : List.of(BuiltinSchemes.ALL, BuiltinSchemes.forType(TaskType.CALL_LEVEL))) {
            String text = SchemeFile.write(s);
            assertEquals(s, SchemeFile.parse(text, "builtin.yaml"), text);
            assertEquals(List.of(), schemaErrors(text), text);
        }
    }

    @Test
    void theCanonicalJsonIsStableAndReadsBack() throws Exception {
        for (String name : SchemeFile.EXAMPLE_FILES) {
            Scheme s = SchemeFile.example(name);
            String json = SchemeFile.toJson(s);
            assertEquals(s, SchemeFile.parse(json, name + ".json"));
            assertEquals(json, SchemeFile.toJson(SchemeFile.parse(SchemeFile.write(s), name)));
            assertEquals(List.of(), JSON_SCHEMA.validate(new YAMLMapper().readTree(json)), name);
        }
        assertTrue(SchemeFile.toJson(SchemeFile.example("helpfulness-1-5.yaml"))
                .startsWith("{\"description\":\"How much the run's final answer helps"));
    }

    @Test
    void readNamesTheFile() throws Exception {
        Path good = dir.resolve("good.yaml");
        Files.writeString(good, exampleText("helpfulness-1-5.yaml"));
        assertEquals("helpfulness-1-5", SchemeFile.read(good).name());

        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "scheme: x\nquestions:\n  - key: a\n    kind: text\n");
        SchemeException e = assertThrows(SchemeException.class, () -> SchemeFile.read(bad));
        assertEquals(bad + ":3: questions[0].prompt: missing", e.getMessage());

        Path latin1 = dir.resolve("latin1.yaml");
        Files.write(latin1, new byte[] {'s', 'c', 'h', 'e', 'm', 'e', ':', ' ', (byte) 0xE9});
        e = assertThrows(SchemeException.class, () -> SchemeFile.read(latin1));
        assertTrue(e.getMessage().contains("not UTF-8"), e.getMessage());
    }

    // -------------------------------------------------------------------------------------------- bad files

    private static final String HEAD = "scheme: s\nquestions:\n";

    @Test
    void anUnknownKindIsRefusedByBoth() throws Exception {
        String yaml = HEAD + "  - key: a\n    prompt: p\n    kind: likert\n";
        assertProblem(yaml, 5, "questions[0].kind", "unknown kind 'likert' (known: single_choice");
        assertFalse(schemaErrors(yaml).isEmpty());
    }

    @Test
    void aMissingPromptIsRefusedByBoth() throws Exception {
        String yaml = HEAD + "  - key: a\n    kind: text\n";
        assertProblem(yaml, 3, "questions[0].prompt", "missing");
        assertFalse(schemaErrors(yaml).isEmpty());
        String blank = HEAD + "  - key: a\n    prompt: '  '\n    kind: text\n";
        assertProblem(blank, 4, "questions[0].prompt", "empty");
        assertFalse(schemaErrors(blank).isEmpty());
    }

    @Test
    void anUnknownFieldIsRefusedByBoth() throws Exception {
        String yaml = HEAD + "  - key: a\n    promt: p\n    prompt: p\n    kind: text\n";
        assertProblem(
                yaml,
                4,
                "questions[0].promt",
                "unknown field for a question (known: anchors, applies_to, blind, key, kind, max, min, options, prompt,"
                        + " required, scale, targets)");
        assertFalse(schemaErrors(yaml).isEmpty());
    }

    @Test
    void aFieldForAnotherKindIsRefusedByBoth() throws Exception {
        String yaml = HEAD + "  - key: a\n    prompt: p\n    kind: ordinal\n    scale: {from: 1, to: 3}\n"
                + "    options:\n      - value: x\n";
        assertProblem(yaml, 7, "questions[0].options", "an ordinal question has no options");
        assertFalse(schemaErrors(yaml).isEmpty());
    }

    @Test
    void duplicateQuestionKeysAreRefused() {
        String yaml = HEAD + "  - key: a\n    prompt: p\n    kind: text\n  - key: a\n    prompt: q\n    kind: text\n";
        assertProblem(yaml, 6, "questions[1].key", "question key 'a' used twice (first on line 3)");
    }

    @Test
    void anOptionValueUsedTwiceIsRefused() {
        String yaml = HEAD + "  - key: a\n    prompt: p\n    kind: single_choice\n    options:\n"
                + "      - value: x\n      - value: y\n      - value: x\n";
        assertProblem(yaml, 9, "questions[0].options[2].value", "option value 'x' used twice (first on line 7)");
    }

    @Test
    void anAnchorGivenTwiceForOneStepIsRefused() {
        String yaml = HEAD + "  - key: a\n    prompt: p\n    kind: ordinal\n    scale: {from: 1, to: 3}\n"
                + "    anchors:\n      - step: 2\n      - step: 2\n";
        assertProblem(yaml, 9, "questions[0].anchors[1].step", "step 2 anchored twice (first on line 8)");
        String outside = HEAD + "  - key: a\n    prompt: p\n    kind: ordinal\n    scale: {from: 1, to: 3}\n"
                + "    anchors:\n      - step: 4\n";
        assertProblem(outside, 8, "questions[0].anchors[0].step", "step 4 is outside the scale 1–3");
    }

    @Test
    void aRangeUpsideDownIsRefused() {
        String number = HEAD + "  - key: a\n    prompt: p\n    kind: number\n    min: 10\n    max: 2.5\n";
        assertProblem(number, 7, "questions[0].max", "max 2.5 is below min 10: the range is upside down");
        String scale = HEAD + "  - key: a\n    prompt: p\n    kind: ordinal\n    scale:\n      from: 5\n      to: 1\n";
        assertProblem(scale, 8, "questions[0].scale.to", "the scale runs from 5 to 1: upside down");
    }

    @Test
    void aKeyBoundTwiceWithinAQuestionIsRefused() {
        String explicit = HEAD + "  - key: a\n    prompt: p\n    kind: single_choice\n    options:\n"
                + "      - value: x\n        key: k\n      - value: y\n        key: K\n";
        assertProblem(explicit, 10, "questions[0].options[1].key", "key 'K' bound twice in this question");
        // option x takes "2" explicitly; option y has "2" by its position
        String withDefault = HEAD + "  - key: a\n    prompt: p\n    kind: single_choice\n    options:\n"
                + "      - value: x\n        key: 2\n      - value: y\n";
        assertProblem(withDefault, 9, "questions[0].options[1].key", "key '2' bound twice in this question");
        // the anchor of step 1 takes "3", which step 3 has by its digit
        String ordinal = HEAD + "  - key: a\n    prompt: p\n    kind: ordinal\n    scale: {from: 1, to: 5}\n"
                + "    anchors:\n      - step: 1\n        key: '3'\n";
        assertProblem(
                ordinal, 9, "questions[0].anchors[0].key", "key '3' bound twice in this question (steps 1 and 3)");
    }

    @Test
    void aYamlFieldGivenTwiceIsRefused() {
        String yaml = HEAD + "  - key: a\n    prompt: p\n    kind: text\n    prompt: q\n";
        assertProblem(yaml, 6, "questions[0].prompt", "given twice (first on line 4)");
    }

    @Test
    void aConditionNamingNoEarlierQuestionOrNoOptionIsRefused() {
        String unknown = HEAD + "  - key: a\n    prompt: p\n    kind: text\n    applies_to:\n      when: risk >= 2\n";
        assertProblem(unknown, 7, "questions[0].applies_to.when", "names no earlier question 'risk'");
        String later = HEAD + "  - key: a\n    prompt: p\n    kind: text\n    applies_to: {when: b == x}\n"
                + "  - key: b\n    prompt: p\n    kind: single_choice\n    options: [{value: x}, {value: y}]\n";
        assertProblem(later, 6, "questions[0].applies_to.when", "names no earlier question 'b'");
        String option =
                HEAD + "  - key: b\n    prompt: p\n    kind: single_choice\n    options: [{value: x}, {value: y}]\n"
                        + "  - key: a\n    prompt: p\n    kind: text\n    applies_to: {when: b == z}\n";
        assertProblem(option, 10, "questions[1].applies_to.when", "'z' is no option of 'b' (x, y)");
        String ordered =
                HEAD + "  - key: b\n    prompt: p\n    kind: single_choice\n    options: [{value: x}, {value: y}]\n"
                        + "  - key: a\n    prompt: p\n    kind: text\n    applies_to: {when: b >= x}\n";
        assertProblem(ordered, 10, "questions[1].applies_to.when", "compares with == or != only");
        String step = HEAD + "  - key: b\n    prompt: p\n    kind: ordinal\n    scale: {from: 0, to: 4}\n"
                + "  - key: a\n    prompt: p\n    kind: text\n    applies_to: {when: b >= 7}\n";
        assertProblem(step, 10, "questions[1].applies_to.when", "step 7 is outside the scale 0–4");
        String syntax = HEAD + "  - key: a\n    prompt: p\n    kind: text\n    applies_to: {when: risk is high}\n";
        assertProblem(syntax, 6, "questions[0].applies_to.when", "is no condition");
    }

    @Test
    void otherMistakesAreNamed() throws Exception {
        assertProblem("", 0, "", "the file is empty");
        assertProblem(
                "scheme: [unclosed\n",
                2,
                "",
                "not YAML: expected ',' or ']', but got <stream end> (while parsing a flow sequence started on line 1)");
        assertProblem("scheme: s\n", 1, "questions", "missing");
        assertProblem(
                HEAD + "  - key: Risk\n    prompt: p\n    kind: text\n", 3, "questions[0].key", "no question key");
        assertProblem(
                HEAD + "  - key: a\n    prompt: p\n    kind: text\n    required: maybe\n",
                6,
                "questions[0].required",
                "must be true or false");
        assertProblem(
                HEAD + "  - key: a\n    prompt: p\n    kind: span\n    targets: [answer, reasoning]\n",
                6,
                "questions[0].targets[1]",
                "'reasoning' is no span target");
        assertProblem(
                HEAD + "  - key: a\n    prompt: p\n    kind: single_choice\n    options:\n      - value: a|b\n"
                        + "      - value: c\n",
                7,
                "questions[0].options[0].value",
                "no option value");
        assertProblem(
                HEAD + "  - key: a\n    prompt: p\n    kind: single_choice\n    options:\n      - value: x\n"
                        + "        colour: red\n      - value: y\n",
                8,
                "questions[0].options[0].colour",
                "no colour");
        assertProblem(
                HEAD + "  - key: a\n    prompt: p\n    kind: yes_no_per_tool\n    options: [{value: Y}, {value: N}]\n",
                6,
                "questions[0].options",
                "has the options YES and NO");
        assertProblem(
                HEAD + "  - key: a\n    prompt: p\n    kind: single_choice\n    options:\n      - value: x\n"
                        + "        renamed_from: y\n      - value: y\n",
                8,
                "questions[0].options[0].renamed_from",
                "'y' is renamed, yet still an option");
        assertProblem(
                HEAD + "  - key: a\n    prompt: p\n    kind: task_types\n    applies_to: {task_types: [chat]}\n",
                5,
                "questions[0].kind",
                "unknown kind");
        assertProblem(
                HEAD + "  - key: a\n    prompt: p\n    kind: text\n    applies_to: {task_types: [chat]}\n",
                6,
                "questions[0].applies_to.task_types[0]",
                "'chat' is no task type");
    }

    @Test
    void everyProblemIsReportedNotOnlyTheFirst() {
        String yaml = HEAD + "  - key: a\n    kind: likert\n  - key: b\n    prompt: p\n    kind: number\n"
                + "    min: 3\n    max: 1\n";
        SchemeException e = assertThrows(SchemeException.class, () -> SchemeFile.parse(yaml, "bad.yaml"));
        assertEquals(3, e.problems().size(), e.getMessage());
        assertEquals(
                List.of("questions[0].prompt", "questions[0].kind", "questions[1].max"),
                e.problems().stream().map(SchemeException.Problem::field).toList());
    }

    /** A question with a safety-critical option is blind unless the file turns it off, and the file keeps saying so. */
    @Test
    void safetyCriticalQuestionsAreBlindByDefault() throws Exception {
        String text = """
                scheme: triage
                questions:
                  - key: risk
                    prompt: How urgent?
                    kind: single_choice
                    options:
                      - {value: low, label: low}
                      - {value: urgent, label: urgent, safety_critical: true}
                  - key: seen
                    prompt: Seen by a clinician?
                    kind: single_choice
                    blind: false
                    options:
                      - {value: "no", label: "no"}
                      - {value: urgent_referral, label: urgent referral, safety_critical: true}
                  - key: tone
                    prompt: Tone?
                    kind: single_choice
                    options:
                      - {value: warm, label: warm}
                      - {value: cold, label: cold}
                """;
        Scheme s = SchemeFile.parse(text, "triage.yaml");
        assertTrue(s.question("risk").orElseThrow().blind(), "safety-critical: blind by default");
        assertFalse(s.question("seen").orElseThrow().blind(), "turned off in the file");
        assertFalse(s.question("tone").orElseThrow().blind(), "nothing critical: not blind");
        String written = SchemeFile.write(s);
        assertTrue(written.contains("blind: false"), written);
        Scheme again = SchemeFile.parse(written, "written.yaml");
        assertFalse(again.question("seen").orElseThrow().blind());
        assertTrue(again.question("risk").orElseThrow().blind());
        assertFalse(again.question("tone").orElseThrow().blind());
        assertEquals(1, written.split("blind: false", -1).length - 1, "only the turned-off question says so");
    }
}
