package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.cli.CliTest.Run;
import org.tracejudge.json.Json;
import org.tracejudge.store.Project;

/**
 * The file attacks of issue 47, tried at the command line as an attacker or a slip would: outputs at the names of a
 * project's SQLite side files (item 4), damage written while a command has the file open (item 5), Inspect .eval zips altered after their CRC, with an entry name twice or with
 * one huge string (item 8), and a results file whose embedded task was edited (item 12). Each asserts the refusal,
 * what it names, and that the project is as it was.
 */
class FileAttackTest {
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

    private static void opens(Path p) {
        Run info = CliTest.run("info", p.toString());
        assertEquals(0, info.code(), "the project still opens: " + info.out() + info.err());
    }

    // item 4: output paths

    @Test
    void aDatasetAtTheProjectsJournalNameIsRefusedAndTheProjectStillOpens() {
        Path p = importedSample("p.tjdb");
        for (String side : List.of("-journal", "-wal", "-shm")) {
            Path out = dir.resolve("p.tjdb" + side);
            Run r = CliTest.run("export", p.toString(), out.toString(), "--dataset");
            assertEquals(1, r.code(), r.out() + r.err());
            assertTrue(
                    r.err().contains(out.toString())
                            && r.err().contains("SQLite's")
                            && r.err().contains(side + ")"),
                    r.err());
            assertFalse(Files.isDirectory(out), "no folder was made at " + out);
            opens(p);
        }
        // a folder inside one: the side file's folder would be made on the way
        Path inside = dir.resolve("p.tjdb-journal").resolve("ds");
        Run r = CliTest.run("export", p.toString(), inside.toString(), "--dataset");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("inside a folder with the name of SQLite's rollback journal"), r.err());
        assertFalse(Files.exists(dir.resolve("p.tjdb-journal")));
        opens(p);
    }

    @Test
    void anotherProjectsSideFilesAreRefusedAsOutputsOfEveryKind() {
        Path p = importedSample("p.tjdb");
        Path q = importedSample("q.tjdb");
        for (String out : List.of("q.tjdb-wal", "q.tjdb-shm", "q.tjdb-journal", "Q.TJDB-WAL", "later.tjdb-journal")) {
            Path o = dir.resolve(out);
            for (List<String> extra : List.of(List.<String>of(), List.of("--dataset"), List.of("--langfuse-scores"))) {
                List<String> args = new ArrayList<>(List.of("export", p.toString(), o.toString()));
                args.addAll(extra);
                Run r = CliTest.run(args.toArray(String[]::new));
                assertEquals(1, r.code(), out + " " + extra + ": " + r.out() + r.err());
                assertTrue(r.err().contains(o.toString()) && r.err().contains("Nothing was written"), r.err());
                assertFalse(Files.exists(o), out + " was not made");
            }
        }
        // a new project (import's output) at another project's side file name
        Run r = CliTest.run(
                "import",
                dir.resolve("q.tjdb-wal").toString(),
                TestData.sampleFiles().get(0).toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("write-ahead log (-wal) of the project"), r.err());
        assertFalse(Files.exists(dir.resolve("q.tjdb-wal")));
        opens(q);
        // a name that only ends like one, beside no database, is an ordinary output
        r = CliTest.run("export", p.toString(), dir.resolve("notes-wal").toString());
        assertEquals(0, r.code(), r.out() + r.err());
    }

    // item 5: damage written while a command has the file open

    @Test
    void damageWrittenWhileACommandHasTheFileOpenIsFoundByTheNextCommand() throws Exception {
        Path p = importedSample("p.tjdb");
        assertEquals(0, CliTest.run("check", p.toString()).code());
        try (Project project = Project.open(p)) {
            assertEquals(Project.NO_CHECK, project.integrityCheckRun(), "a file Tracejudge left as it is");
            int root = Integer.parseInt(TestData.scalar(
                    project, "SELECT rootpage FROM sqlite_master WHERE type = 'index' AND tbl_name = 'trace' LIMIT 1"));
            int pageSize = Integer.parseInt(TestData.scalar(project, "PRAGMA page_size"));
            byte[] garbage = new byte[pageSize];
            java.util.Arrays.fill(garbage, (byte) 0x5a);
            try (java.nio.channels.FileChannel ch =
                    java.nio.channels.FileChannel.open(p, java.nio.file.StandardOpenOption.WRITE)) {
                ch.write(java.nio.ByteBuffer.wrap(garbage), (long) (root - 1) * pageSize);
            }
            project.setMeta("note", "the command goes on writing and closes cleanly");
        }
        Run info = CliTest.run("info", p.toString());
        assertEquals(1, info.code(), info.out() + info.err());
        assertTrue(info.err().contains("damaged"), info.err());
    }

    // item 8: Inspect .eval

    private static final String HEADER =
            "{\"version\":2,\"status\":\"success\",\"eval\":{\"task\":\"t\",\"model\":\"m\",\"run_id\":\"r\"}}";

    private static String sample(int id) {
        return "{\"id\":" + id + ",\"epoch\":1,\"input\":\"hi\",\"target\":\"x\",\"messages\":["
                + "{\"role\":\"user\",\"content\":\"hi\"},{\"role\":\"assistant\",\"content\":\"answer " + id + "\"}]}";
    }

    /** An .eval zip of these entries, stored (no compression) or deflated. */
    private static Path eval(Path p, Map<String, String> entries, boolean stored) throws Exception {
        try (OutputStream o = Files.newOutputStream(p);
                ZipOutputStream z = new ZipOutputStream(o)) {
            for (Map.Entry<String, String> e : entries.entrySet()) {
                byte[] b = e.getValue().getBytes(StandardCharsets.UTF_8);
                ZipEntry ze = new ZipEntry(e.getKey());
                if (stored) {
                    CRC32 crc = new CRC32();
                    crc.update(b);
                    ze.setMethod(ZipEntry.STORED);
                    ze.setSize(b.length);
                    ze.setCompressedSize(b.length);
                    ze.setCrc(crc.getValue());
                }
                z.putNextEntry(ze);
                z.write(b);
                z.closeEntry();
            }
        }
        return p;
    }

    private static Map<String, String> oneSample() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("header.json", HEADER);
        m.put("samples/1_epoch_1.json", sample(1));
        return m;
    }

    private static byte[] replaceAll(byte[] b, String from, String to) {
        byte[] f = from.getBytes(StandardCharsets.ISO_8859_1);
        byte[] t = to.getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(f.length, t.length);
        int n = 0;
        for (int i = 0; i + f.length <= b.length; i++) {
            if (java.util.Arrays.equals(b, i, i + f.length, f, 0, f.length)) {
                System.arraycopy(t, 0, b, i, t.length);
                n++;
            }
        }
        assertTrue(n > 0, from + " is in the zip");
        return b;
    }

    private int traces(Path p) {
        try (Project project = Project.open(p)) {
            return TestData.count(project, "trace");
        }
    }

    @Test
    void aStoredEvalEntryAlteredAfterItsCrcIsRefusedNamingTheEntry() throws Exception {
        Path p = importedSample("p.tjdb");
        int before = traces(p);
        Path good = eval(dir.resolve("good.eval"), oneSample(), true);
        Path altered = dir.resolve("altered.eval");
        Files.write(altered, replaceAll(Files.readAllBytes(good), "answer 1", "ANSWER 1"));
        Run r = CliTest.run("import", p.toString(), altered.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(
                r.err().contains("altered.eval")
                        && r.err().contains("samples/1_epoch_1.json")
                        && r.err().contains("do not match its CRC-32"),
                r.err());
        assertEquals(before, traces(p), "nothing was imported");
        // the untouched zip imports: the check refuses only the altered bytes
        Run ok = CliTest.run("import", p.toString(), good.toString());
        assertEquals(0, ok.code(), ok.out() + ok.err());
    }

    @Test
    void aDeflatedEvalEntryWhoseCrcDoesNotMatchIsRefused() throws Exception {
        Path p = importedSample("p.tjdb");
        Path good = eval(dir.resolve("deflated.eval"), oneSample(), false);
        byte[] b = Files.readAllBytes(good);
        // the central directory's CRC of the sample: as if its bytes were changed and deflated again
        for (int i = 0; i + 46 < b.length; i++) {
            if (b[i] == 'P' && b[i + 1] == 'K' && b[i + 2] == 1 && b[i + 3] == 2) {
                int n = (b[i + 28] & 0xff) | (b[i + 29] & 0xff) << 8;
                if (new String(b, i + 46, n, StandardCharsets.UTF_8).startsWith("samples/")) {
                    b[i + 16] ^= 1;
                }
            }
        }
        Path altered = Files.write(dir.resolve("crc.eval"), b);
        Run r = CliTest.run("import", p.toString(), altered.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("samples/1_epoch_1.json") && r.err().contains("CRC-32"), r.err());
    }

    @Test
    void anEvalWithOneEntryNameTwiceIsRefused() throws Exception {
        Path p = importedSample("p.tjdb");
        int before = traces(p);
        Map<String, String> m = oneSample();
        m.put("samples/2_epoch_1.json", sample(2));
        Path two = eval(dir.resolve("two.eval"), m, false);
        Path dup = Files.write(
                dir.resolve("dup.eval"),
                replaceAll(Files.readAllBytes(two), "samples/2_epoch_1.json", "samples/1_epoch_1.json"));
        Run r = CliTest.run("import", p.toString(), dup.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(
                r.err().contains("dup.eval")
                        && r.err().contains("samples/1_epoch_1.json")
                        && r.err().contains("more than one entry of this name"),
                r.err());
        assertEquals(before, traces(p));
    }

    @Test
    void anEvalHoldingOneHugeStringIsRefusedBeforeTheStringIsBuilt() throws Exception {
        Path p = importedSample("p.tjdb");
        Path big = dir.resolve("big.eval");
        try (OutputStream o = Files.newOutputStream(big);
                ZipOutputStream z = new ZipOutputStream(o)) {
            z.putNextEntry(new ZipEntry("header.json"));
            z.write(HEADER.getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
            z.putNextEntry(new ZipEntry("samples/1_epoch_1.json"));
            z.write("{\"id\":1,\"epoch\":1,\"input\":\"".getBytes(StandardCharsets.UTF_8));
            byte[] chunk = "a".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 150; i++) {
                z.write(chunk); // 150 MB of one string, a few hundred kB deflated
            }
            z.write("\",\"target\":\"x\",\"messages\":[]}".getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
        }
        assertTrue(Files.size(big) < 1 << 20, "a small file: " + Files.size(big));
        Run r = CliTest.run("import", p.toString(), big.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(
                r.err().contains("big.eval")
                        && r.err().contains("samples/1_epoch_1.json")
                        && r.err().contains("holds a string longer than")
                        && !r.err().contains("out of memory"),
                r.err());
    }

    // item 12: an edited embedded task

    @Test
    void aResultsFileWhoseEmbeddedTaskWasEditedIsRefusedOrReplacesTheTaskByName() throws Exception {
        Path p = importedSample("p.tjdb");
        Path original = TestData.list(TestData.SAMPLE.resolve("results")).get(0);
        ArrayNode rows = (ArrayNode) Json.read(Files.readString(original));
        ObjectNode task = (ObjectNode) rows.get(0).get("task");
        String key = task.get("task_id").asText();
        task.put("user_message", task.get("user_message").asText() + " (edited)");
        Path edited = Files.createDirectories(dir.resolve("edited")).resolve(original.getFileName());
        Files.writeString(edited, rows.toString());
        String dupes = "SELECT count(*) FROM (SELECT t.model, k.task_key, t.run FROM trace t JOIN task k ON k.id = "
                + "t.task_id GROUP BY 1, 2, 3 HAVING count(*) > 1)";
        int before = traces(p);

        Run r = CliTest.run("import", p.toString(), edited.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(
                r.err()
                                .contains("task " + key + " is already in the project with other content (differs at "
                                        + "/user_message: ")
                        && r.err().contains("(edited)\" in the file")
                        && r.err().contains("--replace"),
                r.err());
        assertEquals(before, traces(p), "nothing was imported");

        r = CliTest.run("import", p.toString(), edited.toString(), "--replace");
        assertEquals(0, r.code(), r.out() + r.err());
        try (Project project = Project.open(p)) {
            assertEquals(before, TestData.count(project, "trace"), "the run replaced, not set beside");
            assertEquals("0", TestData.scalar(project, dupes), "no model, task and run twice");
            // this model's run is on the edited task; other models' runs stay on the version they were given
            String model = TestData.scalar(
                    project,
                    "SELECT model FROM trace WHERE source_id IN (SELECT id FROM import_source WHERE rowid = "
                            + "(SELECT max(rowid) FROM import_source)) LIMIT 1");
            assertTrue(TestData.scalar(
                            project,
                            "SELECT k.user_message FROM trace t JOIN task k ON k.id = t.task_id WHERE k.task_key = '"
                                    + key + "' AND t.model = '" + model + "'")
                    .endsWith("(edited)"));
            assertEquals(
                    "0",
                    TestData.scalar(
                            project,
                            "SELECT count(*) FROM task k WHERE task_key = '" + key
                                    + "' AND NOT EXISTS (SELECT 1 FROM trace WHERE task_id = k.id)"),
                    "no version is left without traces");
        }
        opens(p);
    }
}
