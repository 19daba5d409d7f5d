package org.tracejudge.ui.table;

import java.util.Map;
import javafx.css.PseudoClass;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.TableCell;
import org.tracejudge.model.LabelSets;
import org.tracejudge.store.TraceTable;

/** A cell that shows labels as small coloured badges and offers "filter to this value". */
final class LabelCell extends TableCell<PagedRows.RowRef, TraceTable.Row> {
    private static final PseudoClass MISSING_LABEL = PseudoClass.getPseudoClass("label-missing");
    /** The ToolFailBench labels, which workbench.css colours ({@code .table-cell:label-tool-skip} …); other values stay plain. */
    private static final Map<String, PseudoClass> LABEL_COLOURS = new java.util.HashMap<>();

    static {
        for (String l : LabelSets.TOOLFAILBENCH_REQUIRED.labels()) {
            LABEL_COLOURS.put(l, PseudoClass.getPseudoClass("label-" + l.replace('_', '-')));
        }
        for (String l : LabelSets.TOOLFAILBENCH_CONTROL.labels()) {
            LABEL_COLOURS.put(l, PseudoClass.getPseudoClass("label-" + l.replace('_', '-')));
        }
    }

    private final TraceTable.Column col;

    LabelCell(TraceTable.Column col, ContextMenu onlyThese) {
        this.col = col;
        setContextMenu(onlyThese);
        if (col.isLabel()) {
            // the chip shows the short form; the full label on hover (and as the accessible text below)
            getStyleClass().add("chip-cell");
            org.tracejudge.ui.common.LazyTooltip.install(
                    this, () -> value() == null ? null : col.title() + ": " + value());
        } else {
            // a value cut to the column's width shows whole on hover
            org.tracejudge.ui.common.LazyTooltip.install(this, this::value);
            if (col.kind() == TraceTable.Kind.MODEL) {
                setTextOverrun(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS); // names differ at both ends
            }
        }
    }

    /** The label's colour, as a pseudo-class: switching one restyles the cell from its cached styles, whereas
     *  a style-class change makes JavaFX match the cell's CSS afresh (scrolling changes hundreds per frame). */
    private PseudoClass shown;

    private void show(PseudoClass pc) {
        if (pc != shown) {
            if (shown != null) {
                pseudoClassStateChanged(shown, false);
            }
            if (pc != null) {
                pseudoClassStateChanged(pc, true);
            }
            shown = pc;
        }
    }

    /** This cell's column of its row (null while the row is being read or when the row has no value). */
    String value() {
        TraceTable.Row r = getItem();
        return r == null ? null : r.get(col.key());
    }

    @Override
    protected void updateItem(TraceTable.Row row, boolean empty) {
        super.updateItem(row, empty);
        if (empty) {
            setText(null);
            setAccessibleText(null);
            show(null);
            return;
        }
        String item = value();
        if (item == null) {
            setAccessibleText(col.isLabel() ? col.title() + ": " + (row == null ? "loading" : "no label") : null);
            setText(
                    row == null
                            ? "…"
                            : col.isLabel()
                                    ? (col.kind() == TraceTable.Kind.FINAL || col.kind() == TraceTable.Kind.ENSEMBLE
                                            ? "pending"
                                            : "—")
                                    : "");
            show(MISSING_LABEL);
            return;
        }
        if (col.isLabel()) {
            setText(org.tracejudge.ui.common.ShortNames.label(item));
            setAccessibleText(col.title() + ": " + item);
            show(LABEL_COLOURS.get(item));
        } else {
            setText(item);
            show(null);
        }
    }
}
