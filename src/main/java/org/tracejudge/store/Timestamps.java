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

    public static synchronized Instant next() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        if (!now.isAfter(last)) {
            now = last.plus(1, ChronoUnit.MICROS);
        }
        last = now;
        return now;
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
