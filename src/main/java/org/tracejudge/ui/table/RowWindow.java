package org.tracejudge.ui.table;

import javafx.collections.ObservableListBase;

/**
 * What the trace table holds: at most {@code length} consecutive rows of a {@link PagedRows}, from
 * {@link #offset()}. JavaFX's VirtualFlow keeps one boxed height per row and walks that list from the top on
 * every layout, so a table of 100,000 rows spent most of each scroll step there, more the further down it was.
 * Over a window that walk stays short wherever the user is; a full-length scroll bar beside the table moves the
 * window ({@link TraceTableView}). A list no longer than the window is shown whole and never moves.
 */
public final class RowWindow extends ObservableListBase<PagedRows.RowRef> {
    private PagedRows rows;
    private final int length;
    private int offset;

    public RowWindow(PagedRows rows, int length) {
        if (length < 1) {
            throw new IllegalArgumentException("window length " + length);
        }
        this.rows = rows;
        this.length = length;
    }

    public PagedRows rows() {
        return rows;
    }

    /** The index in {@link #rows()} of this list's first row. */
    public int offset() {
        return offset;
    }

    /** True when the rows do not fit in the window, so it may move. */
    public boolean windowed() {
        return rows.size() > length;
    }

    /** The index in this list of row {@code index} of {@link #rows()}, or -1 if the window does not hold it. */
    public int local(int index) {
        int i = index - offset;
        return i >= 0 && i < size() ? i : -1;
    }

    /**
     * Moves the window to start at {@code from} (kept inside the rows). The table sees every row updated, so it
     * refills its cells in place rather than rebuilding them. Returns whether the window moved.
     */
    public boolean moveTo(int from) {
        int o = Math.max(0, Math.min(from, rows.size() - size()));
        if (o == offset) {
            return false;
        }
        offset = o;
        beginChange();
        for (int i = 0; i < size(); i++) {
            nextUpdate(i);
        }
        endChange();
        return true;
    }

    /**
     * Shows other rows (a new filter or sort) from the top. The table hears the rows it keeps updated and the rest
     * added or removed, so it refills the cells it has instead of making new ones.
     */
    public void setRows(PagedRows next) {
        int before = size();
        rows = next;
        offset = 0;
        int after = size();
        beginChange();
        for (int i = 0; i < Math.min(before, after); i++) {
            nextUpdate(i);
        }
        if (after < before) {
            nextRemove(after, java.util.Collections.<PagedRows.RowRef>nCopies(before - after, null));
        } else if (after > before) {
            nextAdd(before, after);
        }
        endChange();
    }

    /** Moves the window so that row {@code index} of {@link #rows()} sits in its middle. */
    public boolean centreOn(int index) {
        return moveTo(index - size() / 2);
    }

    @Override
    public PagedRows.RowRef get(int index) {
        if (index < 0 || index >= size()) {
            throw new IndexOutOfBoundsException(index);
        }
        return rows.get(offset + index);
    }

    @Override
    public int size() {
        return Math.min(length, rows.size());
    }
}
