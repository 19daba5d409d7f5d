package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.Importer;
import org.tracejudge.model.RaterKind;
import org.tracejudge.scheme.SchemeFile;

/**
 * Sorting the trace table by the annotator's answers to a question (issue 49): options in the scheme's order, sets by
 * their first option, numbers numerically (9 before 10), spans by how many ("none found" first), text ignoring case;
 * unanswered traces (none, withdrawn, or only another rater's) last in either direction, in the table's default order;
 * with a filter's parameters before the sort's. Expected orders written by hand.
 */
class QuestionSortTest {
    static Project project;
    static TraceTable table;
    static List<String> t;

    private static final Map<String, TraceTable.QuestionSort> SORTS = Map.of(
            "escalation",
            new TraceTable.QuestionSort(
                    "escalation",
                    TraceTable.QuestionSort.Order.OPTIONS,
                    List.of("appropriate", "inappropriate", "not_needed")),
            "failures",
            new TraceTable.QuestionSort(
                    "failures",
                    TraceTable.QuestionSort.Order.OPTION_SETS,
                    List.of("none", "wrong_tool", "fabrication")),
            "score",
            new TraceTable.QuestionSort("score", TraceTable.QuestionSort.Order.NUMBER, List.of()),
            "harmful",
            new TraceTable.QuestionSort("harmful", TraceTable.QuestionSort.Order.COUNT, List.of()),
            "note",
            new TraceTable.QuestionSort("note", TraceTable.QuestionSort.Order.TEXT, List.of()));

    @BeforeAll
    static void answer(@TempDir Path tmp) {
        project = Project.open(tmp.resolve("q.tjdb"), Project.OpenOptions.createIfMissing("q"));
        new Importer(project, ImportListener.NONE).importFiles(TestData.sampleFiles(), null, null);
        t = new TraceTable(project, TraceTable.layout(project, "ana"))
                .ids(TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT);
        String span = "{\"end\":%d,\"index\":0,\"option\":\"dismissive\",\"start\":0,\"target\":\"answer\"}";
        project.write(c -> {
            SchemeVersions.append(
                    c,
                    "mental-health-response-review",
                    SchemeFile.write(SchemeFile.example("mental-health-response-review.yaml")),
                    null,
                    null,
                    "lead");
            String ana = Ledger.ensureRater(c, "ana", RaterKind.HUMAN, "", null, null);
            String bo = Ledger.ensureRater(c, "bo", RaterKind.HUMAN, "", null, null);
            set(c, ana, t.get(0), "escalation", "\"not_needed\"");
            set(c, ana, t.get(1), "escalation", "\"appropriate\"");
            set(c, ana, t.get(2), "escalation", "\"inappropriate\"");
            set(c, ana, t.get(3), "escalation", "\"appropriate\"");
            Answers.append(c, null, Answers.Entry.withdraw(t.get(3), ana, "escalation", 1, "ana"));
            set(c, bo, t.get(4), "escalation", "\"appropriate\"");
            // the newest answer counts: t5 was inappropriate, then appropriate
            set(c, ana, t.get(5), "escalation", "\"inappropriate\"");
            set(c, ana, t.get(5), "escalation", "\"appropriate\"");

            set(c, ana, t.get(0), "failures", "[\"fabrication\"]");
            set(c, ana, t.get(1), "failures", "[\"fabrication\",\"wrong_tool\"]");
            set(c, ana, t.get(2), "failures", "[\"none\"]");

            set(c, ana, t.get(0), "score", "10");
            set(c, ana, t.get(1), "score", "9");
            set(c, ana, t.get(2), "score", "2.5");

            set(c, ana, t.get(0), "harmful", "[]");
            set(c, ana, t.get(1), "harmful", "[" + span.formatted(4) + "," + span.formatted(6) + "]");
            set(c, ana, t.get(2), "harmful", "[" + span.formatted(3) + "]");

            set(c, ana, t.get(0), "note", "\"beta\"");
            set(c, ana, t.get(1), "note", "\"Alpha\"");
            return null;
        });
        table = new TraceTable(project, TraceTable.layout(project, "ana"), SORTS::get);
    }

    private static void set(java.sql.Connection c, String rater, String trace, String q, String json)
            throws java.sql.SQLException {
        Answers.append(c, null, Answers.Entry.set(trace, rater, q, 1, json, "x"));
        try {
            Thread.sleep(2); // entries in time order
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @AfterAll
    static void close() {
        project.close();
    }

    /** The answered traces in this order (indexes into t), then every other trace in the default order. */
    private static List<String> expect(int... first) {
        List<String> out = new ArrayList<>();
        for (int i : first) {
            out.add(t.get(i));
        }
        for (String id : t) {
            if (!out.contains(id)) {
                out.add(id);
            }
        }
        return out;
    }

    private static List<String> sorted(String question, boolean descending) {
        return table.ids(TraceTable.Filter.NONE, new TraceTable.Sort(TraceTable.QUESTION_SORT + question, descending));
    }

    @Test
    void optionsInTheSchemesOrderUnansweredLast() {
        // t1, t5 appropriate (default order between them), t2 inappropriate, t0 not needed; t3 withdrawn, t4 only bo's
        assertEquals(expect(1, 5, 2, 0), sorted("escalation", false));
        assertEquals(expect(0, 2, 1, 5), sorted("escalation", true), "descending: unanswered still last");
    }

    @Test
    void setsNumbersSpansAndText() {
        assertEquals(expect(2, 1, 0), sorted("failures", false), "none < wrong_tool < fabrication");
        assertEquals(expect(2, 1, 0), sorted("score", false), "2.5 < 9 < 10");
        assertEquals(expect(0, 1, 2), sorted("score", true));
        assertEquals(expect(0, 2, 1), sorted("harmful", false), "none found, one span, two spans");
        assertEquals(expect(1, 0), sorted("note", false), "Alpha before beta");
    }

    @Test
    void withAFilterAndAPageAndUnknownQuestions() {
        String model = table.page(TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT, 0, 1)
                .get(0)
                .get("model");
        TraceTable.Filter f = new TraceTable.Filter(Map.of("model", model), TraceTable.Show.ALL, "");
        List<String> ofModel = table.ids(f, TraceTable.Sort.DEFAULT);
        List<String> expected = new ArrayList<>(expect(1, 5, 2, 0));
        expected.retainAll(ofModel);
        TraceTable.Sort s = new TraceTable.Sort("q:escalation", false);
        assertEquals(expected, table.ids(f, s), "the filter's parameter, then the sort's");
        assertEquals(
                expect(1, 5, 2, 0).subList(0, 3),
                table.page(TraceTable.Filter.NONE, s, 0, 3).stream()
                        .map(TraceTable.Row::traceId)
                        .toList());
        assertEquals(
                expect(1, 5, 2, 0).subList(0, 3),
                table.firstPage(TraceTable.Filter.NONE, s, 3).stream()
                        .map(TraceTable.Row::traceId)
                        .toList());
        assertEquals(t, sorted("mood", false), "no such question: the default order");
        assertEquals(
                t,
                new TraceTable(project, TraceTable.layout(project, "ana"))
                        .ids(TraceTable.Filter.NONE, new TraceTable.Sort("q:escalation", false)),
                "a table without questions sorts as by default");
    }
}
