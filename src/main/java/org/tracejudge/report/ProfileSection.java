package org.tracejudge.report;

import static org.tracejudge.report.ReportHtml.dbl;
import static org.tracejudge.report.ReportHtml.missing;
import static org.tracejudge.report.ReportHtml.n;
import static org.tracejudge.report.ReportHtml.open;
import static org.tracejudge.report.ReportHtml.table;
import static org.tracejudge.report.Svg.esc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The report's failure profile: each model's rates side by side, from the metrics or the corrected leaderboard. */
final class ProfileSection {
    private ProfileSection() {}

    static void profile(StringBuilder b, StudyReport.Report r) {
        open(b, "profile");
        JsonNode lb = r.figure("leaderboard");
        // per model: the rates shown, from metrics or from the corrected leaderboard
        Map<String, Map<String, Double>> byModel = new LinkedHashMap<>();
        String what;
        if (lb == null || lb.isNull()) {
            missing(b, r.missing().get("leaderboard"));
            b.append("</section>");
            return;
        } else if (lb.has("corrected")) {
            what = "corrected (recommended estimate per rate)";
            for (JsonNode mo : lb.get("corrected").path("models")) {
                Map<String, Double> v = new LinkedHashMap<>();
                for (String rate : List.of("TSR", "CTUR", "RIR", "OFR", "UTR")) {
                    v.put(rate, dbl(mo.path(rate).get("corrected")));
                }
                byModel.put(mo.path("model").asText(), v);
            }
        } else {
            what = "label source " + lb.get("metrics").path("source").asText();
            for (JsonNode mo : lb.get("metrics").path("models")) {
                Map<String, Double> v = new LinkedHashMap<>();
                for (String rate : List.of("TSR", "CTUR", "RIR", "OFR", "UTR")) {
                    v.put(rate, dbl(mo.get(rate)));
                }
                byModel.put(mo.path("model").asText(), v);
            }
        }
        b.append("<h3>Failure profile: CTUR against UTR</h3><p>Each model as a point: how often it used the tool "
                        + "correctly when a tool was required (CTUR, right is better) against how often it called a tool when none "
                        + "was needed (UTR, lower is better); ")
                .append(esc(what))
                .append(".</p>");
        List<Svg.XY> pts = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<String, Map<String, Double>> e : byModel.entrySet()) {
            Double x = e.getValue().get("CTUR");
            Double y = e.getValue().get("UTR");
            rows.add(List.of(e.getKey(), n(fmt(x)), n(fmt(y))));
            if (x != null && y != null) {
                pts.add(new Svg.XY(e.getKey(), x, y));
            }
        }
        if (pts.isEmpty()) {
            missing(
                    b,
                    "No model has both a CTUR and a UTR: the profile needs labelled tool-required and control "
                            + "traces of the same model.");
        } else {
            b.append(Svg.scatter(
                    "Failure profile: CTUR against UTR per model",
                    "Scatter plot, one labelled point per model; the table below gives the same values.",
                    "CTUR (correct tool use)",
                    "UTR (unnecessary tool use)",
                    pts));
        }
        table(b, "Failure profile (percent)", List.of("Model", "CTUR", "UTR"), rows);
        b.append(
                "<h3>Failure modes per model</h3><p>Where the tool-required traces of each model went: correct use "
                        + "(CTUR), tool skipped (TSR), result ignored (RIR), output fabricated (OFR); each bar sums to 100%.</p>");
        List<Svg.Stack> bars = new ArrayList<>();
        List<List<String>> mrows = new ArrayList<>();
        List<String> order = List.of("CTUR", "TSR", "RIR", "OFR");
        for (Map.Entry<String, Map<String, Double>> e : byModel.entrySet()) {
            double[] parts = new double[order.size()];
            boolean all = true;
            List<String> row = new ArrayList<>();
            row.add(e.getKey());
            for (int k = 0; k < order.size(); k++) {
                Double v = e.getValue().get(order.get(k));
                row.add(n(fmt(v)));
                if (v == null) {
                    all = false;
                } else {
                    parts[k] = v;
                }
            }
            mrows.add(row);
            if (all) {
                double sum = 0;
                for (double v : parts) {
                    sum += v;
                }
                if (sum > 0) {
                    for (int k = 0; k < parts.length; k++) {
                        parts[k] /= sum;
                    }
                    bars.add(new Svg.Stack(e.getKey(), parts));
                }
            }
        }
        if (bars.isEmpty()) {
            missing(b, "No model has labelled tool-required traces, so there are no failure modes to show.");
        } else {
            b.append(Svg.stacked(
                    "Failure modes per model",
                    "Stacked bars, one per model, of the shares CTUR, TSR, RIR and OFR; each part has its own pattern "
                            + "and its percent written on it where it fits; the table below gives the same values.",
                    List.of("CTUR correct", "TSR skipped", "RIR ignored", "OFR fabricated"),
                    bars));
        }
        table(
                b,
                "Failure modes (percent of tool-required traces)",
                List.of("Model", "CTUR", "TSR", "RIR", "OFR"),
                mrows);
        b.append("</section>");
    }

    static String fmt(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%.1f%%", 100 * v);
    }
}
