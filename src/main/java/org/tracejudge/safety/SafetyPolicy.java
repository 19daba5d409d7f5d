package org.tracejudge.safety;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.tracejudge.json.Json;
import org.tracejudge.selection.SelectionTraces;
import org.tracejudge.store.Project;

/**
 * The review policies of a project with safety-critical tools (safety-review.md), saved as JSON in
 * {@code project_meta} under {@value #META_KEY}. Without a saved setting they are on when a scenario of the project
 * has a safety-critical tool, off otherwise.
 *
 * @param humanFinal     a safety-critical tool's final label needs a human decision; machine votes never make it final
 * @param blindFirstPass an expert sees no rule or judge verdict on a trace before committing their own labels
 * @param doubleReview   safety-critical tools need two independent experts; their disagreements go to adjudication
 * @param contentWarning a content warning before the first sensitive item of a session
 * @param breakMinutes   a "take a break" reminder after this many minutes of reviewing (0 = none)
 * @param allowSkip      a reviewer may skip an item without labelling it
 */
public record SafetyPolicy(
        boolean humanFinal,
        boolean blindFirstPass,
        boolean doubleReview,
        boolean contentWarning,
        int breakMinutes,
        boolean allowSkip) {
    public static final String META_KEY = "safety.policy";
    public static final SafetyPolicy ON = new SafetyPolicy(true, true, true, true, 45, true);
    public static final SafetyPolicy OFF = new SafetyPolicy(false, false, false, false, 0, true);

    /** The project's saved policy, else the default for its scenarios. */
    public static SafetyPolicy of(Project p) {
        String saved = p.meta(META_KEY);
        if (saved != null) {
            return fromJson(Json.read(saved));
        }
        boolean critical = p.read(c -> SelectionTraces.scenarios(c).values().stream()
                .anyMatch(org.tracejudge.selection.Scenario::hasSafetyCriticalTools));
        return critical ? ON : OFF;
    }

    public void save(Project p) {
        p.setMeta(META_KEY, toJson().toString());
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("human_final", humanFinal);
        o.put("blind_first_pass", blindFirstPass);
        o.put("double_review", doubleReview);
        o.put("content_warning", contentWarning);
        o.put("break_minutes", breakMinutes);
        o.put("allow_skip", allowSkip);
        return o;
    }

    /** Missing fields take the ON default (the safe side). */
    public static SafetyPolicy fromJson(JsonNode o) {
        return new SafetyPolicy(
                o.path("human_final").asBoolean(ON.humanFinal),
                o.path("blind_first_pass").asBoolean(ON.blindFirstPass),
                o.path("double_review").asBoolean(ON.doubleReview),
                o.path("content_warning").asBoolean(ON.contentWarning),
                o.path("break_minutes").asInt(ON.breakMinutes),
                o.path("allow_skip").asBoolean(ON.allowSkip));
    }

    /** Sets one policy by name (the CLI's {@code --set key=value}). */
    public SafetyPolicy with(String key, String value) {
        ObjectNode o = toJson();
        switch (key) {
            case "human_final", "blind_first_pass", "double_review", "content_warning", "allow_skip" -> {
                if (!value.equals("true") && !value.equals("false")) {
                    throw new IllegalArgumentException(key + " is true or false, not '" + value + "'");
                }
                o.put(key, Boolean.parseBoolean(value));
            }
            case "break_minutes" -> {
                try {
                    int m = Integer.parseInt(value);
                    if (m < 0) {
                        throw new NumberFormatException();
                    }
                    o.put(key, m);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(
                            "break_minutes is a number of minutes (0 = no reminder), not '" + value + "'");
                }
            }
            default ->
                throw new IllegalArgumentException("unknown policy '" + key + "' (human_final, blind_first_pass, "
                        + "double_review, content_warning, break_minutes, allow_skip)");
        }
        return fromJson(o);
    }
}
