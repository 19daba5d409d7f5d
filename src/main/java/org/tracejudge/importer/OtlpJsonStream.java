package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import org.tracejudge.json.Json;

/**
 * The span source for one large OTLP/JSON request ({@code {"resourceSpans": [...]}}, as a collector's file exporter
 * or an SDK's debug dump writes a whole batch): read as it streams, one span's tree at a time, so the heap holds the
 * spans' content and never the whole document's tree (a document of 100,000 spans needed several times its size in
 * nodes). Everything but {@code resourceSpans} (e.g. {@code resourceLogs}) is kept as a tree and read after the spans.
 * Errors name the same JSON pointers as the tree path.
 */
final class OtlpJsonStream {
    /** Documents from this size on stream; smaller ones take the tree path (log records before their spans). */
    static final long FROM = 16L << 20;

    private OtlpJsonStream() {}

    /** Whether the first field of the file's top-level object is {@code resourceSpans}. */
    static boolean applies(Path file) {
        try (InputStream in = AgentFormats.open(file);
                JsonParser p = StrictJson.parser(in)) {
            return p.nextToken() == JsonToken.START_OBJECT
                    && p.nextToken() == JsonToken.FIELD_NAME
                    && p.currentName().equals("resourceSpans");
        } catch (IOException e) {
            return false;
        }
    }

    static void read(Path file, OtlpReader reader) throws IOException {
        Fields f = new Fields(file, -1);
        ObjectNode rest = Json.object();
        try (InputStream in = AgentFormats.open(file);
                JsonParser p = StrictJson.parser(in)) {
            p.nextToken(); // START_OBJECT, as applies() saw
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                if (!name.equals("resourceSpans")) {
                    rest.set(name, StrictJson.MAPPER.readTree(p));
                    continue;
                }
                if (t != JsonToken.START_ARRAY) {
                    throw f.error(
                            "/resourceSpans",
                            "expected an array of resource spans, found "
                                    + Fields.describe(StrictJson.MAPPER.readTree(p)));
                }
                int i = 0;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    resource(p, f, "/resourceSpans/" + i++, reader);
                }
            }
            if (p.nextToken() != null) {
                throw new StrictJson.Invalid(p, "unexpected content after the JSON value");
            }
        } catch (JsonProcessingException e) {
            throw ImportException.fromParse(file, e, "", 0);
        }
        if (!rest.isEmpty()) {
            reader.take(rest);
        }
    }

    private static void resource(JsonParser p, Fields f, String rptr, OtlpReader reader) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw f.error(
                    rptr, "expected a resource spans object, found " + Fields.describe(StrictJson.MAPPER.readTree(p)));
        }
        boolean scopes = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            if (name.equals("resource")) {
                JsonNode r = StrictJson.MAPPER.readTree(p);
                OtlpValues.attributes(r.get("attributes"), f, rptr + "/resource/attributes");
            } else if (name.equals("scopeSpans") || name.equals("instrumentationLibrarySpans")) {
                scopes = true;
                String sptr0 = rptr + "/" + name;
                if (t != JsonToken.START_ARRAY) {
                    throw f.error(
                            sptr0,
                            "expected an array of scope spans, found "
                                    + Fields.describe(StrictJson.MAPPER.readTree(p)));
                }
                int j = 0;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    scope(p, f, sptr0 + "/" + j++, reader);
                }
            } else {
                p.skipChildren();
            }
        }
        if (!scopes) {
            throw f.error(
                    rptr + "/scopeSpans", "expected an array of scope spans, found nothing (the field is missing)");
        }
    }

    private static void scope(JsonParser p, Fields f, String sptr, OtlpReader reader) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw f.error(
                    sptr, "expected a scope spans object, found " + Fields.describe(StrictJson.MAPPER.readTree(p)));
        }
        boolean spans = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            if (!name.equals("spans")) {
                p.skipChildren();
                continue;
            }
            spans = true;
            if (t != JsonToken.START_ARRAY) {
                throw f.error(
                        sptr + "/spans",
                        "expected an array of spans, found " + Fields.describe(StrictJson.MAPPER.readTree(p)));
            }
            int k = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                reader.takeSpan(StrictJson.MAPPER.readTree(p), f, sptr + "/spans/" + k++);
            }
        }
        if (!spans) {
            throw f.error(sptr + "/spans", "expected an array of spans, found nothing (the field is missing)");
        }
    }
}
