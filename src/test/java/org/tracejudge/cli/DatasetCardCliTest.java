package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.sample.SampleProject;

/**
 * `export P DIR --dataset` writes DIR/README.md, a card that asks people to set its licence: a README someone wrote or
 * edited is never replaced (`export p.tjdb . --dataset` in a repository used to overwrite its README silently).
 */
class DatasetCardCliTest {
    @TempDir
    Path dir;

    @Test
    void aReadmeWrittenOrEditedByAPersonIsKeptAndNothingIsWritten() throws Exception {
        Path p = dir.resolve("p.tjdb");
        SampleProject.build(p);

        Path repo = Files.createDirectories(dir.resolve("my repo"));
        Path own = Files.writeString(repo.resolve("README.md"), "# my project\n\nhand-written notes\n");
        CliTest.Run r = CliTest.run("export", p.toString(), repo.toString(), "--dataset");
        assertEquals(1, r.code(), r.out());
        assertTrue(
                r.err().contains("README.md: a README that Tracejudge did not write")
                        && r.err().contains("nothing was written"),
                r.err());
        assertEquals("# my project\n\nhand-written notes\n", Files.readString(own));
        assertFalse(Files.exists(repo.resolve("data")), "nothing written");

        Path data = dir.resolve("dataset");
        assertEquals(
                0,
                CliTest.run("export", p.toString(), data.toString(), "--dataset")
                        .code());
        Path card = data.resolve("README.md");
        assertTrue(Files.readString(card).contains("license: other"), "the card asks for a licence");
        r = CliTest.run("export", p.toString(), data.toString(), "--dataset");
        assertEquals(0, r.code(), "a card as the export wrote it is replaced: " + r.err());

        String edited = Files.readString(card).replace("license: other", "license: cc-by-4.0");
        Files.writeString(card, edited);
        byte[] rows = Files.readAllBytes(data.resolve("data").resolve("train.jsonl"));
        r = CliTest.run("export", p.toString(), data.toString(), "--dataset");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("edited since (the licence?)"), r.err());
        assertEquals(edited, Files.readString(card), "the licence someone set is kept");
        assertTrue(java.util.Arrays.equals(
                rows, Files.readAllBytes(data.resolve("data").resolve("train.jsonl"))));
    }
}
