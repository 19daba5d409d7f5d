package org.tracejudge.agreement;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads labels from a CSV (RFC 4180: comma-separated, fields optionally in double quotes, "" for a
 * quote inside a quoted field, quoted fields may span lines, CRLF or LF line ends, UTF-8, optional BOM).
 *
 * <p>The header must start with {@code item,rater,label}; any further columns (e.g. domain, model,
 * task_type, target) are strata attributes of the item, which must not contradict each other
 * between rows of the same item (an empty value means "not given"). Each item+rater may appear
 * once; a missing label is simply an absent row.
 */
public final class LabelCsv {
    private static final List<String> REQUIRED = List.of("item", "rater", "label");

    private LabelCsv() {
    }

    public static LabelTable read(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in, file);
        }
    }

    /** Reads from {@code in}; {@code name} is used in error messages. */
    public static LabelTable read(Reader in, Path name) throws IOException {
        Tokenizer tok = new Tokenizer(in, name);
        List<String> header = tok.next();
        if (header == null) {
            throw new LabelCsvException(name, 1, "expected a header 'item,rater,label', found an empty file");
        }
        if (!header.isEmpty() && header.get(0).startsWith("\uFEFF")) {
            header.set(0, header.get(0).substring(1));
        }
        int headerLine = tok.recordLine;
        if (header.size() < 3 || !REQUIRED.equals(lower(header.subList(0, 3)))) {
            throw new LabelCsvException(name, headerLine,
                    "expected a header starting 'item,rater,label', found '" + String.join(",", header) + "'");
        }
        List<String> extra = header.subList(3, header.size());
        LabelTable.Builder b = LabelTable.builder();
        Map<String, Integer> firstLine = new HashMap<>();
        Map<String, Map<String, String>> strata = new LinkedHashMap<>();
        Map<String, Map<String, Integer>> strataLine = new HashMap<>();
        List<String> row;
        while ((row = tok.next()) != null) {
            int line = tok.recordLine;
            if (row.size() == 1 && row.get(0).isEmpty()) {
                continue; // blank line
            }
            if (row.size() != header.size()) {
                throw new LabelCsvException(name, line, "expected " + header.size() + " fields ("
                        + String.join(",", header) + "), found " + row.size());
            }
            String item = row.get(0).strip();
            String rater = row.get(1).strip();
            String label = row.get(2).strip();
            if (item.isEmpty()) {
                throw new LabelCsvException(name, line, "expected an item id, found an empty field");
            }
            if (rater.isEmpty()) {
                throw new LabelCsvException(name, line, "expected a rater name, found an empty field");
            }
            if (label.isEmpty()) {
                throw new LabelCsvException(name, line,
                        "expected a label, found an empty field (leave the row out for a missing label)");
            }
            String key = item + "\u0000" + rater;
            Integer first = firstLine.putIfAbsent(key, line);
            if (first != null) {
                throw new LabelCsvException(name, line, "duplicate label for item '" + item + "' by rater '" + rater
                        + "': lines " + first + " and " + line);
            }
            b.add(item, rater, label);
            Map<String, String> s = strata.computeIfAbsent(item, k -> new LinkedHashMap<>());
            Map<String, Integer> sl = strataLine.computeIfAbsent(item, k -> new HashMap<>());
            for (int c = 0; c < extra.size(); c++) {
                String v = row.get(3 + c).strip();
                if (v.isEmpty()) {
                    continue;
                }
                String attr = extra.get(c).strip();
                String prev = s.putIfAbsent(attr, v);
                if (prev == null) {
                    sl.put(attr, line);
                } else if (!prev.equals(v)) {
                    throw new LabelCsvException(name, line, "expected " + attr + " '" + prev + "' for item '" + item
                            + "' (as on line " + sl.get(attr) + "), found '" + v + "'");
                }
            }
        }
        for (Map.Entry<String, Map<String, String>> e : strata.entrySet()) {
            if (!e.getValue().isEmpty()) {
                b.strata(e.getKey(), e.getValue());
            }
        }
        return b.build();
    }

    private static List<String> lower(List<String> l) {
        List<String> out = new ArrayList<>();
        for (String s : l) {
            out.add(s.strip().toLowerCase(Locale.ROOT));
        }
        return out;
    }

    /** RFC 4180 record reader that tracks the line on which each record starts. */
    private static final class Tokenizer {
        private final Reader in;
        private final Path name;
        private int line = 1;
        int recordLine;
        private int pushback = -2;

        Tokenizer(Reader in, Path name) {
            this.in = in;
            this.name = name;
        }

        private int read() throws IOException {
            if (pushback != -2) {
                int c = pushback;
                pushback = -2;
                return c;
            }
            return in.read();
        }

        /** The next record, or null at end of input. */
        List<String> next() throws IOException {
            int c = read();
            if (c == -1) {
                return null;
            }
            recordLine = line;
            List<String> fields = new ArrayList<>();
            StringBuilder f = new StringBuilder();
            boolean quoted = false;
            boolean afterQuote = false; // just closed a quoted field
            boolean fieldStart = true;
            while (true) {
                if (quoted) {
                    if (c == -1) {
                        throw new LabelCsvException(name, recordLine,
                                "expected a closing double quote, found the end of the file");
                    }
                    if (c == '"') {
                        int d = read();
                        if (d == '"') {
                            f.append('"');
                        } else {
                            quoted = false;
                            afterQuote = true;
                            c = d;
                            continue;
                        }
                    } else {
                        if (c == '\n') {
                            line++;
                        }
                        f.append((char) c);
                    }
                    c = read();
                    continue;
                }
                if (c == -1 || c == '\n' || c == '\r') {
                    if (c == '\r') {
                        int d = read();
                        if (d != '\n') {
                            pushback = d;
                        }
                    }
                    if (c != -1) {
                        line++;
                    }
                    fields.add(f.toString());
                    return fields;
                }
                if (c == ',') {
                    fields.add(f.toString());
                    f.setLength(0);
                    afterQuote = false;
                    fieldStart = true;
                    c = read();
                    continue;
                }
                if (afterQuote) {
                    throw new LabelCsvException(name, line, "expected ',' or end of line after a closing quote, found '"
                            + (char) c + "'");
                }
                if (c == '"' && fieldStart) {
                    quoted = true;
                    fieldStart = false;
                    c = read();
                    continue;
                }
                if (c == '"') {
                    throw new LabelCsvException(name, line,
                            "expected no double quote inside an unquoted field (quote the whole field and double it)");
                }
                fieldStart = false;
                f.append((char) c);
                c = read();
            }
        }
    }
}
