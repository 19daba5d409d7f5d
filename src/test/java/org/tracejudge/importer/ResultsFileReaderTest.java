package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.testdata.ToolFailBenchGenerator;

/**
 * The results reader's fast path (structural scan, tasks recognised by checksum) must give exactly
 * the records of the full token-by-token parse, and its errors must be the full parse's errors.
 */
class ResultsFileReaderTest {
    @TempDir
    Path dir;

    private static List<String> fast(Path file, byte[] bytes) {
        List<String> out = new ArrayList<>();
        new ResultsFileReader().read(file, bytes, "run", r -> out.add(r.toString()), ImportListener.NONE);
        return out;
    }

    private static List<String> full(Path file, byte[] bytes) {
        List<String> out = new ArrayList<>();
        new ResultsFileReader().readFull(file, bytes, "run", r -> out.add(r.toString()), ImportListener.NONE);
        return out;
    }

    @Test
    void fastPathGivesTheFullParsesRecordsOnSampleAndGeneratedFiles() throws Exception {
        List<Path> files = new ArrayList<>(TestData.list(TestData.SAMPLE.resolve("results")));
        if (Files.isDirectory(TestData.TOOLFAILBENCH)) {
            ToolFailBenchGenerator gen = ToolFailBenchGenerator.fromCorpus(TestData.TOOLFAILBENCH);
            files.add(gen.writeResultsFile(dir, "gen-model-7b", 1000, LocalDateTime.of(2026, 11, 1, 12, 0)));
        }
        for (Path f : files) {
            byte[] bytes = Files.readAllBytes(f);
            assertTrue(ResultsFileReader.scanRows(bytes) != null, f + " takes the fast path");
            List<String> expected = full(f, bytes);
            assertTrue(expected.size() >= 20, f.toString());
            assertEquals(expected, fast(f, bytes), f.toString());
        }
    }

    @Test
    void scanFindsRowAndTaskExtentsAndRefusesWhatItDoesNotExpect() {
        byte[] b = "[ {\"model_id\": \"m\", \"task\": {\"a\": [1, \"]}\\\"\"]}, \"x\": null},\n{}]"
                .getBytes(StandardCharsets.UTF_8);
        int[] rows = ResultsFileReader.scanRows(b);
        assertEquals(8, rows.length);
        String text = new String(b, StandardCharsets.UTF_8);
        assertEquals("{\"a\": [1, \"]}\\\"\"]}", text.substring(rows[2], rows[3]));
        assertEquals("{}", text.substring(rows[4], rows[5]));
        assertArrayEquals(new int[] {-1, -1}, new int[] {rows[6], rows[7]});
        for (String bad : List.of(
                "[{\"task\": {}",
                "[{\"task\": {]}]",
                "[{},]",
                "{\"rows\": []}",
                "[{} {}]",
                "[{\"task\": 1, \"task\": 2}]",
                "[{\"a\" 1}]",
                "[] x",
                "[{\"a\": \"unterminated}]")) {
            assertNull(ResultsFileReader.scanRows(bad.getBytes(StandardCharsets.UTF_8)), bad);
        }
    }

    @Test
    void compactingDropsOnlyTheWhitespaceBetweenTokens() throws Exception {
        String pretty = "{\n  \"raw\" : [ \"a  b\\\" \\n c\" ,\t{ \"k\": null } ],\r\n  \"n\": -1.5e3\n}";
        byte[] b = ("xx" + pretty + "yy").getBytes(StandardCharsets.UTF_8);
        String compact = JsonScan.compact(b, 2, b.length - 2);
        assertEquals("{\"raw\":[\"a  b\\\" \\n c\",{\"k\":null}],\"n\":-1.5e3}", compact);
        assertEquals(
                org.tracejudge.json.Json.MAPPER.readTree(pretty), org.tracejudge.json.Json.MAPPER.readTree(compact));
    }

    @Test
    void errorsFoundOnTheFastPathAreReportedWithTheFullParsesLineAndPointer() throws Exception {
        Path sample = TestData.list(TestData.SAMPLE.resolve("results")).get(0);
        String text = Files.readString(sample);
        // the fourth row's answer becomes a number: structurally fine, so the fast path meets it first
        int at = -1;
        for (int k = 0; k < 4; k++) {
            at = text.indexOf("\"agent_answer\":", at + 1);
        }
        int valueStart = text.indexOf('"', at + "\"agent_answer\":".length());
        int valueEnd = text.indexOf("\",", valueStart + 1) + 1;
        String broken = text.substring(0, valueStart) + "42" + text.substring(valueEnd);
        Path f = dir.resolve("bad_20261101_120000.json");
        Files.writeString(f, broken);
        byte[] bytes = Files.readAllBytes(f);
        assertTrue(ResultsFileReader.scanRows(bytes) != null);
        long line = broken.substring(0, valueStart).lines().count();
        ImportException fastError = assertThrows(ImportException.class, () -> fast(f, bytes));
        ImportException fullError = assertThrows(ImportException.class, () -> full(f, bytes));
        assertEquals(fullError.getMessage(), fastError.getMessage());
        assertTrue(
                fastError
                        .getMessage()
                        .contains("line " + line + " at /3/agent_answer: expected a string, found a number"),
                fastError.getMessage() + " (expected line " + line + ")");
    }
}
