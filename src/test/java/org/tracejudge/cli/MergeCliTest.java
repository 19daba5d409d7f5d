package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.export.JsonlExporter;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.model.RaterKind;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/**
 * `merge` as two laptops use it: what each source brought is reported, merging again adds nothing, the sources are
 * not changed, and a person's two different decisions are listed as a conflict, never settled silently.
 */
class MergeCliTest {
    @TempDir
    Path dir;

    private Path laptop(String file, String value) {
        Path f = dir.resolve(file);
        try (Project p = Project.open(f, Project.OpenOptions.createIfMissing(file))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
            String first = TestData.scalar(p, "SELECT id FROM trace ORDER BY model, id LIMIT 1");
            p.write(c -> {
                String rater = Ledger.ensureRater(c, "dana", RaterKind.HUMAN, "", null, "annotator");
                Ledger.append(c, null, Ledger.Entry.set(first, rater, value, "dana"));
                return null;
            });
        }
        return f;
    }

    @Test
    void mergeReportsWhatCameFromWhereIsIdempotentAndListsConflicts() throws Exception {
        Path a = laptop("a.tjdb", "correct");
        Path b = laptop("b.tjdb", "tool_skip");
        byte[] bBefore = Files.readAllBytes(b);
        // dana worked on both laptops: said so, her entries on b are hers (without it they are refused:
        // LedgerAttackTest)
        CliTest.Run r = CliTest.run("merge", a.toString(), b.toString(), "--same-person", "dana");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("merged " + b + ": 0 new traces, 1 new label entries"), r.out());
        assertTrue(
                r.out().contains("conflicts: 1 (1 new from this merge")
                        && r.out().contains("new: dana on ")
                        && r.out().contains("correct vs tool_skip (label)"),
                r.out());
        assertArrayEquals(bBefore, Files.readAllBytes(b), "the source was only read");

        CliTest.Run again = CliTest.run(
                "--quiet", "merge", a.toString(), b.toString(), "--format", "json", "--same-person", "Dana");
        assertEquals(0, again.code(), again.err());
        JsonNode doc = Json.read(again.out());
        assertEquals(0, doc.path("sources").get(0).path("labels").path("new").asInt(), again.out());
        assertEquals(1, doc.path("conflicts").size());
        assertEquals(false, doc.path("conflicts").get(0).path("new").asBoolean());
    }

    @Test
    void anExportIsASourceTooAndTheProjectItselfIsRefused() throws Exception {
        Path a = laptop("a.tjdb", "correct");
        Path c = laptop("c.tjdb", "correct");
        Path export = dir.resolve("c.jsonl");
        try (Project pc = Project.open(c)) {
            JsonlExporter.export(pc, export);
        }
        CliTest.Run r = CliTest.run("merge", a.toString(), export.toString(), "--same-person", "dana");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("conflicts: none"), r.out());
        r = CliTest.run("merge", a.toString(), a.toString());
        assertEquals(1, r.code());
        assertTrue(r.err().contains("is the project being merged into"), r.err());
        r = CliTest.run("merge", a.toString(), dir.resolve("missing.tjdb").toString());
        assertEquals(1, r.code());
        assertTrue(r.err().contains("missing.tjdb: no such file"), r.err());
    }
}
