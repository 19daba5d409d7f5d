package org.tracejudge.scheme;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a team hub checks answers against, as plain JSON (the hub's database reads no YAML): per question its key,
 * kind, option values, the safety-critical ones, scale ends, number range (an open end left out), span targets, and
 * whether it is blind. Published beside the scheme
 * version's file by the lead; the hub refuses an answer whose value does not fit the question of the version it names.
 * Pure.
 */
public final class SchemeForm {
    private SchemeForm() {}

    public static ObjectNode of(Scheme s) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("name", s.name());
        o.put("version", s.version());
        ArrayNode qs = o.putArray("questions");
        for (Question q : s.questions()) {
            ObjectNode x = qs.addObject();
            x.put("key", q.key());
            x.put("kind", q.kind().code());
            if (q.blind()) {
                // the hub shows answers to a blind question only to those who answered it (hub schema 8)
                x.put("blind", true);
            }
            ArrayNode opts = x.putArray("options");
            q.options().forEach(op -> opts.add(op.value()));
            // the hub applies the safety review's rules (two experts, no third, an adjudicator who is neither) to a
            // question with a safety-critical option (hub schema 10)
            ArrayNode critical = x.putArray("critical");
            q.safetyCritical().forEach(critical::add);
            if (q.scale() != null) {
                x.put("from", q.scale().from()).put("to", q.scale().to());
            }
            if (q.kind() == Kind.NUMBER) {
                if (q.range().hasMin()) {
                    x.put("min", q.range().min());
                }
                if (q.range().hasMax()) {
                    x.put("max", q.range().max());
                }
            }
            ArrayNode targets = x.putArray("targets");
            q.targets().stream().map(SpanTarget::code).sorted().forEach(targets::add);
        }
        return o;
    }
}
