package org.tracejudge.scheme;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * "This question applies only when another question of the same trace has a given answer": {@code risk >= 2},
 * {@code escalation == appropriate}. For a single choice {@code ==} / {@code !=} compare the option; for a multiple
 * choice they mean "includes" / "does not include"; an ordinal or number question also takes {@code < <= > >=}. A
 * condition never holds while the other question is unanswered.
 *
 * @param question the key of the other question (earlier in the scheme)
 * @param op the comparison
 * @param value an option value, or a step or number as text
 */
public record Condition(String question, Op op, String value) {
    /** The comparisons, with their symbols. */
    public enum Op {
        EQ("=="),
        NE("!="),
        GE(">="),
        GT(">"),
        LE("<="),
        LT("<");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        /** Whether it compares order (only ordinal and number questions allow it). */
        public boolean ordered() {
            return this != EQ && this != NE;
        }

        static Op ofSymbol(String s) {
            for (Op o : values()) {
                if (o.symbol.equals(s)) {
                    return o;
                }
            }
            throw new IllegalArgumentException("unknown comparison '" + s + "'");
        }
    }

    private static final Pattern SYNTAX =
            Pattern.compile("\\s*([A-Za-z][A-Za-z0-9_]*)\\s*(==|!=|>=|<=|>|<)\\s*(\\S+)\\s*");

    public Condition {
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(value, "value");
    }

    /**
     * Reads "risk >= 2". Only the syntax is checked here; whether the question and value exist is the scheme's check.
     *
     * @throws IllegalArgumentException with what is wrong
     */
    public static Condition parse(String text) {
        Matcher m = SYNTAX.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text
                    + "' is no condition: write QUESTION OP VALUE, OP one of == != >= > <= < (e.g. risk >= 2)");
        }
        return new Condition(m.group(1), Op.ofSymbol(m.group(2)), m.group(3));
    }

    /** Whether an answer of the other question satisfies it (false for none or an answer of another kind). */
    public boolean holds(Answer answer) {
        if (answer == null) {
            return false;
        }
        if (answer instanceof Answer.Choice c) {
            boolean eq = c.value().equals(value);
            return op == Op.EQ ? eq : op == Op.NE && !eq;
        }
        if (answer instanceof Answer.Choices c) {
            boolean has = c.values().contains(value);
            return op == Op.EQ ? has : op == Op.NE && !has;
        }
        if (answer instanceof Answer.Step s) {
            return compare(Integer.compare(s.value(), Integer.parseInt(value)));
        }
        if (answer instanceof Answer.Numeric n) {
            return compare(Double.compare(n.value(), Double.parseDouble(value)));
        }
        return false;
    }

    private boolean compare(int c) {
        return switch (op) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case GE -> c >= 0;
            case GT -> c > 0;
            case LE -> c <= 0;
            case LT -> c < 0;
        };
    }

    /** As written in a scheme file: "risk >= 2". */
    @Override
    public String toString() {
        return question + " " + op.symbol() + " " + value;
    }
}
