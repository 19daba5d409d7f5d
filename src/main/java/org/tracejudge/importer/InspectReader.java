package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.function.Consumer;

final class InspectReader {
    private final Path file;

    InspectReader(Path file) {
        this.file = file;
    }

    static boolean isZip(Path file) {
        return false;
    }

    static boolean isEvalZip(Path file) {
        return false;
    }

    void readZip(Consumer<Records.Rec> out) {
        throw new ImportException(file, -1, null, "this format is recognised but not read yet");
    }

    void readLog(JsonNode log, String entry, Consumer<Records.Rec> out) {
        throw new ImportException(file, -1, null, "this format is recognised but not read yet");
    }
}
