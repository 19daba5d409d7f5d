package org.tracejudge.ui.welcome;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tracejudge.store.TraceTable;

/** The table's filter in words, for what an import says about the traces it brought (issue 48, item 9). */
final class FilterWords {
    private FilterWords() {}

    /** "The table keeps its filter (Raters disagree): 3 of the 12 new traces match it." */
    static String kept(TraceTable.Filter f, int matching, int newTraces) {
        List<String> parts = new ArrayList<>();
        if (f.show() != TraceTable.Show.ALL) {
            parts.add(f.show().title());
        }
        if (!f.shown().isEmpty()) {
            parts.add(f.shown().size() + (f.shown().size() == 1 ? " column filter" : " column filters"));
        }
        if (!f.search().isBlank()) {
            parts.add("search \"" + f.search().strip() + "\"");
        }
        return String.format(
                Locale.ROOT,
                "The table keeps its filter (%s): %,d of the %,d new traces match it.",
                String.join(", ", parts),
                matching,
                newTraces);
    }
}
