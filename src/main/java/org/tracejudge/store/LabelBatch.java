package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Appends many ledger entries through one prepared statement, sent to SQLite {@value #SIZE} at a time (the rule
 * labellers write a label per trace). Entries reach the transaction at each send and at {@link #flush}; closing does
 * not send what is pending, so work abandoned by an exception is not half written.
 */
public final class LabelBatch implements AutoCloseable {
    static final int SIZE = 512;
    private final PreparedStatement insert;
    private int pending;

    public LabelBatch(Connection c) throws SQLException {
        insert = c.prepareStatement(Ledger.INSERT_LABEL);
    }

    /** Adds an entry with its evidence as JSON text ({@code e.evidence()} is ignored); an existing id is kept. */
    public void add(String id, Ledger.Entry e, String evidenceJson, String replaces, String createdAt)
            throws SQLException {
        Ledger.bind(insert, id, e, evidenceJson, replaces, createdAt);
        insert.addBatch();
        if (++pending == SIZE) {
            flush();
        }
    }

    /**
     * Inserts an entry at once, outside the batch (for writers that count what was new).
     *
     * @return 1, or 0 when an entry with that id was already in the ledger
     */
    public int insertNow(String id, Ledger.Entry e, String evidenceJson, String replaces, String createdAt)
            throws SQLException {
        Ledger.bind(insert, id, e, evidenceJson, replaces, createdAt);
        return insert.executeUpdate();
    }

    /** Sends what is pending into the transaction. */
    public void flush() throws SQLException {
        if (pending > 0) {
            insert.executeBatch();
            pending = 0;
        }
    }

    @Override
    public void close() throws SQLException {
        insert.close();
    }
}
