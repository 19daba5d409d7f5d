package org.tracejudge.judges.provider;

import java.util.Locale;

/**
 * Why a request failed, in three classes: fatal for the whole run (no request will succeed as the judge is
 * configured), transient (the same request may succeed later) and per-trace (this request will not
 * succeed, the others may). Each names itself in the failure summary.
 */
public enum Failure {
    MODEL_NOT_FOUND(Class.FATAL, "model not found"),
    WRONG_PATH(Class.FATAL, "no chat API at this URL"),
    AUTH(Class.FATAL, "credentials refused"),
    QUOTA(Class.FATAL, "quota or credits exhausted"),
    REFUSED_PARAMETER(Class.FATAL, "request refused by the server"),
    TLS(Class.FATAL, "TLS failed"),
    UNREACHABLE(Class.FATAL, "server unreachable"),
    ALL_FAILING(Class.FATAL, "every request failed"),
    RATE_LIMIT(Class.TRANSIENT, "rate limited"),
    SERVER_ERROR(Class.TRANSIENT, "server error or overloaded"),
    TIMEOUT(Class.TRANSIENT, "timed out"),
    CUT(Class.TRANSIENT, "connection cut"),
    CONTEXT_LENGTH(Class.PER_TRACE, "context length exceeded"),
    CONTENT_FILTER(Class.PER_TRACE, "content filter"),
    REASONING_BUDGET(Class.PER_TRACE, "token budget spent on reasoning"),
    NO_VERDICT(Class.PER_TRACE, "reply without a verdict"),
    MALFORMED(Class.PER_TRACE, "malformed provider response"),
    INVALID_VERDICT(Class.PER_TRACE, "invalid verdict"),
    PROVIDER_ERROR(Class.PER_TRACE, "provider error");

    public enum Class { FATAL, TRANSIENT, PER_TRACE }

    private final Class cls;
    private final String label;

    Failure(Class cls, String label) {
        this.cls = cls;
        this.label = label;
    }

    public Class cls() {
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
