package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The span source for JSON Lines of OTLP requests, one request a line, read line by line: each line's spans go to the
 * reader, and, with {@code ends} (from {@link OtlpLineIndex#lastLines}), the traces whose last span was on the line
 * are assembled and handed on there, so only the spans of traces still open are held. A line of the plain shape
 * collectors write is read by {@link OtlpStreamedLine} without a tree; any other line is parsed into a tree and read as
 * a document ({@link OtlpJsonRequest}), which also says what is wrong with a bad line.
 */
final class OtlpJsonLines {
    private final OtlpReader reader;
    private final boolean streamed;

    /** {@code streamed}: whether lines take {@link OtlpStreamedLine}'s fast path (tests compare it with the tree's). */
    OtlpJsonLines(OtlpReader reader, boolean streamed) {
        this.reader = reader;
        this.streamed = streamed;
    }

    /**
     * Reads every line; the bytes are UTF-8 already when {@code checked} (the importer checked the whole file), else
     * (gzip) each line is checked here. This thread reads and parses the lines; each line's tree is turned into spans,
     * and finished traces into runs, on a second thread (see {@link TraceAssembly}), in line order: all the reader's
     * state is that thread's, and {@code out} is called from it only, in the order of a one-thread read, for the last
     * time before this returns.
     */
    void read(
            InputStream in,
            boolean checked,
            Map<Long, List<String>> ends,
            ImportListener listener,
            Consumer<Records.Rec> out)
            throws IOException {
        try (TraceAssembly a = TraceAssembly.start()) {
            try {
                parseLines(in, checked, ends, listener, out, a);
            } catch (RuntimeException e) {
                throw a.failed(e);
            } catch (IOException e) {
                RuntimeException none = new IllegalStateException(e);
                RuntimeException earlier = a.failed(none); // a trace assembled before the read failed may have failed
                if (earlier != none) {
                    throw earlier;
                }
                throw e;
            }
            a.finish();
        }
    }

    private void parseLines(
            InputStream in,
            boolean checked,
            Map<Long, List<String>> ends,
            ImportListener listener,
            Consumer<Records.Rec> out,
            TraceAssembly assembly)
            throws IOException {
        ByteLines lines = new ByteLines(in);
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        while (lines.next()) {
            byte[] b = lines.array();
            int off = lines.offset();
            int len = lines.length();
            long line = lines.number();
            if (!checked && !ByteLines.ascii(b, off, len)) {
                try {
                    decoder.reset().decode(ByteBuffer.wrap(b, off, len));
                } catch (CharacterCodingException e) {
                    throw new ImportException(
                            reader.file(),
                            line,
                            null,
                            "not UTF-8 text (an invalid byte sequence); save the "
                                    + "file as UTF-8 and import it again");
                }
            }
            if (line == 1
                    && len >= 3
                    && (b[off] & 0xff) == 0xEF
                    && (b[off + 1] & 0xff) == 0xBB
                    && (b[off + 2] & 0xff) == 0xBF) {
                off += 3; // a byte order mark
                len -= 3;
            }
            if (blank(b, off, len)) {
                continue;
            }
            List<OtlpStreamedLine.Span> spans = streamed ? OtlpStreamedLine.read(b, off, len) : null;
            if (spans != null) {
                assembly.run(() -> streamedRequest(spans, line, ends, out), len);
            } else { // not the plain shape, or something is wrong with it: the tree path says what
                JsonNode node;
                try {
                    node = StrictJson.readTree(b, off, len);
                } catch (JsonProcessingException e) {
                    throw ImportException.fromParse(reader.file(), e, "", line - 1);
                }
                JsonNode tree = node;
                assembly.run(() -> request(tree, line, ends, out), len);
            }
            if ((line & 63) == 0 && listener.cancelled()) {
                throw new ImportCancelledException();
            }
        }
        assembly.run(() -> reader.finishAll(out), 0);
    }

    /** Only whitespace (as String.isBlank sees ASCII; a line of other spaces is not JSON and is said to be so). */
    private static boolean blank(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            if (b[i] != ' ' && b[i] != '\t' && b[i] != 0x0B && b[i] != '\f' && (b[i] < 0x1C || b[i] > 0x1F)) {
                return false;
            }
        }
        return true;
    }

    /** One line's request: its spans kept, the traces that end on it assembled and handed on. */
    private void request(JsonNode node, long line, Map<Long, List<String>> ends, Consumer<Records.Rec> out) {
        Fields f = new Fields(reader.file(), line);
        if (node == null || !node.isObject()) {
            throw f.error("", "expected an OTLP request object {resourceSpans: [...]}, found " + Fields.describe(node));
        }
        reader.document(node, f, "");
        finishTraces(line, ends, out);
    }

    /** A line's spans read by {@link OtlpStreamedLine}: as {@link #request} would take them from the line's tree. */
    private void streamedRequest(
            List<OtlpStreamedLine.Span> spans, long line, Map<Long, List<String>> ends, Consumer<Records.Rec> out) {
        Fields f = new Fields(reader.file(), line);
        Map<String, Map<String, JsonNode>> noLogs = Map.of();
        for (OtlpStreamedLine.Span s : spans) {
            if (OtlpJsonRequest.unknownKind(s.kind())) {
                reader.skip(s.traceId(), "spans of unknown span kind " + s.kind());
                continue;
            }
            String ptr = "/resourceSpans/" + s.resource() + "/scopeSpans/" + s.scope() + "/spans/" + s.index();
            reader.otlpSpan(
                    s.traceId(),
                    s.spanId(),
                    s.parentId(),
                    s.attributes(),
                    s.start(),
                    s.name(),
                    s.status(),
                    s.events(),
                    f,
                    ptr,
                    noLogs);
        }
        finishTraces(line, ends, out);
    }

    /** Assembles and hands on the traces whose last span was on this line. */
    private void finishTraces(long line, Map<Long, List<String>> ends, Consumer<Records.Rec> out) {
        List<String> done = ends == null ? null : ends.remove(line);
        if (done != null) {
            for (String traceId : done) {
                reader.finishTrace(traceId, out);
            }
        }
    }
}
