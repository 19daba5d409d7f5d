package org.tracejudge.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tracejudge.ensemble.JudgeChoice;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;

/**
 * Everything the metrics dashboard shows, computed at once for every label source of a project (so switching
 * the source is instant): per source the per-model rates, and which judges made the ensemble (or why there is
 * none). Runs on a background thread; the result is plain data.
 *
 * @param bySource      label source name (each rater column, then {@code ensemble} and {@code final} when the
 *                      ensemble is known) to its metrics, in {@link LabelSources#sourceNames()} order
 * @param judges        the rule and the two judges of the ensemble, or null
 * @param ensembleNote  why there is no ensemble (null when there is one)
 */
public record Dashboard(Map<String, SourceMetrics> bySource, JudgeChoice judges, String ensembleNote) {

    public List<String> sources() {
        return List.copyOf(bySource.keySet());
    }

    /** The source to show first: final when the ensemble is known, else the rule, else the first. */
    public String defaultSource() {
        for (String s : List.of(LabelSources.FINAL, JudgeChoice.DEFAULT_RULE, "rule-tolerant", "harness")) {
            if (bySource.containsKey(s)) {
                return s;
            }
        }
        return bySource.isEmpty() ? null : bySource.keySet().iterator().next();
    }

    /** The judge names of the ensemble, for Markdown notes (empty without an ensemble). */
    public List<String> judgeNames() {
        return judges == null ? List.of() : judges.judgeColumns();
    }

    /**
     * Computes the dashboard. The ensemble uses the project's settings; without them, a project with exactly two
     * judge raters uses those, with the rule rater {@code rule} or, when the project has none, {@code harness}
     * (as the workbench table does).
     */
    public static Dashboard compute(Project project) {
        JudgeChoice choice = null;
        String note = null;
        try {
            choice = JudgeChoice.resolve(project, null, null); // the rule rater rule, else harness, as the table
        } catch (ProjectException e) {
            note = e.getMessage();
        }
        LabelSources sources = LabelSources.load(project, choice);
        Map<String, SourceMetrics> by = new LinkedHashMap<>();
        for (SourceMetrics m : MetricsCalculator.computeAll(sources)) {
            by.put(m.source(), m);
        }
        // each annotator's own decisions are a source too (the final label mixes everyone's)
        LabelSources people = annotators(project, sources);
        for (String name : people.sourceNames()) {
            by.putIfAbsent(name, MetricsCalculator.compute(people, name));
        }
        return new Dashboard(by, choice, note);
    }

    /** The suffix of an annotator's source name: "ana (annotator)". */
    public static final String ANNOTATOR = " (annotator)";

    /**
     * Every annotator's latest decision per trace (a withdrawal is no label), as sources over the same traces as
     * {@code over}, named "NAME (annotator)", in name order.
     */
    static LabelSources annotators(Project project, LabelSources over) {
        int n = over.size();
        Map<String, Integer> index = new java.util.HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            index.put(over.traceId(i), i);
        }
        Map<String, String[]> columns = new java.util.TreeMap<>();
        org.tracejudge.store.Adjudications.eachInOrder(project, (traceId, annotator, action, value) -> {
            Integer i = index.get(traceId);
            if (i != null) {
                String[] col = columns.computeIfAbsent(annotator + ANNOTATOR, k -> new String[n]);
                col[i] = "set".equals(action) ? value : null;
            }
        });
        String[] ids = new String[n];
        int[] model = new int[n];
        org.tracejudge.model.TaskType[] type = new org.tracejudge.model.TaskType[n];
        for (int i = 0; i < n; i++) {
            ids[i] = over.traceId(i);
            model[i] = over.model(i);
            type[i] = over.type(i);
        }
        return LabelSources.of(ids, over.models(), model, type, columns);
    }
}
