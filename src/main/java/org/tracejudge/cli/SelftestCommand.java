package org.tracejudge.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.tracejudge.agreement.AgreementCalculator;
import org.tracejudge.agreement.AgreementOptions;
import org.tracejudge.agreement.AgreementReport;
import org.tracejudge.agreement.LabelTable;
import org.tracejudge.model.Task;
import org.tracejudge.model.Trace;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.rules.RuleVerdict;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.settings.AppDirs;
import org.tracejudge.store.LabelTables;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Checks an installation end to end without a display: a temporary project, the bundled sample
 * imported into it, the rule classifier over every trace, agreement, a write read back after reopening.
 */
@Command(
        name = "selftest",
        description = "Check this installation: SQLite, import, rule classifier, agreement; "
                + "prints the Java and JavaFX versions. Needs no display and leaves nothing behind.")
final class SelftestCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    private PrintWriter out;

    @Override
    public Integer call() throws Exception {
        out = spec.commandLine().getOut();
        long start = System.nanoTime();
        out.println("Tracejudge " + new TracejudgeCli.Version().getVersion()[0].replace("Tracejudge ", ""));
        out.println("  Java     " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ", "
                + System.getProperty("java.home") + ")");
        out.println("  JavaFX   " + javaFxVersion());
        out.println("  OS       " + System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        out.println("  Data     " + AppDirs.dataDir());
        Path dir = Files.createTempDirectory("tracejudge-selftest");
        try {
            Path file = dir.resolve("selftest.tjdb");
            step("import the bundled sample into a new project", () -> {
                SampleProject.build(file);
                try (Project p = Project.open(file)) {
                    ProjectQueries.Summary s = new ProjectQueries(p).summary();
                    require(s.traces() > 0 && s.tasks() > 0, "the sample imported no traces");
                    return s.tasks() + " tasks, " + s.traces() + " traces, SQLite " + sqliteVersion(p);
                }
            });
            String[] firstTrace = new String[1];
            step("classify every trace with the rule classifier (compat and tolerant)", () -> {
                int n = 0;
                try (Project p = Project.open(file)) {
                    ProjectQueries q = new ProjectQueries(p);
                    RuleClassifier compat = new RuleClassifier(RuleClassifier.Mode.COMPAT);
                    RuleClassifier tolerant = new RuleClassifier(RuleClassifier.Mode.TOLERANT);
                    for (ProjectQueries.LabelRow row : q.page(List.of(), 0, Integer.MAX_VALUE)) {
                        Trace t = q.trace(row.traceId());
                        Task task = q.task(t.taskId());
                        RuleVerdict a = compat.classify(task, t);
                        RuleVerdict b = tolerant.classify(task, t);
                        require(a.label() != null && b.label() != null, "no rule label for trace " + t.id());
                        firstTrace[0] = firstTrace[0] == null ? t.id() : firstTrace[0];
                        n++;
                    }
                }
                return n + " traces";
            });
            step("compute agreement with bootstrap intervals", () -> {
                try (Project p = Project.open(file)) {
                    LabelTable t = LabelTables.of(p);
                    AgreementReport r =
                            new AgreementCalculator(AgreementOptions.defaults().withResamples(200)).report(t);
                    require(!r.pairwise().isEmpty() && r.pairwise().get(0).kappa() != null, "no pairwise kappa");
                    return String.format(
                            "%d raters, %d items, Fleiss' kappa %.3f",
                            r.raters().size(), r.nItems(), r.fleiss().kappa());
                }
            });
            step("write a decision and read it back after reopening", () -> {
                String id;
                try (Project p = Project.open(file)) {
                    id = p.write(c -> Ledger.adjudicate(c, firstTrace[0], "selftest", "correct", "selftest"));
                }
                try (Project p = Project.open(file)) {
                    String value = p.read(c -> Ledger.adjudicationValue(c, id));
                    require("correct".equals(value), "the decision was not read back");
                    p.verify(false);
                    return "ok, " + p.integrityCheckRun() + " passed";
                }
            });
        } finally {
            deleteTree(dir);
        }
        out.printf("selftest passed in %.2f s%n", (System.nanoTime() - start) / 1e9);
        return 0;
    }

    private interface Step {
        String run() throws Exception;
    }

    private void step(String what, Step s) throws Exception {
        long t0 = System.nanoTime();
        String detail;
        try {
            detail = s.run();
        } catch (Exception | AssertionError e) {
            out.println("  FAILED   " + what);
            out.flush();
            throw new IllegalStateException("selftest failed: " + what + ": " + e.getMessage(), e);
        }
        out.printf("  ok       %s: %s (%d ms)%n", what, detail, (System.nanoTime() - t0) / 1_000_000);
        out.flush();
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException(message);
        }
    }

    private static String sqliteVersion(Project p) {
        return p.sqliteVersion();
    }

    /** From the javafx.properties file JavaFX ships in its base jar, without starting the toolkit. */
    static String javaFxVersion() {
        try (InputStream in = SelftestCommand.class.getClassLoader().getResourceAsStream("javafx.properties")) {
            if (in == null) {
                return "not found";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("javafx.runtime.version", p.getProperty("javafx.version", "unknown"));
        } catch (IOException e) {
            return "unreadable (" + e.getMessage() + ")";
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
