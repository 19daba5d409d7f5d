package org.tracejudge.redaction;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Listings that name teams, places and dishes with people's words, kept (issue 47, round 59, measured on {@code
 * redaction-dev/dev19}: tool output and pasted text of these genres):
 *
 * <ul>
 *   <li>a side of a result ("Olympique Lyonnais 1–1 Juventus", "Celtic 2–5 Borussia Dortmund") and a row of a
 *       table of standings ("2. Everton 56 pts"): teams, not people;
 *   <li>a platform word before its number and time ("Andén 3: 06:01", "Gleis 7 14:32") and a city after a train's
 *       or bus's number ("ICE 1838 to Austin");
 *   <li>a chess opening or a dish named after someone, with the word that says so ("the Ruy Lopez", "Caro-Kann
 *       Defence", "Waldorf salad", "Eggs Benedict"; list {@code things-named-after-people.txt});
 *   <li>a cell of a CSV, TSV or markdown table under a column whose header names a thing (city, region, store,
 *       team, product; list {@code names-thing-fields.txt} and a few more), and an "address" across a row's cells;
 *   <li>a bus's, tram's, line's or flight's number that the address rules took for a house's ("Bus 187 Piccadilly
 *       Gardens dep 18:18").
 * </ul>
 */
final class Fixtures {
    private Fixtures() {}

    private static final Set<String> THINGS = WordList.exact("things-named-after-people.txt");
    private static final Set<String> THING_FIELDS = WordList.exact("names-thing-fields.txt");
    private static final Set<String> MORE_COLUMNS = Set.of(
            "team",
            "teams",
            "club",
            "home",
            "away",
            "opponent",
            "store",
            "shop",
            "branch",
            "town",
            "state",
            "county",
            "province",
            "destination",
            "origin",
            "from",
            "to",
            "route",
            "line",
            "stop",
            "sku",
            "item",
            "dish",
            "category",
            "segment",
            "market",
            "currency",
            "account_type",
            "plan",
            "tier");

    /** A score right after the team: " 1–1", " 2-0", " 3 – 2" (two numbers of at most two digits). */
    private static final Pattern SCORE_AFTER =
            Pattern.compile("^(?:\\s\\p{Lu}[\\p{L}.'’-]+){0,2}\\s(\\d{1,2})\\s?[–-]\\s?(\\d{1,2})\\s+\\p{Lu}");
    /** A score right before the team, after a capitalised word (the other side). */
    private static final Pattern SCORE_BEFORE =
            Pattern.compile("\\p{L}\\s\\d{1,2}\\s?[–-]\\s?\\d{1,2}(?:\\s\\p{Lu}[\\p{L}.'’-]+){0,2}\\s$");
    /** Points of a table's row right after the team. */
    private static final Pattern POINTS_AFTER = Pattern.compile("(?u)^(?:\\s\\p{Lu}[\\p{L}.'’-]+){0,2}\\s\\d{1,3}\\s?"
            + "(?i:pts|points|pkt|punkte|pt|pnt|punti|puntos)(?![\\p{L}])");
    /** "Next: away at …", "vs …", "v …" in a message that holds a result or points. */
    private static final Pattern OPPONENT_BEFORE = Pattern.compile("(?iu)(?:\\baway\\s+(?:at|to)|\\bhome\\s+(?:to|"
            + "against|v\\.?|vs\\.?)|\\bvs\\.?|\\bv\\.?|\\bagainst)\\s+(?:\\p{Lu}[\\p{L}.'’-]+\\s){0,2}$");

    private static final Pattern RESULT = Pattern.compile("(?u)\\p{L}\\s\\d{1,2}\\s?[–-]\\s?\\d{1,2}\\s+\\p{Lu}"
            + "|(?iu)\\b\\d{1,3}\\s?(?:pts|points)\\b|\\b(?:HT|FT)\\s+\\d");
    /** A platform, track or stand word before its number. */
    private static final Pattern PLATFORM_AFTER = Pattern.compile("^\\s\\d{1,2}[a-zA-Z]?\\s?:?\\s+\\d{1,2}[:.]\\d{2}");

    private static final Set<String> PLATFORMS = Set.of(
            "platform",
            "gleis",
            "voie",
            "quai",
            "andén",
            "anden",
            "binario",
            "spoor",
            "perron",
            "track",
            "gate",
            "stand",
            "bahnsteig",
            "vía",
            "via");
    /** A train's, bus's or flight's code, then "to": the destination follows. */
    private static final Pattern SERVICE_TO =
            Pattern.compile("(?u)(?:\\b[A-Z]{1,4}\\s?\\d{1,5}|\\b(?i:bus|train|tram|route|line|flight)\\s+\\w{1,6})\\s+"
                    + "(?i:to|nach|pour|vers|para|per|naar|towards|via)\\s+$");
    /** The word after a dish or opening that says what it is. */
    private static final Pattern THING_WORD_AFTER = Pattern.compile("(?iu)^[\\s-]+(?:salad|sponge|mess|sauce|toast|"
            + "pudding|cake|tart|sandwich|steak|dressing|pizza|cocktail|opening|defen[cs]e|gambit|variation|attack|"
            + "system|counter-?gambit|indian)(?![\\p{L}])");

    private static final Pattern THING_WORD_BEFORE = Pattern.compile(
            "(?iu)(?:\\beggs|\\bbeef|\\bpeach|\\bchicken|" + "\\bsteak|\\blobster|\\bveal|\\bpizza|\\bthe)\\s+$");

    /** A service's word right before a number that the address rules took for a house's ("Bus 187 Piccadilly"). */
    private static final Pattern SERVICE_BEFORE = Pattern.compile(
            "(?iu)\\b(?:bus|tram|route|line|linie|ligne|línea|linea|lijn|platform|gate|flight|train|zug|tren|treno)\\s+$");

    static void keep(Scan h) {
        String t = h.text;
        boolean results = RESULT.matcher(t).find();
        List<int[]> publicAddresses = new ArrayList<>();
        for (Redactor.Span s : h.spans) {
            int place = s.kind() == Redactor.Kind.ADDRESS ? publicPlaceAt(t, s) : -1;
            if (place >= 0) {
                publicAddresses.add(new int[] {nameStart(t, place), s.end()});
            }
        }
        h.spans.removeIf(s -> switch (s.kind()) {
            case NAME ->
                side(t, s, results)
                        || platform(t, s)
                        || destination(t, s)
                        || thing(t, s)
                        || tableCell(t, s)
                        || publicAddresses.stream().anyMatch(r -> r[0] <= s.start() && s.end() <= r[1]);
            case ADDRESS ->
                acrossCells(s) || SERVICE_BEFORE.matcher(before(t, s.start())).find() || publicPlaceAt(t, s) >= 0;
            default -> false;
        });
    }

    /**
     * A public place's name, capitalised, at the head of its address ("Berlin Hauptbahnhof, Europaplatz 1", "The
     * British Museum, Great Russell Street", "Museo del Prado, Calle de Ruiz de Alarcón 23"): the head runs from the
     * clause's start to the span's first comma; "near the station, 12 Elm Street" (lower case) stays an address.
     */
    private static final Pattern PUBLIC_PLACE = Pattern.compile("(?u)(?<![\\p{L}])(?:\\p{Lu}\\p{Ll}*(?:museum|bahnhof)"
            + "|Museum|Museo|Musée|Museu|Gallery|Galleria|Galerie|Opera House|Storehouse|Cathedral|Station|Bahnhof|"
            + "Gare|Estación|Stazione|Airport|Flughafen|Aéroport|Aeropuerto|Aeroporto|Stadium|Stadion|Stade|Estadio|"
            + "Zoo|Aquarium|Hospital|Library|Town Hall|University|Universität|Université|Universidad|Università)"
            + "(?![\\p{L}])");

    /** Where the public place's word starts in the head of the address, or -1. */
    private static int publicPlaceAt(String t, Redactor.Span s) {
        int from = Math.max(0, s.start() - 80);
        for (int i = s.start() - 1; i >= from; i--) {
            if (".!?;\n".indexOf(t.charAt(i)) >= 0) {
                from = i + 1;
                break;
            }
        }
        int comma = s.original().indexOf(',');
        String head = t.substring(from, comma < 0 ? s.start() : s.start() + comma);
        Matcher m = PUBLIC_PLACE.matcher(head);
        while (m.find()) {
            boolean street = STREET_AFTER.matcher(head.substring(m.end())).find()
                    || NUMBER_BEFORE.matcher(head.substring(0, m.start())).find();
            if (!street && onlyNameWords(head.substring(m.end()))) {
                return from + m.start();
            }
        }
        return -1;
    }

    /**
     * Whether the text between the place's word and the address holds only capitalised words and particles ("del
     * Prado, Calle de"): "Hospital, Monks Orchard Road, on Thursday, but I'm living at Flat 4" is another clause.
     */
    private static boolean onlyNameWords(String between) {
        for (String w : between.split("[^\\p{L}'’]+")) {
            if (!w.isEmpty() && !Character.isUpperCase(w.charAt(0)) && !NAME_PARTICLES.contains(w)) {
                return false;
            }
        }
        return true;
    }

    /** "64 Station Street", "Museum Road": the place's word names a street, not a place. */
    private static final Pattern STREET_AFTER = Pattern.compile("(?iu)^\\s+(?:street|st\\.?|road|rd\\.?|avenue|ave\\.?|"
            + "lane|place|square|way|drive|close|terrace|parade|hill|row|walk|gardens|court|crescent|straße|strasse|"
            + "str\\.?|weg|platz|allee|gasse)(?![\\p{L}])");

    private static final Pattern NUMBER_BEFORE = Pattern.compile("\\d[a-zA-Z]?,?\\s+$");

    private static final Set<String> NAME_PARTICLES =
            Set.of("the", "of", "and", "del", "de", "la", "le", "des", "du", "di", "degli", "della", "for");

    /**
     * The start of the public place's name: the capitalised words and particles right before its word ("the British
     * Museum", "Smithsonian National Air and Space Museum"); a person met there, before "at", stays outside.
     */
    private static int nameStart(String t, int place) {
        int start = place;
        while (start > 1 && t.charAt(start - 1) == ' ') {
            int b = start - 1;
            while (b > 0 && Character.isLetter(t.charAt(b - 1))) {
                b--;
            }
            String w = t.substring(b, start - 1);
            if (w.isEmpty() || !(Character.isUpperCase(w.charAt(0)) || NAME_PARTICLES.contains(w))) {
                break;
            }
            start = b;
        }
        return start;
    }

    /** An "address" made of cells of a table's row ("956⇥Galway⇥30765"): a row, not a house. */
    private static boolean acrossCells(Redactor.Span s) {
        return s.original().indexOf('\t') >= 0 || s.original().indexOf('|') >= 0;
    }

    private static String after(String t, int end) {
        return t.substring(end, Math.min(t.length(), end + 40));
    }

    private static String before(String t, int start) {
        return t.substring(Math.max(0, start - 40), start);
    }

    private static boolean side(String t, Redactor.Span s, boolean results) {
        String a = after(t, s.end());
        String b = before(t, s.start());
        return SCORE_AFTER.matcher(a).find()
                || SCORE_BEFORE.matcher(b).find()
                || POINTS_AFTER.matcher(a).find()
                || (results && OPPONENT_BEFORE.matcher(b).find());
    }

    private static boolean platform(String t, Redactor.Span s) {
        return PLATFORMS.contains(s.original().toLowerCase(Locale.ROOT))
                && PLATFORM_AFTER.matcher(after(t, s.end())).find();
    }

    private static boolean destination(String t, Redactor.Span s) {
        String k = s.original().toLowerCase(Locale.ROOT);
        return (NameLists.CITIES.contains(k) || NameLists.PLACES.contains(k))
                && SERVICE_TO.matcher(before(t, s.start())).find();
    }

    private static boolean thing(String t, Redactor.Span s) {
        String k = s.original().toLowerCase(Locale.ROOT);
        if (!THINGS.contains(k) && !(k.contains(" ") && THINGS.contains(k.substring(k.lastIndexOf(' ') + 1)))) {
            return false;
        }
        return k.equals("ruy lopez")
                || (k.equals("ruy") && after(t, s.end()).startsWith(" Lopez"))
                || (k.equals("lopez") && before(t, s.start()).endsWith("Ruy "))
                || THING_WORD_AFTER.matcher(after(t, s.end())).find()
                || (THING_WORD_BEFORE.matcher(before(t, s.start())).find()
                        && (k.equals("benedict")
                                || k.equals("wellington")
                                || k.equals("melba")
                                || k.equals("lopez")
                                || k.equals("stroganoff")
                                || k.equals("thermidor")
                                || k.equals("rockefeller")));
    }

    /**
     * A whole cell of a delimited row (tabs, commas, semicolons or a markdown table's bars) whose column's header, on
     * the table's first line, names a thing.
     */
    private static boolean tableCell(String t, Redactor.Span s) {
        int lineStart = t.lastIndexOf('\n', s.start() - 1) + 1;
        if (lineStart == 0) {
            return false; // the header itself, or no table
        }
        int lineEnd = t.indexOf('\n', s.end());
        String line = t.substring(lineStart, lineEnd < 0 ? t.length() : lineEnd);
        char sep = line.indexOf('\t') >= 0 ? '\t' : line.indexOf('|') >= 0 ? '|' : line.indexOf(';') >= 0 ? ';' : ',';
        int col = 0;
        int cellStart = 0;
        int at = s.start() - lineStart;
        for (int i = 0; i < at; i++) {
            if (line.charAt(i) == sep) {
                col++;
                cellStart = i + 1;
            }
        }
        int cellEnd = line.indexOf(sep, at);
        String cell =
                line.substring(cellStart, cellEnd < 0 ? line.length() : cellEnd).strip();
        if (!cell.equals(s.original())) {
            return false;
        }
        String header = header(t, lineStart, sep);
        if (header == null) {
            return false;
        }
        String[] cols = header.split(Pattern.quote(String.valueOf(sep)), -1);
        if (col >= cols.length || cols.length < 3) {
            return false;
        }
        String name = cols[col].strip().toLowerCase(Locale.ROOT).replace(' ', '_');
        String last = name.substring(name.lastIndexOf('_') + 1);
        return THING_FIELDS.contains(name)
                || THING_FIELDS.contains(last)
                || MORE_COLUMNS.contains(name)
                || MORE_COLUMNS.contains(last);
    }

    /** The table's header: the first line of the run of lines holding the separator, above {@code lineStart}. */
    private static String header(String t, int lineStart, char sep) {
        int start = lineStart;
        String header = null;
        while (start > 0) {
            int prev = t.lastIndexOf('\n', start - 2) + 1;
            String line = t.substring(prev, start - 1);
            if (line.indexOf(sep) < 0) {
                break;
            }
            if (!line.matches("[\\s|:-]+")) {
                header = line;
            }
            start = prev;
        }
        return header;
    }
}
