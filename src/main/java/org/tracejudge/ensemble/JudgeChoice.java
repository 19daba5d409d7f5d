package org.tracejudge.ensemble;

import java.util.ArrayList;
import java.util.List;
import org.tracejudge.model.RaterKind;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.ProjectQueries;

/**
 * Which raters vote in the ensemble: the rule rater (project setting {@value #META_RULE}, else {@code rule}, else
 * {@code harness}, else the first rule-kind rater: {@link #defaultRule}, the order the workbench table takes) and the
 * two judges (project setting {@value #META_JUDGES}, {@code "A,B"}), each overridable per command. When no
 * judges are set and the project has exactly two judge raters (LLM judges, or imported raters other than the
 * harness) those two are used. Raters are named as in the labels table: name, or name@version.
 *
 * @param origin where the judges came from: "option", "project setting" or "the project's only two judge raters"
 */
public record JudgeChoice(
        ProjectQueries.RaterSummary rule,
        ProjectQueries.RaterSummary judgeA,
        ProjectQueries.RaterSummary judgeB,
        String origin) {
    public static final String META_JUDGES = "ensemble.judges";
    public static final String META_RULE = "ensemble.rule";
    public static final String DEFAULT_RULE = "rule";

    /** Resolves the choice; {@code judges} ("A,B") and {@code rule} override the project settings when not null. */
    public static JudgeChoice resolve(Project project, String judges, String rule) {
        List<ProjectQueries.RaterSummary> raters = raters(project);
        String ruleName = rule != null ? rule : defaultRule(project.meta(META_RULE), raters);
        ProjectQueries.RaterSummary r = find(raters, ruleName, "rule rater");
        String origin;
        String spec;
        if (judges != null) {
            spec = judges;
            origin = "option";
        } else if (project.meta(META_JUDGES) != null) {
            spec = project.meta(META_JUDGES);
            origin = "project setting";
        } else {
            List<ProjectQueries.RaterSummary> candidates = candidates(raters);
            if (candidates.size() != 2) {
                throw new ProjectException("which two raters are the judges? Pass --judges A,B or save them with "
                        + "'ensemble PROJECT --judges A,B --save' (judge raters in this project: "
                        + (candidates.isEmpty()
                                ? "none"
                                : String.join(
                                        ", ",
                                        candidates.stream()
                                                .map(ProjectQueries.RaterSummary::column)
                                                .toList()))
                        + ")");
            }
            return new JudgeChoice(r, candidates.get(0), candidates.get(1), "the project's only two judge raters");
        }
        String[] parts = spec.split(",", -1);
        if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
            throw new ProjectException("judges must be two rater names separated by a comma (A,B), not '" + spec + "'");
        }
        ProjectQueries.RaterSummary a = find(raters, parts[0].strip(), "judge");
        ProjectQueries.RaterSummary b = find(raters, parts[1].strip(), "judge");
        if (a.id().equals(b.id())) {
            throw new ProjectException("the two judges must be different raters (got " + a.column() + " twice)");
        }
        if (a.id().equals(r.id()) || b.id().equals(r.id())) {
            throw new ProjectException("the rule rater " + r.column() + " cannot also be one of the judges");
        }
        return new JudgeChoice(r, a, b, origin);
    }

    /**
     * Before another judge is added: when the project has no judges setting but its ensemble is known (exactly two
     * judge raters, with the rule rater {@code rule} or else {@code harness}), saves that pair, so a third judge
     * never silently replaces one of the two. Returns the saved pair ("A,B"), or null when nothing was saved.
     */
    public static String pinCurrentJudges(Project project) {
        if (project.meta(META_JUDGES) != null) {
            return null;
        }
        JudgeChoice c;
        try {
            c = resolve(project, null, null); // the rule rater rule, else harness (defaultRule)
        } catch (ProjectException e) {
            return null;
        }
        String pair = c.judgeA().column() + "," + c.judgeB().column();
        project.setMeta(META_JUDGES, pair);
        return pair;
    }

    /** Saves the judges (checked first) as the project setting. */
    public static JudgeChoice save(Project project, String judges, String rule) {
        JudgeChoice c = resolve(project, judges, rule);
        project.setMeta(META_JUDGES, c.judgeA().column() + "," + c.judgeB().column());
        if (rule != null) {
            project.setMeta(META_RULE, c.rule().column());
        }
        return c;
    }

    /**
     * The project's raters in the labels table's order, without label counts ({@code labels} is 0): counting current
     * labels walks the whole ledger, which choosing raters does not need.
     */
    public static List<ProjectQueries.RaterSummary> raters(Project project) {
        return new ProjectQueries(project).ratersUncounted();
    }

    static List<ProjectQueries.RaterSummary> candidates(List<ProjectQueries.RaterSummary> raters) {
        List<ProjectQueries.RaterSummary> out = new ArrayList<>();
        for (ProjectQueries.RaterSummary r : raters) {
            if (r.mayJudge()) {
                out.add(r);
            }
        }
        return out;
    }

    /** A rater by column (name@version) or, when unambiguous, by name. */
    public static ProjectQueries.RaterSummary find(List<ProjectQueries.RaterSummary> raters, String name, String role) {
        for (ProjectQueries.RaterSummary r : raters) {
            if (r.column().equals(name)) {
                return r;
            }
        }
        List<ProjectQueries.RaterSummary> byName =
                raters.stream().filter(r -> r.name().equals(name)).toList();
        if (byName.size() == 1) {
            return byName.get(0);
        }
        if (byName.size() > 1) {
            throw new ProjectException(role + " '" + name + "' is ambiguous: name a version ("
                    + String.join(
                            ", ",
                            byName.stream()
                                    .map(ProjectQueries.RaterSummary::column)
                                    .toList()) + ")");
        }
        throw new ProjectException("no rater '" + name + "' in this project"
                + (role.equals("rule rater") ? " (run 'classify' first, or name the rule rater)" : "") + "; raters: "
                + (raters.isEmpty()
                        ? "none"
                        : String.join(
                                ", ",
                                raters.stream()
                                        .map(ProjectQueries.RaterSummary::column)
                                        .toList())));
    }

    /**
     * The rule rater's name when none is asked for: the project setting, else the rater {@value #DEFAULT_RULE}, else
     * {@code harness} (an imported results file's own classification, as in the bundled sample before
     * {@code classify}), else the first rater of kind rule (e.g. {@code rule-tolerant} alone). The workbench table
     * ({@code store.TraceTable.layout}) takes the same order, so the window's Ensemble column and the command line's
     * {@code ensemble}, {@code metrics} and {@code calibration --corrected} are the same vote.
     */
    static String defaultRule(String setting, List<ProjectQueries.RaterSummary> raters) {
        if (setting != null && !setting.isBlank()) {
            return setting;
        }
        for (String name : List.of(DEFAULT_RULE, HARNESS)) {
            if (raters.stream().anyMatch(r -> r.name().equals(name))) {
                return name;
            }
        }
        return raters.stream()
                .filter(r -> r.kind() == RaterKind.RULE)
                .map(ProjectQueries.RaterSummary::column)
                .findFirst()
                .orElse(DEFAULT_RULE);
    }

    /** The imported results file's own classification, the rule rater of a project never classified. */
    public static final String HARNESS = "harness";

    public List<String> judgeColumns() {
        return List.of(judgeA.column(), judgeB.column());
    }
}
