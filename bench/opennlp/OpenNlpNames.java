import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import opennlp.tools.postag.POSModel;
import opennlp.tools.postag.POSTaggerME;
import opennlp.tools.tokenize.SimpleTokenizer;
import opennlp.tools.util.Span;
import org.tracejudge.redaction.Redactor;

/**
 * Issue 52's measurement of OpenNLP part-of-speech tags as one more signal for names. For each labelled JSON Lines
 * file (the format of {@code redact --evaluate}) it runs the default redaction and two variants, and prints only
 * aggregates (safe on a held-out set): names caught, every item caught, harmless messages changed.
 *   add:  also hide each run of proper-noun tokens (UD PROPN) that starts with a capital and is not the first word
 *         of a sentence, in English and German messages (the models Maven Central serves as opennlp-models-pos-*).
 *   veto: keep a name span of the default redaction only when one of its tokens is tagged a proper noun.
 * The "caught" and "changed" rules are those of org.tracejudge.redaction.Evaluation.
 */
public final class OpenNlpNames {
    record Item(String kind, String text) {}

    static final class Tally {
        int names, namesCaught, items, caught, negatives, changed;
    }

    public static void main(String[] args) throws Exception {
        POSTaggerME en = tagger("opennlp-en-ud-ewt-pos-1.3-2.5.4.bin");
        POSTaggerME de = tagger("opennlp-de-ud-gsd-pos-1.3-2.5.4.bin");
        Redactor redactor = new Redactor();
        ObjectMapper json = new ObjectMapper();
        System.out.println("| file | messages | names: default / add / veto | all items: default / add / veto"
                + " | harmless changed: default / add / veto |");
        System.out.println("|---|---|---|---|---|");
        Tally[] total = {new Tally(), new Tally(), new Tally()};
        for (String f : args) {
            Tally[] t = {new Tally(), new Tally(), new Tally()};
            int n = 0;
            for (String line : Files.readAllLines(Path.of(f), StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                n++;
                JsonNode m = json.readTree(line);
                String text = m.path("text").asText();
                String locale = m.path("locale").asText("").toLowerCase(Locale.ROOT);
                List<Item> items = new ArrayList<>();
                m.path("pii").forEach(i -> items.add(new Item(i.path("kind").asText(), i.path("text").asText())));
                List<Redactor.Span> spans = redactor.redact(text).spans();
                POSTaggerME tagger = locale.startsWith("en") ? en : locale.startsWith("de") ? de : null;
                Span[] tokens = tagger == null ? new Span[0] : SimpleTokenizer.INSTANCE.tokenizePos(text);
                String[] words = Span.spansToStrings(tokens, text);
                String[] tags = tagger == null ? new String[0] : tagger.tag(words);
                boolean[] base = hidden(text, spans, null);
                boolean[] add = base.clone();
                for (int i = 0; i < words.length; i++) {
                    boolean first = i == 0 || words[i - 1].matches("[.!?\n]+");
                    if (isProper(tags[i]) && !first && Character.isUpperCase(words[i].charAt(0))) {
                        for (int k = tokens[i].getStart(); k < tokens[i].getEnd(); k++) {
                            add[k] = true;
                        }
                    }
                }
                List<Redactor.Span> kept = new ArrayList<>();
                for (Redactor.Span s : spans) {
                    if (s.kind() != Redactor.Kind.NAME || tagger == null || anyProper(s, tokens, tags)) {
                        kept.add(s);
                    }
                }
                boolean[] veto = hidden(text, kept, null);
                count(t[0], text, items, base, !spans.isEmpty());
                count(t[1], text, items, add, any(add));
                count(t[2], text, items, veto, !kept.isEmpty());
            }
            System.out.printf(Locale.ROOT, "| %s | %d | %s | %s | %s |%n", Path.of(f).getFileName(), n,
                    three(t, 0), three(t, 1), three(t, 2));
            for (int v = 0; v < 3; v++) {
                total[v].names += t[v].names;
                total[v].namesCaught += t[v].namesCaught;
                total[v].items += t[v].items;
                total[v].caught += t[v].caught;
                total[v].negatives += t[v].negatives;
                total[v].changed += t[v].changed;
            }
        }
        System.out.printf(Locale.ROOT, "| all | | %s | %s | %s |%n", three(total, 0), three(total, 1), three(total, 2));
    }

    static String three(Tally[] t, int what) {
        StringBuilder b = new StringBuilder();
        for (int v = 0; v < 3; v++) {
            if (v > 0) {
                b.append(" / ");
            }
            switch (what) {
                case 0 -> b.append(t[v].namesCaught).append('/').append(t[v].names);
                case 1 -> b.append(t[v].caught).append('/').append(t[v].items);
                default -> b.append(t[v].changed).append('/').append(t[v].negatives);
            }
        }
        return b.toString();
    }

    static boolean isProper(String tag) {
        return tag.equals("PROPN") || tag.startsWith("NNP");
    }

    static boolean anyProper(Redactor.Span s, Span[] tokens, String[] tags) {
        for (int i = 0; i < tokens.length; i++) {
            if (tokens[i].getStart() < s.end() && tokens[i].getEnd() > s.start() && isProper(tags[i])) {
                return true;
            }
        }
        return false;
    }

    static boolean any(boolean[] b) {
        for (boolean x : b) {
            if (x) {
                return true;
            }
        }
        return false;
    }

    static boolean[] hidden(String text, List<Redactor.Span> spans, boolean[] into) {
        boolean[] h = into != null ? into : new boolean[text.length()];
        for (Redactor.Span s : spans) {
            for (int i = s.start(); i < s.end(); i++) {
                h[i] = true;
            }
        }
        return h;
    }

    static void count(Tally t, String text, List<Item> items, boolean[] hidden, boolean changed) {
        if (items.isEmpty()) {
            t.negatives++;
            if (changed) {
                t.changed++;
            }
        }
        for (Item it : items) {
            boolean ok = true;
            for (int at = text.indexOf(it.text()); at >= 0; at = text.indexOf(it.text(), at + 1)) {
                for (int i = at; i < at + it.text().length(); i++) {
                    if (Character.isLetterOrDigit(text.charAt(i)) && !hidden[i]) {
                        ok = false;
                    }
                }
            }
            t.items++;
            if (ok) {
                t.caught++;
            }
            if (it.kind().equals("name")) {
                t.names++;
                if (ok) {
                    t.namesCaught++;
                }
            }
        }
    }

    static POSTaggerME tagger(String resource) throws Exception {
        try (InputStream in = OpenNlpNames.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no " + resource + " on the class path");
            }
            return new POSTaggerME(new POSModel(in));
        }
    }
}
