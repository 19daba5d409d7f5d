package org.tracejudge.ui.session;

import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.tracejudge.store.Project;
import org.tracejudge.team.AutoSync;
import org.tracejudge.team.LocalTeam;

/**
 * A team project's background sync with its hub, and what the window shows of it: the sync state for the status bar
 * and a count of the decisions committed in this window (the agreement and calibration figures follow it). A project
 * without a hub has no sync and an empty status. The sync itself runs on {@link AutoSync}'s own thread; this class
 * only starts, nudges and stops it and publishes its state on the FX thread.
 */
public final class TeamSyncService implements AutoCloseable {
    /** The FX thread (Platform::runLater), or the thread a test gives. */
    private final java.util.concurrent.Executor fx;
    /** FX thread: re-reads the table and the agreement (others' decisions arrived). */
    private final Runnable reread;

    private final ReadOnlyStringWrapper teamStatus = new ReadOnlyStringWrapper("");
    private final ReadOnlyLongWrapper ledgerVersion = new ReadOnlyLongWrapper();
    private volatile AutoSync teamSync;

    /**
     * Publishes on {@code fx}; {@code reread} runs there when a sync pulled others' decisions.
     */
    public TeamSyncService(java.util.concurrent.Executor fx, Runnable reread) {
        this.fx = fx;
        this.reread = reread;
    }

    /** The team sync state for the status bar ("" for a project without a team). */
    public ReadOnlyStringProperty teamStatusProperty() {
        return teamStatus.getReadOnlyProperty();
    }

    /** Counts the decisions committed in this window (the calibration figures follow it). */
    public ReadOnlyLongProperty ledgerVersionProperty() {
        return ledgerVersion.getReadOnlyProperty();
    }

    /** Any thread: a decision was committed to the ledger. */
    public void ledgerChanged() {
        fx.execute(() -> ledgerVersion.set(ledgerVersion.get() + 1));
    }

    /** Syncs the open team project now (in the background). */
    public void syncTeamNow() {
        AutoSync a = teamSync;
        if (a != null) {
            a.nudge();
        }
    }

    /** Starts background sync for a team project (on the project thread, after it opened). */
    void startTeamSync(Project p) {
        AutoSync old = teamSync;
        teamSync = null;
        if (old != null) {
            old.close();
        }
        if (p.meta(LocalTeam.HUB) == null) {
            fx.execute(() -> teamStatus.set(""));
            return;
        }
        AutoSync a = new AutoSync(p, java.time.Duration.ofSeconds(3), st -> {
            fx.execute(() -> teamStatus.set(st.text()));
            if (st.message() != null
                    && st.message().startsWith("pushed")
                    && !st.message().endsWith("pulled 0")) {
                fx.execute(reread); // others' decisions arrived: re-read table and agreement
            }
        });
        teamSync = a;
        fx.execute(() -> teamStatus.set("Team: connecting…"));
        a.start();
    }

    /** Whether a project's sync is running (tests). */
    boolean syncing() {
        return teamSync != null;
    }

    /** Stops the sync (the window closed). */
    @Override
    public void close() {
        AutoSync ts = teamSync;
        teamSync = null;
        if (ts != null) {
            ts.close();
        }
    }
}
