package org.tracejudge.judges.provider;

/**
 * The outcome of one HTTP attempt. Kinds: {@code OK} (a reply in the provider's format), {@code RETRY}
 * (transient: 429 rate limit, 5xx, 529, timeout, a connection cut before or during the body, a 200 whose
 * error says rate limit or overloaded: try again later), {@code REFUSED} (per-trace permanent: context
 * length, content filter, a reply with no verdict in it: this request will not succeed, the others may),
 * {@code FATAL} (no request of this run will succeed: model not found, wrong path, authentication,
 * quota, a parameter the server refuses, TLS, nothing listening), {@code MALFORMED} (an answer that is not
 * the provider's format; retried, then per-trace), {@code CANCELLED}.
 *
 * @param cause            why it failed (null for OK and CANCELLED)
 * @param body             the provider's body as received (secrets removed), may be null
 * @param content          the model's reply text (OK only)
 * @param reasoning        the model's separate reasoning text (reasoning_content, reasoning, thinking), or null
 * @param truncated        the model stopped at the max-token limit
 * @param retryAfterMillis what the server asked us to wait (RETRY only; 0 when it did not say)
 */
public record Attempt(
        Kind kind,
        Failure cause,
        int httpStatus,
        String body,
        String content,
        String reasoning,
        int tokensIn,
        int tokensOut,
        boolean truncated,
        String message,
        long retryAfterMillis,
        long latencyMillis) {
    public enum Kind {
        OK,
        RETRY,
        REFUSED,
        FATAL,
        MALFORMED,
        CANCELLED
    }

    static Attempt ok(
            int status,
            String body,
            String content,
            String reasoning,
            int in,
            int out,
            boolean truncated,
            long latency) {
        return new Attempt(Kind.OK, null, status, body, content, reasoning, in, out, truncated, null, 0, latency);
    }

    static Attempt of(
            Kind kind, Failure cause, int status, String body, String message, long retryAfter, long latency) {
        return new Attempt(kind, cause, status, body, null, null, 0, 0, false, message, retryAfter, latency);
    }

    /** A request that got no answer (a batch without a result for it): transient, sent again next run. */
    public static Attempt missing(String message) {
        return new Attempt(Kind.RETRY, Failure.SERVER_ERROR, 0, null, null, null, 0, 0, false, message, 0, 0);
    }

    static Attempt cancelled(long latency) {
        return new Attempt(Kind.CANCELLED, null, 0, null, null, null, 0, 0, false, "cancelled", 0, latency);
    }

    /** The same attempt with token counts (a reply that has usage but no verdict). */
    Attempt withTokens(int in, int out) {
        return new Attempt(
                kind,
                cause,
                httpStatus,
                body,
                content,
                reasoning,
                in,
                out,
                truncated,
                message,
                retryAfterMillis,
                latencyMillis);
    }
}
