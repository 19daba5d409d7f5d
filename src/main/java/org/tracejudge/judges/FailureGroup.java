package org.tracejudge.judges;

import org.tracejudge.judges.provider.Failure;

/**
 * Traces of one run that failed for one reason: how many, the provider's message for the first, and that
 * trace (its id, for {@code explain --trace}).
 */
public record FailureGroup(Failure failure, String message, int count, String exampleTrace) {
    FailureGroup plusOne() {
        return new FailureGroup(failure, message, count + 1, exampleTrace);
    }

    /** "3 × context length exceeded (per-trace): MESSAGE; e.g. trace ID". */
    public String line() {
        String cls =
                switch (failure.cls()) {
                    case FATAL -> "fatal";
                    case TRANSIENT -> "transient, tried again next run";
                    case PER_TRACE ->
                        failure == Failure.INVALID_VERDICT || failure == Failure.MALFORMED
                                ? "null verdict; --retry-nulls asks again"
                                : "null verdict";
                };
        String m = message == null ? "" : message.length() > 400 ? message.substring(0, 400) + "…" : message;
        return count + " × " + failure.label() + " (" + cls + "): " + m + "; e.g. trace " + exampleTrace;
    }
}
