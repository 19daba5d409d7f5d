package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Reads the agent-trace formats (spec formats.md section 8): picks the reader and how the file is read. */
final class AgentFormats {
    /** A single JSON document is read whole; beyond this size it has to be JSON Lines. */
    static final long MAX_DOCUMENT = 1L << 30;
    /** A document read whole takes about this many times its size in heap (its bytes, then its tree of nodes). */
    static final int WHOLE_DOCUMENT_HEAP_FACTOR = 6;

    /**
     * The largest document read whole with this JVM's heap: a sixth of it (85 MB with -Xmx512m), at most 1 GB.
     * Langfuse arrays, Inspect logs and OTLP JSON Lines stream and have no such limit.
     */
    static long wholeDocumentLimit() {
        return wholeDocumentLimit(Runtime.getRuntime().maxMemory());
    }

    static long wholeDocumentLimit(long maxHeap) {
        return Math.min(MAX_DOCUMENT, maxHeap / WHOLE_DOCUMENT_HEAP_FACTOR);
    }

    private AgentFormats() {}

    static boolean isGzip(byte[] head) {
        return head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b;
    }

    static boolean isGzip(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return isGzip(in.readNBytes(2));
        } catch (IOException e) {
            return false;
        }
    }

    /** The file's content: inflated when it is gzip-compressed. */
    static InputStream open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        return isGzip(file) ? new java.util.zip.GZIPInputStream(in, 1 << 16) : in;
    }

    private static BufferedReader reader(Path file) throws IOException {
        var decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        return new BufferedReader(new InputStreamReader(open(file), decoder), 1 << 16);
    }

    /** Reads one file; returns its SHA-256 (of the file as stored). */
    static String read(Path file, Format format, Consumer<Records.Rec> out, ImportListener listener)
            throws IOException {
        return read(file, format, out, listener, null);
    }

    /** {@code group}: the OTLP files of the import read as one (null: this file alone). */
    static String read(
            Path file, Format format, Consumer<Records.Rec> out, ImportListener listener, OtlpFileGroup group)
            throws IOException {
        switch (format) {
            case OTLP -> {
                if (group != null) {
                    byte[] bytes;
                    try {
                        bytes = bytes(file, format);
                    } catch (RuntimeException | IOException e) {
                        group.failed();
                        throw e;
                    }
                    com.fasterxml.jackson.databind.node.ObjectNode request = null;
                    if (OtlpProtobuf.mayStart(bytes, bytes.length)) {
                        request = protobuf(file, bytes);
                    }
                    group.read(file, bytes, request, out);
                    return isGzip(file) ? sha256(file) : sha256(bytes);
                }
                if (firstLineIsObject(file)) {
                    Map<Long, List<String>> ends;
                    boolean gz = isGzip(file);
                    try (InputStream in = gz ? open(file) : null) {
                        ends = gz ? OtlpLineIndex.lastLines(in) : OtlpLineIndex.lastLines(file);
                    } catch (java.util.zip.ZipException | java.io.EOFException e) {
                        ends = null; // the second pass says what is wrong
                    }
                    MessageDigest sha = sha256();
                    try (InputStream raw = new DigestInputStream(Files.newInputStream(file), sha)) {
                        // a plain file was checked to be UTF-8 before the import began; gzip is checked line by line
                        new OtlpReader(file)
                                .readLines(
                                        gz ? new java.util.zip.GZIPInputStream(raw, 1 << 16) : raw,
                                        !gz,
                                        ends,
                                        listener,
                                        out);
                        raw.transferTo(java.io.OutputStream.nullOutputStream());
                    } catch (java.util.zip.ZipException | java.io.EOFException e) {
                        throw new ImportException(
                                file, -1, null, "the gzip file is truncated or damaged (" + e.getMessage() + ")");
                    }
                    return HexFormat.of().formatHex(sha.digest());
                }
                if (Files.size(file) >= OtlpJsonStream.FROM && OtlpJsonStream.applies(file)) {
                    // one large request: its spans read one at a time, never the whole document's tree
                    OtlpReader reader = new OtlpReader(file);
                    reader.keepSpans = false; // memory stays that of the parse (see OtlpReader.keepSpans)
                    OtlpJsonStream.read(file, reader);
                    reader.finishAll(out);
                    return sha256(file);
                }
                byte[] bytes = bytes(file, format);
                if (OtlpProtobuf.mayStart(bytes, bytes.length)) {
                    com.fasterxml.jackson.databind.node.ObjectNode request = protobuf(file, bytes);
                    if (request != null) {
                        new OtlpReader(file).readDocument(request, out);
                        return isGzip(file) ? sha256(file) : sha256(bytes);
                    }
                }
                new OtlpReader(file).readDocuments(bytes, out);
                return isGzip(file) ? sha256(file) : sha256(bytes);
            }
            case LANGFUSE -> {
                // an array of exports streams: one export's tree at a time, so memory stays flat with file size
                LangfuseReader reader = new LangfuseReader(file);
                return streamed(file, p -> {
                    Fields f = new Fields(file, -1);
                    if (p.currentToken() == JsonToken.START_ARRAY) {
                        int i = 0;
                        while (p.nextToken() != JsonToken.END_ARRAY) {
                            reader.one(StrictJson.MAPPER.readTree(p), f, "/" + i++, out);
                        }
                    } else {
                        reader.read(StrictJson.MAPPER.readTree(p), out);
                    }
                });
            }
            case INSPECT -> {
                if (InspectReader.isZip(file)) {
                    new InspectReader(file).readZip(out);
                    return sha256(file);
                }
                // the log's samples stream: one sample's tree at a time (the header fields come before them)
                InspectReader reader = new InspectReader(file);
                return streamed(file, p -> reader.readLog(p, out));
            }
            case ATIF -> {
                byte[] bytes = bytes(file, format);
                new AtifReader(file).read(document(file, bytes), out);
                return isGzip(file) ? sha256(file) : sha256(bytes);
            }
            case SWE_AGENT -> {
                byte[] bytes = bytes(file, format);
                new SweAgentReader(file).read(document(file, bytes), out);
                return isGzip(file) ? sha256(file) : sha256(bytes);
            }
            default -> throw new IllegalStateException(format.code());
        }
    }

    /**
     * The OTLP/JSON form of an OTLP/protobuf request; null when the bytes are JSON text after all (a file that begins
     * with a blank line); refused naming what is wrong when they are neither.
     */
    private static com.fasterxml.jackson.databind.node.ObjectNode protobuf(Path file, byte[] bytes) {
        try {
            return OtlpProtobuf.parse(bytes, null);
        } catch (OtlpProtobuf.NotOtlp e) {
            int i = 0;
            while (i < bytes.length && (bytes[i] == '\n' || bytes[i] == '\r' || bytes[i] == ' ' || bytes[i] == '\t')) {
                i++;
            }
            if (i < bytes.length && (bytes[i] == '{' || bytes[i] == '[')) {
                return null;
            }
            throw new ImportException(
                    file,
                    -1,
                    null,
                    "neither JSON nor a whole OTLP/protobuf request: " + e.getMessage()
                            + "; Tracejudge reads OTLP as protobuf (ExportTraceServiceRequest, "
                            + "ExportLogsServiceRequest, as exporters post them) or as OTLP/JSON");
        }
    }

    /** JSON Lines: the first non-blank line is a whole JSON object by itself. */
    static boolean firstLineIsObject(Path file) {
        try (BufferedReader r = reader(file)) {
            String line;
            while ((line = r.readLine()) != null && line.isBlank()) {
                // skip
            }
            if (line == null) {
                return false;
            }
            line = line.startsWith("\uFEFF") ? line.substring(1) : line;
            String t = line.strip();
            if (!t.startsWith("{") || !t.endsWith("}")) {
                return false;
            }
            JsonNode n = StrictJson.readTree(t);
            return n != null && n.isObject();
        } catch (IOException e) {
            return false;
        }
    }

    /** The whole file (inflated when gzip-compressed), refused with the limit named when it would not fit the heap. */
    static byte[] bytes(Path file, Format format) throws IOException {
        return bytes(file, format, wholeDocumentLimit());
    }

    static byte[] bytes(Path file, Format format, long limit) throws IOException {
        long size = Files.size(file);
        if (size > limit) {
            throw tooLarge(file, format, size(size), limit);
        }
        if (!isGzip(file)) {
            return Files.readAllBytes(file);
        }
        try (InputStream in = open(file)) {
            byte[] b = in.readNBytes((int) limit + 1);
            if (b.length > limit) {
                throw tooLarge(file, format, "more than " + size(limit) + " inflated", limit);
            }
            return b;
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw new ImportException(file, -1, null, "the gzip file is truncated or damaged (" + e.getMessage() + ")");
        }
    }

    private static ImportException tooLarge(Path file, Format format, String size, long limit) {
        String what =
                switch (format) {
                    case ATIF -> "an ATIF trajectory is one run and is read whole";
                    case SWE_AGENT -> "a SWE-agent .traj is one run and is read whole";
                    default ->
                        "a single OpenTelemetry JSON document (a request, a Tempo or Jaeger export) is read whole";
                };
        return new ImportException(
                file,
                -1,
                null,
                "the file is " + size + "; " + what + ", and with this Java heap ("
                        + size(Runtime.getRuntime().maxMemory()) + ") files up to " + size(limit) + " are read (a "
                        + WHOLE_DOCUMENT_HEAP_FACTOR + "th of the heap): run Java with a larger -Xmx"
                        + (format == Format.OTLP ? ", or give the spans as OTLP JSON Lines, which stream" : ""));
    }

    private static String size(long bytes) {
        return bytes >= 1 << 20 ? (bytes >> 20) + " MB" : bytes >= 1 << 10 ? (bytes >> 10) + " KB" : bytes + " bytes";
    }

    /** Reads a document's tokens with {@code body} (the parser is on the first token); returns the file's SHA-256. */
    interface Body {
        void read(JsonParser p) throws IOException;
    }

    /**
     * One JSON document read as it streams (through gzip when the file is compressed), hashed as stored: strict JSON
     * as {@link StrictJson} reads it, nothing after the value, errors naming the place.
     */
    static String streamed(Path file, Body body) throws IOException {
        MessageDigest sha = sha256();
        boolean gz = isGzip(file);
        try (InputStream raw = new DigestInputStream(Files.newInputStream(file), sha);
                JsonParser p = StrictJson.parser(gz ? new java.util.zip.GZIPInputStream(raw, 1 << 16) : raw)) {
            p.disable(JsonParser.Feature.AUTO_CLOSE_SOURCE); // the rest of the file is still hashed after the value
            if (p.nextToken() == null) {
                throw new ImportException(file, -1, null, "the file is empty");
            }
            body.read(p);
            if (p.nextToken() != null) {
                throw new StrictJson.Invalid(p, "unexpected content after the JSON value");
            }
            raw.transferTo(java.io.OutputStream.nullOutputStream());
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw new ImportException(file, -1, null, "the gzip file is truncated or damaged (" + e.getMessage() + ")");
        } catch (JsonProcessingException e) {
            throw ImportException.fromParse(file, e, "", 0);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    static JsonNode document(Path file, byte[] bytes) {
        try {
            JsonNode n = StrictJson.readTree(bytes);
            if (n == null) {
                throw new ImportException(file, -1, null, "the file is empty");
            }
            return n;
        } catch (JsonProcessingException e) {
            throw ImportException.fromParse(file, e, "", 0);
        } catch (IOException e) {
            throw new ImportException(file, -1, null, "cannot read: " + e.getMessage());
        }
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sha256(byte[] bytes) {
        MessageDigest d = sha256();
        for (int i = 0; i < bytes.length; i += 1 << 16) {
            d.update(bytes, i, Math.min(1 << 16, bytes.length - i));
        }
        return HexFormat.of().formatHex(d.digest());
    }

    static String sha256(Path file) throws IOException {
        MessageDigest d = sha256();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            int n;
            while ((n = in.read(buf)) > 0) {
                d.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(d.digest());
    }
}
