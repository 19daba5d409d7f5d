package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.json.Json;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Comments;
import org.tracejudge.store.Project;

/** Issue 36, item 8: `comments` lists the comments and flags people left, `--flagged` those the lead must look at. */
class CommentsCliTest {
    @TempDir
    Path dir;

    @Test
    void commentsAndTheFlaggedOnesAsTableJsonAndCsv() throws Exception {
        Path p = dir.resolve("p.tjdb");
        SampleProject.build(p);
        String a;
        String b;
        try (Project pr = Project.open(p)) {
            a = org.tracejudge.TestData.scalar(pr, "SELECT id FROM trace ORDER BY id LIMIT 1");
            b = org.tracejudge.TestData.scalar(pr, "SELECT id FROM trace ORDER BY id LIMIT 1 OFFSET 1");
            Comments.add(pr, a, "ana", Comments.Action.FLAG, "is \"145\" the delay? ask the lead");
            Comments.add(pr, b, "ana", Comments.Action.NOTE, "fine, just slow");
            Comments.add(pr, b, "ben", Comments.Action.FLAG, "");
            Comments.add(pr, b, "lead", Comments.Action.UNFLAG, "");
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                    IllegalArgumentException.class,
                    () -> Comments.add(pr, "no-such-trace", "ana", Comments.Action.NOTE, "x"));
            assertTrue(e.getMessage().contains("no trace no-such-trace"), e.getMessage());
        }
        CliTest.Run r = CliTest.run("comments", p.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(4, r.out().lines().count(), r.out());
        assertTrue(r.out().contains(a + "  ana [flag]: is \"145\" the delay? ask the lead"), r.out());
        r = CliTest.run("comments", p.toString(), "--flagged", "--format", "json");
        assertEquals(0, r.code(), r.err());
        var doc = Json.read(r.out());
        assertEquals(1, doc.get("comments").size(), "only the trace still flagged");
        assertEquals(a, doc.at("/comments/0/trace_id").asText());
        r = CliTest.run("comments", p.toString(), "--format", "csv");
        assertTrue(r.out().startsWith("trace_id,author,action,text,created_at"), r.out());
        assertTrue(r.out().contains("\"is \"\"145\"\" the delay? ask the lead\""), r.out());
        r = CliTest.run("comments", p.toString(), "--format", "yaml");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("expected one of [table, json, csv]"), r.err());
    }

    @Test
    void importSaysInputFormatAndStillTakesTheOldSpellingWithANote() {
        Path p = dir.resolve("q.tjdb");
        Path runs = Path.of("resources", "samples", "tour", "openai-transcripts.jsonl");
        CliTest.Run r = CliTest.run("import", p.toString(), runs.toString(), "--input-format", "openai");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().isEmpty(), r.err());
        r = CliTest.run("import", dir.resolve("r.tjdb").toString(), runs.toString(), "--format", "openai");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("import --format is now --input-format"), r.err());
        r = CliTest.run("import", dir.resolve("s.tjdb").toString(), runs.toString(), "--input-format", "nope");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--input-format:"), r.err());
    }
}
