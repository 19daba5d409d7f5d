package org.tracejudge.importer;

import java.nio.file.Path;

/** Progress of an import, and the way to cancel it. Called from worker threads. */
public interface ImportListener {
    /** {@code done} of {@code total} bytes of {@code file} have been read. */
    default void progress(Path file, long done, long total) {}

    /** {@code rows} records have been written so far in this import. */
    default void written(long rows) {}

    /** Polled often; return true to abandon the import (it rolls back). */
    default boolean cancelled() {
        return false;
    }

    ImportListener NONE = new ImportListener() {};
}
