package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.scalar;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.SchemeVersions;

/**
 * Issue 49 item 7: a score of an imported Langfuse trace whose name is a question of the project's scheme becomes the
 * scorer's answer to it (its label stays as today); a value that does not fit is a null answer with the reason; a
 * project without a scheme gets labels only, as before.
 */
class ScoreAnswersImportTest extends WithProject {
    static final String SCHEME = """
            scheme: scores
            version: 1
            questions:
              - key: verdict
                prompt: Was the answer right?
                kind: single_choice
                options:
                  - {value: correct, label: correct, definition: the answer is right}
                  - {value: incorrect, label: wrong, definition: the answer is wrong}
              - key: helpfulness
                prompt: How helpful was it?
                kind: ordinal
                scale: {from: 1, to: 5}
              - key: toxicity
                prompt: How toxic was it?
                kind: ordinal
                scale: {from: 1, to: 5}
            """;

    /** A hand-made Langfuse trace with five scores: three named after questions, one whose value is an option. */
    Path trace() throws Exception {
        String doc = "{\"trace\":{\"id\":\"t-s\",\"input\":\"{\\\"prompt\\\":\\\"Weather in Oslo?\\\"}\",\"scores\":["
                + "{\"name\":\"verdict\",\"dataType\":\"CATEGORICAL\",\"value\":0,\"stringValue\":\"Wrong\"},"
                + "{\"name\":\"Helpfulness\",\"dataType\":\"NUMERIC\",\"value\":4},"
                + "{\"name\":\"toxicity\",\"dataType\":\"NUMERIC\",\"value\":7},"
                + "{\"name\":\"latency\",\"dataType\":\"NUMERIC\",\"value\":2},"
                + "{\"name\":\"grader\",\"dataType\":\"CATEGORICAL\",\"value\":0,\"stringValue\":\"incorrect\"}]},"
                + "\"observations\":[{\"id\":\"g1\",\"type\":\"GENERATION\",\"startTime\":\"2025-01-01T00:00:00Z\","
                + "\"input\":[{\"role\":\"user\",\"content\":\"Weather in Oslo?\"}],"
                + "\"output\":{\"role\":\"assistant\",\"content\":\"Sunny.\"}}]}";
        Path f = dir.resolve("scored.json");
        Files.writeString(f, doc);
        return f;
    }

    @Test
    void scoresNamedAfterQuestionsBecomeAnswers() throws Exception {
        Scheme s = SchemeFile.parse(SCHEME, "scores.yaml");
        project.write(c -> SchemeVersions.append(c, s.name(), SchemeFile.write(s), SCHEME, null, "lead"));
        ImportReport r = new Importer(project, null).importFiles(List.of(trace()), Format.AUTO, null);
        ImportReport.FileCounts c = r.files().get(0);
        assertEquals(5, c.labelsNew, "every score is still a label (or null verdict) of its scorer");
        assertEquals(4, c.answersNew, "three scores are named after questions, one's value is an option: " + r);
        assertEquals("\"incorrect\"", answer("verdict", "set"), "the option found by its label, any case");
        assertEquals("4", answer("Helpfulness", "set"), "the key matched without regard to case");
        assertEquals("0", scalar(project, "SELECT count(*) FROM answer WHERE question = 'latency'"));
        assertEquals(
                "\"incorrect\"",
                scalar(
                        project,
                        "SELECT a.value FROM answer a JOIN rater r ON r.id = a.rater_id WHERE r.name = 'grader'"),
                "its value is an option of verdict only");
        String why = scalar(project, "SELECT null_reason FROM answer WHERE question = 'toxicity'");
        assertTrue(why.startsWith("score toxicity = 7: "), why);
        assertTrue(why.contains("1") && why.contains("5"), "names the scale: " + why);
        assertEquals("null", scalar(project, "SELECT action FROM answer WHERE question = 'toxicity'"));
        // importing the same file again adds nothing
        ImportReport again = new Importer(project, null).importFiles(List.of(trace()), Format.AUTO, null);
        assertEquals(0, again.files().get(0).answersNew);
        assertEquals(4, again.files().get(0).answersSeen);
    }

    @Test
    void withoutASchemeScoresStayLabelsOnly() throws Exception {
        ImportReport r = new Importer(project, null).importFiles(List.of(trace()), Format.AUTO, null);
        assertEquals(5, r.files().get(0).labelsNew);
        assertEquals(0, r.files().get(0).answersNew);
        assertEquals("0", scalar(project, "SELECT count(*) FROM answer"));
    }

    private String answer(String scorer, String action) {
        String q = scorer.toLowerCase(java.util.Locale.ROOT);
        return scalar(
                project,
                "SELECT a.value FROM answer a JOIN rater r ON r.id = a.rater_id WHERE a.question = '" + q
                        + "' AND r.name = '" + scorer + "' AND a.action = '" + action + "'");
    }
}
