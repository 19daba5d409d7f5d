package org.tracejudge.redaction;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One detector of the redaction pipeline (the shape of Microsoft Presidio's recognizers, not its code): given the
 * scan of one text it proposes candidates ({@link Scan#add}: span, kind, and the rule that fired as
 * {@link Scan#rule}) and keep spans ({@link Scan#keep}: text that is no person's, with the reason). A suppressor
 * withdraws candidates that are something else (a holiday's name, a word of code); the {@link Recognizers registry}
 * runs them in order and the {@link Resolver} merges what stands into the result.
 */
interface Recognizer {
    /** A short stable name ("phones", "names.title"), recorded with every candidate and keep span. */
    String name();

    void recognize(Scan scan);

    /** A recognizer that runs {@code find} (a detector that adds candidates). */
    static Recognizer of(String name, Consumer<Scan> find) {
        return new Recognizer() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void recognize(Scan scan) {
                find.accept(scan);
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }

    /**
     * A suppressor: runs {@code keep} (which withdraws candidates from {@link Scan#spans}) and records each withdrawn
     * candidate as a keep span with {@code reason}.
     */
    static Recognizer suppressor(String name, String reason, Consumer<Scan> keep) {
        return new Recognizer() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void recognize(Scan scan) {
                if (scan.spans.isEmpty()) {
                    keep.accept(scan);
                    return;
                }
                List<Redactor.Span> before = new ArrayList<>(scan.spans);
                keep.accept(scan);
                if (before.size() == scan.spans.size() && before.equals(scan.spans)) {
                    return;
                }
                Set<Redactor.Span> after = Collections.newSetFromMap(new IdentityHashMap<>());
                after.addAll(scan.spans);
                for (Redactor.Span s : before) {
                    if (!after.contains(s)) {
                        scan.keep(s.start(), s.end(), reason + " (withdrew " + s.kind() + ")");
                    }
                }
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }
}
