package org.tracejudge.scheme;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.tracejudge.model.TaskType;

/** A {@link Scheme} as the tree its file holds: written as YAML or as canonical JSON by {@link SchemeFile}. */
final class SchemeWriter {
    private SchemeWriter() {}

    static ObjectNode tree(Scheme s) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("scheme", s.name());
        root.put("version", s.version());
        if (!s.description().isEmpty()) {
            root.put("description", s.description());
        }
        ArrayNode qs = root.putArray("questions");
        for (Question q : s.questions()) {
            ObjectNode o = qs.addObject();
            o.put("key", q.key());
            o.put("prompt", q.prompt());
            o.put("kind", q.kind().code());
            o.put("required", q.required());
            if (q.blind()) {
                o.put("blind", true);
            } else if (!q.safetyCritical().isEmpty()) {
                // blind is the default of a question with a safety-critical option: turned off, it says so
                o.put("blind", false);
            }
            AppliesTo a = q.appliesTo();
            if (!a.taskTypes().isEmpty() || a.when() != null) {
                ObjectNode at = o.putObject("applies_to");
                if (!a.taskTypes().isEmpty()) {
                    ArrayNode types = at.putArray("task_types");
                    for (TaskType t : TaskType.values()) {
                        if (a.taskTypes().contains(t)) {
                            types.add(t.code());
                        }
                    }
                }
                if (a.when() != null) {
                    at.put("when", a.when().toString());
                }
            }
            if (q.kind() == Kind.ORDINAL) {
                ObjectNode sc = o.putObject("scale");
                sc.put("from", q.scale().from());
                sc.put("to", q.scale().to());
            }
            if (q.kind() == Kind.NUMBER) {
                if (q.range().hasMin()) {
                    o.put("min", q.range().min());
                }
                if (q.range().hasMax()) {
                    o.put("max", q.range().max());
                }
            }
            if (q.kind() == Kind.SPAN) {
                ArrayNode t = o.putArray("targets");
                for (SpanTarget st : SpanTarget.values()) {
                    if (q.targets().contains(st)) {
                        t.add(st.code());
                    }
                }
            }
            if (!q.options().isEmpty()) {
                ArrayNode opts = o.putArray(q.kind() == Kind.ORDINAL ? "anchors" : "options");
                for (Option op : q.options()) {
                    ObjectNode on = opts.addObject();
                    if (q.kind() == Kind.ORDINAL) {
                        on.put("step", Integer.parseInt(op.value()));
                    } else {
                        on.put("value", op.value());
                    }
                    on.put("label", op.label());
                    if (!op.definition().isEmpty()) {
                        on.put("definition", op.definition());
                    }
                    if (op.key() != null) {
                        on.put("key", op.key());
                    }
                    if (op.colour() != null) {
                        on.put("colour", op.colour());
                    }
                    if (op.safetyCritical()) {
                        on.put("safety_critical", true);
                    }
                    if (op.renamedFrom() != null) {
                        on.put("renamed_from", op.renamedFrom());
                    }
                }
            }
        }
        return root;
    }
}
