package org.tracejudge.cli;

import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/**
 * The PROJECT argument most commands take first: {@code @Mixin ProjectFile project;} then {@code project.path}.
 * Its text is the path's, so messages that name it read as before.
 */
final class ProjectFile {
    @Parameters(index = "0", paramLabel = "PROJECT", description = "The project file (.tjdb).")
    Path path;

    @Override
    public String toString() {
        return String.valueOf(path);
    }
}
