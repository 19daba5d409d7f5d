package org.tracejudge.scheme;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A YAML document as a tree of nodes that remember their line and path, read with Jackson's YAML parser, and typed
 * reads of a mapping's fields that collect a problem (file, line, field, what is wrong) instead of failing at the first.
 * {@link SchemeBuilder} builds a scheme on it.
 */
class YamlTree {
    /** A YAML value with the line of its key (or its own start) and its path. */
    static final class Node {
        final String path;
        final int line;
        final JsonToken token;
        final String text;
        final Map<String, Node> fields;
        final List<Node> items;

        Node(String path, int line, JsonToken token, String text, Map<String, Node> fields, List<Node> items) {
            this.path = path;
            this.line = line;
            this.token = token;
            this.text = text;
            this.fields = fields;
            this.items = items;
        }

        boolean scalar() {
            return fields == null && items == null;
        }

        boolean isNull() {
            return token == JsonToken.VALUE_NULL;
        }

        String child(String name) {
            return path.isEmpty() ? name : path + "." + name;
        }
    }

    final String file;
    final List<SchemeException.Problem> problems = new ArrayList<>();

    YamlTree(String file) {
        this.file = file;
    }

    void problem(int line, String field, String message) {
        problems.add(new SchemeException.Problem(file, line, field, message));
    }

    SchemeException fail(int line, String field, String message) {
        problem(line, field, message);
        return new SchemeException(problems);
    }

    Node node(JsonParser p, String path, int line) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            Map<String, Node> fields = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                int keyLine = p.currentTokenLocation().getLineNr();
                p.nextToken();
                String childPath = path.isEmpty() ? name : path + "." + name;
                Node child = node(p, childPath, keyLine);
                Node before = fields.putIfAbsent(name, child);
                if (before != null) {
                    problem(keyLine, childPath, "given twice (first on line " + before.line + ")");
                }
            }
            return new Node(path, line, t, null, fields, null);
        }
        if (t == JsonToken.START_ARRAY) {
            List<Node> items = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                items.add(node(
                        p,
                        path + "[" + items.size() + "]",
                        p.currentTokenLocation().getLineNr()));
            }
            return new Node(path, line, t, null, null, items);
        }
        return new Node(path, line, t, p.getText(), null, null);
    }

    // ------------------------------------------------------------------------------------- field access

    void only(Node map, Set<String> allowed, String what) {
        for (Map.Entry<String, Node> e : map.fields.entrySet()) {
            if (!allowed.contains(e.getKey())) {
                problem(
                        e.getValue().line,
                        e.getValue().path,
                        "unknown field for " + what + " (known: " + String.join(", ", new java.util.TreeSet<>(allowed))
                                + ")");
            }
        }
    }

    boolean isMap(Node n, String what) {
        if (n.fields == null) {
            problem(n.line, n.path, "must be " + what);
            return false;
        }
        return true;
    }

    /** A scalar's text, null when absent (a problem when required) or not a scalar (always a problem). */
    String string(Node map, String name, boolean required) {
        Node n = map.fields.get(name);
        if (n == null || n.isNull()) {
            if (required) {
                problem(n == null ? map.line : n.line, map.child(name), "missing");
            }
            return null;
        }
        if (!n.scalar()) {
            problem(n.line, n.path, "must be a single value, not a " + (n.items != null ? "list" : "mapping"));
            return null;
        }
        return n.text;
    }

    String text(Node map, String name, boolean required) {
        String s = string(map, name, required);
        if (s != null && s.isBlank()) {
            if (required) {
                problem(map.fields.get(name).line, map.child(name), "empty");
            }
            return null;
        }
        return s == null ? null : s.strip();
    }

    Boolean bool(Node map, String name) {
        Node n = map.fields.get(name);
        if (n == null || n.isNull()) {
            return null;
        }
        if (n.token != JsonToken.VALUE_TRUE && n.token != JsonToken.VALUE_FALSE) {
            problem(n.line, n.path, "must be true or false, not '" + n.text + "'");
            return null;
        }
        return n.token == JsonToken.VALUE_TRUE;
    }

    Integer integer(Node map, String name, boolean required) {
        Node n = map.fields.get(name);
        if (n == null || n.isNull()) {
            if (required) {
                problem(map.line, map.child(name), "missing");
            }
            return null;
        }
        if (n.token != JsonToken.VALUE_NUMBER_INT) {
            problem(n.line, n.path, "must be a whole number, not '" + n.text + "'");
            return null;
        }
        try {
            return Integer.parseInt(n.text.replace("_", ""));
        } catch (NumberFormatException e) {
            problem(n.line, n.path, "'" + n.text + "' is too large");
            return null;
        }
    }

    Double number(Node map, String name) {
        Node n = map.fields.get(name);
        if (n == null || n.isNull()) {
            return null;
        }
        if (n.token != JsonToken.VALUE_NUMBER_INT && n.token != JsonToken.VALUE_NUMBER_FLOAT) {
            problem(n.line, n.path, "must be a number, not '" + n.text + "'");
            return null;
        }
        try {
            double d = Double.parseDouble(n.text.replace("_", ""));
            if (!Double.isFinite(d)) {
                problem(n.line, n.path, "must be a finite number (leave it out for an open end)");
                return null;
            }
            return d;
        } catch (NumberFormatException e) {
            problem(n.line, n.path, "'" + n.text + "' is no number");
            return null;
        }
    }

    List<Node> list(Map<String, Node> fields, String name) {
        Node n = fields.get(name);
        if (n == null || n.isNull()) {
            return null;
        }
        if (n.items == null) {
            problem(n.line, n.path, "must be a list");
            return null;
        }
        return n.items;
    }
}
