package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolCall;

/**
 * Turns the spans of one trace (OpenTelemetry spans, Langfuse observations) into the steps of one run.
 *
 * <p>A logical model call is a model span with no model span below it (ADK's {@code call_llm} wraps
 * {@code generate_content}, which wraps OpenLLMetry's {@code openai.chat}; Vercel's {@code ai.generateText} wraps
 * {@code doGenerate}): it is counted once, its messages and tokens taken from the innermost span that has them.
 * Model calls and tool executions are walked in start order. A call's input adds only what the run has not seen
 * (the messages after the previous call's input and output; else its tool results not yet seen); its output is the
 * model turn. A tool execution waits for the next model input to bring its result (then it only adds its error
 * mark); if none does, its own result becomes the tool turn.
 */
final class SpanAssembler {
    enum Kind {
        MODEL,
        TOOL,
        AGENT,
        OTHER
    }

    /** One span, in the terms the assembler needs; readers fill what their format has. */
    static final class Span {
        String id;
        String parentId;
        String name;
        long start;
        Kind kind = Kind.OTHER;
        List<AgentMessages.Msg> input;
        List<AgentMessages.Msg> output;
        String system;
        String model;
        Long tokensIn;
        Long tokensOut;
        Double cost;
        String toolName;
        String callId;
        JsonNode args;
        JsonNode result;
        boolean resultKnown;
        String errorType;
        String errorMessage;
        String agent;
        String session;
        JsonNode tools;
        /** For the root-span fallback (OpenInference {@code input.value} / {@code output.value}). */
        JsonNode rawInput;

        JsonNode rawOutput;

        boolean failed() {
            return errorType != null || errorMessage != null;
        }
    }

    private SpanAssembler() {}

    /** Fills {@code run} from the spans of one trace; spans of kind OTHER are counted as skipped by the caller. */
    static void assemble(List<Span> spans, AgentRun run) {
        Map<String, Span> byId = new HashMap<>();
        for (Span s : spans) {
            if (s.id != null) {
                byId.put(s.id, s);
            }
        }
        // model spans with a model span below them are wrappers of one logical call
        Set<String> wrappers = new HashSet<>();
        Map<Span, Span> wrapperOf = new HashMap<>();
        for (Span s : spans) {
            if (s.kind != Kind.MODEL) {
                continue;
            }
            Span p = s.parentId == null ? null : byId.get(s.parentId);
            int guard = 0;
            while (p != null && guard++ < 1000) {
                if (p.kind == Kind.AGENT) {
                    break; // a model call inside another agent's span is that (sub-)agent's own call, not a wrapper's
                }
                if (p.kind == Kind.MODEL) {
                    wrappers.add(p.id);
                    wrapperOf.putIfAbsent(s, p);
                }
                p = p.parentId == null ? null : byId.get(p.parentId);
            }
        }
        // sub-agents: a step without its own agent name belongs to the nearest agent span above it
        for (Span s : spans) {
            if (s.agent != null || (s.kind != Kind.MODEL && s.kind != Kind.TOOL)) {
                continue;
            }
            Span p = s.parentId == null ? null : byId.get(s.parentId);
            int guard = 0;
            while (p != null && guard++ < 1000) {
                if (p.kind == Kind.AGENT) {
                    s.agent = p.agent != null ? p.agent : p.name;
                    break;
                }
                p = p.parentId == null ? null : byId.get(p.parentId);
            }
        }
        List<Span> timeline = new ArrayList<>();
        for (Span s : spans) {
            if ((s.kind == Kind.MODEL && !wrappers.contains(s.id)) || s.kind == Kind.TOOL) {
                timeline.add(s);
            }
        }
        timeline.sort(Comparator.comparingLong((Span s) -> s.start).thenComparing(s -> s.kind == Kind.TOOL ? 1 : 0));
        MergedStreamCalls.Repairs repairs = MergedStreamCalls.repair(
                timeline.stream().filter(s -> s.kind == Kind.MODEL).toList());
        for (int i = repairs.merged(); i > 0; i--) {
            run.skip(MergedStreamCalls.REPAIRED);
        }
        for (int i = repairs.ids(); i > 0; i--) {
            run.skip(MergedStreamCalls.ID_RESTORED);
        }
        for (Span s : spans) {
            if (s.kind == Kind.MODEL && wrappers.contains(s.id)) {
                run.skip("model spans wrapping another model span (one call counted once)");
            }
            if (s.failed() && s.kind == Kind.AGENT) {
                run.error(null, "agent", s.name, s.errorType, s.errorMessage);
            }
        }
        if (run.tools == null) {
            for (Span s : timeline) {
                if (s.tools != null && s.tools.isArray() && !s.tools.isEmpty()) {
                    run.tools = s.tools;
                    break;
                }
            }
        }
        // each agent has its own conversation (a sub-agent's first call starts from its own instructions): what of
        // it the run has seen is counted per agent
        Map<String, Integer> consumedBy = new HashMap<>();
        List<Span> pending = new ArrayList<>();
        Span lastModel = null;
        for (Span s : timeline) {
            if (s.kind == Kind.TOOL) {
                pending.add(s);
                continue;
            }
            Span m = withFallbacks(s, wrapperOf);
            List<AgentMessages.Msg> in = m.input == null ? List.of() : m.input;
            String agentKey = m.agent == null ? "" : m.agent;
            Integer seen = consumedBy.get(agentKey);
            boolean first = seen == null;
            int consumed = seen == null ? 0 : seen;
            if (first) {
                boolean inputHasSystem = in.stream().anyMatch(x -> x.role() == Role.SYSTEM);
                if (m.system != null && !m.system.isBlank() && !inputHasSystem) {
                    run.system(m.system).put("span", m.id);
                }
                int own = ownTurnStart(in);
                for (int i = 0; i < in.size(); i++) {
                    if (i < own && in.get(i).role() != Role.SYSTEM) {
                        int before = run.steps.size();
                        run.earlier(in.get(i));
                        if (m.agent != null) {
                            ((ObjectNode) run.steps.get(before)).put("agent", m.agent);
                        }
                    } else {
                        addMessage(run, in.get(i), m);
                    }
                }
            } else {
                // results of calls still open, wherever the history has them (a history that drops or reorders
                // messages, or starts over), then what is new after the part already seen
                int seenPart = Math.min(consumed, in.size());
                for (int i = 0; i < seenPart; i++) {
                    for (AgentMessages.Res r : in.get(i).results()) {
                        if (!run.hasResultFor(r.callId()) && run.peek(r.callId(), r.name()) != null) {
                            run.result(r).put("span", m.id);
                        }
                    }
                }
                for (int i = consumed; i < in.size(); i++) {
                    addMessage(run, in.get(i), m);
                }
            }
            flushPending(run, pending);
            List<AgentMessages.Msg> outMsgs = m.output == null ? List.of() : m.output;
            StringBuilder text = new StringBuilder();
            List<ToolCall> calls = new ArrayList<>();
            for (AgentMessages.Msg o : outMsgs) {
                if (o.role() == Role.TOOL) {
                    continue;
                }
                if (o.text() != null && !o.text().isBlank()) {
                    if (text.length() > 0) {
                        text.append('\n');
                    }
                    text.append(o.text());
                }
                calls.addAll(o.calls());
            }
            ObjectNode step = run.assistant(text.length() == 0 ? null : text.toString(), calls);
            if (step == null) {
                step = run.steps.isEmpty() ? null : (ObjectNode) run.steps.get(run.steps.size() - 1);
            } else {
                describe(step, m);
                run.tokens(step, m.tokensIn, m.tokensOut);
                run.cost(step, m.cost);
                if (m.failed()) {
                    run.error(step, "model", m.name, m.errorType, m.errorMessage);
                }
            }
            if (m.model != null) {
                run.model = m.model;
            }
            consumedBy.put(agentKey, in.size() + outMsgs.size());
            lastModel = m;
            // results a model span's output itself carries (a Langfuse agent's output list): after the calls
            for (AgentMessages.Msg o : outMsgs) {
                for (AgentMessages.Res r : o.results()) {
                    run.result(r).put("span", m.id);
                }
            }
        }
        flushPending(run, pending);
        if (lastModel != null) {
            StringBuilder text = new StringBuilder();
            for (AgentMessages.Msg o : lastModel.output == null ? List.<AgentMessages.Msg>of() : lastModel.output) {
                if (o.role() != Role.TOOL && o.text() != null && !o.text().isBlank()) {
                    if (text.length() > 0) {
                        text.append('\n');
                    }
                    text.append(o.text());
                }
            }
            run.answer = text.toString();
        }
    }

    /**
     * Where this run's own turn starts in its first model input: at the last user message with text, when a model
     * turn comes before it (the input repeats earlier turns of a session, one trace per turn); else 0, the whole input.
     * A run whose first input is [question, call, result] keeps that call as its own.
     */
    static int ownTurnStart(List<AgentMessages.Msg> in) {
        int lastUser = -1;
        for (int i = in.size() - 1; i >= 0; i--) {
            AgentMessages.Msg x = in.get(i);
            if (x.role() == Role.USER && x.text() != null && !x.text().isBlank()) {
                lastUser = i;
                break;
            }
        }
        for (int i = 0; i < lastUser; i++) {
            if (in.get(i).role() == Role.ASSISTANT) {
                return lastUser;
            }
        }
        return 0;
    }

    private static void describe(ObjectNode step, Span m) {
        if (m.id != null) {
            step.put("span", m.id);
        }
        if (m.name != null) {
            step.put("name", m.name);
        }
        if (m.model != null) {
            step.put("model", m.model);
        }
        if (m.agent != null) {
            step.put("agent", m.agent);
        }
    }

    /** The innermost span's fields, completed from the model spans wrapping it. */
    private static Span withFallbacks(Span s, Map<Span, Span> wrapperOf) {
        Span w = wrapperOf.get(s);
        if (w == null) {
            return s;
        }
        Span m = new Span();
        m.id = s.id;
        m.name = s.name;
        m.start = s.start;
        m.kind = s.kind;
        m.input = s.input != null && !s.input.isEmpty() ? s.input : w.input;
        m.output = s.output != null && !s.output.isEmpty() ? s.output : w.output;
        m.system = s.system != null ? s.system : w.system;
        m.model = s.model != null ? s.model : w.model;
        boolean own = s.tokensIn != null || s.tokensOut != null;
        m.tokensIn = own ? s.tokensIn : w.tokensIn;
        m.tokensOut = own ? s.tokensOut : w.tokensOut;
        m.cost = s.cost != null ? s.cost : w.cost;
        m.errorType = s.errorType != null ? s.errorType : w.errorType;
        m.errorMessage = s.errorMessage != null ? s.errorMessage : w.errorMessage;
        m.agent = s.agent != null ? s.agent : w.agent;
        m.tools = s.tools != null ? s.tools : w.tools;
        return m;
    }

    private static void addMessage(AgentRun run, AgentMessages.Msg msg, Span m) {
        int before = run.steps.size();
        addMessage0(run, msg, m);
        if (m.agent != null) {
            for (int i = before; i < run.steps.size(); i++) {
                ((ObjectNode) run.steps.get(i)).put("agent", m.agent);
            }
        }
    }

    private static void addMessage0(AgentRun run, AgentMessages.Msg msg, Span m) {
        switch (msg.role()) {
            case SYSTEM -> {
                if (msg.text() != null) {
                    run.system(msg.text()).put("span", m.id);
                }
            }
            case USER -> {
                if (msg.text() != null && !msg.text().isBlank()) {
                    run.user(msg.text()).put("span", m.id);
                }
                for (AgentMessages.Res r : msg.results()) {
                    run.result(r).put("span", m.id);
                }
            }
            case ASSISTANT -> {
                ObjectNode st = run.assistant(msg.text(), msg.calls());
                if (st != null) {
                    st.put("span", m.id).put("from", "history");
                }
            }
            case TOOL -> {
                for (AgentMessages.Res r : msg.results()) {
                    run.result(r).put("span", m.id);
                }
            }
        }
    }

    /** Tool executions: their error joins the result a model input brought; without one, their own result is the turn. */
    private static void flushPending(AgentRun run, List<Span> pending) {
        for (Span t : pending) {
            AgentMessages.Res r =
                    new AgentMessages.Res(t.callId, t.toolName, t.result, t.failed(), t.errorType, t.errorMessage);
            ToolCall call = run.peek(t.callId, t.toolName);
            String existing = call != null && call.id() != null && run.hasResultFor(call.id())
                    ? call.id()
                    : t.callId != null && run.hasResultFor(t.callId) ? t.callId : null;
            if (existing == null && call == null && t.toolName != null) {
                // a result for this tool already arrived from a model input (paired by id there): find it by name
                existing = run.resultWithoutExecution(t.toolName);
            }
            ObjectNode step;
            if (existing != null) {
                step = run.merge(run.resultTurn(existing), r);
                step.put("execution_span", t.id);
                step.put("execution_pairing", existing.equals(t.callId) ? "id" : "name-order");
                if (t.failed() || t.resultKnown) {
                    step.put("execution_result_known", t.resultKnown);
                }
                run.executionPaired(existing);
            } else {
                if (call == null) {
                    // no model turn called it (content capture off): the execution is the only record of the call
                    ObjectNode st = run.assistant(
                            null, List.of(new ToolCall(t.callId, t.toolName == null ? "?" : t.toolName, t.args)));
                    if (st != null) {
                        st.put("span", t.id).put("from", "execution");
                    }
                }
                step = run.result(r);
                step.put("span", t.id);
            }
            if (t.agent != null) {
                step.put("agent", t.agent);
            }
        }
        pending.clear();
    }
}
