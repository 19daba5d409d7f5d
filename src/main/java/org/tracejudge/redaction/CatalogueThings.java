package org.tracejudge.redaction;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Things of catalogues, playlists and nested tool returns named with a person's word, kept (issue 47, round 61,
 * measured on {@code redaction-dev/dev24}–{@code dev25}):
 *
 * <ul>
 *   <li>a capitalised run of a catalogue ending in a kind of goods ("Matilda Armchair", "Camden Duvet Cover", "Kenneth
 *       Cole Oxford Shoes"; list {@code names-product-heads.txt}) names a product, and so do the run's words elsewhere
 *       in the message;
 *   <li>in a message about music or films (now playing, playlist, showtimes…), a title that is a list item or follows
 *       "now playing:", "up next:" ("1. Angie", "up next: Delilah", "Matilda 14:30, 17:45"); not a value after "by:"
 *       or "from:", which names a person;
 *   <li>a run with a word of the form "LiveView" (a capital inside it after three letters; not "MacArthur",
 *       "FitzGerald");
 *   <li>colours that are given names in a message about goods ("in Amber and Olive"; {@code names-colours.txt}),
 *       a city joined to a place's word in a file name ("Madison_Office_Floorplan.dwg"), and a lower-case word of a
 *       snake_case code name ("hudson_config");
 *   <li>a hotel's name after "Hotel", the sides of a North American score in a message with "Final" or "FT" ("Utah
 *       Jazz 86, Boston Celtics 114"), and the bot part of a GitHub bot's no-reply address;
 *   <li>the name of an object that is a thing field's value ({@code "location": {"name": "Jackson", …}}, {@code
 *       "store": {"name": …}}; the fields of {@code names-thing-fields.txt}).
 * </ul>
 */
final class CatalogueThings {
    private CatalogueThings() {}

    private static final Set<String> PRODUCT_HEADS = WordList.exact("names-product-heads.txt");
    private static final Set<String> THING_FIELDS = WordList.exact("names-thing-fields.txt");
    private static final Set<String> COLOURS = WordList.exact("names-colours.txt");

    /** Words of a message about goods: colours, sizes, stock, fabrics. */
    private static final Pattern GOODS = Pattern.compile("(?iu)\\b(?:colou?rs?|variants?|in\\s+stock|sku|sizes?|fabric|"
            + "velvet|linen|cotton|wool|leather|finish|catalogue|catalog)\\b");

    /** A city's word joined to a place's word in a file or variable name ("Madison_Office", "Lincoln_Park"). */
    private static final Pattern JOINED_AFTER = Pattern.compile("^[_-](\\p{L}+)");

    /** A code word joined by an underscore to a lower-case word ("ada_config", "julia_path"). */
    private static final Pattern SNAKE_AFTER = Pattern.compile("^_(?:config|conf|cfg|settings|path|dir|file|url|uri|"
            + "id|ids|key|client|api|service|handler|test|tests|data|list|map|version|home|env|mode|opts|options|port|"
            + "host|db|table|model|module|util|utils)(?![\\p{L}\\p{N}])");

    private static final Set<String> PLACE_AFTER = WordList.exact("names-city-after.txt");
    private static final Set<String> PLACE_TAIL = WordList.exact("names-place-tail.txt");

    private static final Pattern WORD = Pattern.compile("\\p{L}[\\p{L}'’-]*");
    private static final Pattern CAP_AFTER = Pattern.compile("^\\s(\\p{Lu}\\p{Ll}+)(?![\\p{L}])");

    private static final Pattern MEDIA = Pattern.compile("(?iu)\\b(?:now\\s+playing|up\\s+next|playlist|track\\s?list"
            + "|setlist|showtimes?|soundtrack|on\\s+repeat|(?:songs?|tracks?|albums?|films?|movies?)\\s*:)"
            + "|(?:\"(?:runtime|genres|duration_ms|album|imdb_?\\w*|episode|season)\"\\s*:)");

    /** The title of a film, a track or an episode in a media tool return. */
    private static final Pattern TITLE_FIELD = Pattern.compile("\"title\"\\s*:\\s*(\"(?:[^\"\\\\]|\\\\.){0,200}\")");

    /** One item of a listing: between line breaks, bars, dashes set in spaces, semicolons and runs of spaces. */
    private static final Pattern ITEM = Pattern.compile("[^\\n|;—–]+?(?=\\s{2,}|\\n|\\||;|\\s[—–]\\s|$)");

    /** What may stand before a title in an item: a list number or a media label and its colon. */
    private static final Pattern ITEM_HEAD = Pattern.compile("(?iu)(?:^|\\s)(?:\\d{1,2}[.)]\\s+|"
            + "(?:now\\s+playing|up\\s+next|next|playing|today|tonight|showtimes?|song|track|title|film"
            + "|movie)\\s*:\\s*)");

    /** What may follow a title in an item: a duration, show times. */
    private static final Pattern ITEM_TAIL =
            Pattern.compile("^\\s*(?:\\(\\d{1,2}:\\d{2}\\)|\\d{1,2}[:.]\\d{2}(?:\\s*,\\s*\\d{1,2}[:.]\\d{2})*)?\\s*$");

    private static final Pattern TITLE = Pattern.compile("(?u)(?:\\p{Lu}[\\p{L}'’.-]*|of|the|a|on|in|and|to)"
            + "(?:\\s+(?:\\p{Lu}[\\p{L}'’.-]*|of|the|a|on|in|and|to)){0,5}");

    /** A thing field whose value is an object that begins with its name. */
    private static final Pattern NESTED = Pattern.compile(
            "\"([A-Za-z][A-Za-z0-9_ -]{0,40})\"\\s*:\\s*\\{\\s*\"(?:name|title|label|displayName|display_name)\"\\s*:\\s*"
                    + "(\"(?:[^\"\\\\]|\\\\.){0,200}\")");

    /** A hotel's word right before a name ("Hotel Marlowe"): the hotel's name. */
    private static final Pattern HOTEL_BEFORE = Pattern.compile("(?u)\\b(?:Hotel|Hôtel|Motel|Hostel)\\s$");

    /** A result word of North American scores ("Final", "Final/OT", "FT"). */
    private static final Pattern FINAL = Pattern.compile("\\b(?:Final|FINAL|FT|OT|F/OT)\\b");

    /** "Utah Jazz 86, Boston Celtics 114": two sides, each before its points. */
    private static final Pattern US_SCORE = Pattern.compile("(?u)((?:\\p{Lu}[\\p{L}.'’-]+\\s){0,3}\\p{Lu}[\\p{L}.'’-]+)"
            + "\\s\\d{1,3},\\s((?:\\p{Lu}[\\p{L}.'’-]+\\s){0,3}\\p{Lu}[\\p{L}.'’-]+)\\s\\d{1,3}(?![\\d.,:])");

    /** A bot's GitHub address ("49699333+dependabot[bot]@users.noreply.github.com"): no person's. */
    private static final Pattern BOT_BEFORE = Pattern.compile("\\[bot]$");

    static void keep(Scan h) {
        String t = h.text;
        h.spans.removeIf(s -> (s.kind() == Redactor.Kind.HANDLE || s.kind() == Redactor.Kind.EMAIL)
                && s.original().startsWith("@")
                && BOT_BEFORE
                        .matcher(t.substring(Math.max(0, s.start() - 5), s.start()))
                        .find());
        List<int[]> kept = new ArrayList<>();
        List<String> words = new ArrayList<>();
        for (Redactor.Span s : h.spans) {
            if (s.kind() == Redactor.Kind.NAME && product(t, s)) {
                kept.add(new int[] {s.start(), s.end()});
                Matcher w = WORD.matcher(s.original());
                while (w.find()) {
                    words.add(w.group().toLowerCase(Locale.ROOT));
                }
            }
        }
        if (MEDIA.matcher(t).find()) {
            kept.addAll(titles(t));
            Matcher f = TITLE_FIELD.matcher(t);
            while (f.find()) {
                kept.add(new int[] {f.start(1), f.end(1)});
            }
        }
        kept.addAll(nested(t));
        if (FINAL.matcher(t).find()) {
            for (Matcher m = US_SCORE.matcher(t); m.find(); ) {
                kept.add(new int[] {m.start(1), m.end(1)});
                kept.add(new int[] {m.start(2), m.end(2)});
            }
        }
        boolean goods = !words.isEmpty() || GOODS.matcher(t).find() || namedGoods(t);
        h.spans.removeIf(s -> s.kind() == Redactor.Kind.NAME
                && (kept.stream().anyMatch(r -> r[0] <= s.start() && s.end() <= r[1])
                        || words.contains(s.original().toLowerCase(Locale.ROOT))
                        || (goods && COLOURS.contains(s.original().toLowerCase(Locale.ROOT)))
                        || joinedPlace(t, s)
                        || HOTEL_BEFORE
                                .matcher(t.substring(Math.max(0, s.start() - 8), s.start()))
                                .find()
                        || camelCase(s.original())
                        || snakeCase(t, s)));
    }

    private static final Pattern CAP_PAIR = Pattern.compile("(?u)\\p{Lu}\\p{Ll}+\\s(\\p{Lu}\\p{Ll}+)(?![\\p{L}])");

    /** A kind of goods, capitalised, after a capitalised word ("the Chester Coffee Table"): a catalogue's text. */
    private static boolean namedGoods(String t) {
        Matcher m = CAP_PAIR.matcher(t);
        for (int from = 0; m.find(from); from = m.start(1)) {
            if (PRODUCT_HEADS.contains(m.group(1).toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /** A run whose word after the first, or the capitalised word right after it, is a kind of goods. */
    private static boolean product(String t, Redactor.Span s) {
        Matcher w = WORD.matcher(s.original());
        boolean first = true;
        while (w.find()) {
            String g = w.group();
            if (!first && Character.isUpperCase(g.charAt(0)) && PRODUCT_HEADS.contains(g.toLowerCase(Locale.ROOT))) {
                return true;
            }
            first = false;
        }
        Matcher after = CAP_AFTER.matcher(t.substring(s.end(), Math.min(t.length(), s.end() + 30)));
        return after.find() && PRODUCT_HEADS.contains(after.group(1).toLowerCase(Locale.ROOT));
    }

    /** A city joined by "_" or "-" to a place's word in a file or variable name ("Charlotte_Branch.xlsx"). */
    private static boolean joinedPlace(String t, Redactor.Span s) {
        String k = s.original().toLowerCase(Locale.ROOT);
        if (!NameLists.CITIES.contains(k) && !NameLists.PLACES.contains(k)) {
            return false;
        }
        Matcher m = JOINED_AFTER.matcher(t.substring(s.end(), Math.min(t.length(), s.end() + 30)));
        if (!m.find()) {
            return false;
        }
        String w = m.group(1).toLowerCase(Locale.ROOT);
        return PLACE_AFTER.contains(w) || PLACE_TAIL.contains(w);
    }

    /** A capital inside a word after three letters or more ("LiveView", "GraphQL"): a product's, not a surname's. */
    private static final Pattern INNER_CAP = Pattern.compile("(?<![\\p{L}])(?!Mac|Fitz)\\p{Lu}\\p{Ll}{2,}\\p{Lu}");

    private static boolean camelCase(String s) {
        return INNER_CAP.matcher(s).find();
    }

    /** A lower-case word of a snake_case code name whose other part is a code word ("hudson_config"). */
    private static boolean snakeCase(String t, Redactor.Span s) {
        return s.original().equals(s.original().toLowerCase(Locale.ROOT))
                && (s.start() == 0 || !Character.isLetterOrDigit(t.charAt(s.start() - 1)))
                && SNAKE_AFTER
                        .matcher(t.substring(s.end(), Math.min(t.length(), s.end() + 12)))
                        .find();
    }

    /** The title parts of a media message's items. */
    private static List<int[]> titles(String t) {
        List<int[]> out = new ArrayList<>();
        Matcher item = ITEM.matcher(t);
        while (item.find()) {
            String it = item.group();
            Matcher head = ITEM_HEAD.matcher(it);
            int from = -1;
            while (head.find()) {
                from = head.end();
            }
            boolean timed = from < 0; // no head: only an item followed by show times or a duration
            if (timed) {
                from = it.length() - it.stripLeading().length();
            }
            Matcher title = TITLE.matcher(it).region(from, it.length());
            String tail = title.lookingAt() ? it.substring(title.end()) : "";
            if (title.lookingAt() && ITEM_TAIL.matcher(tail).matches() && !(timed && tail.isBlank())) {
                out.add(new int[] {item.start() + title.start(), item.start() + title.end()});
            }
        }
        return out;
    }

    private static List<int[]> nested(String t) {
        List<int[]> out = new ArrayList<>();
        if (t.indexOf('{') < 0) {
            return out;
        }
        Matcher m = NESTED.matcher(t);
        while (m.find()) {
            String[] words = m.group(1)
                    .replaceAll("([a-z])([A-Z])", "$1 $2")
                    .toLowerCase(Locale.ROOT)
                    .split("[ _-]+");
            if (words.length > 0 && THING_FIELDS.contains(words[words.length - 1])) {
                out.add(new int[] {m.start(2), m.end(2)});
            }
        }
        return out;
    }
}
