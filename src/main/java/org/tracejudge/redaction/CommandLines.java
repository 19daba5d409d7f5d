package org.tracejudge.redaction;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Words of command lines and code that the name, handle, e-mail and URL detectors take for a person's: the value of
 * a flag ("--omit=dev", "--name=ng-spot-2"), a part of a package path or media type ("com.fasterxml.jackson.core",
 * "application/json"), a Conventional Commits type ("fix(parser):"), an npm scope ("@babel/core"), a file given to
 * curl ("--data-binary @job.json"), a Java stack frame read as a spelled e-mail ("… at sun.nio.ch.Net.poll(") and a
 * Go module path before its version ("github.com/spf13/cobra v1.8.0").
 */
final class CommandLines {
    private CommandLines() {}

    private static final Set<String> TITLES = Set.of("dr", "mr", "mrs", "ms", "st", "fr", "prof", "sr", "jr", "mx");
    private static final Pattern CODE_PATH =
            Pattern.compile("[a-z0-9_-]+(?:[./:][a-z0-9_-]+){2,}|[a-z0-9_-]{2,}/[a-z0-9_.+-]{2,}"
                    + "|[a-z0-9_-]+\\.(?:json|txt|csv|xml|ya?ml|toml|ini|env|log|sh|py|js|ts|html|pem|gz|zip)");
    private static final Pattern COMMIT_TYPE = Pattern.compile("\\([a-z0-9_.-]+\\)!?:.*", Pattern.DOTALL);
    private static final Pattern FILE_ARG =
            Pattern.compile("@[\\w./-]+\\.(?:json|txt|csv|xml|ya?ml|bin|env|gz|zip|tar|log|sh|py|js|ts|html|pem)");
    private static final Pattern FRAME = Pattern.compile("\\.[\\w$]+\\(.*", Pattern.DOTALL);
    private static final Pattern MODULE_VERSION = Pattern.compile(" v\\d+\\.\\d+.*", Pattern.DOTALL);

    static void keep(Scan h) {
        String t = h.text;
        h.spans.removeIf(s -> switch (s.kind()) {
            case NAME ->
                flagValue(t, s.start())
                        || inCodePath(t, s.start(), s.end())
                        || COMMIT_TYPE.matcher(t.substring(s.end())).lookingAt();
            case HANDLE ->
                (s.original().startsWith("@") && s.end() < t.length() && t.charAt(s.end()) == '/')
                        || (FILE_ARG.matcher(s.original()).matches() && flagBefore(t, s.start()));
            case EMAIL ->
                s.original().contains(" at ")
                        && FRAME.matcher(t.substring(s.end())).lookingAt();
            case URL ->
                !s.original().contains("://")
                        && MODULE_VERSION.matcher(t.substring(s.end())).lookingAt();
            default -> false;
        });
    }

    /** The token around [start, end): delimited by white space, quotes, brackets and markup. */
    private static boolean delimiter(char c) {
        return Character.isWhitespace(c) || "<>\"'()[]{},;".indexOf(c) >= 0;
    }

    private static int tokenStart(String t, int start) {
        int a = start;
        while (a > 0 && !Character.isWhitespace(t.charAt(a - 1))) {
            a--;
        }
        return a;
    }

    private static boolean flagValue(String t, int start) {
        if (start == 0 || t.charAt(start - 1) != '=') {
            return false;
        }
        int a = tokenStart(t, start);
        return t.charAt(a) == '-';
    }

    private static boolean flagBefore(String t, int start) {
        int a = start;
        while (a > 0 && t.charAt(a - 1) == ' ') {
            a--;
        }
        int b = a;
        while (b > 0 && !Character.isWhitespace(t.charAt(b - 1))) {
            b--;
        }
        return b < a && t.charAt(b) == '-';
    }

    private static boolean inCodePath(String t, int start, int end) {
        int a = start;
        while (a > 0 && !delimiter(t.charAt(a - 1))) {
            a--;
        }
        if (a > 0 && t.charAt(a - 1) == '@') {
            a--;
        }
        int b = end;
        while (b < t.length() && !delimiter(t.charAt(b))) {
            b++;
        }
        String token = t.substring(a, b).replaceAll("^[\"'(\\[{<@]+|[\"')\\]}>,;]+$", "");
        if (token.indexOf('@') >= 0 || !token.equals(token.toLowerCase(Locale.ROOT))) {
            return false;
        }
        boolean glued = (start > a && "./:".indexOf(t.charAt(start - 1)) >= 0)
                || (end + 1 < b && "./:".indexOf(t.charAt(end)) >= 0 && Character.isLetterOrDigit(t.charAt(end + 1)));
        if (!glued || !CODE_PATH.matcher(token).matches()) {
            return false;
        }
        String first = token.split("[./:]", 2)[0];
        return !TITLES.contains(first);
    }
}
