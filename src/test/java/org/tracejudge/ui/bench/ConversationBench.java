package org.tracejudge.ui.bench;

import static org.tracejudge.ui.bench.WorkbenchBench.fx;
import static org.tracejudge.ui.bench.WorkbenchBench.gapMs;
import static org.tracejudge.ui.bench.WorkbenchBench.lastPulse;
import static org.tracejudge.ui.bench.WorkbenchBench.maxGap;
import static org.tracejudge.ui.bench.WorkbenchBench.ms;
import static org.tracejudge.ui.bench.WorkbenchBench.pct;
import static org.tracejudge.ui.bench.WorkbenchBench.resetGap;
import static org.tracejudge.ui.bench.WorkbenchBench.waitPulses;
import static org.tracejudge.ui.bench.WorkbenchBench.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.control.skin.VirtualFlow;
import javafx.stage.Stage;
import org.tracejudge.importer.Importer;
import org.tracejudge.store.Project;
import org.tracejudge.testdata.MultiTurnGenerator;
import org.tracejudge.ui.ViewModels;
import org.tracejudge.ui.WorkbenchApp;
import org.tracejudge.ui.conversation.ConversationView;

/**
 * The conversation view on generated 80-turn, 16-session, ~12k-token ToolHaystack-style conversations, in the real
 * window (headless Monocle): time from selecting a trace to its conversation laid out (detail read on the worker,
 * call-level rule, list filled, first cells laid out), then a smooth scroll through the whole conversation, one step
 * per animation pulse, reporting the longest gap between pulses and how many gaps exceeded two frames (33 ms).
 * Usage: ConversationBench [CASES=30]. Run by bench/conversation-bench.sh.
 */
public final class ConversationBench {
    private ConversationBench() {}

    public static void main(String[] args) throws Exception {
        int cases = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        Path home = Files.createTempDirectory("tracejudge-conv-bench");
        Files.writeString(home.resolve("settings.json"), "{\"annotator\": \"bench\"}");
        System.setProperty("tracejudge.home", home.toString());
        System.setProperty("tracejudge.start", "welcome");
        Path data = home.resolve("cases.jsonl");
        MultiTurnGenerator.write(data, cases, 16, 5, 11);
        Path project = home.resolve("conv.tjdb");
        try (Project p = Project.open(project, Project.OpenOptions.createIfMissing("conversation bench"))) {
            new Importer(p, null).importFiles(List.of(data), null, null);
        }
        CountDownLatch up = new CountDownLatch(1);
        org.tracejudge.ui.WorkbenchLauncher.renderingDefaults();
        Platform.startup(up::countDown);
        up.await();
        WorkbenchApp app = new WorkbenchApp();
        fx(() -> {
            Stage stage = new Stage();
            app.start(stage);
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(1280);
            stage.setHeight(800);
            new AnimationTimer() {
                @Override
                public void handle(long now) {
                    long prev = lastPulse.getAndSet(now);
                    if (prev != 0) {
                        long gap = now - prev;
                        maxGap.accumulateAndGet(gap, Math::max);
                        if (gap > 33_000_000L) {
                            longGaps.incrementAndGet();
                        }
                    }
                }
            }.start();
        });
        ViewModels vm = app.viewModels();
        fx(() -> vm.session().open(project));
        waitUntil(
                () -> vm.table().totalProperty().get() == cases
                        && !vm.session().loadingProperty().get(),
                60);
        waitUntil(() -> vm.trace().detailProperty().get() != null, 60);
        Thread.sleep(1000);
        ConversationView view = app.window().traceView().conversationView();
        List<Double> open = new ArrayList<>();
        for (int i = 1; i < cases; i++) {
            int at = i;
            String id = vm.table().idAt(i);
            long t0 = System.nanoTime();
            fx(() -> vm.table().go(at));
            waitUntil(
                    () -> vm.trace().detailProperty().get() != null
                            && id.equals(vm.trace().detailProperty().get().traceId())
                            && view.list().getItems().size() == 97
                            && laidOut(view),
                    30);
            open.add(ms(System.nanoTime() - t0));
        }
        System.out.printf(
                Locale.ROOT,
                "open an 80-turn conversation (select -> laid out), %d traces: median %.0f ms, p90 %.0f ms, max %.0f ms%n",
                open.size(),
                pct(open, 50),
                pct(open, 90),
                pct(open, 100));
        // where the time goes: reading the trace (SQL + JSON + call-level rule) and building + laying out the view
        List<Double> read = new ArrayList<>();
        List<Double> build = new ArrayList<>();
        try (Project p = Project.open(project)) {
            org.tracejudge.store.ProjectQueries q = new org.tracejudge.store.ProjectQueries(p);
            for (int i = 0; i < cases; i++) {
                long r0 = System.nanoTime();
                org.tracejudge.model.Trace tr = q.trace(vm.table().idAt(i));
                org.tracejudge.model.Task tk = q.task(tr.taskId());
                org.tracejudge.calls.CallVerdict v = org.tracejudge.calls.CallRule.judge(tk, tr);
                read.add(ms(System.nanoTime() - r0));
                ConversationView fresh = new ConversationView();
                double[] took = new double[1];
                fx(() -> {
                    javafx.scene.Scene sc = new javafx.scene.Scene(fresh, 760, 700);
                    long b0 = System.nanoTime();
                    fresh.show(tk, tr, v);
                    sc.getRoot().applyCss();
                    sc.getRoot().layout();
                    took[0] = ms(System.nanoTime() - b0);
                });
                build.add(took[0]);
            }
        }
        System.out.printf(
                Locale.ROOT,
                "  of which: read trace + call-level rule median %.0f ms (max %.0f); build + CSS + layout on the FX thread "
                        + "median %.0f ms (max %.0f)%n",
                pct(read, 50),
                pct(read, 100),
                pct(build, 50),
                pct(build, 100));
        // the floor: pulses of the idle window (nothing changes; software rendering of the whole scene)
        waitPulses(5);
        resetGap();
        longGaps.set(0);
        Thread.sleep(2000);
        System.out.printf(
                Locale.ROOT,
                "idle window for 2 s: longest pulse gap %.0f ms; gaps over 33 ms: %d%n",
                gapMs(),
                longGaps.get());
        // scroll: one step of 60 px per pulse, top to bottom and back
        List<Double> stepCost = new ArrayList<>();
        resetGap();
        longGaps.set(0);
        long t0 = System.nanoTime();
        int steps = 0;
        for (int dir : new int[] {1, -1}) {
            boolean[] end = {false};
            while (!end[0]) {
                fx(() -> {
                    long s0 = System.nanoTime();
                    VirtualFlow<?> flow = (VirtualFlow<?>) view.list().lookup(".virtual-flow");
                    double moved = flow.scrollPixels(60 * dir);
                    end[0] = moved == 0;
                    stepCost.add(ms(System.nanoTime() - s0));
                });
                steps++;
                Thread.sleep(16);
            }
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        System.out.printf(
                Locale.ROOT,
                "scroll through it and back: %d steps in %.1f s; longest pulse gap %.0f ms; gaps over 33 ms: %d; "
                        + "FX-thread time per scroll step: median %.1f ms, p99 %.1f ms, max %.1f ms%n",
                steps,
                secs,
                gapMs(),
                longGaps.get(),
                pct(stepCost, 50),
                pct(stepCost, 99),
                pct(stepCost, 100));
        fx(() -> {
            app.stop();
            Platform.exit();
        });
        System.exit(0);
    }

    static final AtomicInteger longGaps = new AtomicInteger();

    private static boolean laidOut(ConversationView view) {
        return view.list().lookupAll(".list-cell").stream()
                .anyMatch(n -> n instanceof javafx.scene.control.ListCell<?> c
                        && c.getItem() != null
                        && !c.isEmpty()
                        && c.getHeight() > 0);
    }
}
