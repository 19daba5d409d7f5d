package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.tracejudge.json.Json;

/**
 * JSON as the formats spec allows it (RFC 8259 read strictly): every object key once (Jackson's
 * STRICT_DUPLICATE_DETECTION), only finite numbers (no {@code 1e400}; {@code NaN} and {@code Infinity} are not
 * JSON at all), only whole Unicode (no lone surrogate escape such as {@code "\ud800"}), and at most
 * {@link #MAX_DEPTH} levels of nesting. Every importer parses through it; a violation is a {@link Invalid} whose
 * location and JSON pointer end up in the {@link ImportException}.
 */
final class StrictJson {
    /** Jackson's own limit (StreamReadConstraints' default), named so the message can say it. */
    static final int MAX_DEPTH = 1000;

    static final JsonFactory FACTORY = Json.FACTORY.rebuild()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(Json.FACTORY.streamReadConstraints().rebuild().maxNestingDepth(MAX_DEPTH).build())
            .build();
    static final ObjectMapper MAPPER = new ObjectMapper(FACTORY);

    private StrictJson() {
    }

    /** A value the spec does not allow; the message says what, the parser's location where. */
    static final class Invalid extends JsonParseException {
        Invalid(JsonParser p, String msg) {
            super(p, msg);
        }
    }

    static JsonParser parser(byte[] b, int off, int len) throws IOException {
        return new Checking(FACTORY.createParser(b, off, len));
    }

    static JsonParser parser(java.io.InputStream in) throws IOException {
        return new Checking(FACTORY.createParser(in));
    }

    static JsonParser parser(byte[] b) throws IOException {
        return parser(b, 0, b.length);
    }

    static JsonParser parser(String text) throws IOException {
        return new Checking(FACTORY.createParser(text));
    }

    static JsonNode readTree(byte[] b, int off, int len) throws IOException {
        try (JsonParser p = parser(b, off, len)) {
            return tree(p);
        }
    }

    static JsonNode readTree(byte[] b) throws IOException {
        return readTree(b, 0, b.length);
    }

    /** The one JSON value of {@code in}; the stream is left open (its owner may still read or drain it). */
    static JsonNode readTree(java.io.InputStream in) throws IOException {
        try (JsonParser p = parser(in)) {
            p.disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
            return tree(p);
        }
    }

    static JsonNode readTree(String text) throws IOException {
        try (JsonParser p = parser(text)) {
            return tree(p);
        }
    }

    private static JsonNode tree(JsonParser p) throws IOException {
        JsonNode n = MAPPER.readTree(p);
        if (n != null && p.nextToken() != null) {
            throw new Invalid(p, "unexpected content after the JSON value");
        }
        return n;
    }

    /** Checks each token as it is read; {@link #skipChildren} reads (and checks) what it skips. */
    private static final class Checking extends JsonParserDelegate {
        Checking(JsonParser d) {
            super(d);
        }

        @Override
        public JsonToken nextToken() throws IOException {
            JsonToken t = delegate.nextToken();
            if (t == JsonToken.VALUE_STRING || t == JsonToken.FIELD_NAME) {
                checkText(t == JsonToken.FIELD_NAME);
            } else if (t == JsonToken.VALUE_NUMBER_FLOAT) {
                double d = delegate.getDoubleValue();
                if (Double.isInfinite(d) || Double.isNaN(d)) {
                    throw new Invalid(delegate, "the number " + delegate.getText() + " is too large to be a finite "
                            + "number (expected a finite number)");
                }
            }
            return t;
        }

        @Override
        public JsonToken nextValue() throws IOException {
            JsonToken t = nextToken();
            return t == JsonToken.FIELD_NAME ? nextToken() : t;
        }

        @Override
        public JsonParser skipChildren() throws IOException {
            JsonToken t = currentToken();
            if (t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) {
                return this;
            }
            int open = 1;
            while (true) {
                JsonToken n = nextToken();
                if (n == null) {
                    return this;
                }
                if (n.isStructStart()) {
                    open++;
                } else if (n.isStructEnd() && --open == 0) {
                    return this;
                }
            }
        }

        private void checkText(boolean key) throws IOException {
            if (key) {
                // a key is read from the parser's name table as a String: looking at it copies nothing
                String name = delegate.currentName();
                for (int i = 0, end = name.length(); i < end; i++) {
                    char ch = name.charAt(i);
                    if (Character.isSurrogate(ch)) {
                        if (Character.isHighSurrogate(ch) && i + 1 < end && Character.isLowSurrogate(name.charAt(i + 1))) {
                            i++;
                            continue;
                        }
                        throw lone(true, ch);
                    }
                }
                return;
            }
            char[] c = delegate.getTextCharacters();
            int off = delegate.getTextOffset();
            int end = off + delegate.getTextLength();
            for (int i = off; i < end; i++) {
                char ch = c[i];
                if (Character.isSurrogate(ch)) {
                    if (Character.isHighSurrogate(ch) && i + 1 < end && Character.isLowSurrogate(c[i + 1])) {
                        i++;
                        continue;
                    }
                    throw lone(false, ch);
                }
            }
        }

        private Invalid lone(boolean key, char ch) {
            return new Invalid(delegate, "invalid Unicode in a " + (key ? "key" : "string") + ": a lone "
                    + "surrogate \\u" + Integer.toHexString(ch) + " (expected whole characters; a surrogate "
                    + "escape must come in a high-low pair)");
        }
    }
}
