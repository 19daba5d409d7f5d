package org.tracejudge.ui;

import javafx.application.Application;

/** Starts the JavaFX workbench (kept apart from {@link WorkbenchApp} so the jar's main class needs no JavaFX module setup). */
public final class WorkbenchLauncher {
    private WorkbenchLauncher() {}

    public static void launch(String[] args) {
        renderingDefaults();
        // a person who starts the workbench again finds the project they had open (the first start: the sample)
        if (System.getProperty(WorkbenchApp.START) == null) {
            System.setProperty(WorkbenchApp.START, WorkbenchApp.START_LAST);
        }
        Application.launch(WorkbenchApp.class, args);
    }

    /**
     * Rendering settings the workbench wants, applied before the JavaFX toolkit starts unless the user set them:
     * region backgrounds are drawn directly rather than through JavaFX's cache of background images. With the
     * software renderer (laptops and remote desktops without usable OpenGL or Direct3D) every cached background is
     * a scaled image copy, and drawing the same table rows took three times as long per pixel (measured with
     * {@code bench/ui-bench.sh}); on a GPU pipeline the direct fills are as cheap as the cache.
     */
    public static void renderingDefaults() {
        if (System.getProperty("prism.disableRegionCaching") == null) {
            System.setProperty("prism.disableRegionCaching", "true");
        }
    }
}
