package org.tracejudge.store;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/**
 * Ledger times: fixed-width ISO-8601 UTC with microseconds, so text order is time order, and strictly
 * increasing within one process so two entries written in the same microsecond keep their order.
 */
public final class Timestamps {
    private Timestamps() {}

    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);
    private static Instant last = Instant.EPOCH;
    /** Added to this computer's clock: a team project's sync sets it to the hub's clock minus this one. */
    private static java.time.Duration offset = java.time.Duration.ZERO;

    public static synchronized Instant next() {
        Instant now = Instant.now().plus(offset).truncatedTo(ChronoUnit.MICROS);
        if (!now.isAfter(last)) {
            now = last.plus(1, ChronoUnit.MICROS);
        }
        last = now;
        return now;
    }

    /**
     * Corrects ledger times by {@code d} (the team hub's clock minus this computer's), so decisions made on laptops
     * whose clocks disagree are ordered as the hub saw time. Times stay strictly increasing within the process.
     */
    public static synchronized void setOffset(java.time.Duration d) {
        offset = d == null ? java.time.Duration.ZERO : d;
    }

    public static synchronized java.time.Duration offset() {
        return offset;
    }

    public static String format(Instant t) {
        return FORMAT.format(t);
    }

    public static Instant parse(String s) {
        return Instant.parse(s);
    }

    public static String now() {
        return format(next());
    }
}
