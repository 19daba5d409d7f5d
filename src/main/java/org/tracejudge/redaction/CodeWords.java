package org.tracejudge.redaction;

/**
 * Names found inside a word of code are not people: a name-like word glued to a colon and a letter ("arn:aws:iam::…",
 * "Sha:" is not one, "arn:aws" is) or to digits and a separator ("sha512-…", "md5:…"). Such a word is an identifier
 * of a tool return, and the name lists only happened to contain its first part.
 */
final class CodeWords {
    private CodeWords() {}

    static void keep(Scan h) {
        String t = h.text;
        h.spans.removeIf(s -> s.kind() == Redactor.Kind.NAME && glued(t, s.start(), s.end()));
    }

    private static boolean lowerCase(String t, int start, int end) {
        for (int i = start; i < end; i++) {
            if (Character.isUpperCase(t.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean glued(String t, int start, int end) {
        if (start > 0 && Character.isLetterOrDigit(t.charAt(start - 1))) {
            return false;
        }
        int i = end;
        if (i + 1 < t.length() && t.charAt(i) == ':' && Character.isLetter(t.charAt(i + 1))) {
            return true; // "arn:aws"
        }
        int digits = 0;
        while (i < t.length() && Character.isDigit(t.charAt(i))) {
            i++;
            digits++;
        }
        if (digits > 0 && (i == t.length() || !Character.isLetter(t.charAt(i))) && lowerCase(t, start, end)) {
            return true; // "sha256", "md5": a lower-case word glued to its digits
        }
        return digits > 0
                && i + 1 < t.length()
                && "-:_".indexOf(t.charAt(i)) >= 0
                && (Character.isLetterOrDigit(t.charAt(i + 1))
                        || "+/".indexOf(t.charAt(i + 1)) >= 0); // "sha512-+NkW4…"
    }
}
