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

    static final JsonFactory FACTORY = Json.FACTORY
            .rebuild()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(Json.FACTORY
                    .streamReadConstraints()
                    .rebuild()
                    .maxNestingDepth(MAX_DEPTH)
                    .build())
            .build();
    static final ObjectMapper MAPPER = new ObjectMapper(FACTORY);

    private StrictJson() {}

    /** A value the spec does not allow; the message says what, the parser's location where. */
    static final class Invalid extends JsonParseException {
        private static final long serialVersionUID = 1L;

        Invalid(JsonParser p, String msg) {
            super(p, msg);
        }
    }

    static JsonParser parser(byte[] b, int off, int len) throws IOException {
        return new Checking(FACTORY.createParser(b, off, len), mayHoldSurrogates(b, off, len));
    }

    /**
     * Whether text parsed from these bytes can hold a surrogate char at all. In ASCII bytes only a {@code \\uD800} to
     * {@code \\uDFFF} escape makes one; bytes with any non-ASCII in them are always checked (Jackson decodes some
     * UTF-8 it should refuse into surrogates). Without either, the per-string surrogate check is skipped: it was a
     * tenth of the parse of machine-written JSON, which is mostly ASCII.
     */
    @SuppressWarnings("deprecation") // String(byte[], hibyte, ...): a Latin-1 view, a plain copy, for indexOf
    static boolean mayHoldSurrogates(byte[] b, int off, int len) {
        if (!ByteLines.ascii(b, off, len)) {
            return true;
        }
        if (len <= 1 << 20) {
            String s = new String(b, 0, off, len); // one char per byte: String.indexOf is vectorised
            for (int i = s.indexOf("\\u"); i >= 0 && i + 3 < len; i = s.indexOf("\\u", i + 2)) {
                if (surrogateEscape(s.charAt(i + 2), s.charAt(i + 3))) {
                    return true;
                }
            }
            return false;
        }
        for (int i = off, end = off + len; i + 3 < end; i++) { // large documents: no copy
            if (b[i] == '\\' && b[i + 1] == 'u' && surrogateEscape((char) b[i + 2], (char) b[i + 3])) {
                return true;
            }
        }
        return false;
    }

    private static boolean surrogateEscape(char first, char second) {
        return (first == 'd' || first == 'D') && "89abcdefABCDEF".indexOf(second) >= 0;
    }

    static JsonParser parser(java.io.InputStream in) throws IOException {
        return new Checking(FACTORY.createParser(in), true);
    }

    static JsonParser parser(byte[] b) throws IOException {
        return parser(b, 0, b.length);
    }

    static JsonParser parser(String text) throws IOException {
        return new Checking(FACTORY.createParser(text), true);
    }

    static JsonNode readTree(byte[] b, int off, int len) throws IOException {
        try (JsonParser p = parser(b, off, len)) {
            return tree(p);
        }
    }

    static JsonNode readTree(byte[] b) throws IOException {
        return readTree(b, 0, b.length);
    }

    /** {@link #FACTORY} with a lower limit on the length of a string (in characters). */
    static JsonFactory withMaxString(int maxString) {
        return FACTORY.rebuild()
                .streamReadConstraints(FACTORY.streamReadConstraints()
                        .rebuild()
                        .maxStringLength(maxString)
                        .build())
                .build();
    }

    /** The one JSON value of {@code in}; the stream is left open (its owner may still read or drain it). */
    static JsonNode readTree(java.io.InputStream in) throws IOException {
        return readTree(in, FACTORY);
    }

    /** As {@link #readTree(java.io.InputStream)}, parsed by {@code factory} (one of {@link #withMaxString}). */
    static JsonNode readTree(java.io.InputStream in, JsonFactory factory) throws IOException {
        try (JsonParser p = new Checking(factory.createParser(in), true)) {
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
        /** False when the input cannot hold a surrogate (see {@link #mayHoldSurrogates}): strings are not scanned. */
        private final boolean surrogates;

        Checking(JsonParser d, boolean surrogates) {
            super(d);
            this.surrogates = surrogates;
        }

        @Override
        public JsonToken nextToken() throws IOException {
            JsonToken t = delegate.nextToken();
            if (surrogates && (t == JsonToken.VALUE_STRING || t == JsonToken.FIELD_NAME)) {
                checkText(t == JsonToken.FIELD_NAME);
            } else if (t == JsonToken.VALUE_NUMBER_FLOAT) {
                double d = delegate.getDoubleValue();
                if (Double.isInfinite(d) || Double.isNaN(d)) {
                    throw new Invalid(
                            delegate,
                            "the number " + delegate.getText() + " is too large to be a finite "
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
                        if (Character.isHighSurrogate(ch)
                                && i + 1 < end
                                && Character.isLowSurrogate(name.charAt(i + 1))) {
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
            return new Invalid(
                    delegate,
                    "invalid Unicode in a " + (key ? "key" : "string") + ": a lone "
                            + "surrogate \\u" + Integer.toHexString(ch) + " (expected whole characters; a surrogate "
                            + "escape must come in a high-low pair)");
        }
    }
}
