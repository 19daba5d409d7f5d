package org.tracejudge.agreement;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The statistics core is pure Java: no JavaFX, SQL, HTTP or other project packages. Its one reader of files, the label
 * CSV, parses with Commons CSV (a maintained parser beats a hand-written one; issue 37).
 */
class PurityTest {
    @Test
    void dependsOnlyOnTheJdkAndJacksonAnnotations() {
        JavaClasses core = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.tracejudge.agreement");
        classes()
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage(
                        "org.tracejudge.agreement..",
                        "java.lang..",
                        "java.util..",
                        "java.io..",
                        "java.nio..",
                        "com.fasterxml.jackson.annotation..",
                        "org.apache.commons.csv..")
                .check(core);
    }
}
