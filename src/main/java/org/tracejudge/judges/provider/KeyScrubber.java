package org.tracejudge.judges.provider;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes an API key from text a server sent back, in every encoding a server may echo it in: raw,
 * JSON-escaped ({@code \u0073\u006b...}, any mix of escaped and plain characters) and URL-encoded
 * ({@code %73%6B...}). Only whole occurrences are replaced: the match may not continue a word on either side
 * (letters, digits, {@code _} and {@code -} are word characters in keys; an escape before it counts as a
 * boundary), so a key that happens to be part of a
 * longer token or word never garbles it. Keys shorter than {@link #MIN_LENGTH} characters are not plausible
 * keys (Ollama's documented placeholder key is "ollama") and are left alone.
 */
public final class KeyScrubber {
    public static final int MIN_LENGTH = 12;
    public static final String MARK = "[api key removed]";
    private static final String WORD = "A-Za-z0-9_\\-";

    private final Pattern pattern;

    public KeyScrubber(String key) {
        this.pattern = key == null || key.length() < MIN_LENGTH ? null : compile(key);
    }

    private static Pattern compile(String key) {
        StringBuilder re = new StringBuilder("(?:(?<![" + WORD + "])|(?<=\\\\u[0-9A-Fa-f]{4})|(?<=%[0-9A-Fa-f]{2}))(?:");
        for (int i = 0; i < key.length(); ) {
            int cp = key.codePointAt(i);
            i += Character.charCount(cp);
            re.append("(?:").append(Pattern.quote(new String(Character.toChars(cp))));
            if (cp < 0x10000) {
                re.append("|\\\\u").append(String.format("(?i:%04x)", cp));
            }
            if (cp < 0x80) {
                re.append("|%").append(String.format("(?i:%02x)", cp));
            }
            re.append(')');
        }
        re.append(")(?![" + WORD + "])");
        return Pattern.compile(re.toString());
    }

    /** Whether this scrubber does anything (a key of plausible length). */
    public boolean active() {
        return pattern != null;
    }

    public String scrub(String text) {
        if (text == null || pattern == null) {
            return text;
        }
        Matcher m = pattern.matcher(text);
        return m.find() ? m.replaceAll(Matcher.quoteReplacement(MARK)) : text;
    }
}
