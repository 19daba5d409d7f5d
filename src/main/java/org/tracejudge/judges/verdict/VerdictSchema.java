package org.tracejudge.judges.verdict;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.tracejudge.json.Json;
import org.tracejudge.model.LabelSet;

/**
 * The verdict's JSON schema for structured output: failure_mode one of the task type's labels, confidence
 * high/medium/low, reasoning text, the scores as integers 0-3, and for the evidence rubric the evidence items.
 * {@link VerdictParser} still validates every reply: the schema helps a model produce it, it is not trusted.
 */
public final class VerdictSchema {
    private VerdictSchema() {}

    public static ObjectNode of(LabelSet labels, boolean evidence) {
        ObjectNode s = Json.object();
        s.put("type", "object");
        ObjectNode props = s.putObject("properties");
        ArrayNode fm = props.putObject("failure_mode").put("type", "string").putArray("enum");
        labels.labels().forEach(fm::add);
        ArrayNode conf = props.putObject("confidence").put("type", "string").putArray("enum");
        conf.add("high").add("medium").add("low");
        for (String score : VerdictParser.SCORE_NAMES) {
            props.putObject(score).put("type", "integer").put("minimum", 0).put("maximum", 3);
        }
        ArrayNode required = Json.MAPPER.createArrayNode();
        if (evidence) {
            ObjectNode item = props.putObject("evidence").put("type", "array").putObject("items");
            item.put("type", "object");
            ObjectNode ip = item.putObject("properties");
            ip.putObject("id").put("type", "string");
            ip.putObject("kind").put("type", "string");
            ip.putObject("text").put("type", "string");
            item.putArray("required").add("id").add("kind").add("text");
            required.add("evidence");
        }
        props.putObject("reasoning").put("type", "string");
        required.add("failure_mode").add("confidence").add("reasoning");
        s.set("required", required);
        return s;
    }
}
