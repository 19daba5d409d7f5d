package org.tracejudge.team;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.tracejudge.store.Project;

/**
 * Sync while online: a background thread syncs every {@code interval} and at once after {@link #nudge()} (a decision
 * was made), keeps one hub connection open and reconnects after a failure. Offline work stays in the file and goes out
 * on the first sync that reaches the hub. The listener gets the state after every attempt, on this class's thread.
 */
public final class AutoSync implements AutoCloseable {
    public enum State {
        UP_TO_DATE,
        WAITING,
        OFFLINE
    }

    /** @param offlineSince when the hub was last found unreachable (null while online) */
    public record Status(
            State state,
            long waiting,
            Instant offlineSince,
            Instant lastSync,
            String message,
            long keptLocal,
            long tampered) {
        public Status(
                State state, long waiting, Instant offlineSince, Instant lastSync, String message, long keptLocal) {
            this(state, waiting, offlineSince, lastSync, message, keptLocal, 0);
        }

        public String text() {
            return (tampered > 0
                            ? "WARNING: " + tampered + " hub entr" + (tampered == 1 ? "y" : "ies")
                                    + " changed or removed behind the team's back (File ▸ Team, team status) · "
                            : "")
                    + base()
                    + (keptLocal > 0 ? " · " + keptLocal + " not under your team name, kept local" : "");
        }

        private String base() {
            return switch (state) {
                case UP_TO_DATE -> "Team: up to date";
                case WAITING -> "Team: " + waiting + " waiting to push";
                case OFFLINE ->
                    "Team: offline since "
                            + java.time.format.DateTimeFormatter.ofPattern("HH:mm")
                                    .withZone(java.time.ZoneId.systemDefault())
                                    .format(offlineSince)
                            + (waiting > 0 ? ", " + waiting + " waiting" : "");
            };
        }
    }

    private final Project project;
    private final Duration interval;
    private final Consumer<Status> listener;
    private final ScheduledExecutorService exec = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "team-sync");
        t.setDaemon(true);
        return t;
    });
    private Hub hub;
    private volatile Status status = new Status(State.WAITING, 0, null, null, "not synced yet", 0);
    private ScheduledFuture<?> periodic;

    public AutoSync(Project project, Duration interval, Consumer<Status> listener) {
        this.project = project;
        this.interval = interval;
        this.listener = listener == null ? s -> {} : listener;
    }

    public synchronized void start() {
        if (periodic == null) {
            periodic = exec.scheduleWithFixedDelay(this::runOnce, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** A decision was committed: sync now rather than at the next interval. */
    public void nudge() {
        exec.execute(this::runOnce);
    }

    public Status status() {
        return status;
    }

    private void runOnce() {
        Status s;
        try {
            if (hub == null) {
                hub = Hub.connect(TeamSync.address(project));
            }
            TeamSync.Report r = TeamSync.sync(project, hub, TeamSync.QUIET);
            long[] w = TeamSync.waiting(project);
            s = new Status(
                    w[0] == 0 ? State.UP_TO_DATE : State.WAITING,
                    w[0],
                    null,
                    Instant.now(),
                    "pushed " + r.pushed() + ", pulled " + r.pulled(),
                    w[1],
                    TeamSync.problems(project)[2]);
        } catch (SQLException | RuntimeException e) {
            if (hub != null) {
                hub.close();
                hub = null;
            }
            long waiting;
            try {
                waiting = TeamSync.waiting(project)[0];
            } catch (RuntimeException e2) {
                waiting = status.waiting();
            }
            Instant since = status.offlineSince() != null ? status.offlineSince() : Instant.now();
            String msg = e.getMessage() == null ? e.toString() : e.getMessage();
            s = new Status(
                    State.OFFLINE, waiting, since, status.lastSync(), msg, status.keptLocal(), status.tampered());
        }
        status = s;
        listener.accept(s);
    }

    @Override
    public void close() {
        exec.shutdownNow();
        try {
            exec.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (hub != null) {
            hub.close();
        }
    }
}
