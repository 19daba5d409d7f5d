package org.tracejudge.ui.table;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ObservableListBase;
import org.tracejudge.store.TraceTable;

/**
 * The table's items: a list as long as the filtered table whose rows arrive page by page. {@link #get}
 * never waits: a row not read yet is an empty {@link RowRef} that fills in when its page arrives (read on
 * a background thread through the {@link PageLoader}). Only the last {@value #KEEP_PAGES} pages are kept.
 */
public final class PagedRows extends ObservableListBase<PagedRows.RowRef> {
    /** Rows per read: a far jump of the scroll bar shows about 30 rows, and reads one or two pages for them. */
    public static final int PAGE = 100;

    static final int KEEP_PAGES = 80;

    /** Reads page {@code page} (rows page*PAGE …) in the background and hands the rows to {@code done} on the FX thread. */
    public interface PageLoader {
        void load(int page, Consumer<List<TraceTable.Row>> done);
    }

    /** One row of the table; {@link #row()} is null until its page is read. */
    public static final class RowRef {
        private final int index;
        private final ReadOnlyObjectWrapper<TraceTable.Row> row = new ReadOnlyObjectWrapper<>();

        RowRef(int index) {
            this.index = index;
        }

        public int index() {
            return index;
        }

        public TraceTable.Row row() {
            return row.get();
        }

        public ReadOnlyObjectProperty<TraceTable.Row> rowProperty() {
            return row.getReadOnlyProperty();
        }

        /** Replaces the row (e.g. after a decision changed its labels). */
        public void update(TraceTable.Row r) {
            row.set(r);
        }
    }

    private final int size;
    private final PageLoader loader;
    private final Map<Integer, RowRef[]> pages = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, RowRef[]> eldest) {
            return size() > KEEP_PAGES;
        }
    };

    public PagedRows(int size, PageLoader loader) {
        this.size = size;
        this.loader = loader;
    }

    @Override
    public RowRef get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        int page = index / PAGE;
        RowRef[] refs = pages.get(page);
        if (refs == null) {
            refs = request(page);
        }
        return refs[index - page * PAGE];
    }

    /** The row at {@code index} if its page has arrived, else null (never triggers a read). */
    public TraceTable.Row loaded(int index) {
        RowRef[] refs = pages.get(index / PAGE);
        return refs == null ? null : refs[index % PAGE].row();
    }

    /** Fills a page with rows already read (the first page arrives with the list). */
    public void preload(int page, List<TraceTable.Row> rows) {
        if (page * PAGE >= size) {
            return;
        }
        RowRef[] refs = pages.get(page);
        if (refs == null) {
            int from = page * PAGE;
            int n = Math.min(PAGE, size - from);
            refs = new RowRef[n];
            for (int i = 0; i < n; i++) {
                refs[i] = new RowRef(from + i);
            }
            pages.put(page, refs);
        }
        for (int i = 0; i < rows.size() && i < refs.length; i++) {
            refs[i].row.set(rows.get(i));
        }
    }

    /** Makes sure the page holding {@code index} is read or being read. */
    public void prefetch(int index) {
        if (index >= 0 && index < size && !pages.containsKey(index / PAGE)) {
            request(index / PAGE);
        }
    }

    private RowRef[] request(int page) {
        int from = page * PAGE;
        int n = Math.min(PAGE, size - from);
        RowRef[] refs = new RowRef[n];
        for (int i = 0; i < n; i++) {
            refs[i] = new RowRef(from + i);
        }
        pages.put(page, refs);
        loader.load(page, rows -> {
            for (int i = 0; i < rows.size() && i < refs.length; i++) {
                refs[i].row.set(rows.get(i));
            }
        });
        return refs;
    }

    @Override
    public int size() {
        return size;
    }
}
