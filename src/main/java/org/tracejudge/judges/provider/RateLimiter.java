package org.tracejudge.judges.provider;

/**
 * Requests per minute as an even spacing of request starts: with {@code rpm} 60 a request may start
 * once a second, so no minute window ever holds more than {@code rpm} (+1 at the boundary). 0 = no limit.
 */
public final class RateLimiter {
    private final long intervalNanos;
    private long next;

    public RateLimiter(int requestsPerMinute) {
        this.intervalNanos = requestsPerMinute <= 0 ? 0 : 60_000_000_000L / requestsPerMinute;
        this.next = System.nanoTime();
    }

    /** Waits for this request's slot. */
    public void acquire() throws InterruptedException {
        if (intervalNanos == 0) {
            return;
        }
        long slot;
        synchronized (this) {
            long now = System.nanoTime();
            slot = Math.max(now, next);
            next = slot + intervalNanos;
        }
        long wait = slot - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
    }
}
