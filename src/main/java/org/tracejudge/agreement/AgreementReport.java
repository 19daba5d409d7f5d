package org.tracejudge.agreement;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The agreement report as serialised to JSON (Jackson). Undefined coefficients are null with a
 * {@code note}; {@code ci95} is null when no interval could be computed.
 */
@JsonPropertyOrder({"raters", "n_items", "pairwise", "fleiss", "alpha", "per_label", "weighted", "warnings", "bootstrap"
})
public record AgreementReport(
        @JsonProperty("raters") List<String> raters,
        @JsonProperty("n_items") int nItems,
        @JsonProperty("pairwise") List<Pair> pairwise,
        @JsonProperty("fleiss") Fleiss fleiss,
        @JsonProperty("alpha") Alpha alpha,
        @JsonProperty("per_label") List<Label> perLabel,

        @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("weighted")
        List<Weighted> weighted,

        @JsonProperty("warnings") List<Warning> warnings,

        @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("bootstrap")
        BootstrapInfo bootstrap) {

    /** One rater pair (also used, without confusion matrix, inside {@link Label}). */
    @JsonPropertyOrder({"a", "b", "n", "agreement", "kappa", "se", "ci95", "note", "confusion"})
    public record Pair(
            @JsonProperty("a") String a,
            @JsonProperty("b") String b,
            @JsonProperty("n") long n,
            @JsonProperty("agreement") Double agreement,
            @JsonProperty("kappa") Double kappa,
            @JsonProperty("se") Double se,
            @JsonProperty("ci95") double[] ci95,

            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("note")
            String note,

            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("confusion")
            ConfusionMatrix confusion) {}

    @JsonPropertyOrder({"raters", "n", "kappa", "ci95", "note", "ac1", "ac1_ci95", "prevalence_note"})
    public record Fleiss(
            @JsonProperty("raters") List<String> raters,
            @JsonProperty("n") long n,
            @JsonProperty("kappa") Double kappa,
            @JsonProperty("ci95") double[] ci95,

            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("note")
            String note,

            @JsonProperty("ac1") Double ac1,
            @JsonProperty("ac1_ci95") double[] ac1Ci95,

            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("prevalence_note")
            String prevalenceNote) {}

    @JsonPropertyOrder({"n", "value", "ci95", "note"})
    public record Alpha(
            @JsonProperty("n") long n,
            @JsonProperty("value") Double value,
            @JsonProperty("ci95") double[] ci95,

            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("note")
            String note) {}

    @JsonPropertyOrder({
        "label",
        "prevalence",
        "fleiss_kappa",
        "fleiss_ci95",
        "fleiss_note",
        "pairwise",
        "low_prevalence_effect",
        "note"
    })
    public record Label(
            @JsonProperty("label") String label,
            @JsonProperty("prevalence") double prevalence,
            @JsonProperty("fleiss_kappa") Double fleissKappa,
            @JsonProperty("fleiss_ci95") double[] fleissCi95,

            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("fleiss_note")
            String fleissNote,

            @JsonProperty("pairwise") List<Pair> pairwise,
            @JsonProperty("low_prevalence_effect") boolean lowPrevalenceEffect,

            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("note")
            String note) {}

    @JsonPropertyOrder({"a", "b", "weighting", "n", "kappa", "ci95", "note"})
    public record Weighted(
            @JsonProperty("a") String a,
            @JsonProperty("b") String b,
            @JsonProperty("weighting") String weighting,
            @JsonProperty("n") long n,
            @JsonProperty("kappa") Double kappa,
            @JsonProperty("ci95") double[] ci95,

            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("note")
            String note) {}

    /**
     * A precision warning: n &lt; 30, or the 95% interval's half-width &gt; 0.1. {@code moreItemsNeeded}
     * estimates how many more items (labelled by the raters concerned) would bring the half-width
     * under 0.1, assuming SE ∝ 1/√n.
     */
    @JsonPropertyOrder({"coefficient", "n", "half_width", "more_items_needed", "message"})
    public record Warning(
            @JsonProperty("coefficient") String coefficient,
            @JsonProperty("n") long n,

            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("half_width")
            Double halfWidth,

            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("more_items_needed")
            Long moreItemsNeeded,

            @JsonProperty("message") String message) {}

    public record BootstrapInfo(
            @JsonProperty("resamples") int resamples,
            @JsonProperty("seed") long seed,
            @JsonProperty("method") String method) {}

    /** The pairwise entry for raters a and b (either order), or null. */
    public Pair pair(String a, String b) {
        for (Pair p : pairwise) {
            if ((p.a().equals(a) && p.b().equals(b)) || (p.a().equals(b) && p.b().equals(a))) {
                return p;
            }
        }
        return null;
    }
}
