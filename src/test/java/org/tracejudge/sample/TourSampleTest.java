package org.tracejudge.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.tracejudge.TestData.scalar;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.store.Project;

/**
 * Issue 36, item 19: the bundled tour holds a trace of every kind the README describes, each read by its own importer
 * and labelled by its own rule, so every part of the README can be tried without any other file.
 */
class TourSampleTest {
    @TempDir
    Path dir;

    @Test
    void everyKindOfTraceIsInTheTourAndTheRuleLabelledEachThatHasAnExpectation() {
        Path file = dir.resolve("tour.tjdb");
        try (Project p = SampleProject.open(SampleProject.Kind.TOUR, file)) {
            assertEquals(
                    "Tour of trace kinds",
                    p.meta("name") == null ? scalar(p, "SELECT value FROM meta WHERE key = 'name'") : p.meta("name"));
            // per source file: openai 2, anthropic 1, otlp 1, nlt 12, toolhaystack 12, diabench 8
            assertEquals(
                    "anthropic-transcripts.jsonl:1,diabench-sample.jsonl:8,nlt-runs.jsonl:12,"
                            + "openai-transcripts.jsonl:2,otel-agent-trace.json:1,toolhaystack-sample.jsonl:12",
                    scalar(
                            p,
                            "SELECT group_concat(f || ':' || n, ',') FROM (SELECT s.file_name AS f, count(*) AS n FROM trace t "
                                    + "JOIN import_source s ON s.id = t.source_id GROUP BY f ORDER BY f)"));
            assertEquals(
                    "call_level,tool_required,tool_selection",
                    scalar(
                            p,
                            "SELECT group_concat(task_type, ',') FROM (SELECT DISTINCT task_type FROM task ORDER BY task_type)"));
            // the rule labelled everything with an expectation; the agent run has none (judge it, never tool_skip)
            assertEquals(
                    "35",
                    scalar(
                            p,
                            "SELECT count(DISTINCT l.trace_id) FROM label l JOIN rater r ON r.id = l.rater_id "
                                    + "WHERE r.kind = 'rule' AND l.action = 'set'"));
            assertEquals(
                    "0",
                    scalar(
                            p,
                            "SELECT count(*) FROM label l JOIN trace t ON t.id = l.trace_id "
                                    + "JOIN rater r ON r.id = l.rater_id WHERE r.kind = 'rule' AND l.action = 'set' AND t.model = 'kestrel-13b-instruct' "
                                    + "AND t.extra LIKE '%\"format\":\"otlp\"%'"));
            assertEquals(
                    "result_ignore",
                    scalar(
                            p,
                            "SELECT l.value FROM label l JOIN trace t ON t.id = l.trace_id "
                                    + "JOIN rater r ON r.id = l.rater_id WHERE r.kind = 'rule' AND t.model = 'nimbus-2-mini' "
                                    + "AND t.task_id IN (SELECT id FROM task WHERE task_key = 'TOUR-OA-001')"));
        }
        // opened again: kept, not rebuilt
        long size = file.toFile().length();
        try (Project p = SampleProject.open(SampleProject.Kind.TOUR, file)) {
            assertEquals("tour", p.meta("sample_kind"));
        }
        assertEquals(size, file.toFile().length());
        org.junit.jupiter.api.Assertions.assertFalse(Files.exists(dir.resolve("tour.tjdb.building")));
    }
}
