package org.tracejudge.calibration;

/**
 * How a calibration sample is drawn (calibration.md § Terms). Probability designs — every trace had a known chance of
 * being drawn, so the sample's gold can correct rates: {@code uniform}, {@code stratified} (by model),
 * {@code stratified-label} (model × task type × the judge's label, square-root allocation) and {@code until-precise}
 * (uniform, in batches). Designs that choose hard traces, whose gold serves the judge diagnostics only:
 * {@code disagreement} and {@code uncertainty}. {@link DrawPlan} draws each of them.
 */
public enum SamplingDesign {
    UNIFORM("uniform", true),
    STRATIFIED("stratified", true),
    STRATIFIED_LABEL("stratified-label", true),
    UNTIL_PRECISE("until-precise", true),
    DISAGREEMENT("disagreement", false),
    UNCERTAINTY("uncertainty", false);

    private final String code;
    private final boolean probability;

    SamplingDesign(String code, boolean probability) {
        this.code = code;
        this.probability = probability;
    }

    public String code() {
        return code;
    }

    /** Whether every trace had a known chance of being drawn, so the sample's gold can correct rates. */
    public boolean probability() {
        return probability;
    }

    public static SamplingDesign of(String s) {
        for (SamplingDesign d : values()) {
            if (d.code().equals(s)) {
                return d;
            }
        }
        throw new IllegalArgumentException("design '" + s + "': uniform, stratified, stratified-label, until-precise, "
                + "disagreement or uncertainty");
    }
}
