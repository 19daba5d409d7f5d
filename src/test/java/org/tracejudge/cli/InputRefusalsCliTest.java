package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.sample.SampleProject;

/** Inputs of the wrong kind are refused in words that say what they are, and the project is left as it was. */
class InputRefusalsCliTest {
    @TempDir
    Path dir;

    @Test
    void aProjectGivenToImportIsNamedAsAProjectNotAsUtf16() throws Exception {
        Path p = dir.resolve("p.tjdb");
        SampleProject.build(p);
        Path other = dir.resolve("laptop-b.tjdb");
        SampleProject.build(other);
        String before = CliTest.run("info", p.toString(), "--format", "json").out();
        for (Path input : new Path[] {p, other}) {
            CliTest.Run r = CliTest.run("import", p.toString(), input.toString());
            assertEquals(1, r.code(), r.err());
            assertTrue(r.err().contains(input.getFileName() + ": an SQLite database (a Tracejudge project?)"), r.err());
            assertTrue(r.err().contains("tracejudge merge PROJECT"), r.err());
            assertTrue(!r.err().contains("NUL") && !r.err().contains("UTF-16"), r.err());
        }
        assertEquals(
                before, CliTest.run("info", p.toString(), "--format", "json").out());
    }

    @Test
    void aLabelTableInAnotherEncodingOrAFolderIsNamedAsSuch() throws Exception {
        String table = "item,rater,label\n1,a,x\n1,b,y\n2,a,x\n2,b,x\n";
        Path utf16 = dir.resolve("study-utf16.csv");
        Files.write(utf16, ("\uFEFF" + table).getBytes(StandardCharsets.UTF_16LE));
        CliTest.Run r = CliTest.run("agreement", "--labels", utf16.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("study-utf16.csv") && r.err().contains("UTF-16LE"), r.err());
        assertTrue(!r.err().contains("MalformedInputException"), r.err());

        Path latin1 = dir.resolve("study-latin1.csv");
        Files.write(latin1, (table + "3,a,r\u00e9sultat\n3,b,x\n").getBytes(StandardCharsets.ISO_8859_1));
        r = CliTest.run("agreement", "--labels", latin1.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("study-latin1.csv: line 6") && r.err().contains("Latin-1"), r.err());

        r = CliTest.run("agreement", "--labels", dir.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("is a folder"), r.err());

        Path good = dir.resolve("study.csv");
        Files.writeString(good, table);
        r = CliTest.run("agreement", "--labels", good.toString());
        assertEquals(0, r.code(), r.err());
    }

    @Test
    void redactNamesTheEncodingOfItsFileAndAFolder() throws Exception {
        Path latin1 = dir.resolve("notes-latin1.txt");
        Files.write(latin1, "Caf\u00e9 with Anna Smith\n".getBytes(StandardCharsets.ISO_8859_1));
        CliTest.Run r = CliTest.run("redact", latin1.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("notes-latin1.txt: line 1") && r.err().contains("Latin-1"), r.err());
        Path utf16 = dir.resolve("notes-utf16.txt");
        Files.write(utf16, "\uFEFFCall Anna Smith\n".getBytes(StandardCharsets.UTF_16LE));
        r = CliTest.run("redact", utf16.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("notes-utf16.txt") && r.err().contains("UTF-16LE"), r.err());
        r = CliTest.run("redact", dir.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("is a folder"), r.err());
    }
}
