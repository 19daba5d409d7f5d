package org.tracejudge.redaction;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The recognizers' own word lists (cues, keep words, function words), kept as resource files under {@code lists/}
 * beside this class rather than inline: one entry a line, exactly as written; lines starting with {@code #} say what
 * the list is for and where it comes from.
 */
final class WordList {
    private WordList() {}

    /** The entries of {@code lists/NAME}, as written. */
    static Set<String> exact(String name) {
        return Set.copyOf(read(name));
    }

    /**
     * The entries of {@code lists/NAME} in the order written, joined by "|" for a regular expression's alternation
     * (the order matters there: an earlier alternative is tried first). Entries are regular-expression fragments.
     */
    static String alternation(String name) {
        return String.join("|", read(name));
    }

    private static Set<String> read(String name) {
        String path = "lists/" + name;
        Set<String> out = new LinkedHashSet<>();
        try (InputStream in = WordList.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("redaction list " + path + " is missing from the build");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isEmpty() && line.charAt(0) != '#') {
                    out.add(line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
