package org.tracejudge.judges.provider;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with jitter for 429, 5xx and timeouts. The n-th retry waits a random time between
 * half and all of {@code base × 2^(n-1)} (capped at {@code max}); when the server sent {@code Retry-After}
 * (seconds or an HTTP date) or {@code retry-after-ms}, the wait is at least that.
 */
public record RetryPolicy(int maxAttempts, Duration base, Duration max) {
    public static final RetryPolicy DEFAULT = new RetryPolicy(8, Duration.ofMillis(500), Duration.ofSeconds(60));

    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("at least one attempt");
        }
    }

    /** How long to wait before attempt {@code attempt + 1}, after {@code attempt} attempts failed. */
    public long delayMillis(int attempt, long retryAfterMillis) {
        long cap = max.toMillis();
        long exp = Math.min(cap, base.toMillis() << Math.min(30, Math.max(0, attempt - 1)));
        long jittered = exp / 2 + ThreadLocalRandom.current().nextLong(exp / 2 + 1);
        if (retryAfterMillis > 0) {
            // honour the server, plus a little spread so that waiting workers do not return in lockstep
            long spread = ThreadLocalRandom.current().nextLong(Math.max(1, Math.min(250, retryAfterMillis / 10 + 1)));
            return Math.max(retryAfterMillis + spread, Math.min(jittered, retryAfterMillis * 2));
        }
        return jittered;
    }

    /** {@code Retry-After} / {@code retry-after-ms} in milliseconds; 0 when absent or unreadable. */
    public static long retryAfterMillis(String retryAfter, String retryAfterMs, long nowMillis) {
        if (retryAfterMs != null) {
            try {
                return Math.max(0, (long) Double.parseDouble(retryAfterMs.strip()));
            } catch (NumberFormatException ignored) {
                // fall through to Retry-After
            }
        }
        if (retryAfter == null || retryAfter.isBlank()) {
            return 0;
        }
        String v = retryAfter.strip();
        try {
            return Math.max(0, (long) (Double.parseDouble(v) * 1000));
        } catch (NumberFormatException ignored) {
            // an HTTP date
        }
        try {
            long at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant()
                    .toEpochMilli();
            return Math.max(0, at - nowMillis);
        } catch (RuntimeException e) {
            return 0;
        }
    }
}
