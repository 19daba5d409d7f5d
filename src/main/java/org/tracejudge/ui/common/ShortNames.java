package org.tracejudge.ui.common;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Short forms for narrow table columns: a label as a chip ("OF" for output_fabrication, the initials the paper's
 * rates use: TSR, RIR, OFR; OK for correct) and a rater's column header ("dtree" for illustrative-dtree). The full text stays on
 * hover (tooltip) and as the accessible text, so a screen reader says the whole label.
 */
public final class ShortNames {
    /**
     * Chips that initials would get wrong: two labels of one set with the same initials (correct_call and
     * correct_clarification are both "CC"), or a single long word that a narrow column cuts off.
     */
    private static final Map<String, String> FIXED =
            Map.of("correct_clarification", "CLR", "abstained", "AB", "unparseable", "UP");

    /** Longest text kept as it is. */
    static final int KEEP = 9;

    private ShortNames() {}

    /** A label's chip text: single words up to {@value #KEEP} characters as they are, longer ones by their initials. */
    public static String label(String label) {
        if ("correct".equals(label)) {
            return "OK"; // the commonest label, green (a tick would read as the done column's mark)
        }
        String fixed = label == null ? null : FIXED.get(label);
        if (fixed != null) {
            return fixed;
        }
        if (label == null
                || (label.length() <= KEEP
                        && label.indexOf('_') < 0
                        && label.indexOf(' ') < 0
                        && label.indexOf('-') < 0)) {
            return label;
        }
        String[] words = label.split("[_\\s-]+");
        if (words.length < 2) {
            return label.substring(0, KEEP - 1) + ".";
        }
        StringBuilder b = new StringBuilder();
        for (String w : words) {
            if (!w.isEmpty()) {
                b.append(Character.toUpperCase(w.charAt(0)));
            }
        }
        return b.toString();
    }

    /**
     * Column headers for {@code titles}: a title of up to {@value #KEEP} characters as it is; a longer one by its
     * last part (after '-', '_' or '/', before '@'), when that is short and no other header uses it; else its first
     * characters. Titles map to distinct headers.
     */
    public static Map<String, String> headers(Collection<String> titles) {
        Map<String, String> out = new LinkedHashMap<>();
        java.util.Set<String> used = new java.util.HashSet<>();
        for (String t : titles) {
            if (t.length() <= KEEP) {
                used.add(t.toLowerCase(Locale.ROOT));
            }
        }
        for (String t : titles) {
            if (t.length() <= KEEP) {
                out.put(t, t);
                continue;
            }
            List<String> tries = new java.util.ArrayList<>();
            String base = t.contains("@") ? t.substring(0, t.indexOf('@')) : t;
            String version = t.contains("@") ? t.substring(t.indexOf('@')) : "";
            String last = base.replaceAll(".*[-_/]", "");
            tries.add(last);
            tries.add(last + version);
            tries.add(base);
            String pick = null;
            for (String s : tries) {
                if (!s.isEmpty() && s.length() <= KEEP && used.add(s.toLowerCase(Locale.ROOT))) {
                    pick = s;
                    break;
                }
            }
            for (int n = 2; pick == null; n++) {
                String s = t.substring(0, KEEP - 2) + n;
                if (used.add(s.toLowerCase(Locale.ROOT))) {
                    pick = s;
                }
            }
            out.put(t, pick);
        }
        return out;
    }
}
