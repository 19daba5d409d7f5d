package org.tracejudge.judges.provider;

/**
 * The outcome of one HTTP attempt. Kinds: {@code OK} (a reply in the provider's format), {@code RETRY}
 * (429, 5xx, timeout, dropped connection: try again later), {@code REFUSED} (another 4xx: this request
 * will not succeed), {@code AUTH} (401/403: no request will), {@code MALFORMED} (an answer that is not
 * the provider's format, or a body cut short), {@code UNREACHABLE} (nothing listens at the base URL),
 * {@code CANCELLED}.
 *
 * @param body             the provider's body as received (secrets removed), may be null
 * @param content          the model's reply text (OK only)
 * @param truncated        the model stopped at the max-token limit
 * @param retryAfterMillis what the server asked us to wait (RETRY only; 0 when it did not say)
 */
public record Attempt(Kind kind, int httpStatus, String body, String content, int tokensIn, int tokensOut,
                      boolean truncated, String message, long retryAfterMillis, long latencyMillis) {
    public enum Kind { OK, RETRY, REFUSED, AUTH, MALFORMED, UNREACHABLE, CANCELLED }

    static Attempt ok(int status, String body, String content, int in, int out, boolean truncated, long latency) {
        return new Attempt(Kind.OK, status, body, content, in, out, truncated, null, 0, latency);
    }

    static Attempt of(Kind kind, int status, String body, String message, long retryAfter, long latency) {
        return new Attempt(kind, status, body, null, 0, 0, false, message, retryAfter, latency);
    }
}
