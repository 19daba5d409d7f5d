package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;

/** Typed access to JSON fields that fails with the file, line and JSON pointer of the offending value. */
final class Fields {
    private final Path file;
    private final long line;

    Fields(Path file, long line) {
        this.file = file;
        this.line = line;
    }

    long line() {
        return line;
    }

    ImportException error(String pointer, String problem) {
        return new ImportException(file, line, pointer, problem);
    }

    static String describe(JsonNode n) {
        if (n == null || n.isMissingNode()) {
            return "nothing (the field is missing)";
        }
        if (n.isNull()) {
            return "null";
        }
        if (n.isTextual()) {
            return "a string";
        }
        if (n.isNumber()) {
            return "a number";
        }
        if (n.isBoolean()) {
            return "a boolean";
        }
        if (n.isArray()) {
            return "an array";
        }
        return "an object";
    }

    String requiredText(JsonNode parent, String field, String pointer) {
        JsonNode n = parent.get(field);
        if (n == null || !n.isTextual()) {
            throw error(pointer + "/" + field, "expected a string, found " + describe(n));
        }
        return n.asText();
    }

    String optionalText(JsonNode parent, String field, String pointer) {
        JsonNode n = parent.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isTextual()) {
            throw error(pointer + "/" + field, "expected a string or null, found " + describe(n));
        }
        return n.asText();
    }

    JsonNode requiredObject(JsonNode parent, String field, String pointer) {
        JsonNode n = parent.get(field);
        if (n == null || !n.isObject()) {
            throw error(pointer + "/" + field, "expected an object, found " + describe(n));
        }
        return n;
    }

    /** An object or null (absent counts as null). */
    JsonNode optionalObject(JsonNode parent, String field, String pointer) {
        JsonNode n = parent.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isObject()) {
            throw error(pointer + "/" + field, "expected an object or null, found " + describe(n));
        }
        return n;
    }

    JsonNode optionalArray(JsonNode parent, String field, String pointer) {
        JsonNode n = parent.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isArray()) {
            throw error(pointer + "/" + field, "expected an array, found " + describe(n));
        }
        return n;
    }
}
