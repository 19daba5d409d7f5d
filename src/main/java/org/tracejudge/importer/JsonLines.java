package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;

/** Reads JSON Lines: one object per line, blank lines skipped, errors naming the line. */
final class JsonLines {
    private JsonLines() {}

    /** Handles one line's object; {@code f} reports errors at that line. */
    interface Handler {
        void accept(long line, Fields f, JsonNode object, String text);
    }

    static void read(Path file, BufferedReader in, ImportListener listener, String expected, Handler handler)
            throws IOException {
        String text;
        long line = 0;
        while ((text = in.readLine()) != null) {
            line++;
            if (line == 1 && text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
            if (text.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = StrictJson.readTree(text);
            } catch (JsonProcessingException e) {
                throw ImportException.fromParse(file, e, "", line - 1);
            }
            Fields f = new Fields(file, line);
            if (node == null || !node.isObject()) {
                throw f.error("", "expected " + expected + ", found " + Fields.describe(node));
            }
            handler.accept(line, f, node, text);
            if ((line & 63) == 0 && listener.cancelled()) {
                throw new ImportCancelledException();
            }
        }
    }
}
