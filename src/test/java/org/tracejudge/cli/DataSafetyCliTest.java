package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.cli.CliTest.Run;
import org.tracejudge.store.Project;

/**
 * What a person can do by mistake at the command line, tried as they would: every output path that is the project
 * (by name, through a symbolic link, through a hard link), another project or a folder is refused before anything
 * is written, and the project is byte for byte what it was; a project named by a link is made at its target and a
 * failed import never deletes the link; a file of a newer schema is refused from either mark.
 */
class DataSafetyCliTest {
    @TempDir
    Path dir;

    private Path importedSample(String name) {
        Path p = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("import", p.toString()));
        TestData.sampleFiles().forEach(f -> args.add(f.toString()));
        Run r = CliTest.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        return p;
    }

    private static String sha(Path p) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
    }

    @Test
    void exportOntoTheProjectItselfIsRefusedAndTheProjectIsUntouched() throws Exception {
        Path p = importedSample("p.tjdb");
        String before = sha(p);
        Run r = CliTest.run("export", p.toString(), p.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("is the project") && r.err().contains("nothing was written"), r.err());
        assertEquals(before, sha(p));
        try (Project again = Project.open(p)) {
            int traces = again.read(c -> {
                try (var s = c.createStatement(); var rs = s.executeQuery("SELECT count(*) FROM trace")) {
                    rs.next();
                    return rs.getInt(1);
                }
            });
            assertTrue(traces > 0, "the project still has its traces");
        }
    }

    @Test
    void exportThroughASymbolicOrHardLinkToTheProjectIsRefused() throws Exception {
        Path p = importedSample("p.tjdb");
        String before = sha(p);
        Path sym = Files.createSymbolicLink(dir.resolve("out.jsonl"), p);
        Run r = CliTest.run("export", p.toString(), sym.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("through a symbolic link"), r.err());
        assertTrue(Files.isSymbolicLink(sym), "the link is still a link");
        Path hard = Files.createLink(dir.resolve("hard.jsonl"), p);
        r = CliTest.run("export", p.toString(), hard.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("hard link"), r.err());
        // relative spelling of the same path
        r = CliTest.run("export", p.toString(), dir.resolve(".").resolve("p.tjdb").toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertEquals(before, sha(p));
    }

    @Test
    void exportNeverReplacesAnotherProjectAFolderOrTheProjectsWriteAheadLog() throws Exception {
        Path p = importedSample("p.tjdb");
        Path other = importedSample("other.tjdb");
        String otherBefore = sha(other);
        Run r = CliTest.run("export", p.toString(), other.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("SQLite database"), r.err());
        assertEquals(otherBefore, sha(other));
        Path folder = Files.createDirectory(dir.resolve("folder"));
        r = CliTest.run("export", p.toString(), folder.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("is a folder"), r.err());
        r = CliTest.run("export", p.toString(), p + "-wal");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("wal"), r.err());
    }

    @Test
    void exportThroughASymbolicLinkToAnOrdinaryFileReplacesItsTargetAndKeepsTheLink() throws Exception {
        Path p = importedSample("p.tjdb");
        Path real = Files.writeString(dir.resolve("real.jsonl"), "old\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.jsonl"), real.getFileName());
        Run r = CliTest.run("export", p.toString(), link.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(Files.isSymbolicLink(link));
        assertTrue(Files.readString(real).startsWith("{\"kind\":\"header\""), "the target holds the export");
        try (var s = Files.list(dir)) {
            assertFalse(s.anyMatch(f -> f.getFileName().toString().endsWith(".part")), "no temporary file is left");
        }
    }

    @Test
    void aFailedImportIntoANewProjectNamedByALinkLeavesTheLinkAndNoStrayFile() throws Exception {
        Path target = dir.resolve("real-project.tjdb");
        Path link = Files.createSymbolicLink(dir.resolve("p.tjdb"), target.getFileName());
        Path bad = Files.writeString(dir.resolve("bad.json"), "{ not json", StandardCharsets.UTF_8);
        Run r = CliTest.run("import", link.toString(), bad.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(Files.isSymbolicLink(link), "the link was not deleted");
        assertFalse(Files.exists(target), "no empty project is left at the target");
        // and a good import through the same link makes the project at the target
        List<String> args = new ArrayList<>(List.of("import", link.toString()));
        TestData.sampleFiles().forEach(f -> args.add(f.toString()));
        r = CliTest.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.isSymbolicLink(link));
        assertTrue(Files.isRegularFile(target, java.nio.file.LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aProjectOfANewerSchemaIsRefusedFromItsHeaderAndLeftAsItIs() throws Exception {
        Path p = importedSample("p.tjdb");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + p); Statement s = c.createStatement()) {
            s.execute("PRAGMA user_version = 99");
        }
        byte[] before = Files.readAllBytes(p);
        for (String[] cmd : new String[][] {{"info", p.toString()}, {"classify", p.toString()},
                {"labels", p.toString()}}) {
            Run r = CliTest.run(cmd);
            assertEquals(1, r.code(), String.join(" ", cmd) + ": " + r.out() + r.err());
            assertTrue(r.err().contains("newer Tracejudge (schema 99)") && r.err().contains("reads schema "
                    + Project.SCHEMA_VERSION), r.err());
        }
        assertArrayEquals(before, Files.readAllBytes(p), "not a byte changed");
    }

    @Test
    void aNewProjectCarriesItsSchemaVersionInTheHeaderToo() throws Exception {
        Path p = importedSample("p.tjdb");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + p); Statement s = c.createStatement();
             var rs = s.executeQuery("PRAGMA user_version")) {
            rs.next();
            assertEquals(Project.SCHEMA_VERSION, rs.getInt(1));
        }
    }
}
