package org.tracejudge.judges;

/**
 * What one judge run did.
 *
 * @param planned   traces it set out to judge
 * @param labelled  valid labels written (fresh and from the cache)
 * @param cached    of those and of the null verdicts, how many came from the cache without a request
 * @param nulls     null verdicts written (reason and raw text kept)
 * @param failed    traces left without a verdict (retries exhausted); the next run tries them again
 * @param skipped   traces another process labelled meanwhile (not labelled twice)
 * @param remaining traces still without a verdict from this judge version after the run
 * @param requests  HTTP requests sent, retries included
 * @param status    done, cancelled or failed
 * @param message   why a run stopped early (failed): the provider's message and what to do; or null
 * @param fatal     the fatal failure that stopped the run, or null
 * @param failures  the traces that failed (null verdicts and transient failures), grouped by reason
 * @param answersRefused how many answers to a scheme's questions were refused (see {@code refusedAnswers})
 * @param refusedAnswers for a judge of the project's own scheme, the answers refused (a value outside the question,
 *     a quote not in the trace, a key the scheme does not have), one line per question: they are null verdicts of
 *     that question, stored with the reason; empty otherwise (and then left out of the JSON)
 */
public record RunReport(
        String judge,
        String version,
        String raterId,
        String runId,
        int planned,
        int labelled,
        int cached,
        int nulls,
        int failed,
        int skipped,
        int remaining,
        long requests,
        long tokensIn,
        long tokensOut,
        long latencyMillis,
        long answeredCalls,
        long elapsedMillis,
        String status,
        String message,
        org.tracejudge.judges.provider.Failure fatal,
        java.util.List<FailureGroup> failures,

        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
        int answersRefused,

        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
        java.util.List<String> refusedAnswers) {
    public RunReport {
        failures = failures == null ? java.util.List.of() : java.util.List.copyOf(failures);
        refusedAnswers = refusedAnswers == null ? java.util.List.of() : java.util.List.copyOf(refusedAnswers);
    }

    /** Whether any trace failed or the run stopped early: the command exits non-zero. */
    public boolean anyFailure() {
        return !"done".equals(status) || nulls > 0 || failed > 0 || !refusedAnswers.isEmpty();
    }

    /** The failures grouped by reason, one line each (empty when none). */
    public java.util.List<String> failureLines() {
        return failures.stream().map(FailureGroup::line).toList();
    }

    /** Mean latency of the answered calls in milliseconds (0 when none). */
    public long meanLatencyMillis() {
        return answeredCalls == 0 ? 0 : latencyMillis / answeredCalls;
    }

    /** One line for people. */
    public String summary() {
        return judge + " (version " + version + "): " + labelled + " labelled (" + cached + " from cache), " + nulls
                + " null verdicts, " + failed + " failed" + (skipped > 0 ? ", " + skipped + " already labelled" : "")
                + "; " + requests + " requests, tokens " + tokensIn + " in / " + tokensOut + " out"
                + (answeredCalls > 0 ? ", mean latency " + meanLatencyMillis() + " ms" : "")
                + ", " + String.format(java.util.Locale.ROOT, "%.1f s", elapsedMillis / 1000.0)
                + (refusedAnswers.isEmpty() ? "" : ", " + answersRefused + " answers refused")
                + ("done".equals(status) ? "" : " [" + status + "]")
                + (remaining > 0 ? "; " + remaining + " traces still without a verdict" : "");
    }
}
