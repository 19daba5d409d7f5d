package org.tracejudge.judges.verdict;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tracejudge.json.Json;
import org.tracejudge.judges.prompt.PromptRenderer;
import org.tracejudge.model.LabelSet;

/**
 * Reads a judge's reply. Lenient about where the JSON is (think blocks and code fences are dropped, the
 * first JSON object in the text is taken), strict about what it says: the label must be one of the task
 * type's labels, confidence high/medium/low, scores numbers (clamped to 0–3); an evidence-attribution
 * reply must list evidence items and cite one of their ids in its reasoning. Anything else is a null
 * verdict with the reason — a label is never guessed.
 */
public final class VerdictParser {
    public static final Set<String> CONFIDENCES = Set.of("high", "medium", "low");
    public static final List<String> SCORE_NAMES =
            List.of("tool_selection", "result_faithfulness", "answer_correctness", "tool_restraint");

    private static final Pattern FENCE = Pattern.compile("```[a-zA-Z0-9_-]*");
    private static final Pattern EVIDENCE_ID = Pattern.compile("\\bE(\\d+)\\b");

    private VerdictParser() {}

    /**
     * @param text             the model's reply
     * @param labels           the task type's label set
     * @param requiresEvidence the evidence-attribution rubric's extra rule
     */
    public static Verdict parse(String text, LabelSet labels, boolean requiresEvidence) {
        if (text == null || text.isBlank()) {
            return Verdict.nullVerdict("empty reply", text == null ? "" : text);
        }
        JsonNode obj =
                firstObject(FENCE.matcher(PromptRenderer.withoutThinking(text)).replaceAll(""));
        if (obj == null) {
            return Verdict.nullVerdict("no JSON object in the reply", text);
        }
        JsonNode fm = obj.get("failure_mode");
        if (fm == null || !fm.isTextual() || fm.asText().isBlank()) {
            return Verdict.nullVerdict("the reply has no \"failure_mode\"", text);
        }
        String label = fm.asText().strip().toLowerCase(Locale.ROOT);
        if (!labels.allows(label)) {
            return Verdict.nullVerdict(
                    "\"" + fm.asText() + "\" is not a label of " + labels.name() + " " + labels.labels(), text);
        }
        JsonNode conf = obj.get("confidence");
        String confidence =
                conf == null || !conf.isTextual() ? null : conf.asText().strip().toLowerCase(Locale.ROOT);
        if (confidence == null || !CONFIDENCES.contains(confidence)) {
            return Verdict.nullVerdict(
                    "\"confidence\" must be high, medium or low, not " + (conf == null ? "missing" : conf.toString()),
                    text);
        }
        Map<String, Integer> scores = new LinkedHashMap<>();
        JsonNode nested = obj.path("scores");
        for (String name : SCORE_NAMES) {
            JsonNode v = obj.has(name) ? obj.get(name) : nested.get(name);
            if (v == null || v.isNull()) {
                continue;
            }
            Integer score = score(v);
            if (score == null) {
                return Verdict.nullVerdict("score \"" + name + "\" is not a number: " + v, text);
            }
            scores.put(name, score);
        }
        JsonNode tools = obj.get("tools");
        if (tools != null && tools.isObject()) {
            // tool-selection rubrics: one YES/NO per tool, stored as scores tool:<name> = 1 / 0
            var it = tools.properties().iterator();
            while (it.hasNext()) {
                var e = it.next();
                String yn = e.getValue().asText("").strip().toUpperCase(Locale.ROOT);
                if (!yn.equals("YES") && !yn.equals("NO")) {
                    return Verdict.nullVerdict(
                            "tool \"" + e.getKey() + "\" is neither YES nor NO: " + e.getValue(), text);
                }
                scores.put("tool:" + e.getKey().strip(), yn.equals("YES") ? 1 : 0);
            }
        }
        JsonNode r = obj.get("reasoning");
        String reasoning = r == null || r.isNull() ? null : r.isTextual() ? r.asText() : r.toString();
        JsonNode evidence = obj.get("evidence");
        if (evidence != null && evidence.isNull()) {
            evidence = null;
        }
        if (requiresEvidence) {
            String problem = evidenceProblem(evidence, reasoning);
            if (problem != null) {
                return Verdict.nullVerdict(problem, text);
            }
        }
        return Verdict.label(label, confidence, scores, reasoning, evidence, text);
    }

    private static String evidenceProblem(JsonNode evidence, String reasoning) {
        if (evidence == null || !evidence.isArray() || evidence.isEmpty()) {
            return "the evidence-attribution reply lists no evidence items";
        }
        if (reasoning == null || reasoning.isBlank()) {
            return "the reply has no reasoning citing its evidence";
        }
        Set<String> ids = new java.util.HashSet<>();
        int n = 0;
        for (JsonNode e : evidence) {
            n++;
            String id = e.path("id").asText("");
            ids.add(id.isEmpty() ? "E" + n : id.strip().toUpperCase(Locale.ROOT));
        }
        Matcher m = EVIDENCE_ID.matcher(reasoning);
        while (m.find()) {
            if (ids.contains("E" + m.group(1))) {
                return null;
            }
        }
        return "the reasoning cites none of its evidence items " + ids;
    }

    /** A whole score 0–3: numbers are rounded and clamped, numeric strings accepted; otherwise null. */
    static Integer score(JsonNode v) {
        double d;
        if (v.isNumber()) {
            d = v.asDouble();
        } else if (v.isTextual()) {
            try {
                d = Double.parseDouble(v.asText().strip());
            } catch (NumberFormatException e) {
                return null;
            }
        } else {
            return null;
        }
        if (Double.isNaN(d)) {
            return null;
        }
        return (int) Math.max(0, Math.min(3, Math.round(d)));
    }

    /** The first complete JSON object in {@code text}, or null. */
    static JsonNode firstObject(String text) {
        int from = 0;
        while (true) {
            int start = text.indexOf('{', from);
            if (start < 0) {
                return null;
            }
            int end = matchingBrace(text, start);
            if (end > 0) {
                try (JsonParser p = Json.MAPPER.getFactory().createParser(text.substring(start, end + 1))) {
                    JsonNode node = Json.MAPPER.readTree(p);
                    if (node != null && node.isObject()) {
                        return node;
                    }
                } catch (java.io.IOException e) {
                    // not JSON after all; try the next brace
                }
            }
            from = start + 1;
        }
    }

    /** Index of the brace closing the one at {@code start}, skipping strings; -1 when unbalanced. */
    private static int matchingBrace(String s, int start) {
        int depth = 0;
        boolean inString = false;
        for (int i = start; i < s.length(); i++) {
            char c = s.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{') {
                depth++;
            } else if (c == '}') {
                if (--depth == 0) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** Field names of an object, for messages. */
    static String fields(JsonNode obj) {
        StringBuilder sb = new StringBuilder();
        for (Iterator<String> it = obj.fieldNames(); it.hasNext(); ) {
            sb.append(sb.length() == 0 ? "" : ", ").append(it.next());
        }
        return sb.toString();
    }
}
