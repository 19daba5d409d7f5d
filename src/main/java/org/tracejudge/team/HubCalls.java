package org.tracejudge.team;

import java.sql.SQLException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** The hub thread's calls as push and pull wait for them, and the cancel check both make between batches. */
final class HubCalls {
    private HubCalls() {}

    /** The result of a hub call made on the hub thread, its failure rethrown here as it was. */
    static <T> T await(Future<T> f) throws SQLException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("sync interrupted; what was sent and taken so far is kept");
        } catch (ExecutionException e) {
            Throwable t = e.getCause();
            if (t instanceof SQLException x) {
                throw x;
            }
            if (t instanceof RuntimeException x) {
                throw x;
            }
            if (t instanceof Error x) {
                throw x;
            }
            throw new IllegalStateException(t);
        }
    }

    /** Waits for a hub call still running after a failure here (the connection is not shared while it runs). */
    static void settle(Future<?> f) {
        if (f == null) {
            return;
        }
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException ignored) {
            // the failure that brought us here is the one reported
        }
    }

    static void checkCancel(TeamSync.Listener l) {
        if (l.cancelled()) {
            throw new CancellationException("sync cancelled; what was sent and taken so far is kept");
        }
    }
}
