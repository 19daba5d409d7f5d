package org.tracejudge.importer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The byte-level first pass over OTLP JSON Lines: on which line each trace id occurs last, found by a token scan
 * without parsing, so {@link OtlpReader} can hand a trace on as soon as its last span was read and its memory stays
 * flat however long the file is. Large plain files are scanned as two halves at once.
 */
final class OtlpLineIndex {
    private OtlpLineIndex() {}

    /**
     * The first pass over JSON Lines: the last line each trace id occurs on (a token scan, no trees), so the second
     * pass can hand a trace on as soon as its last span was read and memory stays flat however long the file is.
     * Lines that do not parse are left to the second pass, which says what is wrong with them.
     */
    static Map<Long, List<String>> lastLines(java.io.InputStream in) throws IOException {
        Map<String, Long> last = new HashMap<>();
        scanLines(in, 0, last);
        return ends(last);
    }

    /** Plain files from this size on are scanned as two halves at once: the writer has nothing to do yet. */
    static final long SPLIT_SCAN = 8L << 20;

    /**
     * {@link #lastLines(java.io.InputStream)} of a plain (not compressed) file: from {@link #SPLIT_SCAN} bytes on, the
     * half after the first line end past the middle is scanned on a second thread, its line numbers counted on from
     * the first half's. The same map as one scan.
     */
    static Map<Long, List<String>> lastLines(Path file) throws IOException {
        return lastLines(file, SPLIT_SCAN);
    }

    static Map<Long, List<String>> lastLines(Path file, long splitFrom) throws IOException {
        long size = java.nio.file.Files.size(file);
        long cut = size >= splitFrom ? afterLineEnd(file, size / 2) : -1;
        if (cut <= 0 || cut >= size) {
            try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
                return lastLines(in);
            }
        }
        Map<String, Long> second = new HashMap<>();
        IOException[] failed = {null};
        Thread t = new Thread(
                () -> {
                    try (java.io.InputStream in = range(file, cut, size)) {
                        scanLines(in, 0, second);
                    } catch (IOException e) {
                        failed[0] = e;
                    }
                },
                "import-scan");
        t.setDaemon(true);
        t.start();
        Map<String, Long> last = new HashMap<>();
        long firstLines;
        try (java.io.InputStream in = range(file, 0, cut)) {
            firstLines = scanLines(in, 0, last);
        } catch (IOException | RuntimeException e) {
            t.interrupt(); // its result is not wanted
            throw e;
        }
        try {
            t.join();
        } catch (InterruptedException e) {
            t.interrupt();
            Thread.currentThread().interrupt();
            throw new ImportCancelledException();
        }
        if (failed[0] != null) {
            throw failed[0];
        }
        second.forEach((id, line) -> last.put(id, firstLines + line)); // later lines: the second half wins
        return ends(last);
    }

    /** Records each trace id's line (counted on from {@code before}) in {@code last}; returns the lines read. */
    static long scanLines(java.io.InputStream in, long before, Map<String, Long> last) throws IOException {
        // bytes, not chars: the scan needs no decoding; lines end as the second pass ends them (ByteLines)
        ByteLines lines = new ByteLines(in);
        while (lines.next()) {
            scanTraceIds(lines.array(), lines.offset(), lines.length(), before + lines.number(), last);
        }
        return lines.number();
    }

    static Map<Long, List<String>> ends(Map<String, Long> last) {
        Map<Long, List<String>> ends = new HashMap<>();
        last.forEach((id, l) -> ends.computeIfAbsent(l, k -> new ArrayList<>()).add(id));
        return ends;
    }

    /**
     * The offset just after the first {@code \n} at or after {@code from}, or -1: a line begins there whichever way
     * lines end ({@code \r\n} is never cut in two).
     */
    static long afterLineEnd(Path file, long from) throws IOException {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
            java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(1 << 16);
            long pos = from;
            while (true) {
                buf.clear();
                int n = ch.read(buf, pos);
                if (n <= 0) {
                    return -1;
                }
                for (int i = 0; i < n; i++) {
                    if (buf.get(i) == '\n') {
                        return pos + i + 1;
                    }
                }
                pos += n;
            }
        }
    }

    /** Bytes {@code [from, to)} of a file. */
    static java.io.InputStream range(Path file, long from, long to) throws IOException {
        java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file);
        ch.position(from);
        return new java.io.FilterInputStream(java.nio.channels.Channels.newInputStream(ch)) {
            private long left = to - from;

            @Override
            public int read() throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int b = super.read();
                if (b >= 0) {
                    left--;
                }
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int n = super.read(b, off, (int) Math.min(len, left));
                if (n > 0) {
                    left -= n;
                }
                return n;
            }
        };
    }

    /**
     * The values of {@code "traceId"} / {@code "traceID"} keys on one line: inside a JSON string a quote is escaped, so
     * quote-name-quote followed by a colon is always a key. The line is looked at as Latin-1 text (one char per byte, a
     * plain copy) so that String.indexOf, which the JIT turns into vector instructions, finds the candidates.
     */
    @SuppressWarnings("deprecation") // String(byte[], hibyte, ...) is the copy-only Latin-1 constructor wanted here
    static void scanTraceIds(byte[] bytes, int off, int len, long lineNo, Map<String, Long> last) {
        String line = new String(bytes, 0, off, len);
        int at = 0;
        while ((at = line.indexOf("\"traceI", at)) >= 0) {
            int i = at + 7;
            at = i;
            if (i + 1 >= len || (line.charAt(i) != 'd' && line.charAt(i) != 'D') || line.charAt(i + 1) != '"') {
                continue;
            }
            i += 2;
            while (i < len && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
                i++;
            }
            if (i >= len || line.charAt(i) != ':') {
                continue;
            }
            i++;
            while (i < len && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
                i++;
            }
            if (i < len && line.charAt(i) == '"') {
                int close = line.indexOf('"', i + 1);
                if (close > 0) {
                    last.put(
                            new String(bytes, off + i + 1, close - i - 1, java.nio.charset.StandardCharsets.UTF_8),
                            lineNo);
                    at = close;
                }
            }
        }
    }
}
