package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.tracejudge.json.Json;
import org.tracejudge.model.Role;

/**
 * Reads Langfuse trace exports ({@code {trace: {..., scores}, observations: [...]}}, one object or an array of them):
 * the UI's "download trace" JSON. Observations are not in time order: they are sorted by {@code startTime}; the tree
 * comes from {@code parentObservationId}. GENERATIONs are model calls, TOOLs (and older SDKs' {@code running tool:}
 * SPANs) tool executions, AGENT / CHAIN structure; the raw OpenTelemetry / OpenInference attributes in an
 * observation's {@code metadata.attributes} are read where Langfuse's own input and output say less. The trace's
 * scores become labels of raters named after the scores.
 */
final class LangfuseReader {
    private final Path file;
    private int run0Skipped;

    LangfuseReader(Path file) {
        this.file = file;
    }

    void read(JsonNode doc, Consumer<Records.Rec> out) {
        Fields f = new Fields(file, -1);
        if (LangfuseIngestion.is(doc)) {
            LangfuseIngestion batch = new LangfuseIngestion();
            batch.take(doc, f, "");
            for (JsonNode export : batch.exports()) {
                one(export, f, "", out);
            }
            if (!batch.ignored().isEmpty()) {
                Map<String, Integer> why = new java.util.LinkedHashMap<>();
                batch.ignored().forEach((k, v) -> why.put("ingestion events of type " + k + " (not used)", v));
                out.accept(new Records.StatsRec(0, 0, 0, 0, 0, 0, 0, 0, 0, java.util.Collections.unmodifiableMap(why)));
            }
            return;
        }
        if (doc.isArray()) {
            for (int i = 0; i < doc.size(); i++) {
                one(doc.get(i), f, "/" + i, out);
            }
        } else {
            one(doc, f, "", out);
        }
    }

    void one(JsonNode doc, Fields f, String ptr, Consumer<Records.Rec> out) {
        if (!doc.isObject()) {
            throw f.error(ptr, "expected a Langfuse trace export {trace, observations}, found " + Fields.describe(doc));
        }
        // the UI's download {trace, observations}, or the public API's trace with its observations inside
        boolean api = !doc.has("trace") && doc.has("observations") && doc.has("id");
        JsonNode trace = api ? doc : f.requiredObject(doc, "trace", ptr);
        String tptr = api ? ptr : ptr + "/trace";
        String traceId = f.requiredText(trace, "id", tptr);
        JsonNode obs = api ? null : doc.get("observations");
        if (obs == null || !obs.isArray()) {
            obs = trace.get("observations");
        }
        if (obs != null && obs.isArray() && obs.size() > 0 && obs.get(0).isTextual()) {
            // observations listed by id only: the run is what the trace's own input and output say
            run0Skipped = obs.size();
            obs = Json.MAPPER.createArrayNode();
        }
        if (obs == null || !obs.isArray()) {
            throw f.error(
                    ptr + "/observations",
                    "expected an array of observations, found " + Fields.describe(doc.get("observations")));
        }
        AgentRun run = new AgentRun("langfuse", file);
        run.sourceId = traceId;
        if (run0Skipped > 0) {
            for (int i = 0; i < run0Skipped; i++) {
                run.skip("observations given by id only (not in the file)");
            }
            run0Skipped = 0;
        }
        run.session =
                trace.path("sessionId").isTextual() ? trace.get("sessionId").asText() : null;
        List<SpanAssembler.Span> spans = new ArrayList<>();
        Set<String> called = calledTools(obs);
        for (int i = 0; i < obs.size(); i++) {
            SpanAssembler.Span s = observation(obs.get(i), f, ptr + "/observations/" + i, run, called);
            if (s != null) {
                spans.add(s);
            }
        }
        spans.sort((a, b) -> Long.compare(a.start, b.start));
        // the task: the trace's input, else the first generation's
        JsonNode input = AgentMessages.unwrap(trace.get("input"));
        for (AgentMessages.Msg m : AgentMessages.parse(input, Role.USER)) {
            if (m.role() == Role.USER && m.text() != null && !m.text().isBlank()) {
                run.userMessage = m.text();
                break;
            }
        }
        if (run.userMessage == null
                && input != null
                && input.path("new_message").isObject()) {
            for (AgentMessages.Msg m : AgentMessages.parse(input.get("new_message"), Role.USER)) {
                if (m.text() != null) {
                    run.userMessage = m.text();
                    break;
                }
            }
        }
        SpanAssembler.assemble(spans, run);
        JsonNode output = AgentMessages.unwrap(trace.get("output"));
        if (output != null && !output.isNull()) {
            String answer = null;
            boolean anyCalls = false;
            for (AgentMessages.Msg m : AgentMessages.parse(output, Role.ASSISTANT)) {
                if (m.role() == Role.ASSISTANT && m.text() != null && !m.text().isBlank()) {
                    answer = m.text();
                }
                anyCalls |= !m.calls().isEmpty();
            }
            if (answer != null) {
                run.answer = answer;
            } else if (anyCalls) {
                run.answer = ""; // the run ended on a tool call: there is no text answer
                run.extra.put("ended_on_tool_call", true);
            }
        }
        if (run.turns.isEmpty() && run.userMessage != null) {
            // no observations to build steps from: the trace's own input and output
            run.user(run.userMessage);
            if (run.answer != null && !run.answer.isEmpty()) {
                run.assistant(run.answer, List.of());
            }
        }
        if (trace.path("tags").isArray() && !trace.get("tags").isEmpty()) {
            run.extra.set("tags", trace.get("tags"));
        }
        JsonNode scores = trace.get("scores");
        if (scores != null && scores.isArray()) {
            for (int i = 0; i < scores.size(); i++) {
                JsonNode s = scores.get(i);
                String sptr = tptr + "/scores/" + i;
                String name = f.requiredText(s, "name", sptr);
                String type = s.path("dataType").asText("NUMERIC");
                JsonNode value =
                        switch (type) {
                            case "CATEGORICAL" -> s.hasNonNull("stringValue") ? s.get("stringValue") : s.get("value");
                            case "BOOLEAN" ->
                                s.path("value").isNumber()
                                        ? com.fasterxml.jackson.databind.node.BooleanNode.valueOf(
                                                s.get("value").asDouble() != 0)
                                        : s.get("value");
                            default -> s.get("value");
                        };
                if (value != null && !value.isNull() && !value.isNumber() && !value.isTextual() && !value.isBoolean()) {
                    throw f.error(
                            sptr + "/value",
                            "expected a number, a string or a boolean, found " + Fields.describe(value));
                }
                String comment =
                        s.path("comment").isTextual() ? s.get("comment").asText() : null;
                if (s.path("observationId").isTextual()) {
                    comment = (comment == null ? "" : comment + " ") + "(on observation "
                            + s.get("observationId").asText() + ")";
                }
                run.scores.add(new AgentRun.Score(
                        name, value, comment, s.path("source").asText(null)));
            }
        }
        run.emit(f, out);
    }

    /**
     * The names of the tools the generations called. Several SDKs (LangGraph, Koog) record a tool's execution as a
     * plain SPAN named after the tool (Koog: {@code tool.<name>}), not as a TOOL observation.
     */
    private static Set<String> calledTools(JsonNode obs) {
        Set<String> names = new HashSet<>();
        for (JsonNode o : obs) {
            if (!"GENERATION".equals(o.path("type").asText())) {
                continue;
            }
            for (AgentMessages.Msg m : AgentMessages.parse(AgentMessages.unwrap(o.get("output")), Role.ASSISTANT)) {
                m.calls().forEach(c -> names.add(c.name()));
            }
            o.path("toolCallNames").forEach(n -> names.add(n.asText()));
        }
        return names;
    }

    private SpanAssembler.Span observation(JsonNode o, Fields f, String ptr, AgentRun run, Set<String> called) {
        if (!o.isObject()) {
            throw f.error(ptr, "expected an observation object, found " + Fields.describe(o));
        }
        SpanAssembler.Span s = new SpanAssembler.Span();
        s.id = f.requiredText(o, "id", ptr);
        s.parentId = f.optionalText(o, "parentObservationId", ptr);
        s.name = o.path("name").asText("");
        String type = f.requiredText(o, "type", ptr);
        String start = f.requiredText(o, "startTime", ptr);
        try {
            Instant t = Instant.parse(start);
            s.start = t.getEpochSecond() * 1_000_000_000L + t.getNano();
        } catch (DateTimeParseException e) {
            throw f.error(
                    ptr + "/startTime",
                    "expected an ISO-8601 time (2025-12-22T10:46:15.528Z), found \"" + start + "\"");
        }
        s.kind = switch (type) {
            case "GENERATION" -> SpanAssembler.Kind.MODEL;
            case "TOOL" -> SpanAssembler.Kind.TOOL;
            case "AGENT", "CHAIN" -> SpanAssembler.Kind.AGENT;
            case "SPAN" ->
                s.name.startsWith("running tool: ")
                                || called.contains(s.name)
                                || (s.name.startsWith("tool.") && called.contains(s.name.substring("tool.".length())))
                        ? SpanAssembler.Kind.TOOL
                        : SpanAssembler.Kind.OTHER;
            case "EVENT", "RETRIEVER", "EMBEDDING", "EVALUATOR", "GUARDRAIL" -> null;
            default -> null;
        };
        if (s.kind == null) {
            run.skip(
                    switch (type) {
                        case "EVENT", "RETRIEVER", "EMBEDDING", "EVALUATOR", "GUARDRAIL" ->
                            type + " observations (not used)";
                        default -> "observations of unknown type '" + type + "'";
                    });
            return null;
        }
        if (s.kind == SpanAssembler.Kind.OTHER) {
            run.skip("SPAN observations (structure only)");
        }
        Map<String, JsonNode> attrs = attributes(o.get("metadata"));
        boolean rich = attrs.keySet().stream()
                .anyMatch(k -> k.startsWith("llm.input_messages.")
                        || k.startsWith("gen_ai.input.messages")
                        || k.startsWith("gen_ai.prompt")
                        || k.startsWith("gen_ai.tool.")
                        || k.startsWith("tool.name")
                        || k.startsWith("gcp.vertex.agent.tool_response"));
        if (rich && (s.kind == SpanAssembler.Kind.MODEL || s.kind == SpanAssembler.Kind.TOOL)) {
            GenAiAttributes.fill(s, attrs, f, ptr + "/metadata/attributes");
        }
        s.agent = GenAiAttributes.text(attrs, "gen_ai.agent.name");
        JsonNode in = AgentMessages.unwrap(o.get("input"));
        JsonNode outNode = AgentMessages.unwrap(o.get("output"));
        if (s.kind == SpanAssembler.Kind.MODEL) {
            // the raw attributes' messages when they had some (structured), else Langfuse's own input and output
            if (s.input == null || s.input.stream().allMatch(AgentMessages.Msg::empty)) {
                s.input = AgentMessages.parse(in, Role.USER);
            }
            if (s.output == null || s.output.stream().allMatch(AgentMessages.Msg::empty)) {
                s.output = AgentMessages.parse(outNode, Role.ASSISTANT);
            }
            if (o.path("model").isTextual()) {
                s.model = o.get("model").asText();
            }
            JsonNode u = o.get("usageDetails");
            Long tin = number(u, "input");
            Long tout = number(u, "output");
            if (tin == null && tout == null) {
                tin = number(o, "inputUsage");
                tout = number(o, "outputUsage");
                if (tin != null && tin == 0 && tout != null && tout == 0) {
                    tin = null;
                    tout = null;
                }
            }
            if (tin != null || tout != null) {
                s.tokensIn = tin;
                s.tokensOut = tout;
            }
            JsonNode cost = o.path("costDetails").get("total");
            if (cost == null || !cost.isNumber()) {
                cost = o.get("totalCost");
            }
            if (cost != null && cost.isNumber() && cost.asDouble() > 0) {
                s.cost = cost.asDouble();
            }
        } else if (s.kind == SpanAssembler.Kind.TOOL) {
            if (s.toolName == null) {
                s.toolName = s.name.startsWith("running tool: ")
                        ? s.name.substring("running tool: ".length())
                        : s.name.startsWith("tool.") && called.contains(s.name.substring("tool.".length()))
                                ? s.name.substring("tool.".length())
                                : s.name;
            }
            JsonNode args = in;
            if (args != null && args.isObject() && args.size() == 1 && (args.has("input") || args.has("args"))) {
                args = AgentMessages.unwrap(args.has("input") ? args.get("input") : args.get("args"));
            }
            if (args != null && !(args.isObject() && args.isEmpty())) {
                s.args = args;
            }
            JsonNode result = outNode;
            if (result != null && result.isObject() && result.path("content").isArray()) {
                StringBuilder sb = new StringBuilder();
                for (JsonNode b : result.get("content")) {
                    if (b.path("text").isTextual()) {
                        sb.append(sb.length() > 0 ? "\n" : "")
                                .append(b.get("text").asText());
                    }
                }
                if (sb.length() > 0) {
                    result = AgentMessages.value(com.fasterxml.jackson.databind.node.TextNode.valueOf(sb.toString()));
                }
            }
            JsonNode toolMessage = result == null
                    ? null
                    : "tool".equals(result.path("type").asText())
                            ? result
                            : result.path("id").path(2).asText().equals("ToolMessage") ? result.get("kwargs") : null;
            if (toolMessage != null && toolMessage.has("content")) {
                // LangChain's ToolMessage (a dict, or serialised as {lc, type:constructor, id, kwargs}): its content is
                // the result, status=error marks a failed tool
                result = AgentMessages.value(toolMessage.get("content"));
                if ("error".equals(toolMessage.path("status").asText())) {
                    s.errorType = "error";
                    s.errorMessage = result == null ? null : result.isTextual() ? result.asText() : result.toString();
                }
            }
            if (result != null && !result.isNull() && !(result.isObject() && result.isEmpty())) {
                s.result = result;
                s.resultKnown = true;
            }
        }
        String level = o.path("level").asText("DEFAULT");
        if (level.equals("ERROR")) {
            s.errorType = "ERROR";
            s.errorMessage = o.path("statusMessage").asText(null);
        } else if (!List.of("DEFAULT", "DEBUG", "WARNING").contains(level)) {
            throw f.error(ptr + "/level", "expected DEBUG, DEFAULT, WARNING or ERROR, found \"" + level + "\"");
        }
        return s;
    }

    /** The raw span attributes Langfuse keeps in {@code metadata} (a JSON string) under {@code attributes}. */
    private static Map<String, JsonNode> attributes(JsonNode metadata) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        JsonNode md = AgentMessages.unwrap(metadata);
        JsonNode a = md == null ? null : md.get("attributes");
        if (a != null && a.isObject()) {
            a.properties().iterator().forEachRemaining(e -> out.put(e.getKey(), e.getValue()));
        }
        return out;
    }

    private static Long number(JsonNode o, String field) {
        JsonNode v = o == null ? null : o.get(field);
        return v != null && v.isNumber() ? v.asLong() : null;
    }
}
