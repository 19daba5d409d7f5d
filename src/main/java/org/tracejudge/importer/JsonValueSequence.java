package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/**
 * The span source for JSON values one after another (pretty-printed requests or spans written back to back, as
 * OpenTelemetry Python's console exporter does), or one value: each value is a document for the reader's
 * {@link SpanSource}s. The first value is named by its JSON pointer alone; later ones by the line they start on too.
 */
final class JsonValueSequence {
    private JsonValueSequence() {}

    /** Reads every value of {@code bytes} into {@code into}; an empty file is refused. */
    static void read(byte[] bytes, OtlpReader into) {
        int n = 0;
        try (JsonParser p = StrictJson.parser(bytes)) {
            while (p.nextToken() != null) {
                long line = p.currentTokenLocation().getLineNr();
                JsonNode doc = StrictJson.MAPPER.readTree(p);
                Fields f = new Fields(into.file(), n == 0 ? -1 : line);
                into.document(doc, f, n == 0 ? "" : "/" + n);
                n++;
            }
        } catch (JsonProcessingException e) {
            throw ImportException.fromParse(into.file(), e, "", 0);
        } catch (IOException e) {
            throw new ImportException(into.file(), -1, null, "cannot read: " + e.getMessage());
        }
        if (n == 0) {
            throw new ImportException(into.file(), -1, null, "the file is empty");
        }
    }
}
