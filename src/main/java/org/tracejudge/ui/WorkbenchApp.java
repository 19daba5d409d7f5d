package org.tracejudge.ui;

import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.stage.Stage;

/**
 * The workbench window. Opens the project named on the command line; else, started by the launcher, the project
 * open last (the bundled sample the first time); else the sample ({@code -Dtracejudge.start=welcome}: the start page).
 */
public class WorkbenchApp extends Application {
    private ViewModels vm;
    private MainWindow window;

    @Override
    public void start(Stage stage) {
        org.tracejudge.store.Project.setActivity("the Tracejudge workbench");
        org.tracejudge.store.Project.warmUpInBackground(); // while the window is built
        windowClass();
        vm = ViewModels.create();
        window = new MainWindow(stage, vm);
        // the workbench ends with its main window (Ctrl+Q, the close button): the safety-review, metrics, judge and
        // team windows go with it, so no window keeps a process running with nothing to return to
        stage.addEventHandler(javafx.stage.WindowEvent.WINDOW_HIDDEN, e -> closeOtherWindows(stage));
        stage.show();
        List<String> args =
                getParameters() == null ? List.of() : getParameters().getUnnamed();
        String start = System.getProperty(START, "");
        if (!args.isEmpty()) {
            vm.session().open(Path.of(args.get(0)));
        } else if (START_LAST.equals(start)) {
            vm.session().open(lastProject(vm.session().state().settings().recentProjects()));
        } else if (!"welcome".equals(start)) {
            vm.session().open(null);
        }
    }

    /** Hides every window but {@code main} (copied first: hiding one changes the list). */
    static void closeOtherWindows(javafx.stage.Window main) {
        for (javafx.stage.Window w : List.copyOf(javafx.stage.Window.getWindows())) {
            if (w != main && w.isShowing()) {
                w.hide();
            }
        }
    }

    /** The system property that says where the window starts: {@code welcome}, {@code last}, else the sample. */
    static final String START = "tracejudge.start";
    /** Start on the most recent project that still exists (the launcher's default), else the sample. */
    static final String START_LAST = "last";

    /** The most recent project file that still exists, or null (the sample). */
    static Path lastProject(List<Path> recent) {
        return recent.stream()
                .filter(java.nio.file.Files::isRegularFile)
                .findFirst()
                .orElse(null);
    }

    /** The X11 window class of our windows, which the .desktop file's StartupWMClass names (docks group by it). */
    public static final String WM_CLASS = "Tracejudge";

    /**
     * Names the application for the windowing system before the first window is made: on Linux, JavaFX's GTK
     * glass sets each window's WM_CLASS from this name, which otherwise is the Java class name
     * (org.tracejudge.ui.WorkbenchApp). JavaFX 21 has no public API for it; the glass call is the known way, and
     * where it is not reachable (a JavaFX on the module path that does not open it) the class name stays.
     */
    static void windowClass() {
        try {
            Class<?> glass = Class.forName("com.sun.glass.ui.Application");
            Object app = glass.getMethod("GetApplication").invoke(null);
            if (app != null) {
                glass.getMethod("setName", String.class).invoke(app, WM_CLASS);
                if (!WM_CLASS.equals(glass.getMethod("getName").invoke(app))) {
                    // JavaFX 21 names the application once (after its Application class, before start): the name
                    // is then only reachable as the field the windows read it from
                    java.lang.reflect.Field name = glass.getDeclaredField("name");
                    name.setAccessible(true);
                    name.set(app, WM_CLASS);
                }
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // not reachable here: the window keeps the default class
            if (Boolean.getBoolean("tracejudge.debugWmClass")) {
                e.printStackTrace();
            }
        }
    }

    @Override
    public void stop() {
        if (vm != null) {
            vm.close();
        }
    }

    /** The window's view models (tests, bench). */
    public ViewModels viewModels() {
        return vm;
    }

    public MainWindow window() {
        return window;
    }
}
