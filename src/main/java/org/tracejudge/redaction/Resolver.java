package org.tracejudge.redaction;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a scan's standing candidates into the redacted text: adds the project's deny strings, drops what lies inside
 * an allowed phrase, and merges overlaps (the earlier start wins, at one start the longer span; overlapping spans
 * merge so no part is sent; a secret outranks what it overlaps).
 */
final class Resolver {
    private final List<Pattern> allow;
    private final List<Pattern> deny;

    Resolver(Redactor.Options options) {
        this.allow = options.allow().stream()
                .map(a -> Pattern.compile("(?iu)(?<![\\p{L}\\p{N}])" + Pattern.quote(a) + "(?![\\p{L}\\p{N}])"))
                .toList();
        this.deny = options.deny().stream()
                .map(d -> Pattern.compile("(?iu)" + Pattern.quote(d)))
                .toList();
    }

    Redactor.Result resolve(Scan h) {
        String text = h.text;
        h.recognizer = "deny";
        for (Pattern d : deny) {
            Matcher m = d.matcher(text);
            while (m.find()) {
                h.add(Redactor.Kind.REDACTED, m.start(), m.end());
            }
        }
        h.recognizer = "";
        List<Redactor.Span> found = allow.isEmpty() ? h.spans : allowed(text, h.spans);
        found.sort(Comparator.comparingInt(Redactor.Span::start)
                .thenComparing(Comparator.comparingInt(Redactor.Span::end).reversed()));
        List<Redactor.Span> kept = new ArrayList<>();
        int end = -1;
        for (Redactor.Span s : found) {
            if (s.start() >= end) {
                kept.add(s);
                end = s.end();
            } else if (!kept.isEmpty()) {
                // a secret outranks what it overlaps ("postgres://app:pw@db" is not shown as an e-mail)
                Redactor.Span last = kept.remove(kept.size() - 1);
                boolean secret = s.kind() == Redactor.Kind.SECRET && last.kind() != Redactor.Kind.SECRET;
                int e = Math.max(end, s.end());
                kept.add(new Redactor.Span(
                        secret ? Redactor.Kind.SECRET : last.kind(),
                        last.start(),
                        e,
                        text.substring(last.start(), e),
                        secret ? s.why() : last.why()));
                end = e;
            }
        }
        StringBuilder sb = new StringBuilder(text.length());
        int at = 0;
        for (Redactor.Span s : kept) {
            sb.append(text, at, s.start()).append('[').append(s.kind().name()).append(']');
            at = s.end();
        }
        sb.append(text, at, text.length());
        return new Redactor.Result(sb.toString(), List.copyOf(kept));
    }

    /** The spans that do not lie inside an allowed phrase. */
    private List<Redactor.Span> allowed(String text, List<Redactor.Span> spans) {
        List<int[]> ok = new ArrayList<>();
        for (Pattern p : allow) {
            Matcher m = p.matcher(text);
            while (m.find()) {
                ok.add(new int[] {m.start(), m.end()});
            }
        }
        List<Redactor.Span> out = new ArrayList<>();
        for (Redactor.Span s : spans) {
            boolean inside = ok.stream().anyMatch(r -> r[0] <= s.start() && s.end() <= r[1]);
            if (!inside || s.kind() == Redactor.Kind.REDACTED) {
                out.add(s);
            }
        }
        return out;
    }
}
