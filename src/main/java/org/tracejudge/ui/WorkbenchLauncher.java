package org.tracejudge.ui;

import javafx.application.Application;

/** Starts the JavaFX workbench (kept apart from {@link WorkbenchApp} so the jar's main class needs no JavaFX module setup). */
public final class WorkbenchLauncher {
    private WorkbenchLauncher() {}

    public static void launch(String[] args) {
        Application.launch(WorkbenchApp.class, args);
    }
}
