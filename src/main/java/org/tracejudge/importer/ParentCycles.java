package org.tracejudge.importer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Refuses a trace whose parent links go round: a span that is its own parent, or spans that are each other's
 * ancestors. Such a tree has no root to walk from; taken as it is, a model span in the loop looks like a wrapper of
 * another and its call is dropped. The refusal names the trace and the span ids of the loop.
 */
final class ParentCycles {
    private ParentCycles() {}

    static void refuse(Path file, String traceId, List<SpanAssembler.Span> spans) {
        Map<String, String> parent = new HashMap<>();
        for (SpanAssembler.Span s : spans) {
            if (s.id != null) {
                parent.put(s.id, s.parentId);
            }
        }
        // 0 unseen, 1 on the current walk, 2 known to reach a root
        Map<String, Integer> state = new HashMap<>();
        for (String start : parent.keySet()) {
            if (state.getOrDefault(start, 0) == 2) {
                continue;
            }
            List<String> walk = new ArrayList<>();
            String at = start;
            while (at != null && parent.containsKey(at) && state.getOrDefault(at, 0) == 0) {
                state.put(at, 1);
                walk.add(at);
                at = parent.get(at);
            }
            if (at != null && state.getOrDefault(at, 0) == 1) {
                List<String> loop = walk.subList(walk.indexOf(at), walk.size());
                String what = loop.size() == 1
                        ? "span " + at + " is its own parent"
                        : "spans " + String.join(" → ", loop) + " → " + at + " are each other's parents (a cycle)";
                throw new ImportException(
                        file,
                        -1,
                        null,
                        "trace " + traceId + ": " + what + "; a trace's spans must form a tree, so this trace is "
                                + "refused (fix the parentSpanId of these spans)");
            }
            for (String w : walk) {
                state.put(w, 2);
            }
        }
    }
}
