package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.store.Project;

/**
 * Files in another encoding, imported as a person would by mistake: each is refused naming the file, the line and
 * what it looks like, and no project is left half made. The real sample tasks file is the text in each case.
 */
class TextEncodingTest {
    @TempDir
    Path dir;

    private String refused(Path... files) {
        Path project = dir.resolve("p.tjdb");
        try (Project p = Project.open(project, Project.OpenOptions.createIfMissing("enc"))) {
            ImportException e = assertThrows(ImportException.class, () -> new Importer(p, null)
                    .importFiles(java.util.List.of(files), null, null));
            int traces = p.read(c -> {
                try (var s = c.createStatement();
                        var rs = s.executeQuery("SELECT count(*) FROM task")) {
                    rs.next();
                    return rs.getInt(1);
                }
            });
            assertTrue(traces == 0, "nothing was imported");
            return e.getMessage();
        }
    }

    private byte[] sample() throws Exception {
        return Files.readAllBytes(TestData.sampleFiles().get(0));
    }

    /**
     * Several files, their encodings checked side by side: the refusal is the first file's in the order given (a missing
     * file before a later one's encoding, a bad one before a later missing one), and nothing of the good files is
     * imported.
     */
    @Test
    void ofSeveralFilesTheFirstRefusalInTheirOrderIsReported() throws Exception {
        String text = new String(sample(), StandardCharsets.UTF_8);
        Path good = TestData.sampleFiles().get(0);
        Path le = Files.write(dir.resolve("le.json"), text.getBytes(StandardCharsets.UTF_16LE));
        Path u32 = Files.write(dir.resolve("u32.json"), ("\uFEFF" + text).getBytes(Charset.forName("UTF-32LE")));
        Path missing = dir.resolve("gone.json");
        String m = refused(good, le, u32);
        assertTrue(m.startsWith("le.json") && m.contains("UTF-16LE"), m);
        m = refused(good, u32, le);
        assertTrue(m.startsWith("u32.json") && m.contains("UTF-32LE"), m);
        m = refused(good, missing, le);
        assertTrue(m.contains("gone.json") && m.contains("no such file"), m);
        m = refused(good, le, missing);
        assertTrue(m.startsWith("le.json") && m.contains("UTF-16LE"), m);
    }

    @Test
    void utf16WithAndWithoutAByteOrderMarkIsNamed() throws Exception {
        String text = new String(sample(), StandardCharsets.UTF_8);
        Path le = Files.write(dir.resolve("le.json"), text.getBytes(StandardCharsets.UTF_16LE));
        String m = refused(le);
        assertTrue(
                m.startsWith("le.json") && m.contains("UTF-16LE without a byte order mark") && m.contains("iconv"), m);
        Path bom = Files.write(dir.resolve("bom.json"), text.getBytes(StandardCharsets.UTF_16)); // big-endian, BOM
        m = refused(bom);
        assertTrue(m.contains("UTF-16BE") && m.contains("byte order mark"), m);
        Path u32 = Files.write(dir.resolve("u32.json"), ("\uFEFF" + text).getBytes(Charset.forName("UTF-32LE")));
        m = refused(u32);
        assertTrue(m.contains("UTF-32LE"), m);
    }

    @Test
    void aBadByteIsReportedOnItsOwnLine() throws Exception {
        byte[] b = sample();
        int line = 1;
        int at = -1;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\n' && ++line == 34) {
                at = i + 3;
                break;
            }
        }
        assertTrue(at > 0, "the sample has 34 lines");
        b[at] = (byte) 0xE9; // Latin-1 'é'
        String m = refused(Files.write(dir.resolve("latin1.json"), b));
        assertTrue(m.contains("line 34") && m.contains("Latin-1"), m);
    }

    @Test
    void overlongFormsAndSurrogatesAreNotUtf8() throws Exception {
        String text = new String(sample(), StandardCharsets.UTF_8);
        int q = text.indexOf('"');
        byte[] head = text.substring(0, q).getBytes(StandardCharsets.UTF_8);
        byte[] tail = text.substring(q + 1).getBytes(StandardCharsets.UTF_8);
        for (byte[] bad : new byte[][] {
            {(byte) 0xC0, (byte) 0xA2}, {(byte) 0xE0, (byte) 0x80, (byte) 0xA2}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}
        }) {
            byte[] all = new byte[head.length + bad.length + tail.length];
            System.arraycopy(head, 0, all, 0, head.length);
            System.arraycopy(bad, 0, all, head.length, bad.length);
            System.arraycopy(tail, 0, all, head.length + bad.length, tail.length);
            String m = refused(Files.write(dir.resolve("overlong.json"), all));
            assertTrue(m.contains("not UTF-8") && (m.contains("overlong") || m.contains("surrogate")), m);
        }
    }

    @Test
    void utf8WithAByteOrderMarkAndEveryScriptIsRead() throws Exception {
        Path ok = Files.write(
                dir.resolve("ok.json"),
                ("\uFEFF" + new String(sample(), StandardCharsets.UTF_8).replaceFirst("\"", "\"日本語 ünïcödé 🙂 "))
                        .getBytes(StandardCharsets.UTF_8));
        TextEncoding.requireUtf8(ok); // no exception
        assertFalse(Files.size(ok) == 0);
    }
}
