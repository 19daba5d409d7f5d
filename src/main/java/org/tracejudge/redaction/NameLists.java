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
 * place names (from datafaker's locale data, Apache-2.0), and English words (SCOWL via Debian's wamerican and
 * wbritish). {@code tools/redaction-lists.py} builds them; THIRD-PARTY.md names the sources and licences.
 */
final class NameLists {
    private NameLists() {}

    static final Set<String> GIVEN = load("given-names.txt");
    static final Set<String> SURNAMES = load("surnames.txt");
    static final Set<String> PLACES = load("places.txt");
    static final Set<String> WORDS = load("english-words.txt");

    private static Set<String> load(String name) {
        Set<String> out = new HashSet<>(1 << 16);
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
        return Set.copyOf(out);
    }
}
