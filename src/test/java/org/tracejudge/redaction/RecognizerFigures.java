package org.tracejudge.redaction;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A figure per recognizer on the development sets (src/test/resources/redaction-dev/*.jsonl; never the held-out
 * sets), as two markdown tables for docs/privacy.md: for each recognizer (each name cue on its own) the gold items a
 * candidate of it still standing at the end covers, those no other recognizer covers, and the harmless messages (no
 * gold item) it changes; for each keep rule (a suppressor's keep span, a name keep rule) how often it kept text and
 * how often that text was part of a gold item. Run: {@code bash bench/redaction-recognizer-figures.sh} or this main
 * with the test class path and the development files as arguments.
 */
public final class RecognizerFigures {
    private RecognizerFigures() {}

    /** Per recognizer: items caught, items only it caught, harmless messages changed. */
    static final class Row {
        int caught;
        int alone;
        int harmless;
    }

    /** Per keep rule: times it kept text, and of those, times the text was part of a gold item. */
    static final class KeepRow {
        int kept;
        int onGold;
    }

    record Figures(int messages, int items, int harmless, Map<String, Row> rows, Map<String, KeepRow> keeps) {}

    static Figures measure(List<Path> files) throws IOException {
        Redactor redactor = new Redactor();
        Map<String, Row> rows = new TreeMap<>();
        Map<String, KeepRow> keeps = new TreeMap<>();
        int messages = 0;
        int items = 0;
        int harmless = 0;
        for (Path file : files) {
            for (Evaluation.Message m : Evaluation.read(file)) {
                messages++;
                String text = m.text();
                Scan scan = redactor.scan(text);
                Set<Redactor.Span> standing = Collections.newSetFromMap(new IdentityHashMap<>());
                standing.addAll(scan.spans);
                List<Scan.Candidate> stood = scan.candidates.stream()
                        .filter(c -> standing.contains(c.span()))
                        .toList();
                List<int[]> gold = new ArrayList<>();
                for (Evaluation.Item it : m.pii()) {
                    items++;
                    Set<String> by = new LinkedHashSet<>();
                    for (int at = text.indexOf(it.text()); at >= 0; at = text.indexOf(it.text(), at + 1)) {
                        int s = at;
                        int e = at + it.text().length();
                        gold.add(new int[] {s, e});
                        for (Scan.Candidate c : stood) {
                            if (c.span().start() < e && s < c.span().end()) {
                                by.add(c.recognizer());
                            }
                        }
                    }
                    for (String r : by) {
                        Row row = rows.computeIfAbsent(r, k -> new Row());
                        row.caught++;
                        if (by.size() == 1) {
                            row.alone++;
                        }
                    }
                }
                if (m.pii().isEmpty()) {
                    harmless++;
                    stood.stream().map(Scan.Candidate::recognizer).distinct().forEach(r -> rows.computeIfAbsent(
                                    r, k -> new Row())
                            .harmless++);
                }
                for (Scan.Keep k : scan.keeps) {
                    count(keeps, k.recognizer(), k.start(), k.end(), gold);
                }
                for (Names.Decision d : NameTraces.trace(text, false)) {
                    if (d.by().startsWith("names.keep.")) {
                        count(keeps, d.by(), d.start(), d.end(), gold);
                    }
                }
            }
        }
        return new Figures(messages, items, harmless, rows, keeps);
    }

    private static void count(Map<String, KeepRow> keeps, String by, int s, int e, List<int[]> gold) {
        KeepRow row = keeps.computeIfAbsent(by, k -> new KeepRow());
        row.kept++;
        if (gold.stream().anyMatch(g -> g[0] < e && s < g[1])) {
            row.onGold++;
        }
    }

    /** The figures as two markdown tables. */
    static String markdown(Figures f) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "%d messages of the development sets: %d gold items, %d harmless messages.%n%n",
                f.messages(),
                f.items(),
                f.harmless()));
        sb.append("| Recognizer | Gold items caught | Caught by it alone | Harmless messages changed |\n");
        sb.append("|---|---:|---:|---:|\n");
        for (Map.Entry<String, Row> e : f.rows().entrySet()) {
            Row r = e.getValue();
            sb.append(
                    String.format(Locale.ROOT, "| `%s` | %d | %d | %d |%n", e.getKey(), r.caught, r.alone, r.harmless));
        }
        sb.append("\n| Keep rule | Times it kept text | Of which inside a gold item |\n");
        sb.append("|---|---:|---:|\n");
        for (Map.Entry<String, KeepRow> e : f.keeps().entrySet()) {
            KeepRow r = e.getValue();
            sb.append(String.format(Locale.ROOT, "| `%s` | %d | %d |%n", e.getKey(), r.kept, r.onGold));
        }
        return sb.toString();
    }

    /** The development files: the arguments, or every {@code .jsonl} of src/test/resources/redaction-dev. */
    public static void main(String[] args) throws IOException {
        List<Path> files = new ArrayList<>();
        if (args.length > 0) {
            for (String a : args) {
                files.add(Path.of(a));
            }
        } else {
            try (Stream<Path> s = Files.list(Path.of("src/test/resources/redaction-dev"))) {
                s.filter(p -> p.getFileName().toString().endsWith(".jsonl"))
                        .sorted()
                        .forEach(files::add);
            }
        }
        System.out.print(markdown(measure(files)));
    }
}
