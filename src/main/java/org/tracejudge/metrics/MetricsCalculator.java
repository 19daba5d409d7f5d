package org.tracejudge.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.model.TaskType;

/**
 * ToolFailBench failure-mode metrics per model from one label source. Over the tool-required traces that have a
 * label from the source (n_required): TSR = tool_skip, CTUR = correct, RIR = result_ignore,
 * OFR = output_fabrication, each / n_required, so the four sum to 100% (the published leaderboard's convention).
 * The "called" view: RIR_called and OFR_called over the traces that were not skips. Over labelled control traces
 * (n_control): UTR = unnecessary_tool_use / n_control, CTRL_Acc = correct / n_control. Each rate carries its count,
 * denominator and 95% Wilson interval.
 */
public final class MetricsCalculator {
    public static final List<String> RATES =
            List.of("TSR", "CTUR", "RIR", "OFR", "RIR_called", "OFR_called", "UTR", "CTRL_Acc");
    public static final String CONTROL_CORRECT = "control_correct";
    static final List<String> REQUIRED = List.of("correct", "tool_skip", "result_ignore", "output_fabrication");
    static final List<String> CONTROL = List.of("correct", "unnecessary_tool_use", "wrong_answer");

    private MetricsCalculator() {}

    /** Metrics of one source for every model of {@code sources}, in model order (models without labels included). */
    public static SourceMetrics compute(LabelSources sources, String source) {
        String[] labels = sources.labels(source);
        int models = sources.models().size();
        // per model: required counts [correct, skip, ignore, fabrication], control [correct, unnecessary, wrong]
        int[][] req = new int[models][4];
        int[][] ctl = new int[models][3];
        for (int i = 0; i < labels.length; i++) {
            String l = labels[i];
            if (l == null) {
                continue;
            }
            int m = sources.model(i);
            if (sources.type(i) == TaskType.TOOL_REQUIRED) {
                int k = REQUIRED.indexOf(l);
                if (k >= 0) {
                    req[m][k]++;
                }
            } else if (sources.type(i) == TaskType.CONTROL) {
                int k = CONTROL.indexOf(l);
                if (k >= 0) {
                    ctl[m][k]++;
                }
            }
        }
        List<ModelMetrics> out = new ArrayList<>(models);
        for (int m = 0; m < models; m++) {
            out.add(of(
                    sources.models().get(m),
                    req[m][0],
                    req[m][1],
                    req[m][2],
                    req[m][3],
                    ctl[m][0],
                    ctl[m][1],
                    ctl[m][2]));
        }
        return new SourceMetrics(source, List.copyOf(out));
    }

    /** Metrics from label counts (tool-required: correct, skip, ignore, fabrication; control: correct, unnecessary, wrong). */
    public static ModelMetrics of(
            String model,
            int correct,
            int skip,
            int ignore,
            int fabrication,
            int controlCorrect,
            int unnecessary,
            int wrong) {
        int nReq = correct + skip + ignore + fabrication;
        int nCalled = nReq - skip;
        int nCtl = controlCorrect + unnecessary + wrong;
        Map<String, Integer> counts = new LinkedHashMap<>();
        counts.put("correct", correct);
        counts.put("tool_skip", skip);
        counts.put("result_ignore", ignore);
        counts.put("output_fabrication", fabrication);
        counts.put(CONTROL_CORRECT, controlCorrect);
        counts.put("unnecessary_tool_use", unnecessary);
        counts.put("wrong_answer", wrong);
        Map<String, Rate> rates = new LinkedHashMap<>();
        rates.put("TSR", Rate.of("TSR", skip, nReq));
        rates.put("CTUR", Rate.of("CTUR", correct, nReq));
        rates.put("RIR", Rate.of("RIR", ignore, nReq));
        rates.put("OFR", Rate.of("OFR", fabrication, nReq));
        rates.put("RIR_called", Rate.of("RIR_called", ignore, nCalled));
        rates.put("OFR_called", Rate.of("OFR_called", fabrication, nCalled));
        rates.put("UTR", Rate.of("UTR", unnecessary, nCtl));
        rates.put("CTRL_Acc", Rate.of("CTRL_Acc", controlCorrect, nCtl));
        return new ModelMetrics(model, nReq, nCalled, nCtl, counts, rates);
    }

    /** Every source of {@code sources}. */
    public static List<SourceMetrics> computeAll(LabelSources sources) {
        List<SourceMetrics> out = new ArrayList<>();
        for (String s : sources.sourceNames()) {
            out.add(compute(sources, s));
        }
        return out;
    }
}
