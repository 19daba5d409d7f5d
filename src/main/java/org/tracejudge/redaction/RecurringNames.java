package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every name found (by the name recognizers before it) and every name the project knows, taken out wherever it
 * recurs in the text: whole words, any case ("Priya … priya"); Han names anywhere.
 */
final class RecurringNames implements Recognizer {
    private final List<String> known;

    RecurringNames(List<String> known) {
        this.known = List.copyOf(known);
    }

    @Override
    public String name() {
        return "names.recurring";
    }

    @Override
    public void recognize(Scan h) {
        String text = h.text;
        Set<String> names = new java.util.LinkedHashSet<>();
        for (String k : known) {
            if (!k.isBlank()) {
                names.add(k.strip());
            }
        }
        int knownCount = names.size();
        names.addAll(h.nameText().found);
        h.rule = knownCount > 0
                ? "a known name, or a name found elsewhere in the text"
                : "a name found elsewhere in the text";
        // each name found, wherever it recurs (whole words, any case)
        boolean sameLength = h.lower.length() == text.length();
        for (String name : names) {
            if (sameLength) {
                String nl = name.toLowerCase(Locale.ROOT);
                boolean hanName =
                        nl.codePoints().allMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN);
                for (int at = h.lower.indexOf(nl); at >= 0 && !nl.isEmpty(); at = h.lower.indexOf(nl, at + 1)) {
                    int end = at + nl.length();
                    if (hanName
                            || ((at == 0 || !Character.isLetterOrDigit(text.charAt(at - 1)))
                                    && (end == text.length() || !Character.isLetterOrDigit(text.charAt(end))))) {
                        h.add(Redactor.Kind.NAME, at, end);
                    }
                }
                continue;
            }
            boolean hanName =
                    name.codePoints().allMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN);
            String edge = hanName ? "" : "(?<![\\p{L}\\p{M}\\p{N}])";
            String tail = hanName ? "" : "(?![\\p{L}\\p{M}\\p{N}])";
            Matcher r =
                    Pattern.compile("(?iu)" + edge + Pattern.quote(name) + tail).matcher(text);
            while (r.find()) {
                h.add(Redactor.Kind.NAME, r.start(), r.end());
            }
        }
    }
}
