package org.tracejudge.ui;

import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.stage.Stage;

/**
 * The workbench window. Opens the project named on the command line, else the bundled sample project
 * (set {@code -Dtracejudge.start=welcome} to begin on the start page instead).
 */
public class WorkbenchApp extends Application {
    private ViewModels vm;
    private MainWindow window;

    @Override
    public void start(Stage stage) {
        org.tracejudge.store.Project.setActivity("the Tracejudge workbench");
        vm = ViewModels.create();
        window = new MainWindow(stage, vm);
        stage.show();
        List<String> args = getParameters() == null ? List.of() : getParameters().getUnnamed();
        if (!args.isEmpty()) {
            vm.session().open(Path.of(args.get(0)));
        } else if (!"welcome".equals(System.getProperty("tracejudge.start"))) {
            vm.session().open(null);
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
