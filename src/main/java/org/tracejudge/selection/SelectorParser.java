package org.tracejudge.selection;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an NLT selector's text: one {@code <Tool Name> -- YES|NO} line per tool (formats.md §5). Accepts the
 * separators {@code --}, {@code –}, {@code —}, {@code -} and {@code :}, any case, extra spaces, Markdown bold or
 * code markers, list bullets, a short reason after the decision ("YES (mentions a plan)", "NO - no risk named"),
 * and a missing "Assessment finished.". Never guesses: a tool without a decision
 * line, a tool with two different decisions, and a decision line naming no known tool are all reported.
 */
public final class SelectorParser {
    private SelectorParser() {}

    /** name part, separator, YES/NO, optional trailing punctuation. */
    private static final Pattern DECISION = Pattern.compile(
            "^(.+?)\\s*(?:--|-|\u2013|\u2014|:)\\s*(yes|no)\\s*[.!]?(?:\\s*(?:\\(.*\\)|(?:--|-|\u2013|\u2014|:|,)\\s.*))?$",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern BULLET = Pattern.compile("^(?:[-*+\u2022]\\s+|\\d+[.)]\\s+)");
    /** Compiled once: String.replaceAll compiles its pattern on every call, which was most of a parse's time. */
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private static final Pattern EDGE_MARKERS = Pattern.compile("^[*_\\s]+|[*_\\s]+$");
    private static final Pattern LINE_BREAK = Pattern.compile("\\R");

    /**
     * @param decisions     tool -> fires (true = YES), for every tool with exactly one decision, in scenario order
     * @param missing       tools of the scenario with no decision line
     * @param conflicting   tools with both a YES and a NO line
     * @param unknownLines  decision-shaped lines whose name is no tool of the scenario (verbatim; reported, and the
     *                      tool they meant shows up as missing)
     * @param finished      whether "Assessment finished." was there (informational only)
     */
    public record Parsed(
            Map<String, Boolean> decisions,
            List<String> missing,
            List<String> conflicting,
            List<String> unknownLines,
            boolean finished) {
        public boolean complete() {
            return missing.isEmpty() && conflicting.isEmpty();
        }

        public Set<String> yes() {
            Set<String> s = new LinkedHashSet<>();
            decisions.forEach((k, v) -> {
                if (v) {
                    s.add(k);
                }
            });
            return s;
        }

        /** One line per problem, for evidence and reports. */
        public List<String> problems() {
            List<String> p = new ArrayList<>();
            missing.forEach(t -> p.add("no decision for tool '" + t + "'"));
            conflicting.forEach(t -> p.add("both YES and NO for tool '" + t + "'"));
            unknownLines.forEach(l -> p.add("line names no tool of the scenario: \"" + l + "\""));
            return p;
        }
    }

    public static Parsed parse(String output, List<String> tools) {
        Map<String, String> byKey = new LinkedHashMap<>();
        for (String t : tools) {
            byKey.put(key(t), t);
        }
        Map<String, Set<Boolean>> seen = new LinkedHashMap<>();
        List<String> unknown = new ArrayList<>();
        boolean finished = false;
        for (String raw : LINE_BREAK.split(output == null ? "" : output)) {
            String line = clean(raw);
            if (line.isEmpty()) {
                continue;
            }
            if (line.toLowerCase(Locale.ROOT).startsWith("assessment finished")) {
                finished = true;
                continue;
            }
            Matcher m = DECISION.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String name = byKey.get(key(m.group(1)));
            if (name == null) {
                if (m.group(1).length() <= 80
                        && !m.group(1).toLowerCase(Locale.ROOT).startsWith("thinking")) {
                    unknown.add(raw.strip());
                }
                continue;
            }
            seen.computeIfAbsent(name, k -> new LinkedHashSet<>())
                    .add(m.group(2).equalsIgnoreCase("yes"));
        }
        Map<String, Boolean> decisions = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        List<String> conflicting = new ArrayList<>();
        for (String t : tools) {
            Set<Boolean> s = seen.get(t);
            if (s == null) {
                missing.add(t);
            } else if (s.size() > 1) {
                conflicting.add(t);
            } else {
                decisions.put(t, s.iterator().next());
            }
        }
        return new Parsed(decisions, missing, conflicting, unknown, finished);
    }

    /** Removes bold/italic/code markers and a leading bullet; collapses spaces. */
    static String clean(String raw) {
        String s = raw.replace("**", "")
                .replace("__", "")
                .replace("`", "")
                .replace('\u00a0', ' ')
                .strip();
        s = BULLET.matcher(s).replaceFirst("");
        return SPACES.matcher(s).replaceAll(" ").strip();
    }

    /** How tool names are compared: case, spaces and markers do not matter. */
    static String key(String name) {
        return EDGE_MARKERS
                .matcher(clean(name))
                .replaceAll("")
                .toLowerCase(Locale.ROOT)
                .replace('\u2019', '\'');
    }
}
