package org.tracejudge.model;

/**
 * The ensemble rule of {@code rules-and-metrics.md}, in one place, in Java and as the equivalent SQL expression the
 * trace table filters and sorts by: the majority of the rule and the two judges, ties (three different labels) to
 * the rule, no ensemble (pending) when a judge or the rule has no label; final = the latest human adjudication, else
 * the ensemble. With no judges configured the ensemble is the rule's label; with one, the label the rule and the
 * judge agree on, else pending. {@code ensemble.Ensemble} adds the vote's status (pending, no rule) on top of it.
 * Which raters may judge is one test too, {@code store.ProjectQueries.RaterSummary.mayJudge}: the command
 * ({@code ensemble.JudgeChoice}) needs a setting or exactly two such raters, the table ({@code store.TraceTable.layout})
 * takes the first two (LLM judges first) and also shows an ensemble with fewer. {@code TraceTableTest} checks that the
 * Java and SQL forms agree on every combination, {@code EnsembleTest} that the table votes and chooses as the command.
 */
public final class EnsembleRule {
    private EnsembleRule() {}

    /** The ensemble label of (rule, judges…), or null when pending. */
    public static String ensemble(String rule, String... judges) {
        if (rule == null) {
            return null;
        }
        switch (judges.length) {
            case 0:
                return rule;
            case 1:
                return rule.equals(judges[0]) ? rule : null;
            default:
                String a = judges[0];
                String b = judges[1];
                if (a == null || b == null) {
                    return null;
                }
                return a.equals(b) ? a : rule;
        }
    }

    /** The final label: the latest human decision, else the ensemble. */
    public static String finalLabel(String adjudicated, String ensemble) {
        return adjudicated != null ? adjudicated : ensemble;
    }

    /** SQL for {@link #ensemble} over column expressions (the rule's, then zero to two judges'). */
    public static String ensembleSql(String rule, String... judges) {
        if (rule == null) {
            return "NULL";
        }
        switch (judges.length) {
            case 0:
                return rule;
            case 1:
                return "(CASE WHEN " + rule + " = " + judges[0] + " THEN " + rule + " END)";
            default:
                String a = judges[0];
                String b = judges[1];
                return "(CASE WHEN " + rule + " IS NULL OR " + a + " IS NULL OR " + b + " IS NULL THEN NULL WHEN " + a
                        + " = " + b + " THEN " + a + " ELSE " + rule + " END)";
        }
    }

    /** SQL for {@link #finalLabel}. */
    public static String finalSql(String adjudicated, String ensembleSql) {
        return "coalesce(" + adjudicated + ", " + ensembleSql + ")";
    }
}
