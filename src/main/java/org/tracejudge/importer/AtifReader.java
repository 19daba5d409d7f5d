package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.function.Consumer;

final class AtifReader {
    private final Path file;

    AtifReader(Path file) {
        this.file = file;
    }

    void read(JsonNode doc, Consumer<Records.Rec> out) {
        throw new ImportException(file, -1, null, "this format is recognised but not read yet");
    }
}
