package org.tracejudge.ui.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.ViewModels;
import org.tracejudge.ui.WorkbenchApp;

/**
 * Takes the README's screenshots on a real display (run under Xvfb: see bench/screenshots.sh): drives the
 * workbench through its main views and grabs the screen with ImageMagick's {@code import} after each step.
 * Usage: {@code ScreenshotTour <outDir>}.
 */
public final class ScreenshotTour {
    private ScreenshotTour() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        Path home = Files.createTempDirectory("tracejudge-shots");
        Files.writeString(home.resolve("settings.json"), "{\"annotator\": \"ana\"}");
        System.setProperty("tracejudge.home", home.toString());
        Stage[] stage = new Stage[1];
        WorkbenchApp app = startWindow(stage);
        ViewModels vm = app.viewModels();
        WorkbenchBench.waitUntil(
                () -> vm.agreement().agreementProperty().get() != null
                        && vm.trace().detailProperty().get() != null,
                60);
        Thread.sleep(4000);
        shot(out, "workbench-sample.png");
        // a trace whose answer asserts values the return does not support
        WorkbenchBench.fx(() -> vm.table().setFilter(TraceTable.Filter.NONE.with("task", "OF-TRV-001")));
        WorkbenchBench.waitUntil(
                () -> !vm.session().loadingProperty().get()
                        && vm.trace().detailProperty().get() != null
                        && vm.trace().detailProperty().get().task().key().equals("OF-TRV-001"),
                30);
        Thread.sleep(2500);
        shot(out, "trace-view.png");
        // disagreements, one override
        WorkbenchBench.fx(() -> vm.table().setFilter(TraceTable.Filter.NONE.withShow(TraceTable.Show.DISAGREE)));
        WorkbenchBench.waitUntil(
                () -> !vm.session().loadingProperty().get()
                        && vm.trace().detailProperty().get() != null,
                30);
        Thread.sleep(1500);
        WorkbenchBench.fx(() -> vm.decisions().overrideWithKey(2));
        Thread.sleep(2500);
        shot(out, "review-disagreements.png");
        WorkbenchBench.fx(vm.decisions()::undo);
        // blind mode
        WorkbenchBench.fx(() -> {
            vm.table().setFilter(TraceTable.Filter.NONE.withShow(TraceTable.Show.NOT_MINE));
            vm.session().state().blindProperty().set(true);
        });
        WorkbenchBench.waitUntil(
                () -> !vm.session().loadingProperty().get()
                        && vm.trace().detailProperty().get() != null,
                30);
        Thread.sleep(2000);
        shot(out, "blind-mode.png");
        WorkbenchBench.fx(() -> vm.session().state().blindProperty().set(false));
        // start page with an import error
        Path bad = home.resolve("kestrel_20261101_120000.json");
        Files.writeString(
                bad, "[\n  {\"task_id\": \"RI-TRV-001\", \"agent_answer\": \"ok\",\n   \"model\": kestrel}\n]\n");
        WorkbenchBench.fx(() -> {
            app.window().showWelcome();
            app.window().importFiles(List.of(bad));
        });
        WorkbenchBench.waitUntil(() -> vm.imports().importErrorProperty().get() != null, 30);
        Thread.sleep(1500);
        shot(out, "start-page-import-error.png");
        WorkbenchBench.fx(() -> {
            vm.imports().dismiss();
            app.window().showWorkbench();
            app.window().showShortcuts();
        });
        Thread.sleep(1500);
        shot(out, "shortcuts.png");
        // the metrics dashboard, in its own window over the workbench
        javafx.stage.Stage[] metrics = new javafx.stage.Stage[1];
        WorkbenchBench.fx(() -> {
            javafx.stage.Window.getWindows().stream()
                    .filter(w -> w != stage[0])
                    .toList()
                    .forEach(w -> ((Stage) w).close());
            metrics[0] = app.window().showMetrics().stage();
            metrics[0].setX(0);
            metrics[0].setY(0);
        });
        WorkbenchBench.waitUntil(
                () -> app.window().metricsWindow().dashboardProperty().get() != null, 30);
        Thread.sleep(2500);
        shot(out, "metrics-dashboard.png");
        // the judge-run window: a new local judge whose server is not running yet, after Test connection
        WorkbenchBench.fx(() -> {
            metrics[0].close();
            javafx.stage.Stage j = app.window().showJudgeRun().stage();
            j.setX(320);
            j.setY(120);
        });
        Thread.sleep(1500);
        WorkbenchBench.fx(() -> ((javafx.scene.control.Button)
                        app.window().judgeRunWindow().stage().getScene().lookup("#judgeTest"))
                .fire());
        Thread.sleep(2500);
        shot(out, "judge-run.png");
        // the safety review sample: its content warning, then the blind review
        WorkbenchBench.fx(() -> {
            app.window().judgeRunWindow().stage().close();
            app.window().openSafetySample();
        });
        WorkbenchBench.waitUntil(
                () -> app.window().safetyView() != null
                        && app.window().safetyView().lookup("#continueWarning") != null,
                30);
        WorkbenchBench.fx(() -> {
            javafx.stage.Window w = app.window().safetyView().getScene().getWindow();
            w.setX(0);
            w.setY(0);
            w.setWidth(1280); // the whole screen: the workbench behind it does not show at the edges
            w.setHeight(800);
        });
        Thread.sleep(1500);
        shot(out, "safety-content-warning.png");
        WorkbenchBench.fx(
                () -> ((javafx.scene.control.Button) app.window().safetyView().lookup("#continueWarning")).fire());
        Thread.sleep(2000);
        // the expert is the workbench annotator ("ana"); she decides lantern/4 from the keyboard, blind
        org.tracejudge.ui.safety.SafetyReviewView sv = app.window().safetyView();
        javafx.scene.Scene scene = sv.getScene();
        WorkbenchBench.fx(() -> sv.selectInput("lantern/4"));
        Thread.sleep(1200);
        keys(scene, KeyCode.DIGIT5, KeyCode.N, KeyCode.DIGIT6);
        Thread.sleep(800);
        shot(out, "safety-review.png");
        keys(scene, KeyCode.Y, KeyCode.R);
        WorkbenchBench.fx(() -> ((javafx.scene.control.TextArea) sv.lookup("#safetyRationale"))
                .setText("a plan with a time: \"ending it tonight\""));
        keys(scene, KeyCode.ESCAPE);
        ctrl(scene, KeyCode.ENTER);
        Thread.sleep(3000);
        shot(out, "safety-reveal.png");
        // a second expert on the same input: an empty form, nothing of ana's
        WorkbenchBench.fx(() -> sv.switchExpert("ben"));
        Thread.sleep(1500);
        keys(scene, KeyCode.DIGIT5, KeyCode.N, KeyCode.DIGIT6, KeyCode.N);
        ctrl(scene, KeyCode.ENTER);
        Thread.sleep(1500);
        shot(out, "safety-second-expert.png");
        WorkbenchBench.fx(() ->
                ((javafx.scene.control.TextArea) sv.lookup("#safetyRationale")).setText("venting, no means named"));
        keys(scene, KeyCode.ESCAPE);
        ctrl(scene, KeyCode.ENTER);
        Thread.sleep(2000);
        // the adjudicator, who is neither of them
        WorkbenchBench.fx(() -> sv.switchExpert("cleo"));
        Thread.sleep(800);
        ctrl(scene, KeyCode.DIGIT2);
        Thread.sleep(2000);
        keys(scene, KeyCode.DIGIT1, KeyCode.Y);
        Thread.sleep(800);
        shot(out, "safety-adjudication.png");
        // the agreement tab after a kappa cell was clicked, then the dark theme
        WorkbenchBench.fx(() -> {
            ((Stage) sv.getScene().getWindow()).close();
            stage[0].toFront();
            vm.table().setFilter(TraceTable.Filter.NONE);
            app.window().showAgreement(true);
        });
        Thread.sleep(2500);
        WorkbenchBench.fx(() -> {
            javafx.scene.Node k = stage[0].getScene().getRoot().lookupAll(".kappa-cell").stream()
                    .filter(n -> n.getId() != null
                            && n.getId().contains("dtree")
                            && n.getId().endsWith("evidence"))
                    .findFirst()
                    .orElse(null);
            if (k != null) {
                k.fireEvent(new javafx.scene.input.MouseEvent(
                        javafx.scene.input.MouseEvent.MOUSE_CLICKED,
                        0,
                        0,
                        0,
                        0,
                        javafx.scene.input.MouseButton.PRIMARY,
                        1,
                        false,
                        false,
                        false,
                        false,
                        true,
                        false,
                        false,
                        true,
                        false,
                        false,
                        null));
            }
        });
        Thread.sleep(2000);
        shot(out, "agreement-tab.png");
        WorkbenchBench.fx(() -> {
            app.window().showAgreement(false);
            app.window().themeModeProperty().set(org.tracejudge.ui.common.Theme.Mode.DARK);
            vm.table().setFilter(TraceTable.Filter.NONE.withShow(TraceTable.Show.DISAGREE));
        });
        WorkbenchBench.waitUntil(
                () -> !vm.session().loadingProperty().get()
                        && vm.trace().detailProperty().get() != null,
                30);
        Thread.sleep(2500);
        shot(out, "workbench-dark.png");
        if (args.length > 1) {
            WorkbenchBench.fx(() -> {
                Platform.exit();
            });
        }
        Platform.exit();
        System.exit(0);
    }

    /** Starts JavaFX and the workbench in a 1280×800 window at the screen's corner; {@code stage[0]} is its stage. */
    static WorkbenchApp startWindow(Stage[] stage) throws Exception {
        CountDownLatch up = new CountDownLatch(1);
        org.tracejudge.ui.WorkbenchLauncher.renderingDefaults();
        Platform.startup(up::countDown);
        up.await();
        WorkbenchApp app = new WorkbenchApp();
        WorkbenchBench.fx(() -> {
            stage[0] = new Stage();
            app.start(stage[0]);
            stage[0].setX(0);
            stage[0].setY(0);
            stage[0].setWidth(1280);
            stage[0].setHeight(800);
        });
        return app;
    }

    /** Presses keys in a scene as the keyboard would (pressed, typed, released). */
    static void keys(javafx.scene.Scene scene, KeyCode... codes) throws Exception {
        for (KeyCode k : codes) {
            key(scene, k, false);
        }
    }

    static void ctrl(javafx.scene.Scene scene, KeyCode k) throws Exception {
        key(scene, k, true);
    }

    private static void key(javafx.scene.Scene scene, KeyCode k, boolean ctrl) throws Exception {
        String ch = k.isLetterKey() ? k.getChar().toLowerCase(Locale.ROOT) : k.isDigitKey() ? k.getChar() : "";
        WorkbenchBench.fx(() -> {
            javafx.event.Event.fireEvent(
                    scene.getFocusOwner() == null ? scene.getRoot() : scene.getFocusOwner(),
                    new KeyEvent(KeyEvent.KEY_PRESSED, ch, ch, k, false, ctrl, false, false));
            javafx.event.Event.fireEvent(
                    scene.getFocusOwner() == null ? scene.getRoot() : scene.getFocusOwner(),
                    new KeyEvent(KeyEvent.KEY_RELEASED, ch, ch, k, false, ctrl, false, false));
        });
        Thread.sleep(150);
    }

    static void shot(Path dir, String name) throws Exception {
        Process p = new ProcessBuilder(
                        "import", "-window", "root", dir.resolve(name).toString())
                .inheritIO()
                .start();
        p.waitFor();
        System.out.println("screenshot " + dir.resolve(name));
    }
}
