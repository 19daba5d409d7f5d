package org.tracejudge.ui.session;

import java.util.List;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;
import org.tracejudge.store.TraceTable;

/**
 * How the table sorts by a question of the project's scheme (issue 49): single choice by the option's place in the
 * scheme, multiple choice by the first option chosen, a scale's step and a number numerically, spans by how many
 * ("none found" first), text and yes/no per tool by their text. The table does the sorting, in SQL.
 */
final class QuestionSorts {
    private QuestionSorts() {}

    /** Project thread: the sort of question {@code key} of the current scheme, or null (no scheme, no question). */
    static TraceTable.QuestionSort of(Project p, String key) {
        SchemeVersions.Version cur = p.read(SchemeVersions::current);
        if (cur == null) {
            return null;
        }
        Scheme s;
        try {
            s = SchemeFile.parse(cur.body(), p.file() + " scheme version " + cur.version());
        } catch (Exception e) {
            return null; // the question bar says why the scheme does not read
        }
        return s.question(key).map(QuestionSorts::of).orElse(null);
    }

    /** The sort of one question's answers. */
    static TraceTable.QuestionSort of(Question q) {
        TraceTable.QuestionSort.Order o =
                switch (q.kind()) {
                    case SINGLE_CHOICE -> TraceTable.QuestionSort.Order.OPTIONS;
                    case MULTIPLE_CHOICE -> TraceTable.QuestionSort.Order.OPTION_SETS;
                    case ORDINAL, NUMBER -> TraceTable.QuestionSort.Order.NUMBER;
                    case SPAN -> TraceTable.QuestionSort.Order.COUNT;
                    case YES_NO_PER_TOOL, TEXT -> TraceTable.QuestionSort.Order.TEXT;
                };
        return new TraceTable.QuestionSort(
                q.key(), o, o == TraceTable.QuestionSort.Order.NUMBER ? List.of() : q.values());
    }
}
