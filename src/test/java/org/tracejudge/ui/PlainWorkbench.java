package org.tracejudge.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.settings.Settings;
import org.tracejudge.ui.session.Session;

/**
 * The workbench's view models without a window, for their plain JUnit tests (issue 37): the real session and view
 * models on a real project file, with one thread of the test's own ("plain-fx") playing the JavaFX thread's part —
 * everything the view models publish arrives there, and the test calls them there, as a view would.
 */
public final class PlainWorkbench implements AutoCloseable {
    private final ExecutorService fx = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "plain-fx");
        t.setDaemon(true);
        return t;
    });
    private final ViewModels vm;

    /** The view models with settings in {@code dir} naming {@code annotator} (null: none). */
    public PlainWorkbench(Path dir, String annotator) throws Exception {
        Path settings = dir.resolve("settings.json");
        Files.writeString(settings, annotator == null ? "{}" : "{\"annotator\": \"" + annotator + "\"}");
        vm = call(() -> ViewModels.create(new Session(Settings.load(settings), fx)));
    }

    /** The view models on the bundled sample project (built into {@code dir}), its 60 rows read. */
    public static PlainWorkbench sample(Path dir, String annotator) throws Exception {
        Path file = dir.resolve("sample.tjdb");
        SampleProject.build(file);
        PlainWorkbench w = new PlainWorkbench(dir, annotator);
        w.run(() -> w.vm.session().open(file));
        w.waitFor(
                "the sample's 60 rows and its first trace",
                () -> w.vm.table().totalProperty().get() == 60
                        && w.vm.trace().detailProperty().get() != null
                        && w.vm.agreement().agreementProperty().get() != null
                        && !w.vm.session().loadingProperty().get());
        return w;
    }

    /** Opens {@code file} and waits until it is read. */
    public PlainWorkbench open(Path file) throws Exception {
        run(() -> vm.session().open(file));
        waitFor(
                "the project open",
                () -> vm.session().openProperty().get()
                        && !vm.session().state().openingProperty().get()
                        && !vm.session().loadingProperty().get()
                        && file.equals(vm.session().projectFile()));
        return this;
    }

    public ViewModels vm() {
        return vm;
    }

    /** Runs {@code c} on the plain FX thread and returns its result. */
    public <T> T call(Callable<T> c) throws Exception {
        return fx.submit(c).get(30, TimeUnit.SECONDS);
    }

    /** Runs {@code r} on the plain FX thread and waits for it. */
    public void run(Runnable r) throws Exception {
        fx.submit(r).get(30, TimeUnit.SECONDS);
    }

    /** Waits (up to 30 s) until {@code c}, read on the plain FX thread, holds; fails naming what it waited for. */
    public void waitFor(String what, BooleanSupplier c) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!call(c::getAsBoolean)) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(20);
        }
    }

    /** Reads {@code work} on the project thread, after everything queued there so far (decisions are written there). */
    public <T> T query(java.util.function.Function<org.tracejudge.store.Project, T> work) throws Exception {
        java.util.concurrent.CompletableFuture<T> f = new java.util.concurrent.CompletableFuture<>();
        run(() -> vm.session().query(work, f::complete, m -> f.completeExceptionally(new AssertionError(m))));
        return f.get(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        try {
            run(vm::close);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            fx.shutdownNow();
        }
    }
}
