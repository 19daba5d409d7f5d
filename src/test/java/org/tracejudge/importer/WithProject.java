package org.tracejudge.importer;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.store.Project;

/** What the importer tests share: a fresh project file in a temporary folder for each test, closed after it. */
abstract class WithProject {
    @TempDir
    Path dir;

    Project project;

    @BeforeEach
    void open() {
        project = Project.open(dir.resolve("p.tjdb"), Project.OpenOptions.createIfMissing("test"));
    }

    @AfterEach
    void close() {
        project.close();
    }
}
