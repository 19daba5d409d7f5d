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
        r = CliTest.run("export", p.toString(), p.toString(), "--langfuse-scores");
        assertEquals(1, r.code(), r.out() + r.err());
        assertEquals(before, sha(p));
        try (Project again = Project.open(p)) {
            int traces = again.read(c -> {
                try (var s = c.createStatement();
                        var rs = s.executeQuery("SELECT count(*) FROM trace")) {
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
        r = CliTest.run(
                "export", p.toString(), dir.resolve(".").resolve("p.tjdb").toString());
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
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + p);
                Statement s = c.createStatement()) {
            s.execute("PRAGMA user_version = 99");
        }
        byte[] before = Files.readAllBytes(p);
        for (String[] cmd :
                new String[][] {{"info", p.toString()}, {"classify", p.toString()}, {"labels", p.toString()}}) {
            Run r = CliTest.run(cmd);
            assertEquals(1, r.code(), String.join(" ", cmd) + ": " + r.out() + r.err());
            assertTrue(
                    r.err().contains("newer Tracejudge (schema 99)")
                            && r.err().contains("reads schema " + Project.SCHEMA_VERSION),
                    r.err());
        }
        assertArrayEquals(before, Files.readAllBytes(p), "not a byte changed");
    }

    @Test
    void aNewProjectCarriesItsSchemaVersionInTheHeaderToo() throws Exception {
        Path p = importedSample("p.tjdb");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + p);
                Statement s = c.createStatement();
                var rs = s.executeQuery("PRAGMA user_version")) {
            rs.next();
            assertEquals(Project.SCHEMA_VERSION, rs.getInt(1));
        }
    }

    /** Each bad ledger entry of an export is refused naming file, line and field, and nothing of the file is kept. */
    @Test
    void ledgerEntriesWithBadReferencesValuesOrTimesAreRefusedWithFileLineAndField() throws Exception {
        Path p = importedSample("p.tjdb");
        Path export = dir.resolve("e.jsonl");
        assertEquals(0, CliTest.run("export", p.toString(), export.toString()).code());
        List<String> lines = Files.readAllLines(export);
        String header = lines.get(0);
        String trace = lines.stream()
                .filter(l -> l.startsWith("{\"kind\":\"trace\""))
                .findFirst()
                .orElseThrow();
        String traceId = org.tracejudge.json.Json.read(trace).path("id").asText();
        String rater = "{\"kind\":\"rater\",\"id\":\"22222222-2222-2222-2222-222222222222\",\"name\":\"ana\","
                + "\"rater_kind\":\"human\",\"version\":\"\"}";
        String now = "2026-11-26T09:50:31.916377Z";
        String[][] cases = {
            {label("99999999-9999-9999-9999-999999999999", "correct", now, null), "/trace_id", "no trace"},
            {label(traceId, "banana", now, null), "/value", "\"banana\" is not a label of"},
            {label(traceId, "correct", "yesterday", null), "/created_at", "ISO-8601"},
            {label(traceId, "correct", "99999-01-01T00:00:00Z", null), "/created_at", "ISO-8601"},
            {
                label(
                        traceId,
                        "correct",
                        java.time.Instant.now().plusSeconds(400 * 86400L).toString(),
                        null),
                "/created_at",
                "in the future"
            },
            {label(traceId, "correct", now, "44444444-0000-0000-0000-000000000000"), "/replaces", "neither"},
            {
                "{\"kind\":\"adjudication\",\"id\":\"33333333-0000-0000-0000-000000000009\",\"trace_id\":\"" + traceId
                        + "\",\"annotator\":\"ana\",\"action\":\"set\",\"value\":\"banana\",\"created_at\":\"" + now
                        + "\"}",
                "/value",
                "not a label of"
            },
        };
        for (String[] c : cases) {
            Path copy = dir.resolve("q.tjdb");
            Files.deleteIfExists(copy);
            Files.copy(p, copy);
            String before = sha(copy);
            Path bad = Files.writeString(dir.resolve("d.jsonl"), header + "\n" + rater + "\n" + c[0] + "\n");
            Run r = CliTest.run("import", copy.toString(), bad.toString());
            assertEquals(1, r.code(), c[0] + ": " + r.out() + r.err());
            assertTrue(r.err().contains("d.jsonl: line 3 at " + c[1]) && r.err().contains(c[2]), c[0] + ": " + r.err());
            try (Project q = Project.open(copy)) {
                int raters = q.read(conn -> {
                    try (var s = conn.createStatement();
                            var rs = s.executeQuery("SELECT count(*) FROM rater WHERE name = 'ana'")) {
                        rs.next();
                        return rs.getInt(1);
                    }
                });
                assertEquals(0, raters, "nothing of the refused file was kept: " + c[0]);
            }
            assertTrue(before.length() > 0);
        }
    }

    /** A device as the output is written, never replaced by a file (it once replaced /dev/full, as root). */
    @Test
    void aDeviceAsTheOutputIsWrittenNotReplaced() throws Exception {
        Path p = importedSample("p.tjdb");
        Path full = Path.of("/dev/full");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Files.exists(full) && !Files.isRegularFile(full), "no /dev/full on this system");
        Run r = CliTest.run("export", p.toString(), full.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("disk is full"), r.err());
        assertFalse(Files.isRegularFile(full), "/dev/full is still a device");
        r = CliTest.run("export", p.toString(), "/dev/null");
        assertEquals(0, r.code(), r.out() + r.err());
        assertFalse(Files.isRegularFile(Path.of("/dev/null")), "/dev/null is still a device");
    }

    private static String label(String traceId, String value, String at, String replaces) {
        return "{\"kind\":\"label\",\"id\":\"33333333-0000-0000-0000-000000000001\",\"trace_id\":\"" + traceId
                + "\",\"rater_id\":\"22222222-2222-2222-2222-222222222222\",\"action\":\"set\",\"value\":\"" + value
                + "\",\"created_by\":\"ana\",\"created_at\":\"" + at + "\""
                + (replaces == null ? "" : ",\"replaces\":\"" + replaces + "\"") + "}";
    }
}
