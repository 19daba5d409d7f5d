package org.tracejudge.redaction;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.tracejudge.json.Json;

/**
 * Measures a redactor on a labelled JSON Lines file (one message per line: {@code id}, {@code locale}, {@code text},
 * {@code pii}: a list of {@code {kind, text}}, the exact substrings of the message). An item is caught when every
 * letter and digit of every occurrence of its text lies inside a replaced span (of any kind); recall is per gold
 * kind. A message with no items is a negative, a false positive when anything in it was replaced. Precision is the
 * share of replaced letters and digits that lie inside gold items.
 */
public final class Evaluation {
    /** The labels of the format, in the order reports list them. */
    public static final List<String> KINDS = List.of(
            "name",
            "email",
            "phone",
            "address",
            "dob",
            "handle",
            "url",
            "iban",
            "card",
            "ssn",
            "nhs",
            "ni",
            "de_tax_id",
            "aadhaar",
            "ip",
            "national_id",
            "account",
            "secret");

    record Item(String kind, String text) {}

    record Message(String id, String text, List<Item> pii, int line) {}

    /** Per kind: items and items caught. */
    public record KindFigure(int items, int caught) {
        public double recall() {
            return items == 0 ? Double.NaN : (double) caught / items;
        }
    }

    /**
     * @param misses for looking into a development set: each missed item and each changed negative, with the output
     */
    public record Report(
            String file,
            int messages,
            int positives,
            int negatives,
            int falsePositives,
            Map<String, KindFigure> perKind,
            long replaced,
            long replacedInGold,
            List<String> misses,
            long millis) {
        public int items() {
            return perKind.values().stream().mapToInt(KindFigure::items).sum();
        }

        public int caught() {
            return perKind.values().stream().mapToInt(KindFigure::caught).sum();
        }

        public double recall() {
            return items() == 0 ? Double.NaN : (double) caught() / items();
        }

        public double falsePositiveRate() {
            return negatives == 0 ? Double.NaN : (double) falsePositives / negatives;
        }

        public double precision() {
            return replaced == 0 ? Double.NaN : (double) replacedInGold / replaced;
        }

        public ObjectNode toJson() {
            ObjectNode o = Json.object();
            o.put("file", file);
            o.put("messages", messages);
            o.put("positives", positives);
            o.put("negatives", negatives);
            o.put("items", items());
            o.put("caught", caught());
            o.put("recall", round(recall()));
            o.put("false_positives", falsePositives);
            o.put("false_positive_rate", round(falsePositiveRate()));
            o.put("replaced_chars", replaced);
            o.put("replaced_chars_in_gold", replacedInGold);
            o.put("precision", round(precision()));
            o.put("millis", millis);
            ObjectNode k = o.putObject("per_kind");
            perKind.forEach((kind, f) -> {
                ObjectNode x = k.putObject(kind);
                x.put("items", f.items());
                x.put("caught", f.caught());
                x.put("recall", round(f.recall()));
            });
            return o;
        }

        public String toText() {
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(
                    Locale.ROOT,
                    "%s: %d messages (%d with personal data, %d negatives), %d items%n",
                    file,
                    messages,
                    positives,
                    negatives,
                    items()));
            sb.append(String.format(Locale.ROOT, "%-10s %6s %6s %8s%n", "kind", "items", "caught", "recall"));
            perKind.forEach((kind, f) -> sb.append(String.format(
                    Locale.ROOT, "%-10s %6d %6d %7.1f%%%n", kind, f.items(), f.caught(), 100 * f.recall())));
            sb.append(String.format(Locale.ROOT, "%-10s %6d %6d %7.1f%%%n", "all", items(), caught(), 100 * recall()));
            sb.append(String.format(
                    Locale.ROOT,
                    "false positives: %d of %d negatives (%.1f%%)%n",
                    falsePositives,
                    negatives,
                    100 * falsePositiveRate()));
            sb.append(String.format(
                    Locale.ROOT,
                    "precision: %.1f%% of %d replaced letters and digits lie in gold items%n",
                    100 * precision(),
                    replaced));
            sb.append(String.format(Locale.ROOT, "time: %d ms%n", millis));
            return sb.toString();
        }

        private static double round(double d) {
            return Double.isNaN(d) ? -1 : Math.round(d * 10000) / 10000.0;
        }
    }

    private Evaluation() {}

    /** Reads and checks the file; a bad line throws IllegalArgumentException naming the file and line. */
    static List<Message> read(Path file) throws IOException {
        List<Message> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int n = 0;
            for (String line; (line = r.readLine()) != null; ) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                String where = file + ":" + n + ": ";
                JsonNode o;
                try {
                    o = Json.read(line);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(where + e.getMessage());
                }
                if (!o.isObject()
                        || !o.path("text").isTextual()
                        || !o.path("pii").isArray()) {
                    throw new IllegalArgumentException(
                            where + "expected an object with \"text\" (a string) and \"pii\" (a list)");
                }
                String text = o.get("text").asText();
                List<Item> items = new ArrayList<>();
                for (JsonNode p : o.get("pii")) {
                    String kind = p.path("kind").asText("");
                    String t = p.path("text").asText("");
                    if (!KINDS.contains(kind)) {
                        throw new IllegalArgumentException(
                                where + "unknown kind '" + kind + "' (one of " + KINDS + ")");
                    }
                    if (t.isEmpty() || !text.contains(t)) {
                        throw new IllegalArgumentException(
                                where + "the " + kind + " item '" + t + "' is not in the text");
                    }
                    items.add(new Item(kind, t));
                }
                out.add(new Message(o.path("id").asText("line " + n), text, items, n));
            }
        }
        return out;
    }

    public static Report run(Redactor redactor, Path file) throws IOException {
        List<Message> messages = read(file);
        long t0 = System.nanoTime();
        Map<String, int[]> counts = new TreeMap<>((a, b) -> Integer.compare(KINDS.indexOf(a), KINDS.indexOf(b)));
        int positives = 0;
        int negatives = 0;
        int fps = 0;
        long replaced = 0;
        long inGold = 0;
        List<String> misses = new ArrayList<>();
        for (Message m : messages) {
            Redactor.Result r = redactor.redact(m.text());
            boolean[] hidden = new boolean[m.text().length()];
            for (Redactor.Span s : r.spans()) {
                for (int i = s.start(); i < s.end(); i++) {
                    hidden[i] = true;
                }
            }
            boolean[] gold = new boolean[m.text().length()];
            if (m.pii().isEmpty()) {
                negatives++;
                if (!r.spans().isEmpty()) {
                    fps++;
                    misses.add("FP " + m.id() + ": " + r.text());
                }
            } else {
                positives++;
            }
            for (Item it : m.pii()) {
                int[] c = counts.computeIfAbsent(it.kind(), k -> new int[2]);
                c[0]++;
                boolean ok = true;
                for (int at = m.text().indexOf(it.text());
                        at >= 0;
                        at = m.text().indexOf(it.text(), at + 1)) {
                    for (int i = at; i < at + it.text().length(); i++) {
                        gold[i] = true;
                        if (Character.isLetterOrDigit(m.text().charAt(i)) && !hidden[i]) {
                            ok = false;
                        }
                    }
                }
                if (ok) {
                    c[1]++;
                } else {
                    misses.add("MISS " + it.kind() + " " + m.id() + " '" + it.text() + "': " + r.text());
                }
            }
            for (int i = 0; i < hidden.length; i++) {
                if (hidden[i] && Character.isLetterOrDigit(m.text().charAt(i))) {
                    replaced++;
                    if (gold[i]) {
                        inGold++;
                    }
                }
            }
        }
        long millis = (System.nanoTime() - t0) / 1_000_000;
        Map<String, KindFigure> per = new TreeMap<>((a, b) -> Integer.compare(KINDS.indexOf(a), KINDS.indexOf(b)));
        counts.forEach((k, c) -> per.put(k, new KindFigure(c[0], c[1])));
        return new Report(
                file.toString(),
                messages.size(),
                positives,
                negatives,
                fps,
                per,
                replaced,
                inGold,
                List.copyOf(misses),
                millis);
    }
}
