package org.tracejudge.judges.provider;

import java.util.Locale;

/**
 * Why a request failed, in three classes: fatal for the whole run (no request will succeed as the judge is
 * configured), transient (the same request may succeed later) and per-trace (this request will not
 * succeed, the others may). Each names itself in the failure summary.
 */
public enum Failure {
    MODEL_NOT_FOUND(Severity.FATAL, "model not found"),
    WRONG_PATH(Severity.FATAL, "no chat API at this URL"),
    AUTH(Severity.FATAL, "credentials refused"),
    QUOTA(Severity.FATAL, "quota or credits exhausted"),
    REFUSED_PARAMETER(Severity.FATAL, "request refused by the server"),
    TLS(Severity.FATAL, "TLS failed"),
    UNREACHABLE(Severity.FATAL, "server unreachable"),
    REDIRECT(Severity.FATAL, "redirect refused"),
    ALL_FAILING(Severity.FATAL, "every request failed"),
    RATE_LIMIT(Severity.TRANSIENT, "rate limited"),
    SERVER_ERROR(Severity.TRANSIENT, "server error or overloaded"),
    TIMEOUT(Severity.TRANSIENT, "timed out"),
    CUT(Severity.TRANSIENT, "connection cut"),
    CONTEXT_LENGTH(Severity.PER_TRACE, "context length exceeded"),
    CONTENT_FILTER(Severity.PER_TRACE, "content filter"),
    REASONING_BUDGET(Severity.PER_TRACE, "token budget spent on reasoning"),
    NO_VERDICT(Severity.PER_TRACE, "reply without a verdict"),
    MALFORMED(Severity.PER_TRACE, "malformed provider response"),
    INVALID_VERDICT(Severity.PER_TRACE, "invalid verdict"),
    PROVIDER_ERROR(Severity.PER_TRACE, "provider error");

    public enum Severity {
        FATAL,
        TRANSIENT,
        PER_TRACE
    }

    private final Severity cls;
    private final String label;

    Failure(Severity cls, String label) {
        this.cls = cls;
        this.label = label;
    }

    public Severity cls() {
        return cls;
    }

    /** A few words for the failure summary. */
    public String label() {
        return label;
    }

    /** The code stored with a null verdict (lower case, underscores). */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The failure with this {@link #code()}, or null. */
    public static Failure fromCode(String code) {
        if (code == null) {
            return null;
        }
        for (Failure f : values()) {
            if (f.code().equals(code)) {
                return f;
            }
        }
        return null;
    }
}
