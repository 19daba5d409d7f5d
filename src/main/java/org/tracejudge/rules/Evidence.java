package org.tracejudge.rules;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Locale;

/**
 * Everything the rule looked at, with spans. Answer spans are offsets into the raw answer; return spans are
 * offsets into the pretty-printed tool return ({@link RuleClassifier#prettyReturn}).
 *
 * @param mode             "compat" or "tolerant"
 * @param expectedTool     the expected tool's name (null on control tasks)
 * @param calledTools      names of the executed calls, in order
 * @param thinkBlockPresent whether the raw answer contains a think block
 * @param thinkStripped    whether think blocks were removed before matching (tolerant only)
 * @param thinkSpans       where the think blocks are in the raw answer
 * @param matchMode        the must-contain match mode ("all"/"any")
 * @param mustContainPassed the must-contain test's outcome
 * @param mustContain      each must-contain string, matched or not, with its span
 * @param leafCount        number of leaf values in the tool return
 * @param leafFound        how many of them occur in the answer
 * @param leafOverlap      leafFound / leafCount, null when the return has no leaves
 * @param leafValues       the leaf values found in the answer
 * @param indicators       indicator names that fired (compat: substring; tolerant: whole-token)
 * @param supportedValues  tolerant: values asserted in the answer that the return supports
 * @param unsupportedValues tolerant: values asserted in the answer that the return does not support
 * @param ignoredValues    tolerant: asserted values that come from the user message, the must-contain list, the
 *                         call arguments, or the task's known prior (not counted either way)
 * @param fixes            tolerant: names of the fixes that changed some outcome relative to literal matching
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Evidence(
        String mode,
        String expectedTool,
        List<String> calledTools,
        boolean thinkBlockPresent,
        boolean thinkStripped,
        List<Span> thinkSpans,
        String matchMode,
        Boolean mustContainPassed,
        List<MustContain> mustContain,
        int leafCount,
        int leafFound,
        Double leafOverlap,
        List<LeafHit> leafValues,
        List<IndicatorHit> indicators,
        List<AssertedValue> supportedValues,
        List<AssertedValue> unsupportedValues,
        List<AssertedValue> ignoredValues,
        List<String> fixes) {

    /** A must-contain string and where (if anywhere) it occurs; {@code fix} names a tolerant fix that made it match. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record MustContain(String text, boolean matched, Span span, String fix) {}

    /** A tool-return leaf value found in the answer. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LeafHit(String value, String pointer, Span answerSpan, Span returnSpan, String fix) {}

    /** An indicator (structured-field) name found in the answer; {@code inReturn}: a key of this task's return. */
    public record IndicatorHit(String name, Span span, boolean inReturn) {}

    /**
     * A value the answer asserts (tolerant mode).
     *
     * @param text       as written in the answer
     * @param kind       number, percent, money, date, identifier, field
     * @param normalized the normalised form compared
     * @param span       where in the raw answer
     * @param source     supported: the JSON pointer of the return value it matches; ignored: why
     *                   (user_message, must_contain, call_arguments, prior); unsupported: null
     * @param field      the nearest named field before it in the answer, if any
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AssertedValue(String text, String kind, String normalized, Span span, String source, String field) {}

    public Evidence {
        calledTools = calledTools == null ? List.of() : List.copyOf(calledTools);
        thinkSpans = thinkSpans == null ? List.of() : List.copyOf(thinkSpans);
        mustContain = mustContain == null ? List.of() : List.copyOf(mustContain);
        leafValues = leafValues == null ? List.of() : List.copyOf(leafValues);
        indicators = indicators == null ? List.of() : List.copyOf(indicators);
        supportedValues = supportedValues == null ? List.of() : List.copyOf(supportedValues);
        unsupportedValues = unsupportedValues == null ? List.of() : List.copyOf(unsupportedValues);
        ignoredValues = ignoredValues == null ? List.of() : List.copyOf(ignoredValues);
        fixes = fixes == null ? List.of() : List.copyOf(fixes);
    }

    /** Plain-text rendering for the CLI {@code explain} command (spans as offsets only). */
    public String toReadableText() {
        return toReadableText(null);
    }

    /**
     * Plain-text rendering; with the raw {@code answer}, every answer span also shows the text it covers, and the
     * whole word around it when the match sits inside a longer word (compat's substring quirk).
     */
    public String toReadableText(String answer) {
        StringBuilder sb = new StringBuilder();
        sb.append("mode: ").append(mode).append('\n');
        if (expectedTool != null) {
            sb.append("expected tool: ").append(expectedTool).append('\n');
        }
        sb.append("called tools: ")
                .append(calledTools.isEmpty() ? "(none)" : String.join(", ", calledTools))
                .append('\n');
        sb.append("think blocks: ")
                .append(thinkBlockPresent ? thinkSpans.size() + " at " + thinkSpans : "none")
                .append(
                        !thinkBlockPresent
                                ? ""
                                : thinkStripped ? " (stripped before matching)" : " (kept: matched like the rest)")
                .append('\n');
        if (mustContainPassed != null) {
            sb.append("must contain (")
                    .append(matchMode)
                    .append("): ")
                    .append(mustContainPassed ? "passed" : "failed")
                    .append('\n');
            for (MustContain m : mustContain) {
                sb.append("  ")
                        .append(m.matched() ? "[x] " : "[ ] ")
                        .append('"')
                        .append(m.text())
                        .append('"');
                if (m.span() != null) {
                    sb.append(" at ").append(m.span()).append(excerpt(answer, m.span()));
                }
                if (m.fix() != null) {
                    sb.append(" via ").append(m.fix());
                }
                sb.append('\n');
            }
        }
        if (leafOverlap != null || leafCount > 0) {
            sb.append(String.format(
                    Locale.ROOT,
                    "tool-return values in answer: %d of %d (%s)%n",
                    leafFound,
                    leafCount,
                    leafOverlap == null ? "n/a" : String.format(Locale.ROOT, "%.1f%%", 100 * leafOverlap)));
            for (LeafHit h : leafValues) {
                sb.append("  ")
                        .append(h.pointer())
                        .append(" = \"")
                        .append(h.value())
                        .append("\" at ")
                        .append(h.answerSpan())
                        .append(excerpt(answer, h.answerSpan()));
                if (h.fix() != null) {
                    sb.append(" via ").append(h.fix());
                }
                sb.append('\n');
            }
        }
        if (!indicators.isEmpty()) {
            sb.append("indicator names in answer: ").append(indicators.size()).append('\n');
            for (IndicatorHit h : indicators) {
                sb.append("  ")
                        .append(h.name())
                        .append(" at ")
                        .append(h.span())
                        .append(excerpt(answer, h.span()))
                        .append(h.inReturn() ? "" : " (not a field of this return)")
                        .append('\n');
            }
        }
        appendValues(sb, "supported values", supportedValues, answer);
        appendValues(sb, "unsupported values", unsupportedValues, answer);
        appendValues(sb, "ignored values", ignoredValues, answer);
        if (!fixes.isEmpty()) {
            sb.append("tolerant fixes applied: ")
                    .append(String.join(", ", fixes))
                    .append('\n');
        }
        return sb.toString();
    }

    /** {@code : "text"}, plus {@code  inside "word"} when the span is part of a longer word; empty without an answer. */
    static String excerpt(String answer, Span span) {
        if (answer == null || span == null || span.end() > answer.length()) {
            return "";
        }
        String hit = span.of(answer);
        String word = enclosingWord(answer, span);
        return ": \"" + oneLine(hit) + "\"" + (word == null ? "" : " inside \"" + oneLine(word) + "\"");
    }

    /**
     * The longer word or number that {@code span} of {@code answer} is only a part of ("copper" for "cop", "2019" for
     * "19"), or null when the span starts and ends on token boundaries ("19" in "2026-11-19") or cannot be read.
     * Compat mode matches substrings as the published rule does; this tells a display not to call such a hit the
     * value itself (issue 48).
     */
    public static String enclosingWord(String answer, Span span) {
        if (answer == null || span == null || span.end() > answer.length() || span.start() >= span.end()) {
            return null;
        }
        int s = span.start();
        int e = span.end();
        if (Character.isLetterOrDigit(answer.charAt(s))) {
            while (s > 0 && Character.isLetterOrDigit(answer.charAt(s - 1))) {
                s--;
            }
        }
        if (Character.isLetterOrDigit(answer.charAt(e - 1))) {
            while (e < answer.length() && Character.isLetterOrDigit(answer.charAt(e))) {
                e++;
            }
        }
        return s == span.start() && e == span.end() ? null : answer.substring(s, e);
    }

    private static String oneLine(String s) {
        return s.replace("\n", "\\n").replace("\r", "\\r");
    }

    private static void appendValues(StringBuilder sb, String title, List<AssertedValue> vs, String answer) {
        if (vs.isEmpty()) {
            return;
        }
        sb.append(title).append(": ").append(vs.size()).append('\n');
        for (AssertedValue v : vs) {
            sb.append("  ")
                    .append(v.kind())
                    .append(" \"")
                    .append(v.text())
                    .append("\" (")
                    .append(v.normalized())
                    .append(") at ")
                    .append(v.span());
            if (v.span() != null && answer != null) {
                String word = excerpt(answer, v.span());
                int inside = word.indexOf(" inside ");
                if (inside >= 0) {
                    sb.append(word.substring(inside));
                }
            }
            if (v.field() != null) {
                sb.append(" field ").append(v.field());
            }
            if (v.source() != null) {
                sb.append(" <- ").append(v.source());
            }
            sb.append('\n');
        }
    }
}
