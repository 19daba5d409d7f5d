package org.tracejudge.judges.provider;

import okhttp3.HttpUrl;
import okhttp3.Response;

/**
 * Judges follow no HTTP redirect. OkHttp, left to itself, follows one to any host: it drops only the
 * {@code Authorization} header on the way (Anthropic's {@code x-api-key} goes along), and on a 307 or 308 it sends
 * the whole request body (the trace) again to the new address. The client is built with redirects off, and every
 * 3xx answer becomes a fatal failure that names where the server wanted the request to go, so that the user can
 * point the judge there deliberately (same host or not: nothing was sent to it).
 */
final class Redirects {
    private Redirects() {}

    /** Whether an HTTP status is a redirect (every 3xx, 304 included: none is followed). */
    static boolean is(int code) {
        return code >= 300 && code < 400;
    }

    /** Where a 3xx answer points, resolved against the request's URL; null when it names nowhere. */
    static String target(Response resp) {
        String location = resp.header("Location");
        if (location == null || location.isBlank()) {
            return null;
        }
        HttpUrl resolved = resp.request().url().resolve(location.strip());
        return resolved != null ? resolved.toString() : location.strip();
    }

    /** The message of a refused redirect; {@code scrub} removes the key should the target carry it. */
    static String message(int code, String target, java.util.function.UnaryOperator<String> scrub) {
        return "HTTP " + code + ": the endpoint redirects "
                + (target == null ? "(the answer names no Location)" : "to " + scrub.apply(target))
                + "; judges follow no redirect (the API key and the trace would go along), so nothing was sent there."
                + " If that address is the one you mean, set it as the judge's base URL (--base-url)";
    }

    /** The attempt a redirect answer ends as: fatal, nothing retried, nothing re-sent. */
    static Attempt attempt(Response resp, java.util.function.UnaryOperator<String> scrub, long latency) {
        return Attempt.of(
                Attempt.Kind.FATAL,
                Failure.REDIRECT,
                resp.code(),
                null,
                message(resp.code(), target(resp), scrub),
                0,
                latency);
    }
}
