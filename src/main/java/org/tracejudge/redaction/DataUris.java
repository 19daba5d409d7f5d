package org.tracejudge.redaction;

/**
 * The payload of a {@code data:} URI ("data:image/png;base64,iVBORw0…", RFC 2397) is an inline file, not a secret:
 * a secret span that starts right after its ";base64," is dropped.
 */
final class DataUris {
    private DataUris() {}

    static void keep(Scan h) {
        if (!h.lower.contains("data:")) {
            return;
        }
        h.spans.removeIf(s -> s.kind() == Redactor.Kind.SECRET
                && h.lower.startsWith(";base64,", Math.max(0, s.start() - 8))
                && h.lower.lastIndexOf("data:", s.start()) >= 0
                && h.lower
                                .substring(h.lower.lastIndexOf("data:", s.start()), s.start())
                                .indexOf(' ')
                        < 0);
    }
}
