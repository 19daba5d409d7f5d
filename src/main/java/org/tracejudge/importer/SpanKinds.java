package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Set;

/**
 * Which step of a run a span is, by the convention its attributes follow, asked in this order: OpenInference's span
 * kind ({@link OpenInferenceSpans}); Langfuse's own observation attributes ({@link LangfuseOtelSpans}); the GenAI
 * semantic conventions' operation name, with their older message keys, Traceloop's {@code llm.request.type} and ADK's
 * {@code call_llm}; the Vercel AI SDK's operation id ({@link VercelAiSpans}). A span of none of them is plumbing
 * ({@link SpanAssembler.Kind#OTHER}), kept for the tree; a span of a kind the workbench does not use is skipped with
 * the reason. {@link #plumbingNote} says what a span of no use to a run is.
 */
final class SpanKinds {
    private SpanKinds() {}

    private static final Set<String> MODEL_OPS =
            Set.of("chat", "generate_content", "text_completion", "completion", "responses");
    private static final Set<String> AGENT_OPS = Set.of("invoke_agent", "create_agent", "invoke_workflow");

    static final String PLUMBING = "spans without GenAI or OpenInference attributes (HTTP/RPC plumbing)";
    static final String AGENT_STRUCTURE =
            "agent and workflow spans (structure only: the model calls and tool executions under them are read)";
    static final String TOOL_FROM_MESSAGES =
            "tool spans of no tool-execution convention (the calls and results are read from the model's messages)";

    /** A span's kind, or (with {@code skipped}, the reason counted) no span at all. */
    record Decision(SpanAssembler.Kind kind, String skipped) {
        static Decision of(SpanAssembler.Kind kind) {
            return new Decision(kind, null);
        }

        static Decision skip(String why) {
            return new Decision(null, why);
        }
    }

    /** The kind of the span named {@code name} with attributes {@code a}. */
    static Decision of(Map<String, JsonNode> a, String name) {
        String op = GenAiAttributes.text(a, "gen_ai.operation.name");
        String oi = GenAiAttributes.text(a, "openinference.span.kind");
        if (oi != null) {
            return OpenInferenceSpans.kind(oi);
        } else if (op == null && LangfuseOtelSpans.is(a)) {
            return Decision.of(LangfuseOtelSpans.kind(a)); // Langfuse's own SDKs: langfuse.observation.* only
        } else if ((op != null && MODEL_OPS.contains(op))
                || a.containsKey("llm.request.type")
                || ("call_llm".equals(name) && a.containsKey("gcp.vertex.agent.llm_request"))
                || (op == null
                        && (a.containsKey("gen_ai.input.messages")
                                || a.containsKey("gen_ai.prompt")
                                || a.containsKey("gen_ai.prompt.0.role")))) {
            return Decision.of(SpanAssembler.Kind.MODEL);
        } else if (op == null && VercelAiSpans.isModel(a)) {
            return Decision.of(SpanAssembler.Kind.MODEL); // the Vercel AI SDK's ai.* spans (see VercelAiSpans)
        } else if ("execute_tool".equals(op) && "(merged tools)".equals(GenAiAttributes.text(a, "gen_ai.tool.name"))) {
            // google-adk's trace_merged_tool_calls: after parallel calls, one more execute_tool span named
            // "execute_tool (merged)" whose tool_response lists the responses again; each call has its own span
            return Decision.skip("ADK's merged parallel-call spans (each call has its own execute_tool span)");
        } else if ("execute_tool".equals(op) || (op == null && VercelAiSpans.isTool(a))) {
            return Decision.of(SpanAssembler.Kind.TOOL);
        } else if (op != null && AGENT_OPS.contains(op)) {
            return Decision.of(SpanAssembler.Kind.AGENT);
        } else if (op != null) {
            return Decision.skip("gen_ai." + op + " spans (not used)");
        }
        return Decision.of(SpanAssembler.Kind.OTHER);
    }

    /**
     * What a span of no use to a run is, said truthfully: Langfuse structure; an agent's or workflow's span (an agent
     * name, a Traceloop agent/workflow/task kind, an OpenInference AGENT or CHAIN kind, an invoke_agent operation);
     * else HTTP/RPC plumbing.
     */
    static String plumbingNote(Map<String, JsonNode> a) {
        if (LangfuseOtelSpans.is(a)) {
            return LangfuseOtelSpans.skipNote(a);
        }
        String traceloop = GenAiAttributes.text(a, "traceloop.span.kind");
        String openInference = GenAiAttributes.text(a, "openinference.span.kind");
        String operation = GenAiAttributes.text(a, "gen_ai.operation.name");
        if ("tool".equals(traceloop)) {
            return TOOL_FROM_MESSAGES;
        }
        boolean agent = a.containsKey("gen_ai.agent.name")
                || (traceloop != null
                        && java.util.Set.of("agent", "workflow", "task").contains(traceloop))
                || (openInference != null && java.util.Set.of("AGENT", "CHAIN").contains(openInference))
                || (operation != null
                        && java.util.Set.of("invoke_agent", "create_agent").contains(operation));
        return agent ? AGENT_STRUCTURE : PLUMBING;
    }
}
