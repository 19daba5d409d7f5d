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
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

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

    private LabelCsv() {}

    public static LabelTable read(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in, file);
        }
    }

    /** Reads from {@code in}; {@code name} is used in error messages. */
    public static LabelTable read(Reader in, Path name) throws IOException {
        Records tok = new Records(in, name);
        List<String> header = tok.next();
        if (header == null) {
            throw new LabelCsvException(name, 1, "expected a header 'item,rater,label', found an empty file");
        }
        if (!header.isEmpty() && header.get(0).startsWith("\uFEFF")) {
            header.set(0, header.get(0).substring(1));
        }
        int headerLine = tok.recordLine;
        if (header.size() < 3 || !REQUIRED.equals(lower(header.subList(0, 3)))) {
            throw new LabelCsvException(
                    name,
                    headerLine,
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
                throw new LabelCsvException(
                        name,
                        line,
                        "expected " + header.size() + " fields (" + String.join(",", header) + "), found "
                                + row.size());
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
                throw new LabelCsvException(
                        name, line, "expected a label, found an empty field (leave the row out for a missing label)");
            }
            String key = item + "\u0000" + rater;
            Integer first = firstLine.putIfAbsent(key, line);
            if (first != null) {
                throw new LabelCsvException(
                        name,
                        line,
                        "duplicate label for item '" + item + "' by rater '" + rater + "': lines " + first + " and "
                                + line);
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
                    throw new LabelCsvException(
                            name,
                            line,
                            "expected " + attr + " '" + prev + "' for item '" + item + "' (as on line " + sl.get(attr)
                                    + "), found '" + v + "'");
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

    /**
     * The records of the file, read by Commons CSV (RFC 4180), each with the line it starts on; a malformed quote is a
     * {@link LabelCsvException} naming that line.
     */
    private static final class Records {
        private final Path name;
        private final CSVParser parser;
        private final java.util.Iterator<CSVRecord> it;
        int recordLine;

        Records(Reader in, Path name) throws IOException {
            this.name = name;
            // blank lines come through as one empty field (skipped by the caller), so line numbers stay exact
            this.parser =
                    CSVFormat.RFC4180.builder().setIgnoreEmptyLines(false).get().parse(in);
            this.it = parser.iterator();
        }

        /** The next record, or null at end of input. */
        List<String> next() throws LabelCsvException {
            recordLine = (int) parser.getCurrentLineNumber() + 1;
            try {
                if (!it.hasNext()) {
                    return null;
                }
                CSVRecord r = it.next();
                List<String> out = new ArrayList<>(r.size());
                r.forEach(out::add);
                return out;
            } catch (java.io.UncheckedIOException | IllegalStateException e) {
                String m = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
                throw new LabelCsvException(
                        name,
                        recordLine,
                        m.contains("eof reached before encapsulated token finished")
                                ? "expected a closing double quote, found the end of the file"
                                : m.contains("between encapsulated token and delimiter")
                                        ? "expected ',' or end of line after a closing quote"
                                        : "cannot read the CSV: " + e.getMessage());
            }
        }
    }
}
