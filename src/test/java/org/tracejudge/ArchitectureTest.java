package org.tracejudge;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The core (model, import, store, rules, judges, statistics…) never touches JavaFX; only the UI does. */
class ArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.tracejudge");

    @Test
    void coreIsFreeOfJavaFx() {
        noClasses().that().resideOutsideOfPackage("org.tracejudge.ui..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..")
                .because("the core and the CLI must run without a display")
                .check(CLASSES);
    }

    @Test
    void coreDependsNeitherOnTheUiNorOnTheCli() {
        noClasses().that().resideOutsideOfPackages("org.tracejudge.ui..", "org.tracejudge.cli..")
                .and().doNotHaveFullyQualifiedName("org.tracejudge.Main")
                .should().dependOnClassesThat().resideInAnyPackage("org.tracejudge.ui..", "org.tracejudge.cli..")
                .check(CLASSES);
    }

    @Test
    void theUiNeverRunsSqlOrHttpItself() {
        noClasses().that().resideInAPackage("org.tracejudge.ui..")
                .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "org.sqlite..", "okhttp3..")
                .because("views and view models go through the core on background threads")
                .check(CLASSES);
    }

    @Test
    void theModelDependsOnNothingElseOfOurs() {
        noClasses().that().resideInAPackage("org.tracejudge.model..")
                .should().dependOnClassesThat().resideInAnyPackage("org.tracejudge.store..", "org.tracejudge.importer..",
                        "org.tracejudge.export..", "org.tracejudge.sample..")
                .check(CLASSES);
    }
}
