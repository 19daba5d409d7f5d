package org.tracejudge.ui.judges;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import javafx.application.Platform;
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
        return session.titleProperty();
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
    public Runnable runJudge(org.tracejudge.judges.JudgeConfig cfg, org.tracejudge.judges.JudgeListener listener,
                             Consumer<org.tracejudge.judges.RunReport> done, Consumer<String> failed) {
        Project p = session.project();
        if (p == null) {
            failed.accept("No project is open.");
            return () -> { };
        }
        java.util.concurrent.atomic.AtomicReference<org.tracejudge.judges.JudgeRunner> runner =
                new java.util.concurrent.atomic.AtomicReference<>();
        AtomicBoolean cancelled = new AtomicBoolean();
        Thread t = new Thread(() -> {
            try {
                org.tracejudge.judges.prompt.Rubric rubric = new org.tracejudge.judges.prompt.RubricLibrary(
                        org.tracejudge.settings.AppDirs.dataDir().resolve("rubrics")).rubric(cfg.rubric());
                org.tracejudge.ensemble.JudgeChoice.pinCurrentJudges(p); // the ensemble keeps its two judges
                org.tracejudge.judges.JudgeRunner r = new org.tracejudge.judges.JudgeRunner(p, cfg, rubric,
                        System::getenv, org.tracejudge.judges.JudgeRunner.Options.defaults(), listener);
                runner.set(r);
                if (cancelled.get()) {
                    r.cancel();
                }
                org.tracejudge.judges.RunReport report = r.run();
                Platform.runLater(() -> {
                    if (report.message() != null && !"done".equals(report.status())) {
                        failed.accept(report.message());
                    }
                    done.accept(report);
                    if (session.project() == p) {
                        session.reload(true);
                    }
                });
            } catch (RuntimeException e) {
                Platform.runLater(() -> failed.accept(e.getMessage() == null ? e.toString() : e.getMessage()));
            }
        }, "judge-run");
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
}
