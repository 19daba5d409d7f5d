package org.tracejudge.importer;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The OTLP files of one import read as one: an exporter sends a run's spans in several requests (one per span, or per
 * batch) and its log records in requests of their own, and a sink saves each request as a file, so the spans of one
 * trace, and the log records of its spans, are spread over files. Each file is parsed into one shared
 * {@link OtlpReader}; when the last file of the group has been read, the traces are assembled, each once, and handed
 * on with that file's records. Files are read whole here (up to the whole-document limit); a larger OTLP file (JSON
 * Lines, which streams) is read on its own and not joined with the others.
 */
final class OtlpFileGroup {
    private final OtlpReader reader;
    private int left;

    /** {@code files}: how many files the group has; each calls {@link #read} once. */
    OtlpFileGroup(Path first, int files) {
        this.reader = new OtlpReader(first);
        this.left = files;
    }

    /**
     * Parses one file's request(s) (the OTLP/JSON form of a protobuf request, or JSON values one after another); the
     * last file's call hands on every trace of the group.
     */
    synchronized void read(
            Path file,
            byte[] bytes,
            com.fasterxml.jackson.databind.JsonNode protobufRequest,
            Consumer<Records.Rec> out) {
        reader.file(file);
        try {
            if (protobufRequest != null) {
                reader.take(protobufRequest);
            } else {
                reader.takeDocuments(bytes);
            }
        } finally {
            left--;
        }
        if (left == 0) {
            reader.finishAll(out);
        }
    }

    /** A file of the group failed: the others' traces are not handed on (the import is refused as a whole). */
    synchronized void failed() {
        left = -1;
    }
}
