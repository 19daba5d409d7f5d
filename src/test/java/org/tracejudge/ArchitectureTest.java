package org.tracejudge;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.junit.jupiter.api.Test;

/** The core (model, import, store, rules, judges, statistics…) never touches JavaFX; only the UI does. */
class ArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.tracejudge");

    @Test
    void coreIsFreeOfJavaFx() {
        noClasses()
                .that()
                .resideOutsideOfPackage("org.tracejudge.ui..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx..", "org.controlsfx..")
                .because("the core and the CLI must run without a display")
                .check(CLASSES);
    }

    @Test
    void coreDependsNeitherOnTheUiNorOnTheCli() {
        noClasses()
                .that()
                .resideOutsideOfPackages("org.tracejudge.ui..", "org.tracejudge.cli..")
                .and()
                .doNotHaveFullyQualifiedName("org.tracejudge.Main")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.tracejudge.ui..", "org.tracejudge.cli..")
                .check(CLASSES);
    }

    @Test
    void theUiNeverRunsSqlOrHttpItself() {
        noClasses()
                .that()
                .resideInAPackage("org.tracejudge.ui..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("java.sql..", "org.sqlite..", "okhttp3..")
                .because("views and view models go through the core on background threads")
                .check(CLASSES);
    }

    /** SQL runs behind repositories in {@code store} (the project file) and {@code team} (the hub), nowhere else. */
    @Test
    void sqlRunsOnlyInStoreAndTeam() {
        noClasses()
                .that()
                .resideOutsideOfPackages("org.tracejudge.store..", "org.tracejudge.team..")
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName("java.sql.PreparedStatement")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("java.sql.Statement")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("java.sql.ResultSet")
                .because("SQL lives behind repositories in store and team")
                .check(CLASSES);
    }

    /** No package cycles, core or UI: each package is a room a reader can understand without the ones that use it. */
    @Test
    void packagesAreFreeOfCycles() {
        com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices()
                .matching("org.tracejudge.(**)")
                .should()
                .beFreeOfCycles()
                .check(CLASSES);
    }

    @Test
    void theModelDependsOnNothingElseOfOurs() {
        noClasses()
                .that()
                .resideInAPackage("org.tracejudge.model..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.tracejudge.store..", "org.tracejudge.importer..", "org.tracejudge.sample..")
                .check(CLASSES);
    }

    // ------------------------------------------------------------------------------------ UI: one view model per view

    /** A view model (or a type nested in one): ui.X.FooViewModel, ui.X.FooViewModel$Bar. */
    private static boolean isViewModel(JavaClass c) {
        return c.getName().matches(".*ViewModel(\\$.*)?");
    }

    /**
     * The views: classes of the UI's feature packages (ui.table, ui.trace, ui.agreement, ui.welcome, ui.judges, ...)
     * that are no view model. The root package (the main window, which composes the views and handles the review keys
     * and menus, and the app) and the session are not views.
     */
    private static final DescribedPredicate<JavaClass> VIEWS = DescribedPredicate.describe(
            "views",
            c -> c.getPackageName().startsWith("org.tracejudge.ui.")
                    && !c.getPackageName().startsWith("org.tracejudge.ui.session")
                    && !isViewModel(c));

    @Test
    void viewsReachNoFurtherThanTheirOwnViewModelAndTheSession() {
        classes()
                .that(VIEWS)
                .should(new ArchCondition<JavaClass>("depend on no view model of another package") {
                    @Override
                    public void check(JavaClass view, ConditionEvents events) {
                        for (Dependency d : view.getDirectDependenciesFromSelf()) {
                            JavaClass target = d.getTargetClass();
                            if (isViewModel(target) && !target.getPackageName().equals(view.getPackageName())) {
                                events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                            }
                        }
                    }
                })
                .because("a view talks to its own view model (and the shared session), so a change to one view's state "
                        + "touches one view model")
                .check(CLASSES);
    }

    @Test
    void viewsNeitherWriteTheProjectNorRunWork() {
        noClasses()
                .that(VIEWS)
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName("org.tracejudge.store.Adjudications")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("org.tracejudge.store.Ledger")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("org.tracejudge.store.ProjectQueries")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("org.tracejudge.importer.Importer")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("org.tracejudge.judges.JudgeRunner")
                .orShould()
                .dependOnClassesThat()
                .resideInAnyPackage("org.tracejudge.classify..", "org.tracejudge.export..")
                .because(
                        "decisions, imports, classify, export and judge runs go through view models, which run them on "
                                + "the project's threads with progress and cancel")
                .check(CLASSES);
    }

    /**
     * View models hold state and flows, never nodes: no controls, layouts, scenes or windows (JavaFX properties and
     * collections are fine), so that each runs in a plain JUnit test without the toolkit. No exception is needed
     * today; SafetyReviewViewModel's default FX hop (javafx.application.Platform) is not a node.
     */
    @Test
    void viewModelsTouchNoNodes() {
        noClasses()
                .that(DescribedPredicate.describe("view models", ArchitectureTest::isViewModel))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx.scene..", "javafx.stage..", "javafx.animation..")
                .because("a view model is tested without a window; what is drawn is its view's job")
                .check(CLASSES);
    }

    @Test
    void theSessionKnowsNoViewNorViewModel() {
        noClasses()
                .that()
                .resideInAPackage("org.tracejudge.ui.session..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.tracejudge.ui",
                        "org.tracejudge.ui.table..",
                        "org.tracejudge.ui.trace..",
                        "org.tracejudge.ui.agreement..",
                        "org.tracejudge.ui.welcome..",
                        "org.tracejudge.ui.judges..",
                        "org.tracejudge.ui.metrics..",
                        "org.tracejudge.ui.team..",
                        "org.tracejudge.ui.calibration..",
                        "org.tracejudge.ui.comments..",
                        "org.tracejudge.ui.conversation..",
                        "org.tracejudge.ui.safety..")
                .because("view models hear the session (Session.Listener), never the other way round")
                .check(CLASSES);
    }
}
