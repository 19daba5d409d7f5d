package org.tracejudge.ui;

import javafx.scene.Scene;
import javafx.stage.Stage;
import org.tracejudge.safety.Expert;
import org.tracejudge.ui.safety.SafetyReviewModel;
import org.tracejudge.ui.safety.SafetyReviewView;

/**
 * The safety review's own window, opened from the main window on the open project (when it has tool-selection
 * inputs) or on the bundled sample; at most one at a time.
 */
final class SafetyWindow {
    private final Stage owner;
    private final ViewModels vm;
    private final MainWindow w;
    private SafetyReviewView view;
    private SafetyReviewModel model;
    private Stage stage;

    SafetyWindow(Stage owner, ViewModels vm, MainWindow w) {
        this.owner = owner;
        this.vm = vm;
        this.w = w;
        // the workbench's close button closes this window too: it asks first over answers not committed
        owner.addEventFilter(javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST, e -> {
            if (!mayClose()) {
                e.consume();
            }
        });
    }

    SafetyReviewView view() {
        return view;
    }

    SafetyReviewModel model() {
        return model;
    }

    /** Whether the safety review may close: nothing uncommitted in it, or the reviewer chose to discard it. */
    boolean mayClose() {
        return view == null || view.confirmClose();
    }

    /** Opens the bundled safety sample in its own window; its content warning comes first. */
    void openSample() {
        open(
                org.tracejudge.sample.SafetySample::open,
                "Safety review — sample (invented conversations)",
                Expert.workbench(vm.session().annotatorProperty().get()),
                false);
    }

    /**
     * Opens the safety review on the open project when it has tool-selection inputs (a team project's under the
     * member's hub identity, whose decisions sync like the main window's), else on the bundled sample.
     */
    void openReview() {
        org.tracejudge.store.Project open = vm.session().project();
        if (open == null || !vm.session().state().hasSelectionInputs()) {
            if (open != null) {
                vm.session()
                        .setStatus(
                                "This project has no tool-selection inputs to review; the safety sample opens instead.");
            }
            openSample();
            return;
        }
        java.nio.file.Path file = open.file();
        org.tracejudge.ui.session.StateManager.Identity who =
                vm.session().state().identity(); // read with the project, off this thread
        String person = who.teamPerson();
        Expert expert = person != null
                ? Expert.team(who.teamUser(), person)
                : Expert.workbench(vm.session().annotatorProperty().get());
        open(
                () -> org.tracejudge.store.Project.open(file),
                "Safety review — " + who.projectName() + (person != null ? " (team project)" : ""),
                expert,
                true);
    }

    /**
     * The window's size on a screen: 1240×760 where that fits, else the screen less a margin, and on a larger screen
     * 85% of it (it stayed 1240×760 on 1920×1080, its headers cut, issue 48).
     */
    static double[] size(javafx.geometry.Rectangle2D screen) {
        double w = Math.min(screen.getWidth() - 40, Math.max(1240, (double) Math.round(screen.getWidth() * 0.85)));
        double h = Math.min(screen.getHeight() - 40, Math.max(760, (double) Math.round(screen.getHeight() * 0.85)));
        return new double[] {w, h};
    }

    private void open(
            java.util.function.Supplier<org.tracejudge.store.Project> opener,
            String title,
            Expert expert,
            boolean ofProject) {
        if (model != null) {
            stage.toFront();
            return;
        }
        model = new SafetyReviewModel();
        if (ofProject) {
            // decisions made there show in this window's table, and a team project sends them within seconds
            model.setOnWritten(() -> javafx.application.Platform.runLater(() -> {
                vm.session().refresh();
                vm.session().team().syncTeamNow();
            }));
        }
        // the expert is the workbench annotator (switching expert there changes it), or a team member's fixed identity
        view = new SafetyReviewView(
                model, expert, expert != null && expert.fixed() ? null : vm.decisions()::setAnnotator);
        Stage s = new Stage();
        stage = s;
        s.setTitle(title);
        double[] size = size(javafx.stage.Screen.getPrimary().getVisualBounds());
        Scene sc = new Scene(view, size[0], size[1]);
        w.styleLike(sc); // the theme (safety.css has its dark twin) and the text size follow the workbench
        // Ctrl+Q quits the workbench from this window too (its main window goes, and every other window with it)
        sc.getAccelerators().put(Shortcut.QUIT.accelerator(), () -> {
            if (mayClose()) {
                owner.close();
            }
        });
        // closing over answers not committed asks first
        s.setOnCloseRequest(e -> {
            if (view != null && !view.confirmClose()) {
                e.consume();
            }
        });
        s.setScene(sc);
        s.setOnHidden(e -> {
            model.close();
            model = null;
            view = null;
            stage = null;
        });
        s.show();
        model.load(opener)
                .whenComplete((loaded, err) -> javafx.application.Platform.runLater(() -> {
                    if (view == null) {
                        return; // the window was closed while the review was loading
                    }
                    if (err != null) {
                        Throwable cause =
                                err instanceof java.util.concurrent.CompletionException && err.getCause() != null
                                        ? err.getCause()
                                        : err;
                        view.setCenter(
                                new javafx.scene.control.Label("Cannot open the safety review: " + cause.getMessage()));
                    } else {
                        view.show(loaded);
                    }
                }));
    }
}
