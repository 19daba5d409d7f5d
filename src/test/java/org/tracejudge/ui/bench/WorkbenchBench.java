package org.tracejudge.ui.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.event.Event;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.ViewModels;
import org.tracejudge.ui.WorkbenchApp;
import org.tracejudge.ui.table.PagedRows;
import org.tracejudge.ui.table.TraceTableView;

/**
 * Workbench benchmark on a big project (see {@code bench/ui-bench.sh}): time to first rows, the longest FX-thread
 * stall while scrolling and filtering (gaps between animation pulses, which fire every ~16 ms unless the FX
 * thread is busy), heap after GC, key-to-next-item and decision-to-agreement times.
 * Usage: {@code WorkbenchBench <project.tjdb> [decisions=40]}; runs headless (Monocle) or on a display.
 */
public final class WorkbenchBench {
    private WorkbenchBench() {}

    static final AtomicLong lastPulse = new AtomicLong();
    static final AtomicLong maxGap = new AtomicLong();
    /** Pulses seen and the gaps over 50 ms among them, since the last reset. */
    static final AtomicLong pulses = new AtomicLong();

    static final AtomicLong over50 = new AtomicLong();
    /** The longest CSS + layout pass of a pulse (the FX thread's own scene work, without waiting for rendering). */
    static final AtomicLong maxPass = new AtomicLong();

    static long passStart;
    /** Every pulse gap and CSS + layout pass since the last reset (FX thread only), for the medians and 95th percentiles. */
    static final List<Double> gapList = new ArrayList<>();

    static final List<Double> passList = new ArrayList<>();
    static java.util.function.Supplier<String> statusOf = () -> "";

    public static void main(String[] args) throws Exception {
        Path project = Path.of(args[0]).toAbsolutePath();
        int decisions = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        // a fresh home by default: the project is one this Tracejudge has not verified, so its integrity check runs
        // in the background during the run (a first open); -Dtracejudge.bench.home=DIR keeps the home of an earlier
        // run, whose clean close lets a reopen skip the check
        String keep = System.getProperty("tracejudge.bench.home");
        Path home = keep == null
                ? Files.createTempDirectory("tracejudge-bench-home")
                : Files.createDirectories(Path.of(keep));
        Files.writeString(home.resolve("settings.json"), "{\"annotator\": \"bench\"}");
        System.setProperty("tracejudge.home", home.toString());
        System.setProperty("tracejudge.start", "welcome");
        CountDownLatch up = new CountDownLatch(1);
        org.tracejudge.ui.WorkbenchLauncher.renderingDefaults();
        Platform.startup(up::countDown);
        up.await();
        WorkbenchApp app = new WorkbenchApp();
        fx(() -> {
            app.start(new Stage());
            new AnimationTimer() {
                @Override
                public void handle(long now) {
                    long prev = lastPulse.getAndSet(now);
                    if (prev != 0) {
                        maxGap.accumulateAndGet(now - prev, Math::max);
                        gapList.add(ms(now - prev));
                        pulses.incrementAndGet();
                        if (now - prev > 50_000_000L) {
                            over50.incrementAndGet();
                        }
                    }
                }
            }.start();
        });
        fx(() -> {
            app.window().scene().addPreLayoutPulseListener(() -> passStart = System.nanoTime());
            app.window().scene().addPostLayoutPulseListener(() -> {
                long pass = System.nanoTime() - passStart;
                maxPass.accumulateAndGet(pass, Math::max);
                passList.add(ms(pass));
            });
        });
        ViewModels vm = app.viewModels();
        statusOf = () -> vm.session().statusProperty().get() + " / current "
                + vm.table().currentProperty().get() + " / detail "
                + (vm.trace().detailProperty().get() == null
                        ? null
                        : vm.trace().detailProperty().get().traceId()) + " / id "
                + vm.table().idAt(vm.table().currentProperty().get());
        TraceTableView tableView = app.window().tableView();
        TableView<PagedRows.RowRef> table = tableView.table();

        // 1. open: until the first rows are filled in the table
        long t0 = System.nanoTime();
        fx(() -> vm.session().open(project));
        waitUntil(
                () -> table.getItems().size() > 0
                        && vm.table().rowsProperty().get().loaded(0) != null,
                60);
        waitPulses(2);
        double firstRows = ms(System.nanoTime() - t0);
        System.out.printf(
                Locale.ROOT,
                "open -> first rows visible: %.0f ms (%,d traces)%n",
                firstRows,
                vm.table().rowsProperty().get().size());
        waitUntil(() -> vm.agreement().agreementProperty().get() != null, 120);
        System.out.printf(Locale.ROOT, "open -> agreement panel filled: %.0f ms%n", ms(System.nanoTime() - t0));
        waitUntil(
                () -> vm.agreement().agreementProperty().get() != null
                        && !vm.agreement().agreementProperty().get().intervalsStale(),
                120);
        System.out.printf(
                Locale.ROOT,
                "open -> agreement intervals shown (bootstrap done): %.0f ms%n",
                ms(System.nanoTime() - t0));
        Thread.sleep(1500);

        // 2. and 3., in rounds (the first runs on a cold JIT): scrolling and filtering
        int rounds = Integer.getInteger("tracejudge.rounds", 3);
        int n = vm.table().rowsProperty().get().size();
        VirtualFlow<?> flow = (VirtualFlow<?>) table.lookup(".virtual-flow");
        for (int round = 1; round <= rounds; round++) {
            System.out.printf(Locale.ROOT, "-- round %d of %d%n", round, rounds);
            // drag the scroll bar through the table in steps
            resetGap();
            FxSampler js = Boolean.getBoolean("tracejudge.sample") ? new FxSampler() : null;
            if (js != null) {
                js.start();
            }
            for (int i = 0; i < 120; i++) {
                int row = (int) ((long) i * (n - 30) / 120);
                fx(() -> tableView.showFrom(row));
                Thread.sleep(16);
            }
            waitPulses(10);
            System.out.printf(
                    Locale.ROOT,
                    "scrolling 120 jumps across %,d rows: longest FX stall %.1f ms (pulse gap, rendering "
                            + "included); %s; longest CSS + layout pass %.1f ms%n",
                    n,
                    gapMs(),
                    over50(),
                    passMs());
            System.out.println("  " + spread());
            if (js != null) {
                js.stopAndPrint("dragging the scroll bar", 400);
            }
            // then the mouse wheel from the middle: three rows a notch, one notch a frame
            FxSampler sampler = Boolean.getBoolean("tracejudge.sample") ? new FxSampler() : null;
            if (sampler != null) {
                sampler.start();
            }
            fx(() -> tableView.showFrom(n / 2));
            waitPulses(3);
            resetGap();
            for (int i = 0; i < 300; i++) {
                fx(() -> flow.scrollPixels(3 * table.getFixedCellSize()));
                Thread.sleep(16);
            }
            int[] top = new int[1];
            fx(() -> top[0] =
                    tableView.window().offset() + flow.getFirstVisibleCell().getIndex());
            waitPulses(10);
            System.out.printf(
                    Locale.ROOT,
                    "wheel scrolling (300 notches of 3 rows, rows %,d to %,d): longest FX stall %.1f ms; %s; "
                            + "CSS + layout %.1f ms%n",
                    n / 2,
                    top[0],
                    gapMs(),
                    over50(),
                    passMs());
            if (sampler != null) {
                sampler.stopAndPrint("scrolling row by row", 60);
            }

            // filtering: each quick filter, a column filter and a search, waiting for each result
            for (TraceTable.Filter f : List.of(
                    TraceTable.Filter.NONE.withShow(TraceTable.Show.DISAGREE),
                    TraceTable.Filter.NONE.withShow(TraceTable.Show.PENDING),
                    TraceTable.Filter.NONE.with("model", "model-042"),
                    TraceTable.Filter.NONE.withSearch("revenue"),
                    TraceTable.Filter.NONE)) {
                resetGap();
                FxSampler fs = Boolean.getBoolean("tracejudge.sample") ? new FxSampler() : null;
                if (fs != null) {
                    fs.start();
                }
                long f0 = System.nanoTime();
                fx(() -> vm.table().setFilter(f));
                waitUntil(
                        () -> !vm.session().loadingProperty().get()
                                && vm.session().filterProperty().get().equals(f),
                        60);
                long f1 = System.nanoTime();
                // issue 51: the first rows come before the id list (a search's count comes with its list)
                waitUntil(
                        () -> !vm.session().statusProperty().get().startsWith("Searching")
                                && (vm.table().totalProperty().get() == 0
                                        || vm.table()
                                                        .idAt(vm.table()
                                                                        .totalProperty()
                                                                        .get()
                                                                - 1)
                                                != null),
                        120);
                waitPulses(3);
                System.out.printf(
                        Locale.ROOT,
                        "filter %-32s %,7d rows: first rows in %5.0f ms, whole queue in %5.0f ms; longest FX stall"
                                + " %.1f ms; %s; CSS + layout %.1f ms%n",
                        "'" + describe(f) + "'",
                        vm.table().rowsProperty().get().size(),
                        ms(f1 - f0),
                        ms(System.nanoTime() - f0),
                        gapMs(),
                        over50(),
                        passMs());
                if (fs != null) {
                    fs.stopAndPrint("filtering to " + describe(f), 400);
                }
            }
        }

        // 4. decisions: override with a key, then accept; time to the next item and to the agreement update
        waitUntil(() -> vm.trace().detailProperty().get() != null, 30);
        Thread.sleep(1000);
        List<Double> agreementMs = new ArrayList<>();
        List<Double> drawnMs = new ArrayList<>();
        // registered after the agreement panel's own listener, so it runs once the panel has redrawn its nodes
        AtomicLong drawnAt = new AtomicLong();
        fx(() -> vm.agreement()
                .agreementProperty()
                .addListener((o, a, b) -> drawnAt.compareAndSet(0, System.nanoTime())));
        resetGap();
        FxSampler ds = Boolean.getBoolean("tracejudge.sample") ? new FxSampler() : null;
        if (ds != null) {
            ds.start();
        }
        for (int i = 0; i < decisions; i++) {
            waitUntil(
                    () -> vm.trace().detailProperty().get() != null
                            && vm.trace()
                                    .detailProperty()
                                    .get()
                                    .traceId()
                                    .equals(vm.table()
                                            .idAt(vm.table().currentProperty().get())),
                    30);
            Thread.sleep(150); // a person's pace; lets the next item's pre-load finish
            Object before = vm.agreement().agreementProperty().get();
            long k0 = System.nanoTime();
            KeyCode key = i % 2 == 0 ? KeyCode.DIGIT2 : KeyCode.ENTER;
            long[] pressedAt = new long[1];
            fx(() -> {
                drawnAt.set(0);
                pressedAt[0] = System.nanoTime(); // the key reaches the window
                Event.fireEvent(
                        app.window().scene(),
                        new KeyEvent(KeyEvent.KEY_PRESSED, "", "", key, false, false, false, false));
            });
            waitUntil(() -> vm.agreement().agreementProperty().get() != before, 10);
            agreementMs.add(ms(System.nanoTime() - k0));
            drawnMs.add(ms(drawnAt.get() - pressedAt[0]));
        }
        Thread.sleep(500);
        if (ds != null) {
            ds.stopAndPrint("deciding", 400);
        }
        List<Double> keyMs = vm.session().keys().keyToShownMillis();
        List<Double> decisionsMs = keyMs.subList(Math.max(0, keyMs.size() - decisions), keyMs.size());
        System.out.printf(
                Locale.ROOT,
                "key -> next item shown (n=%d): median %.1f ms, max %.1f ms%n",
                decisionsMs.size(),
                pct(decisionsMs, 50),
                pct(decisionsMs, 100));
        System.out.printf(
                Locale.ROOT,
                "key -> agreement panel redrawn (n=%d): median %.1f ms, max %.1f ms%n",
                drawnMs.size(),
                pct(drawnMs, 50),
                pct(drawnMs, 100));
        System.out.printf(
                Locale.ROOT,
                "key -> change seen by the next FX task, FX queue wait included (n=%d): "
                        + "median %.1f ms, max %.1f ms%n",
                agreementMs.size(),
                pct(agreementMs, 50),
                pct(agreementMs, 100));
        System.out.printf(Locale.ROOT, "longest FX stall during decisions: %.1f ms%n", gapMs());
        // undo them all (leave the project as it was)
        for (int i = 0; i < decisions; i++) {
            fx(vm.decisions()::undo);
        }
        vm.session().afterPendingWork(() -> {});
        Thread.sleep(2000);

        // 5. heap
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        Runtime rt = Runtime.getRuntime();
        System.out.printf(
                Locale.ROOT,
                "heap used after GC: %d MB (max %d MB)%n",
                (rt.totalMemory() - rt.freeMemory()) >> 20,
                rt.maxMemory() >> 20);
        fx(() -> {
            app.stop();
            Platform.exit();
        });
        System.exit(0);
    }

    static String describe(TraceTable.Filter f) {
        return f.show() != TraceTable.Show.ALL
                ? f.show().title()
                : !f.search().isEmpty()
                        ? "search " + f.search()
                        : f.equals().isEmpty() ? "none" : f.equals().toString();
    }

    static void resetGap() throws Exception {
        fx(() -> {
            lastPulse.set(0);
            maxGap.set(0);
            pulses.set(0);
            over50.set(0);
            maxPass.set(0);
            gapList.clear();
            passList.clear();
        });
    }

    static String over50() {
        return String.format(Locale.ROOT, "%d of %d pulse gaps over 50 ms", over50.get(), pulses.get());
    }

    /** Median and 95th percentile of the pulse gaps and of the CSS + layout passes since the last reset. */
    static String spread() throws Exception {
        String[] out = new String[1];
        fx(() -> out[0] = String.format(
                Locale.ROOT,
                "pulse gaps: median %.1f ms, 95th percentile %.1f ms; CSS + layout: "
                        + "median %.1f ms, 95th percentile %.1f ms",
                pct(gapList, 50),
                pct(gapList, 95),
                pct(passList, 50),
                pct(passList, 95)));
        return out[0];
    }

    static double gapMs() {
        return maxGap.get() / 1e6;
    }

    static double passMs() {
        return maxPass.get() / 1e6;
    }

    static double ms(long nanos) {
        return nanos / 1e6;
    }

    static double pct(List<Double> xs, int p) {
        if (xs.isEmpty()) {
            return Double.NaN;
        }
        List<Double> s = new ArrayList<>(xs);
        s.sort(null);
        return s.get(Math.min(s.size() - 1, (int) Math.ceil(p / 100.0 * s.size()) - (p == 0 ? 0 : 1)));
    }

    static void fx(Runnable r) throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        Throwable[] err = new Throwable[1];
        Platform.runLater(() -> {
            try {
                r.run();
            } catch (Throwable t) {
                err[0] = t;
            } finally {
                done.countDown();
            }
        });
        if (!done.await(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("FX thread did not answer in 30 s");
        }
        if (err[0] != null) {
            throw new RuntimeException(err[0]);
        }
    }

    interface Check {
        boolean ok() throws Exception;
    }

    static void waitUntil(BooleanSupplier c, int seconds) throws Exception {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < end) {
            boolean[] ok = {false};
            fx(() -> ok[0] = c.getAsBoolean());
            if (ok[0]) {
                return;
            }
            Thread.sleep(5);
        }
        throw new IllegalStateException("timed out; status: " + statusOf.get());
    }

    static void waitPulses(int n) throws Exception {
        for (int i = 0; i < n; i++) {
            CountDownLatch l = new CountDownLatch(1);
            Platform.runLater(() -> {
                Platform.requestNextPulse();
                l.countDown();
            });
            l.await();
            Thread.sleep(17);
        }
    }
}
