package org.tracejudge.rules;

import org.tracejudge.model.Trace;

/** Placeholder, replaced below. */
final class TolerantRule {
    static final class Prepared {
        final TaskFacts facts;
        final CompatRule.Prepared compat;

        Prepared(TaskFacts f) {
            facts = f;
            compat = new CompatRule.Prepared(f);
        }
    }

    private final CompatRule compat;

    TolerantRule(Indicators indicators) {
        compat = new CompatRule(indicators);
    }

    Prepared prepare(TaskFacts f) {
        return new Prepared(f);
    }

    RuleVerdict classify(Prepared p, Trace trace) {
        return compat.classify(p.compat, trace);
    }
}
