package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.store.Comments;
import org.tracejudge.store.TraceTable;

/**
 * Issue 36, item 8: F flags the trace on screen for the lead (the badge shows, the quick filter "Flagged for the lead"
 * finds it, F again clears it); N writes a comment kept with the trace under the annotator's name.
 */
class CommentsUiTest extends WindowTest {
    @Test
    void fFlagsForTheLeadAndNWritesAComment(FxRobot robot) {
        opened(robot);
        robot.interact(() -> table().requestFocus());
        String trace = vm().table().idAt(0);
        // F acts on the trace on screen: wait until it is shown (a key before that says "No trace on screen")
        waitFor(
                "the first trace shown",
                () -> vm().trace().detailProperty().get() != null
                        && trace.equals(vm().trace().detailProperty().get().traceId()));
        // the keys go to the table, as a person's do once they look at the trace (showing it may move the focus)
        typeInTable(robot, KeyCode.F);
        waitFor(
                "flagged",
                () -> vm().comments().flaggedProperty().get()
                        && robot.lookup("#flagBadge").queryLabeled().isVisible());
        // the lead's filter finds it
        robot.interact(() -> vm().table().setFilter(TraceTable.Filter.NONE.withShow(TraceTable.Show.FLAGGED)));
        waitFor(
                "one flagged trace",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 1
                        && trace.equals(vm().table().idAt(0)));
        // N: a comment, typed in its dialog
        typeInTable(robot, KeyCode.N);
        waitFor(
                "the comment dialog",
                () -> robot.lookup("#commentText").tryQuery().isPresent());
        robot.clickOn("#commentText").write("the return looks cut off");
        // Enter keeps it (the table's "OK" chips make a lookup of the button's text ambiguous)
        robot.type(KeyCode.ENTER);
        waitFor("the comment listed", () -> vm().comments().comments().size() == 2);
        // issue 48: N says it saved the comment once it is written
        waitFor("saved, said", () -> String.valueOf(
                        vm().session().statusProperty().get())
                .startsWith("Saved: tester's comment \u201cthe return looks cut off\u201d"));
        Comments.Comment c = vm().comments().comments().get(1);
        assertEquals("tester", c.author());
        assertEquals(Comments.Action.NOTE, c.action());
        assertEquals("the return looks cut off", c.text());
        assertTrue(robot.lookup("#commentList").queryAs(javafx.scene.layout.VBox.class).getChildren().stream()
                .anyMatch(n ->
                        n instanceof javafx.scene.control.Label l && l.getText().contains("the return looks cut off")));
        // F again clears the flag; the filter is empty then
        typeInTable(robot, KeyCode.F);
        waitFor("cleared", () -> !vm().comments().flaggedProperty().get());
        waitFor(
                "no flagged trace left",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 0);
        assertEquals(
                "3",
                org.tracejudge.TestData.scalar(
                        vm().session().project(),
                        "SELECT count(*) FROM trace_comment WHERE trace_id = '" + trace + "'"));
    }

    /**
     * Issue 48: File ▸ Export… ("the whole project, importable on another laptop") left the comments and flags out,
     * and the window had no labels export with the rationales and comments. Both carry them now; the table marks
     * flagged and commented traces.
     */
    @Test
    void theExportsCarryCommentsFlagsAndRationalesAndTheTableMarksThem(FxRobot robot) throws Exception {
        opened(robot);
        robot.interact(() -> table().requestFocus());
        String trace = vm().table().idAt(0);
        waitFor(
                "the first trace shown",
                () -> vm().trace().detailProperty().get() != null
                        && trace.equals(vm().trace().detailProperty().get().traceId()));
        typeInTable(robot, KeyCode.F);
        waitFor("flagged", () -> vm().comments().flaggedProperty().get());
        // the table's mark column says so
        waitFor("the flag mark", () -> table().lookupAll(".table-cell").stream()
                .anyMatch(n -> n instanceof javafx.scene.control.Labeled l
                        && l.getText() != null
                        && l.getText().contains("⚑")));
        assertEquals("⚑✎", vm().comments().marks(trace));
        // a decision with its rationale: R, text, then 2
        robot.interact(() -> table().requestFocus());
        robot.type(KeyCode.R);
        waitFor(
                "focus in the rationale",
                () -> app.window().traceView().rationaleField().isFocused());
        robot.write("the fare is quoted");
        robot.type(KeyCode.ENTER);
        robot.type(KeyCode.DIGIT2);
        vm().session().afterPendingWork(() -> {});
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("tj-export-ui");
        java.nio.file.Path jsonl = dir.resolve("project.jsonl");
        java.nio.file.Path csv = dir.resolve("labels.csv");
        robot.interact(() -> vm().imports().export(jsonl));
        waitFor("exported", () -> !vm().imports().importingProperty().get() && java.nio.file.Files.exists(jsonl));
        assertTrue(
                java.nio.file.Files.readAllLines(jsonl).stream()
                        .anyMatch(l -> l.contains("\"kind\":\"comment\"") && l.contains(trace)),
                "the flag is in the export");
        robot.interact(() -> vm().imports().exportLabels(csv));
        waitFor("labels exported", () -> !vm().imports().importingProperty().get() && java.nio.file.Files.exists(csv));
        assertTrue(
                String.valueOf(vm().session().statusProperty().get()).startsWith("Exported the labels of 60 traces"),
                vm().session().statusProperty().get());
        List<String> lines = java.nio.file.Files.readAllLines(csv);
        assertTrue(
                lines.get(0).endsWith(",annotator:tester,ensemble,final,rationale:tester,flagged,comments"),
                lines.get(0));
        String row = lines.stream()
                .filter(l -> l.startsWith(trace + ","))
                .findFirst()
                .orElseThrow();
        assertTrue(row.endsWith(",the fare is quoted,yes,tester flagged"), row);
        // the same table as `labels --format csv`
        java.io.StringWriter sw = new java.io.StringWriter();
        java.io.PrintWriter pw = new java.io.PrintWriter(sw);
        org.tracejudge.export.LabelsTable t =
                org.tracejudge.export.LabelsTable.read(vm().session().project());
        pw.println(org.tracejudge.csv.Csv.line(t.header()));
        t.rows(cells -> pw.println(org.tracejudge.csv.Csv.line(cells)));
        pw.flush();
        assertEquals(sw.toString().strip(), String.join("\n", lines).strip());
    }
}
