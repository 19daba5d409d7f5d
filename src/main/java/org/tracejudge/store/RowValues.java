package org.tracejudge.store;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A table row's values by column key, read-only and in column order: one array per row over keys shared by every
 * row of a layout. The trace table keeps thousands of rows while scrolling; a hash map per row cost about 1.2 KB
 * each and made every young collection copy megabytes of rows. Null values are allowed (no label).
 */
final class RowValues extends AbstractMap<String, String> {
    /** The column keys of one layout and where each sits in a row's array. */
    static final class Keys {
        private final String[] keys;
        private final Map<String, Integer> index = new HashMap<>();
        /** Repeated values (models, tasks, labels) share one string; bounded so free text cannot grow it for ever. */
        private final Map<String, String> shared = new ConcurrentHashMap<>();

        private static final int SHARE_AT_MOST = 50_000;

        Keys(List<String> keys) {
            this.keys = keys.toArray(String[]::new);
            for (int i = 0; i < this.keys.length; i++) {
                index.put(this.keys[i], i);
            }
        }

        int size() {
            return keys.length;
        }

        /** The one copy of {@code value} this layout keeps (the value itself once the table is full). */
        String share(String value) {
            if (value == null) {
                return null;
            }
            String s = shared.get(value);
            if (s != null) {
                return s;
            }
            if (shared.size() >= SHARE_AT_MOST) {
                return value;
            }
            s = shared.putIfAbsent(value, value);
            return s == null ? value : s;
        }
    }

    private final Keys keys;
    private final String[] values;

    /** Takes {@code values} (one per key, in key order) without copying it. */
    RowValues(Keys keys, String[] values) {
        if (values.length != keys.size()) {
            throw new IllegalArgumentException(values.length + " values for " + keys.size() + " columns");
        }
        this.keys = keys;
        this.values = values;
    }

    @Override
    public String get(Object key) {
        Integer i = keys.index.get(key);
        return i == null ? null : values[i];
    }

    @Override
    public boolean containsKey(Object key) {
        return keys.index.containsKey(key);
    }

    @Override
    public int size() {
        return values.length;
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, String>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < values.length;
                    }

                    @Override
                    public Entry<String, String> next() {
                        if (next >= values.length) {
                            throw new NoSuchElementException();
                        }
                        int i = next++;
                        return new SimpleImmutableEntry<>(keys.keys[i], values[i]);
                    }
                };
            }

            @Override
            public int size() {
                return values.length;
            }
        };
    }
}
