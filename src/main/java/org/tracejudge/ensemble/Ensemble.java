package org.tracejudge.ensemble;

import org.tracejudge.model.EnsembleRule;

/**
 * The ensemble vote of the spec, with its status (the rule itself is {@link EnsembleRule}'s): the majority of the rule classifier and the two judges. When no label has a
 * strict majority (three different labels) the rule's label wins. A trace where a judge has no valid label has no
 * ensemble label: it is pending (it goes to the human queue). The final label is the latest human adjudication
 * when there is one, else the ensemble label. Pure functions over labels already checked against the task's
 * label set (an invalid label is passed as null).
 */
public final class Ensemble {
    private Ensemble() {}

    public enum Status {
        /** an ensemble label exists */
        DECIDED,
        /** a judge has no valid label: waiting for it, or for a human */
        PENDING,
        /** the rule has not labelled this trace (run classify) */
        NO_RULE
    }

    /**
     * @param label  the ensemble label, null unless {@link Status#DECIDED}
     * @param how    majority (two or three agree) or tie_rule (three different labels: the rule's)
     */
    public record Vote(String label, Status status, String how) {
        public static final Vote PENDING = new Vote(null, Status.PENDING, null);
        public static final Vote NO_RULE = new Vote(null, Status.NO_RULE, null);
    }

    /** The vote of (rule, judge A, judge B); each argument a valid label or null. */
    public static Vote vote(String rule, String judgeA, String judgeB) {
        if (judgeA == null || judgeB == null) {
            return Vote.PENDING;
        }
        if (rule == null) {
            return Vote.NO_RULE;
        }
        boolean majority = judgeA.equals(judgeB) || rule.equals(judgeA) || rule.equals(judgeB);
        return new Vote(
                EnsembleRule.ensemble(rule, judgeA, judgeB), Status.DECIDED, majority ? "majority" : "tie_rule");
    }

    /** The final label: the latest human adjudication when one exists, else the ensemble label (may be null). */
    public static String finalLabel(String adjudication, Vote ensemble) {
        return EnsembleRule.finalLabel(adjudication, ensemble.label());
    }
}
