package org.tracejudge.ui.judges;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.tracejudge.store.Project;
import org.tracejudge.ui.session.Session;

/**
 * Judge runs from the window: a run goes on a thread of its own (with its own request workers and writer), and the
 * table and agreement are re-read when it ends. A run that stops before its first verdict leaves no rater behind.
 */
public final class JudgeRunViewModel {
    private final Session session;

    public JudgeRunViewModel(Session session) {
        this.session = session;
    }

    /** The window title ("Tracejudge — project"). */
    public javafx.beans.property.ReadOnlyStringProperty titleProperty() {
        return session.state().titleProperty();
    }

    /** Re-reads the table and agreement (new labels flow in while a run goes on). */
    public void refresh() {
        session.refresh();
    }

    /** Reads the open project on the project thread (the judges saved in it, its remote mode). */
    public <T> void query(java.util.function.Function<Project, T> work, Consumer<T> onFx, Consumer<String> onError) {
        session.query(work, onFx, onError);
    }

    /**
     * Runs a judge over the open project's traces that have no verdict from it yet, on a thread of its own
     * (the run has its own request workers and writer). {@code listener} hears progress from the run's writer
     * thread; {@code done} gets the report on the FX thread, {@code failed} the reason it could not start or
     * stopped; the table and agreement are re-read at the end. Returns what cancels the run.
     */
    public Runnable runJudge(
            org.tracejudge.judges.JudgeConfig cfg,
            org.tracejudge.judges.JudgeListener listener,
            Consumer<org.tracejudge.judges.RunReport> done,
            Consumer<String> failed) {
        return runJudge(cfg, Scope.ALL, 0, listener, done, failed);
    }

    /** Which traces a run judges (of those without its verdict). */
    public enum Scope {
        ALL("Every trace without its verdict"),
        FILTER("The traces of the table's current filter"),
        SAMPLE("A sample: at most N traces");

        private final String title;

        Scope(String title) {
            this.title = title;
        }

        @Override
        public String toString() {
            return title;
        }
    }

    /**
     * As {@link #runJudge(org.tracejudge.judges.JudgeConfig, org.tracejudge.judges.JudgeListener, Consumer, Consumer)}
     * over {@code scope}: every trace, the table's current filter (its ids read on the run's thread), or at most
     * {@code n} traces (a sample to try a judge on before paying for all).
     */
    public Runnable runJudge(
            org.tracejudge.judges.JudgeConfig cfg,
            Scope scope,
            int n,
            org.tracejudge.judges.JudgeListener listener,
            Consumer<org.tracejudge.judges.RunReport> done,
            Consumer<String> failed) {
        Project p = session.project();
        if (p == null) {
            failed.accept("No project is open.");
            return () -> {};
        }
        org.tracejudge.store.TraceTable.Filter filter = session.filterProperty().get(); // what the table shows now
        org.tracejudge.store.TraceTable table = session.state().table();
        java.util.concurrent.atomic.AtomicReference<org.tracejudge.judges.JudgeRunner> runner =
                new java.util.concurrent.atomic.AtomicReference<>();
        AtomicBoolean cancelled = new AtomicBoolean();
        Thread t = new Thread(
                () -> {
                    try {
                        org.tracejudge.judges.prompt.Rubric rubric = new org.tracejudge.judges.prompt.RubricLibrary(
                                        org.tracejudge.settings.AppDirs.dataDir()
                                                .resolve("rubrics"))
                                .rubric(cfg.rubric());
                        org.tracejudge.ensemble.JudgeChoice.pinCurrentJudges(p); // the ensemble keeps its two judges
                        org.tracejudge.judges.JudgeRunner.Options options = options(p, scope, n, filter, table);
                        org.tracejudge.judges.JudgeRunner r = new org.tracejudge.judges.JudgeRunner(
                                p, cfg, rubric, System::getenv, options, listener);
                        runner.set(r);
                        if (cancelled.get()) {
                            r.cancel();
                        }
                        org.tracejudge.judges.RunReport report = r.run();
                        session.onFx(() -> {
                            if (report.message() != null && !"done".equals(report.status())) {
                                failed.accept(report.message());
                            }
                            done.accept(report);
                            if (session.project() == p) {
                                session.reload(true);
                            }
                        });
                    } catch (RuntimeException e) {
                        session.onFx(() -> failed.accept(e.getMessage() == null ? e.toString() : e.getMessage()));
                    }
                },
                "judge-run");
        t.setDaemon(true);
        t.start();
        return () -> {
            cancelled.set(true);
            org.tracejudge.judges.JudgeRunner r = runner.get();
            if (r != null) {
                r.cancel();
            }
        };
    }

    /**
     * What the judge would send for the first trace of {@code scope}, exactly (redacted where the project says so),
     * built on a thread of its own; nothing is sent. {@code onFx} gets the text to show: the HTTP body and what was
     * redacted, by kind.
     */
    public void preview(org.tracejudge.judges.JudgeConfig cfg, Scope scope, int n, Consumer<String> onFx) {
        Project p = session.project();
        if (p == null) {
            onFx.accept("No project is open.");
            return;
        }
        org.tracejudge.store.TraceTable.Filter filter = session.filterProperty().get();
        org.tracejudge.store.TraceTable table = session.state().table();
        Thread t = new Thread(
                () -> {
                    String text;
                    try {
                        org.tracejudge.judges.prompt.Rubric rubric = new org.tracejudge.judges.prompt.RubricLibrary(
                                        org.tracejudge.settings.AppDirs.dataDir()
                                                .resolve("rubrics"))
                                .rubric(cfg.rubric());
                        org.tracejudge.judges.JudgeRunner.Options options = options(p, scope, n, filter, table);
                        org.tracejudge.judges.JudgeRunner r =
                                new org.tracejudge.judges.JudgeRunner(p, cfg, rubric, System::getenv, options, null);
                        java.util.List<org.tracejudge.judges.RemotePreview> previews = r.preview(1);
                        if (previews.isEmpty()) {
                            text = "Nothing to send: every trace here has a verdict from this judge.";
                        } else {
                            org.tracejudge.judges.RemotePreview pv = previews.get(0);
                            java.util.Map<org.tracejudge.redaction.Redactor.Kind, Long> kinds =
                                    new java.util.TreeMap<>();
                            pv.redaction().spans().forEach(sp -> kinds.merge(sp.kind(), 1L, Long::sum));
                            text = (r.redacts()
                                            ? "Redacted before sending: "
                                                    + (kinds.isEmpty()
                                                            ? "nothing found"
                                                            : kinds.entrySet().stream()
                                                                    .map(e -> e.getValue() + " " + e.getKey())
                                                                    .collect(java.util.stream.Collectors.joining(", ")))
                                                    + " (each shows as its kind, e.g. [NAME]). "
                                                    + org.tracejudge.redaction.Redactor.LIMITS
                                            : "Redaction is off for this judge: the trace goes as it is.")
                                    + "\n\nThe request body, byte for byte:\n" + pv.body();
                        }
                    } catch (RuntimeException e) {
                        text = "Cannot build the request: " + (e.getMessage() == null ? e.toString() : e.getMessage());
                    }
                    String shown = text;
                    session.onFx(() -> onFx.accept(shown));
                },
                "judge-preview");
        t.setDaemon(true);
        t.start();
    }

    /** The run's options for a scope: every trace, the ids of the filter the table showed, or at most n. */
    private static org.tracejudge.judges.JudgeRunner.Options options(
            Project p,
            Scope scope,
            int n,
            org.tracejudge.store.TraceTable.Filter filter,
            org.tracejudge.store.TraceTable table) {
        org.tracejudge.judges.JudgeRunner.Options options = org.tracejudge.judges.JudgeRunner.Options.defaults();
        if (scope == Scope.FILTER) {
            return options.withOnly(
                    table == null
                            ? java.util.Set.of()
                            : new java.util.HashSet<>(
                                    p.read(c -> table.ids(filter, org.tracejudge.store.TraceTable.Sort.DEFAULT))));
        }
        return scope == Scope.SAMPLE ? options.withLimit(Math.max(1, n)) : options;
    }
}
