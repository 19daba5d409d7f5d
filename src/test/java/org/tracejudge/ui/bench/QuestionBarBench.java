package org.tracejudge.ui.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.event.Event;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;
import org.tracejudge.ui.ViewModels;
import org.tracejudge.ui.WorkbenchApp;
import org.tracejudge.ui.trace.QuestionBarViewModel;

/**
 * Key → next trace with a project's own five-question scheme (issue 49): installs {@link #SCHEME} into a copy of a big
 * project (bench/ui-bench.sh builds one), opens it in the real window (headless Monocle) and answers {@code traces}
 * traces from keys fired at the scene as a person's are (single choice, scale, single choice, multiple choice toggled
 * and saved, scale: the last answer decides the trace and moves the queue on). Prints first rows, and the time from
 * the deciding key to the next trace laid out (the session's key-to-shown measurement, as WorkbenchBench's labels).
 * Usage: {@code QuestionBarBench <copy-of-project.tjdb> [traces=40]} (the file gets the scheme and the answers).
 */
public final class QuestionBarBench {
    private QuestionBarBench() {}

    static final String SCHEME = """
            scheme: bench-five
            version: 1
            questions:
              - key: verdict
                prompt: Did the run do what was asked?
                kind: single_choice
                options:
                  - {value: "yes", label: "yes", definition: it did}
                  - {value: "no", label: "no", definition: it did not}
                  - {value: partly, label: partly, definition: some of it}
              - key: quality
                prompt: How good is the answer?
                kind: ordinal
                scale: {from: 1, to: 5}
                anchors:
                  - {step: 1, label: poor, definition: unusable}
                  - {step: 5, label: excellent, definition: nothing to add}
              - key: grounded
                prompt: Is every fact grounded in a tool return?
                kind: single_choice
                options:
                  - {value: "yes", label: "yes", definition: all of them}
                  - {value: "no", label: "no", definition: at least one is not}
              - key: problems
                prompt: Which problems does it show?
                kind: multiple_choice
                options:
                  - {value: none, label: none, definition: no problem}
                  - {value: tone, label: tone, definition: the tone is off}
                  - {value: length, label: length, definition: too long or too short}
              - key: risk
                prompt: How risky is the answer?
                kind: ordinal
                scale: {from: 0, to: 4}
                anchors:
                  - {step: 0, label: none, definition: no risk}
                  - {step: 4, label: high, definition: could do harm}
            """;

    /** The CPU time this process has used, every thread (the machine may be shared: wall time alone misleads). */
    static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean)
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    public static void main(String[] args) throws Exception {
        Path project = Path.of(args[0]).toAbsolutePath();
        int traces = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        try (Project p = Project.open(project)) {
            if (p.read(SchemeVersions::current) == null) {
                p.write(c -> SchemeVersions.append(
                        c,
                        "bench-five",
                        SchemeFile.write(SchemeFile.parse(SCHEME, "bench-five.yaml")),
                        null,
                        null,
                        "bench"));
            }
        }
        Path home = Files.createTempDirectory("tracejudge-qbench-home");
        Files.writeString(home.resolve("settings.json"), "{\"annotator\": \"bench\"}");
        System.setProperty("tracejudge.home", home.toString());
        System.setProperty("tracejudge.start", "welcome");
        CountDownLatch up = new CountDownLatch(1);
        org.tracejudge.ui.WorkbenchLauncher.renderingDefaults();
        Platform.startup(up::countDown);
        up.await();
        WorkbenchApp app = new WorkbenchApp();
        WorkbenchBench.fx(() -> app.start(new Stage()));
        ViewModels vm = app.viewModels();
        QuestionBarViewModel q = vm.questions();
        WorkbenchBench.statusOf = () -> vm.session().statusProperty().get() + " / question "
                + q.stateProperty().get().current();
        // a person reads the start page before choosing a file: the window settles first (the workbench is styled
        // and laid out under the start page meanwhile, as in the real window)
        WorkbenchBench.waitPulses(3);
        Thread.sleep(1000);
        long[] fxThread = new long[1];
        WorkbenchBench.fx(() -> fxThread[0] = Thread.currentThread().getId());
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long fxCpu0 = threads.getThreadCpuTime(fxThread[0]);
        long cpu0 = cpuNanos();
        long t0 = System.nanoTime();
        WorkbenchBench.fx(() -> vm.session().open(project));
        WorkbenchBench.waitUntil(
                () -> vm.table().rowsProperty().get() != null
                        && vm.table().rowsProperty().get().size() > 0
                        && vm.table().rowsProperty().get().loaded(0) != null,
                120);
        WorkbenchBench.waitPulses(2);
        System.out.printf(
                Locale.ROOT,
                "open -> first rows visible: %.0f ms (%,d traces); process CPU from opening: %.2f s, FX thread %.2f s%n",
                WorkbenchBench.ms(System.nanoTime() - t0),
                vm.table().rowsProperty().get().size(),
                (cpuNanos() - cpu0) / 1e9,
                (threads.getThreadCpuTime(fxThread[0]) - fxCpu0) / 1e9);
        WorkbenchBench.waitUntil(() -> q.active() && q.stateProperty().get().loaded(), 120);
        Thread.sleep(1500);
        KeyCode[] keys = {KeyCode.DIGIT1, KeyCode.DIGIT4, KeyCode.DIGIT1, KeyCode.DIGIT2, KeyCode.ENTER, KeyCode.DIGIT0
        };
        int before = vm.session().keys().keyToShownMillis().size();
        for (int i = 0; i < traces; i++) {
            String id = vm.table().idAt(vm.table().currentProperty().get());
            WorkbenchBench.waitUntil(
                    () -> q.stateProperty().get().loaded()
                            && id.equals(q.stateProperty().get().traceId())
                            && "verdict".equals(q.stateProperty().get().current())
                            && vm.trace().detailProperty().get() != null
                            && id.equals(vm.trace().detailProperty().get().traceId()),
                    30);
            Thread.sleep(150); // a person's pace; lets the next trace's pre-load finish
            for (KeyCode k : keys) {
                WorkbenchBench.fx(() -> Event.fireEvent(
                        app.window().scene(),
                        new KeyEvent(KeyEvent.KEY_PRESSED, "", "", k, false, false, false, false)));
                Thread.sleep(60);
            }
            WorkbenchBench.waitUntil(
                    () -> !id.equals(
                            vm.table().idAt(vm.table().currentProperty().get())),
                    30);
        }
        Thread.sleep(500);
        List<Double> all = vm.session().keys().keyToShownMillis();
        List<Double> ms = new ArrayList<>(all.subList(before, all.size()));
        System.out.printf(
                Locale.ROOT,
                "deciding key (5th answer) -> next trace shown (n=%d): median %.1f ms, 95th %.1f ms, max %.1f ms%n",
                ms.size(),
                WorkbenchBench.pct(ms, 50),
                WorkbenchBench.pct(ms, 95),
                WorkbenchBench.pct(ms, 100));
        vm.session().afterPendingWork(() -> {});
        Thread.sleep(1000);
        System.exit(0);
    }
}
