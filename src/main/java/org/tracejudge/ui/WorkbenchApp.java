package org.tracejudge.ui;

import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.stage.Stage;

/** The workbench window. Opens the project named on the command line, or the bundled sample project. */
public class WorkbenchApp extends Application {
    private ProjectViewModel vm;

    @Override
    public void start(Stage stage) {
        vm = new ProjectViewModel();
        TraceListView view = new TraceListView(vm);
        Scene scene = new Scene(view, 1100, 700);
        scene.getStylesheets().add(WorkbenchApp.class.getResource("workbench.css").toExternalForm());
        stage.titleProperty().bind(vm.titleProperty());
        stage.setScene(scene);
        stage.setMinWidth(640);
        stage.setMinHeight(400);
        stage.show();
        List<String> args = getParameters() == null ? List.of() : getParameters().getUnnamed();
        vm.open(args.isEmpty() ? null : Path.of(args.get(0)));
    }

    @Override
    public void stop() {
        if (vm != null) {
            vm.close();
        }
    }

    ProjectViewModel viewModel() {
        return vm;
    }
}
