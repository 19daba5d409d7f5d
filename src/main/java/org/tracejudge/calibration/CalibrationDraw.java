package org.tracejudge.calibration;

import java.util.List;

/**
 * A calibration sample as drawn and stored (table {@code calibration_draw}): its name, design and seed, how many
 * traces its population held (for a question's sample: the traces its machine raters answered), when it was first
 * drawn, and the traces in the order they were drawn. {@link CalibrationDraws} draws and reads them.
 */
public record CalibrationDraw(
        String name, SamplingDesign design, long seed, int population, String drawnAt, List<DrawnTrace> draws) {

    /**
     * One drawn trace. {@code stratum}: "all" under a uniform design, the model under a stratified one,
     * model|type|label under stratified-label (a question's sample: each prefixed {@code q:KEY|}); {@code inclusion}:
     * null for a design that is not a probability sample; {@code why}: why it was drawn; {@code population}: how many
     * traces its stratum held when it was drawn (null for rows of schema 8).
     */
    public record DrawnTrace(
            String traceId,
            String model,
            String taskKey,
            String stratum,
            Double inclusion,
            String why,
            Integer population) {}

    /** What a question's sample's strata start with: {@code q:KEY|}. */
    static final String QUESTION_PREFIX = "q:";

    /** The question this sample was drawn on (its strata start with {@code q:KEY|}), or null for a label sample. */
    public String question() {
        String st = draws.isEmpty() ? null : draws.get(0).stratum();
        if (st == null || !st.startsWith(QUESTION_PREFIX)) {
            return null;
        }
        int bar = st.indexOf('|');
        return bar < 0 ? st.substring(QUESTION_PREFIX.length()) : st.substring(QUESTION_PREFIX.length(), bar);
    }
}
