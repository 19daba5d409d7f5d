package org.tracejudge.rules;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A multi-pattern substring matcher (Aho-Corasick). Patterns are matched exactly as given (callers lower-case
 * both sides). ASCII transitions are a dense table; other characters fall back to per-node maps.
 */
final class AhoCorasick {
    interface Hit {
        /** @param pattern index of the pattern; {@code end} exclusive end offset of the match in the text */
        void found(int pattern, int end);
    }

    private final String[] patterns;
    private final int[] ascii; // node * 128 + c -> node (full goto for ASCII)
    private final List<Map<Character, Integer>> children = new ArrayList<>();
    private final int[] fail;
    private final int[][] outputs; // node -> pattern ids ending here (via output links)

    AhoCorasick(List<String> pats) {
        this.patterns = pats.toArray(new String[0]);
        children.add(new HashMap<>());
        List<List<Integer>> out = new ArrayList<>();
        out.add(new ArrayList<>());
        for (int p = 0; p < patterns.length; p++) {
            String s = patterns[p];
            if (s.isEmpty()) {
                continue; // the empty pattern is handled by callers (it "occurs" everywhere)
            }
            int node = 0;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                Integer next = children.get(node).get(c);
                if (next == null) {
                    next = children.size();
                    children.add(new HashMap<>());
                    out.add(new ArrayList<>());
                    children.get(node).put(c, next);
                }
                node = next;
            }
            out.get(node).add(p);
        }
        int n = children.size();
        fail = new int[n];
        ascii = new int[n * 128];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int c = 0; c < 128; c++) {
            Integer ch = children.get(0).get((char) c);
            ascii[c] = ch == null ? 0 : ch;
        }
        for (Integer child : children.get(0).values()) {
            fail[child] = 0;
            queue.add(child);
        }
        while (!queue.isEmpty()) {
            int u = queue.poll();
            out.get(u).addAll(out.get(fail[u]));
            for (int c = 0; c < 128; c++) {
                Integer ch = children.get(u).get((char) c);
                ascii[u * 128 + c] = ch == null ? ascii[fail[u] * 128 + c] : ch;
            }
            for (Map.Entry<Character, Integer> e : children.get(u).entrySet()) {
                int v = e.getValue();
                fail[v] = step(fail[u], e.getKey());
                queue.add(v);
            }
        }
        outputs = new int[n][];
        for (int i = 0; i < n; i++) {
            outputs[i] = out.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
    }

    private int step(int state, char c) {
        if (c < 128) {
            return ascii[state * 128 + c];
        }
        int s = state;
        while (true) {
            Integer ch = children.get(s).get(c);
            if (ch != null) {
                return ch;
            }
            if (s == 0) {
                return 0;
            }
            s = fail[s];
        }
    }

    int size() {
        return patterns.length;
    }

    String pattern(int i) {
        return patterns[i];
    }

    void search(CharSequence text, Hit hit) {
        char[] cs = text.toString().toCharArray(); // array reads: no per-char coder and bounds checks
        int state = 0;
        for (int i = 0, n = cs.length; i < n; i++) {
            char c = cs[i];
            if (c < 128) {
                state = ascii[(state << 7) + c];
            } else {
                state = step(state, c);
            }
            int[] o = outputs[state];
            for (int p : o) {
                hit.found(p, i + 1);
            }
        }
    }

    /**
     * The first occurrence of each pattern: {@code firstEnd[p]} = exclusive end of pattern p's first match (left 0
     * when it does not occur; callers pass a zeroed array), and the matched pattern ids in order of first match in
     * {@code found}. Returns how many distinct patterns matched. Same matches as {@link #search}, on a char array.
     */
    int firstMatches(String text, int[] firstEnd, int[] found) {
        char[] cs = text.toCharArray();
        int state = 0;
        int k = 0;
        int[] asc = ascii;
        int[][] outs = outputs;
        for (int i = 0; i < cs.length; i++) {
            char c = cs[i];
            state = c < 128 ? asc[(state << 7) + c] : step(state, c);
            int[] o = outs[state];
            for (int j = 0; j < o.length; j++) {
                int p = o[j];
                if (firstEnd[p] == 0) {
                    firstEnd[p] = i + 1;
                    found[k++] = p;
                }
            }
        }
        return k;
    }

    @Override
    public String toString() {
        return "AhoCorasick" + Arrays.toString(patterns);
    }
}
