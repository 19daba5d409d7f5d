package org.tracejudge.ui.receive;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tracejudge.importer.ImportReport;
import org.tracejudge.receive.ListenAddress;
import org.tracejudge.receive.Receiver;
import org.tracejudge.store.Project;
import org.tracejudge.ui.session.Session;

/**
 * File ▸ Receive traces…: an OTLP/HTTP endpoint writing into the open project while the window is open. Starting
 * binds the port off the FX thread; each run written is counted, listed, said in the status bar, and the table is
 * re-read (at most once a second while runs stream in). Stopping, closing the window or opening another project
 * writes the runs still in flight and says what was kept.
 */
public final class ReceiveViewModel {
    private static final int LOG_LINES = 200;

    private final Session session;
    private final StringProperty listen = new SimpleStringProperty(ListenAddress.DEFAULT);
    private final StringProperty tokenVariable = new SimpleStringProperty("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper counts = new ReadOnlyStringWrapper("");
    private final ObservableList<String> log = FXCollections.observableArrayList();
    private final AtomicLong runs = new AtomicLong();
    private final AtomicLong newTraces = new AtomicLong();
    /** Stored runs that log records coming after them completed (they are not new runs). */
    private final AtomicLong completed = new AtomicLong();

    private final AtomicBoolean refreshQueued = new AtomicBoolean();
    private volatile Receiver receiver;
    private volatile long lastRefresh;

    public ReceiveViewModel(Session session) {
        this.session = session;
        session.addListener(new Session.Listener() {
            @Override
            public void opened() {
                if (receiver != null) {
                    stop();
                }
            }
        });
    }

    public StringProperty listenProperty() {
        return listen;
    }

    public StringProperty tokenVariableProperty() {
        return tokenVariable;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty countsProperty() {
        return counts.getReadOnlyProperty();
    }

    public ObservableList<String> log() {
        return log;
    }

    /** FX thread: starts listening on the address typed, or says why not. */
    public void start() {
        Project project = session.project();
        if (project == null) {
            message.set("Open or create a project first: received runs are written into it.");
            return;
        }
        if (receiver != null || busy.get()) {
            return;
        }
        Receiver.Options options;
        try {
            InetSocketAddress at = ListenAddress.parse(listen.get());
            String var = tokenVariable.get() == null ? "" : tokenVariable.get().trim();
            String token = null;
            if (!var.isEmpty()) {
                token = System.getenv(var);
                if (token == null || token.isBlank()) {
                    message.set("The environment variable " + var + " is not set: start Tracejudge with it set.");
                    return;
                }
            }
            Receiver.Options d = Receiver.Options.loopback(0);
            options = new Receiver.Options(
                    at, token, Duration.ofSeconds(3), d.maxBodyBytes(), d.maxBufferedBytes(), d.maxPendingRuns());
        } catch (IllegalArgumentException e) {
            message.set("Cannot listen on " + listen.get() + ": " + e.getMessage()
                    + (e.getMessage() != null && e.getMessage().contains("needs a token")
                            ? ". Name the environment variable that holds the token."
                            : ""));
            return;
        }
        busy.set(true);
        runs.set(0);
        newTraces.set(0);
        log.clear();
        counts.set("");
        message.set("Starting…");
        CompletableFuture.supplyAsync(() -> {
                    try {
                        return Receiver.start(project, options, new Written());
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                })
                .whenComplete((r, error) -> session.onFx(() -> {
                    busy.set(false);
                    if (error != null) {
                        Throwable cause = error.getCause() == null ? error : error.getCause();
                        message.set("Cannot listen on " + listen.get() + ": " + cause.getMessage());
                        return;
                    }
                    receiver = r;
                    running.set(true);
                    String url = ListenAddress.url(r.address());
                    message.set("Receiving at " + url + ". Point the agent here with OTEL_EXPORTER_OTLP_ENDPOINT=" + url
                            + (options.token() == null ? "" : " and its bearer token") + ".");
                    counts.set("No run yet.");
                }));
    }

    /** FX thread: stops listening, writes the runs in flight, says what was kept. */
    public void stop() {
        Receiver r = receiver;
        if (r == null) {
            return;
        }
        receiver = null;
        busy.set(true);
        message.set("Stopping: writing the runs still in flight…");
        CompletableFuture.supplyAsync(r::stop)
                .whenComplete((s, error) -> session.onFx(() -> {
                    busy.set(false);
                    running.set(false);
                    if (error != null) {
                        message.set("Stopped, with an error: " + error.getMessage());
                    } else {
                        long kept = s.runsWritten() - s.runsCompleted();
                        message.set("Stopped. Kept " + kept + (kept == 1 ? " run" : " runs")
                                + " ("
                                + newTraces(s.tracesNew()) + ") from " + s.spans() + " spans in " + s.requests()
                                + " requests" + completedBy(s.runsCompleted())
                                + (s.refused() > 0 ? "; " + s.refused() + " refused, kept as files" : "")
                                + ".");
                    }
                    session.refresh();
                }));
    }

    /** Writer thread: what the receiver did, handed to the FX thread. */
    private final class Written implements Receiver.Listener {
        @Override
        public void written(java.util.List<Receiver.Written> written, ImportReport report) {
            // log records that came after their run's spans complete the stored run: not a run of their own
            long n = runs.addAndGet(written.size() - report.runsCompleted());
            long done = completed.addAndGet(report.runsCompleted());
            long fresh = newTraces.addAndGet(report.tracesNew());
            java.util.List<String> lines =
                    written.stream().map(ReceiveViewModel::logLine).toList();
            session.submit(session::contentChanged);
            session.onFx(() -> {
                lines.forEach(line -> log.add(0, line));
                if (log.size() > LOG_LINES) {
                    log.remove(LOG_LINES, log.size());
                }
                counts.set(n + (n == 1 ? " run" : " runs") + " written (" + newTraces(fresh) + ")" + completedBy(done));
                refreshSoon();
            });
        }

        @Override
        public void refused(String traceId, String why, Path keptAs) {
            session.onFx(() ->
                    log.add(0, "run " + shortId(traceId) + " was not imported: " + why + " (kept as " + keptAs + ")"));
        }
    }

    /** FX thread: re-reads the table now, or in a second when it was re-read less than a second ago. */
    private void refreshSoon() {
        long now = System.nanoTime();
        if (now - lastRefresh >= 1_000_000_000L) {
            lastRefresh = now;
            session.refresh();
            session.afterPendingWork(this::sayCount);
        } else if (refreshQueued.compareAndSet(false, true)) {
            CompletableFuture.delayedExecutor(1, java.util.concurrent.TimeUnit.SECONDS)
                    .execute(() -> session.onFx(() -> {
                        refreshQueued.set(false);
                        lastRefresh = System.nanoTime();
                        session.refresh();
                        session.afterPendingWork(this::sayCount);
                    }));
        }
    }

    /** FX thread, after the table was re-read (which sets the status bar itself): the count of runs received. */
    private void sayCount() {
        long n = runs.get();
        String rest = session.statusProperty().get().replaceFirst("^Received \\d+ runs? \\(\\d+ new traces?\\) · ", "");
        session.setStatus(
                "Received " + n + (n == 1 ? " run" : " runs") + " (" + newTraces(newTraces.get()) + ") · " + rest);
    }

    /** A log line for one run written: its spans and log records, or log records alone (a stored run's, late). */
    static String logLine(Receiver.Written r) {
        return "run " + shortId(r.traceId()) + ": "
                + (r.spans() == 0 ? r.logs() + " log records" : r.spans() + " spans, " + r.logs() + " log records");
    }

    /** "; N stored runs completed by later log records", or nothing. */
    private static String completedBy(long n) {
        return n == 0 ? "" : "; " + n + (n == 1 ? " stored run" : " stored runs") + " completed by later log records";
    }

    private static String newTraces(long n) {
        return n + (n == 1 ? " new trace" : " new traces");
    }

    private static String shortId(String traceId) {
        String printable = traceId.replaceAll("\\p{Cntrl}", "?");
        return printable.length() > 16 ? printable.substring(0, 16) + "…" : printable;
    }
}
