package org.tracejudge.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Finds {@code <think>…</think>} blocks (also {@code <thinking>}) in an answer, case-insensitively. An unclosed
 * opening tag runs to the end of the answer; a closing tag with no opening tag before it closes a block that
 * started at the beginning of the answer (some chat templates drop the opening tag).
 */
public final class ThinkBlocks {
    private ThinkBlocks() {}

    public static List<Span> find(String answer) {
        return find(answer, answer.toLowerCase(Locale.ROOT));
    }

    /** As {@link #find(String)}, given the answer already lower-cased with {@code Locale.ROOT}. */
    static List<Span> find(String answer, String lower) {
        if (lower.length() != answer.length() || lower.indexOf("think") < 0) {
            return lower.indexOf("think") < 0 ? List.of() : findSlow(answer);
        }
        return scan(lower);
    }

    private static List<Span> findSlow(String answer) {
        // lower-casing changed the length (rare non-ASCII); tags are ASCII so fold ASCII only
        StringBuilder sb = new StringBuilder(answer.length());
        for (int i = 0; i < answer.length(); i++) {
            char c = answer.charAt(i);
            sb.append(c >= 'A' && c <= 'Z' ? (char) (c + 32) : c);
        }
        return scan(sb.toString());
    }

    private static List<Span> scan(String lower) {
        List<Span> spans = new ArrayList<>(1);
        int pos = 0;
        int n = lower.length();
        while (pos < n) {
            int open = nextOpen(lower, pos);
            int close = nextClose(lower, pos);
            if (close >= 0 && (open < 0 || close < open)) {
                // closing tag without an opening one: the block started at pos
                int end = lower.indexOf('>', close) + 1;
                spans.add(new Span(pos, end));
                pos = end;
                continue;
            }
            if (open < 0) {
                break;
            }
            int closeAfter = nextClose(lower, open + 1);
            if (closeAfter < 0) {
                spans.add(new Span(open, n));
                break;
            }
            int end = lower.indexOf('>', closeAfter) + 1;
            spans.add(new Span(open, end));
            pos = end;
        }
        return spans;
    }

    private static int nextOpen(String s, int from) {
        int a = s.indexOf("<think>", from);
        int b = s.indexOf("<thinking>", from);
        return a < 0 ? b : b < 0 ? a : Math.min(a, b);
    }

    private static int nextClose(String s, int from) {
        int a = s.indexOf("</think>", from);
        int b = s.indexOf("</thinking>", from);
        return a < 0 ? b : b < 0 ? a : Math.min(a, b);
    }

    /** The answer with the blocks replaced by spaces (same length, so offsets stay raw offsets). */
    public static String blank(String answer, List<Span> spans) {
        if (spans.isEmpty()) {
            return answer;
        }
        char[] cs = answer.toCharArray();
        for (Span s : spans) {
            for (int i = s.start(); i < s.end(); i++) {
                cs[i] = ' ';
            }
        }
        return new String(cs);
    }
}
