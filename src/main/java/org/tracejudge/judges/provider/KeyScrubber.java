package org.tracejudge.judges.provider;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes an API key from text a server sent back, in every encoding a server may echo it in: raw, JSON-escaped
 * (<code>&#92;u0073&#92;u006b...</code>, any mix of escaped and plain characters, double-escaped <code>&#92;&#92;u0073</code>, {@code \/}
 * and {@code \\/} for a slash), URL-encoded ({@code %73%6B...}) and base64 (standard and URL-safe alphabets, at
 * any alignment inside a longer base64 text). A key shorter than {@link #LONG} characters is replaced only where
 * it stands whole: the match may not continue a word on either side (letters, digits, {@code _} and {@code -} are
 * word characters in keys; an escape before it counts as a boundary), so a short key that happens to be part of a
 * longer token never garbles it; a key of {@link #LONG} characters or more is replaced wherever it appears (inside
 * "fp_KEY" too). Keys shorter than {@link #MIN_LENGTH} characters are not plausible keys (Ollama's documented
 * placeholder key is "ollama") and are left alone.
 */
public final class KeyScrubber {
    public static final int MIN_LENGTH = 12;
    public static final String MARK = "[api key removed]";
    private static final String WORD = "A-Za-z0-9_\\-";

    /** Keys at least this long are replaced wherever they appear, not only where they stand whole. */
    public static final int LONG = 20;

    /** One pattern per key, longest key first (a key inside a longer one is then removed with it). */
    private final java.util.List<Pattern> patterns;

    public KeyScrubber(String key) {
        this(java.util.Collections.singletonList(key));
    }

    /** A scrubber for several keys (every configured provider's); null, blank and implausibly short ones are left out. */
    public KeyScrubber(java.util.Collection<String> keys) {
        this.patterns = keys.stream()
                .filter(k -> k != null && k.strip().length() >= MIN_LENGTH)
                .map(String::strip)
                .distinct()
                .sorted(java.util.Comparator.comparingInt(String::length).reversed())
                .map(KeyScrubber::compile)
                .toList();
    }

    private static Pattern compile(String key) {
        boolean whole = key.length() < LONG;
        StringBuilder re = new StringBuilder(
                whole ? "(?:(?:(?<![" + WORD + "])|(?<=\\\\u[0-9A-Fa-f]{4})|(?<=%[0-9A-Fa-f]{2}))(?:" : "(?:(?:");
        for (int i = 0; i < key.length(); ) {
            int cp = key.codePointAt(i);
            i += Character.charCount(cp);
            re.append("(?:").append(Pattern.quote(new String(Character.toChars(cp))));
            if (cp < 0x10000) {
                re.append("|\\\\+u")
                        .append(String.format("(?i:%04x)", cp)); // backslash-u0073, and the same escaped twice
            }
            if (cp == '/' || cp == '"' || cp == '\\') {
                re.append("|\\\\+").append(Pattern.quote(new String(Character.toChars(cp)))); // \/ and \\/
            }
            if (cp < 0x80) {
                re.append("|%").append(String.format("(?i:%02x)", cp));
            }
            re.append(')');
        }
        re.append(whole ? ")(?![" + WORD + "])" : ")");
        for (String b64 : base64Forms(key)) {
            re.append('|').append(Pattern.quote(b64));
        }
        re.append(')');
        return Pattern.compile(re.toString());
    }

    /**
     * The base64 text of the key at each of the three alignments it can have inside a longer base64 text (the
     * characters that depend on the key's bytes alone), in the standard and the URL-safe alphabet.
     */
    static java.util.List<String> base64Forms(String key) {
        byte[] k = key.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        java.util.List<String> out = new java.util.ArrayList<>();
        for (int pad = 0; pad < 3; pad++) {
            byte[] b = new byte[pad + k.length];
            System.arraycopy(k, 0, b, pad, k.length);
            String enc = java.util.Base64.getEncoder().withoutPadding().encodeToString(b);
            int from = (pad * 4 + 2) / 3; // the first character made only of key bits
            int to = ((pad + k.length) / 3) * 4; // the last full group ends here
            if (to - from >= 12) {
                String core = enc.substring(from, to);
                out.add(core);
                out.add(core.replace('+', '-').replace('/', '_'));
            }
        }
        return out.stream().distinct().toList();
    }

    /** Whether this scrubber does anything (a key of plausible length). */
    public boolean active() {
        return !patterns.isEmpty();
    }

    public String scrub(String text) {
        if (text == null) {
            return null;
        }
        String out = text;
        for (Pattern pattern : patterns) {
            Matcher m = pattern.matcher(out);
            out = m.find() ? m.replaceAll(Matcher.quoteReplacement(MARK)) : out;
        }
        return out;
    }
}
