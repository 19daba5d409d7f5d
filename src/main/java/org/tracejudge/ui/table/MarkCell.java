package org.tracejudge.ui.table;

import java.util.List;
import java.util.Objects;
import javafx.scene.control.TableCell;
import org.tracejudge.store.TraceTable;

/**
 * A cell of the table's narrow first column: ✓ decided by the current annotator, ○ assigned to them and still open
 * (team projects), then ↷ skipped (S) and not decided since, ⚑ flagged for the lead and ✎ commented (issue 48).
 */
final class MarkCell extends TableCell<PagedRows.RowRef, TraceTable.Row> {
    private final TraceTableViewModel vm;

    MarkCell(TraceTableViewModel vm) {
        this.vm = vm;
    }

    @Override
    protected void updateItem(TraceTable.Row row, boolean empty) {
        super.updateItem(row, empty);
        String done =
                empty || row == null ? null : mark(row, vm.annotatorProperty().get());
        String other = empty || row == null ? "" : vm.marks(row.traceId());
        String mark = done == null && other.isEmpty() ? null : (done == null ? "" : done) + other;
        if (!Objects.equals(mark, getText())) { // scrolling refills hundreds of cells: change only what changed
            setText(mark);
            setAccessibleText(mark == null ? null : markWords(row, done, other));
        }
    }

    /** The marks of a row in words (screen readers). */
    private static String markWords(TraceTable.Row row, String done, String other) {
        List<String> words = new java.util.ArrayList<>();
        if ("✓".equals(done)) {
            words.add("decided by you");
        } else if (done != null) {
            words.add("assigned to you: " + row.get(TraceTable.ASSIGNED));
        }
        if (other.contains("↷")) {
            words.add("skipped");
        }
        if (other.contains("⚑")) {
            words.add("flagged for the lead");
        }
        if (other.contains("✎")) {
            words.add("commented");
        }
        return String.join(", ", words);
    }

    /**
     * The done column's mark for a row: ✓ when the annotator has decided it (or their assignment says done or
     * adjudicated), ○ when it is assigned to them and still open (to do, to adjudicate), else none.
     */
    static String mark(TraceTable.Row row, String me) {
        String assigned = row.get(TraceTable.ASSIGNED);
        if ((me != null && row.get("human:" + me) != null)
                || "done".equals(assigned)
                || "adjudicated".equals(assigned)) {
            return "✓";
        }
        return assigned == null ? null : "○";
    }
}
