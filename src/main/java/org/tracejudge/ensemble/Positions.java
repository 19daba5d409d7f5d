package org.tracejudge.ensemble;

import java.util.List;

/**
 * Each trace id's position in a list, in one open-addressing table (ids in one array, positions in an int array):
 * for a million traces about 12 MB and no boxed Integer or map node per id, which a HashMap needed (40 MB, and most
 * of a lookup's time was following those pointers).
 */
final class Positions {
    private final String[] keys;
    private final int[] values;
    private final int mask;

    /** The positions of {@code ids} (each id once; a repeated id keeps its first position). */
    Positions(List<String> ids) {
        int capacity = Integer.highestOneBit(Math.max(4, ids.size() * 2 - 1)) << 1;
        keys = new String[capacity];
        values = new int[capacity];
        mask = capacity - 1;
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            int at = slot(id);
            while (keys[at] != null && !keys[at].equals(id)) {
                at = (at + 1) & mask;
            }
            if (keys[at] == null) {
                keys[at] = id;
                values[at] = i;
            }
        }
    }

    /** The position of {@code id}, or -1 when it is not in the list. */
    int of(String id) {
        for (int at = slot(id); keys[at] != null; at = (at + 1) & mask) {
            if (keys[at].equals(id)) {
                return values[at];
            }
        }
        return -1;
    }

    private int slot(String id) {
        int h = id.hashCode();
        return (h ^ (h >>> 16)) * 0x9E3779B1 & mask;
    }
}
