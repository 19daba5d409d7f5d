package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolResult;
import org.tracejudge.model.Turn;

/** The OpenTelemetry GenAI / OpenInference files of ../shared/corpora/formats, with the counts its README gives. */
class OtlpImportTest extends WithProject {
    ImportReport.FileCounts importOne(Path file) {
        assertEquals(Format.OTLP, FormatDetector.detect(file), "detected from content");
        ImportReport r = new Importer(project, null).importFiles(List.of(file), Format.AUTO, null);
        return r.files().get(0);
    }

    static ToolResult result(AgentCorpus.Run run, int n) {
        return run.turns().stream()
                .filter(t -> !t.toolResults().isEmpty())
                .map(t -> t.toolResults().get(0))
                .toList()
                .get(n);
    }

    @Test
    void adkLatestConventionRecordingWithAFailingTool() {
        ImportReport.FileCounts c =
                importOne(AgentCorpus.file("otel-genai", "agentevals_adk_py_v2_span_only_nolegacy_S6b.json"));
        List<AgentCorpus.Run> runs = AgentCorpus.runs(project);
        assertEquals(1, runs.size());
        AgentCorpus.Run run = runs.get(0);
        // the truth file: user text, one failing get_stock_price call, final text, tokens 58/18
        assertEquals("What is the price of XYZ?", run.userMessage());
        assertEquals("Sorry, I could not find a stock with ticker XYZ.", run.answer());
        assertEquals(1, run.calls().size());
        assertEquals("get_stock_price", run.calls().get(0).get("name").asText());
        assertEquals("{\"ticker\":\"XYZ\"}", run.calls().get(0).get("arguments").toString());
        ToolResult r = result(run, 0);
        assertTrue(r.error(), "the execute_tool span's TOOL_ERROR marks the result");
        assertEquals(
                "ValueError: ticker not found: XYZ", r.content().get("error").asText());
        assertEquals("get_stock_price_0", r.callId());
        assertEquals(58, run.extra().path("tokens").path("input").asLong());
        assertEquals(18, run.extra().path("tokens").path("output").asLong());
        // system, user, model (call), tool, model (answer)
        assertEquals(
                List.of(Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT),
                run.turns().stream().map(Turn::role).toList());
        assertEquals("id", run.pairings(), "the result's part id names the call");
        assertEquals(
                "name-order",
                run.steps().get(3).path("execution_pairing").asText(),
                "ADK's execute_tool span id (adk-...) is not the part id: paired by name and order");
        assertEquals(
                "TOOL_ERROR", run.extra().path("errors").get(0).path("type").asText());
        assertEquals("gemini-2.5-flash", run.model());
        assertEquals(1, c.runs);
        assertEquals(5, c.steps);
        assertEquals(1, c.toolCalls);
        assertEquals(1, c.errors);
        assertEquals(58, c.tokensIn);
        assertEquals(18, c.tokensOut);
        assertTrue(c.summary().contains("1 run: 5 steps, 1 tool call"), c.summary());
    }

    @Test
    void tempoExportWithBatchesOlderConventionAndAdkWrappersCountedOnce() {
        ImportReport.FileCounts c = importOne(AgentCorpus.file("otel-genai", "tempo_export_with_batches.json"));
        List<AgentCorpus.Run> runs = AgentCorpus.runs(project);
        assertEquals(1, runs.size());
        AgentCorpus.Run run = runs.get(0);
        assertEquals("list all helm releases", run.userMessage().strip());
        assertEquals(1, run.calls().size());
        assertEquals("helm_list_releases", run.calls().get(0).get("name").asText());
        assertEquals(
                2,
                run.count(Role.ASSISTANT),
                "2 logical model calls (openai.chat inside generate_content inside call_llm)");
        assertEquals(1, run.results());
        assertEquals("id", run.pairings());
        assertTrue(run.answer().startsWith("There are two Helm releases currently deployed"), run.answer());
        assertEquals("gpt-4.1-mini-2025-04-14", run.model());
        assertEquals(2256 + 2392, run.extra().path("tokens").path("input").asLong());
        assertEquals(13 + 116, run.extra().path("tokens").path("output").asLong());
        assertEquals(0, c.errors, run.extra().path("errors").toString());
        // 86 spans: 77 plumbing, 4 wrappers (call_llm, generate_content x2), 2 model calls, 1 tool, 2 agent spans
        assertEquals(77, c.skipped.get("spans without GenAI or OpenInference attributes (HTTP/RPC plumbing)"));
        assertEquals(4, c.skipped.get("model spans wrapping another model span (one call counted once)"));
        assertTrue(c.summary().contains("skipped:"), c.summary());
    }

    @Test
    void jaegerExportOfTheSameAgent() {
        ImportReport.FileCounts c = importOne(AgentCorpus.file("otel-genai", "helm.json"));
        List<AgentCorpus.Run> runs = AgentCorpus.runs(project);
        assertEquals(1, runs.size());
        AgentCorpus.Run run = runs.get(0);
        assertEquals(1, run.calls().size());
        assertEquals("helm_list_releases", run.calls().get(0).get("name").asText());
        assertEquals(1, run.results());
        assertEquals(
                List.of(Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT),
                run.turns().stream().map(Turn::role).toList(),
                "the system prompt once, though call_llm carries it too");
        assertTrue(run.answer().startsWith("There are two Helm releases installed in the cluster"), run.answer());
        // 96 spans, every one accounted for: 90 plumbing, 2 call_llm wrappers, 2 model calls, 1 tool, 1 agent
        assertEquals(90, c.skipped.get("spans without GenAI or OpenInference attributes (HTTP/RPC plumbing)"));
        assertEquals(2, c.skipped.get("model spans wrapping another model span (one call counted once)"));
        assertEquals(
                0, c.errors, run.extra().path("errors") + " the two failing spans are HTTP plumbing, not the tool");
        // the README says 2 spans; the file has one span (GET, 404) carrying both error=true and otel.status_code=ERROR
        assertEquals(1, c.skipped.get("plumbing spans with an error status (not errors of the run)"));
    }

    @Test
    void latestConventionAttributeMap() {
        importOne(AgentCorpus.file("otel-genai", "otel_genai_client_span_tool_calls.json"));
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals("Weather in Paris?", run.userMessage());
        assertEquals("The weather in Paris is currently rainy with a temperature of 57°F.", run.answer());
        assertEquals(1, run.calls().size());
        assertEquals("get_weather", run.calls().get(0).get("name").asText());
        assertEquals("rainy, 57°F", result(run, 0).content().asText());
        assertEquals("id", run.pairings());
        assertEquals(97, run.extra().path("tokens").path("input").asLong());
        assertEquals(52, run.extra().path("tokens").path("output").asLong());
        assertEquals("gpt-4-0613", run.model());
    }

    @Test
    void deprecatedConventionAttributeMap() {
        importOne(AgentCorpus.file("otel-genai", "otel_genai_deprecated_client_span_tool_calls.json"));
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals("Weather in Paris?", run.userMessage());
        assertEquals("The weather in Paris is currently rainy with a temperature of 57°F.", run.answer());
        assertEquals(1, run.calls().size());
        assertEquals("rainy, 57°F", result(run, 0).content().asText());
        assertEquals("id", run.pairings());
    }

    @Test
    void toolExecutionSpanAlone() {
        importOne(AgentCorpus.file("otel-genai", "otel_genai_tool_execution_span.json"));
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals(1, run.calls().size());
        assertEquals("get_weather", run.calls().get(0).get("name").asText());
        assertEquals("New York", run.calls().get(0).get("arguments").get("city").asText());
        assertEquals("success", result(run, 0).content().get("status").asText());
        assertEquals("1234", result(run, 0).callId());
        assertEquals("id", run.pairings());
        assertEquals("", run.answer());
    }

    @Test
    void openInferenceFlattenedMessages() {
        importOne(AgentCorpus.file("openinference", "openinference_client_span_tool_calls.json"));
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals("Weather in Paris?", run.userMessage());
        assertEquals("The weather in Paris is currently rainy with a temperature of 57°F.", run.answer());
        assertEquals(1, run.calls().size());
        assertEquals(
                "Paris", run.calls().get(0).get("arguments").get("location").asText());
        assertEquals("rainy, 57°F", result(run, 0).content().asText());
        assertEquals("id", run.pairings());
        assertEquals(97, run.extra().path("tokens").path("input").asLong());
        assertEquals("gpt-4-0613", run.model());
    }

    @Test
    void openInferenceInputOutputOnly() {
        importOne(AgentCorpus.file("openinference", "openinference_client_span_input_output_only.json"));
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals("Weather in Paris?", run.userMessage());
        assertEquals("The weather in Paris is currently rainy with a temperature of 57°F.", run.answer());
        assertEquals(1, run.calls().size());
        assertEquals("rainy, 57°F", result(run, 0).content().asText());
        assertEquals(52, run.extra().path("tokens").path("output").asLong());
    }

    static String attr(String key, String value) {
        return "{\"key\":\"" + key + "\",\"value\":{\"stringValue\":"
                + org.tracejudge.json.Json.MAPPER.valueToTree(value) + "}}";
    }

    static String msgs(String json) {
        return json.replace("'", "\"");
    }

    /** Hand-made (no open-licensed OTLP file with sub-agents was found): a planner hands a question to a researcher. */
    @Test
    void aSubAgentKeepsItsOwnConversationAndEachStepNamesItsAgent() throws Exception {
        String planner = AgentMalformedTest.span(
                "\"t1\"",
                "\"a1\"",
                "",
                attr("gen_ai.operation.name", "invoke_agent") + "," + attr("gen_ai.agent.name", "planner"));
        String call1 = AgentMalformedTest.span(
                        "\"t1\"",
                        "\"m1\"",
                        ",\"parentSpanId\":\"a1\"",
                        attr("gen_ai.operation.name", "chat") + ","
                                + attr(
                                        "gen_ai.input.messages",
                                        msgs(
                                                "[{'role':'user','parts':[{'type':'text','content':'Plan a trip to Oslo'}]}]"))
                                + ","
                                + attr(
                                        "gen_ai.output.messages",
                                        msgs(
                                                "[{'role':'assistant','parts':[{'type':'tool_call','id':'c1','name':'ask_researcher','arguments':{'q':'flights'}}]}]")))
                .replace("1700000000000000000", "1700000000000000001");
        String researcher = AgentMalformedTest.span(
                        "\"t1\"",
                        "\"a2\"",
                        ",\"parentSpanId\":\"m1\"",
                        attr("gen_ai.operation.name", "invoke_agent") + "," + attr("gen_ai.agent.name", "researcher"))
                .replace("1700000000000000000", "1700000000000000002");
        String call2 = AgentMalformedTest.span(
                        "\"t1\"",
                        "\"m2\"",
                        ",\"parentSpanId\":\"a2\"",
                        attr("gen_ai.operation.name", "chat") + ","
                                + attr(
                                        "gen_ai.input.messages",
                                        msgs(
                                                "[{'role':'user','parts':[{'type':'text','content':'Find flights to Oslo'}]}]"))
                                + ","
                                + attr(
                                        "gen_ai.output.messages",
                                        msgs(
                                                "[{'role':'assistant','parts':[{'type':'text','content':'SK 1234 at 9:00'}]}]")))
                .replace("1700000000000000000", "1700000000000000003");
        String call3 = AgentMalformedTest.span(
                        "\"t1\"",
                        "\"m3\"",
                        ",\"parentSpanId\":\"a1\"",
                        attr("gen_ai.operation.name", "chat") + ","
                                + attr(
                                        "gen_ai.input.messages",
                                        msgs(
                                                "[{'role':'user','parts':[{'type':'text','content':'Plan a trip to Oslo'}]},"
                                                        + "{'role':'assistant','parts':[{'type':'tool_call','id':'c1','name':'ask_researcher','arguments':{'q':'flights'}}]},"
                                                        + "{'role':'tool','parts':[{'type':'tool_call_response','id':'c1','response':'SK 1234 at 9:00'}]}]"))
                                + ","
                                + attr(
                                        "gen_ai.output.messages",
                                        msgs(
                                                "[{'role':'assistant','parts':[{'type':'text','content':'Take SK 1234 at 9:00.'}]}]")))
                .replace("1700000000000000000", "1700000000000000004");
        Path f = dir.resolve("subagents.json");
        java.nio.file.Files.writeString(f, AgentMalformedTest.request(planner, call1, researcher, call2, call3));
        importOne(f);
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals("Plan a trip to Oslo", run.userMessage());
        assertEquals(
                List.of(Role.USER, Role.ASSISTANT, Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT),
                run.turns().stream().map(Turn::role).toList());
        assertEquals("Find flights to Oslo", run.turns().get(2).text(), "the researcher's own instructions");
        assertEquals(
                List.of("planner", "planner", "researcher", "researcher", "planner"),
                List.of(
                        run.steps().get(0).path("agent").asText(),
                        run.steps().get(1).path("agent").asText(),
                        run.steps().get(2).path("agent").asText(),
                        run.steps().get(3).path("agent").asText(),
                        run.steps().get(5).path("agent").asText()));
        assertEquals("id", run.pairings());
        assertEquals("Take SK 1234 at 9:00.", run.answer());
    }

    /**
     * Hand-made after the deprecated GenAI event convention (no such file is in the corpus): the first call's messages
     * as span events, the second call's as log records linked to its span, with kvlist bodies.
     */
    @Test
    void theDeprecatedMessageEventsOnSpansAndAsLogRecords() throws Exception {
        String chat = attr("gen_ai.operation.name", "chat") + "," + attr("gen_ai.request.model", "gpt-4o-mini");
        String events1 =
                ",\"events\":[{\"name\":\"gen_ai.user.message\",\"attributes\":[" + attr("content", "Weather in Rome?")
                        + "]},{\"name\":\"gen_ai.choice\",\"attributes\":["
                        + attr(
                                "message",
                                msgs(
                                        "{'role':'assistant','tool_calls':[{'id':'call_r','type':'function','function':{'name':'get_weather','arguments':'{\\'city\\':\\'Rome\\'}'}}]}"))
                        + "," + attr("finish_reason", "tool_calls") + "]}]";
        String span1 = AgentMalformedTest.span("\"t9\"", "\"s1\"", events1, chat);
        String span2 = AgentMalformedTest.span("\"t9\"", "\"s2\"", "", chat)
                .replace("1700000000000000000", "1700000000000000005");
        String kv = "{\"kvlistValue\":{\"values\":[";
        String logs = ",\"resourceLogs\":[{\"scopeLogs\":[{\"logRecords\":["
                + "{\"traceId\":\"t9\",\"spanId\":\"s2\",\"eventName\":\"gen_ai.user.message\",\"body\":" + kv
                + attr("content", "Weather in Rome?") + "]}}},"
                + "{\"traceId\":\"t9\",\"spanId\":\"s2\",\"eventName\":\"gen_ai.tool.message\",\"body\":" + kv
                + attr("content", "sunny, 24 C") + ","
                + attr("id", "call_r") + "]}}},"
                + "{\"traceId\":\"t9\",\"spanId\":\"s2\",\"eventName\":\"gen_ai.choice\",\"body\":" + kv
                + "{\"key\":\"message\",\"value\":{\"kvlistValue\":{\"values\":["
                + attr("content", "Sunny, 24 C in Rome.") + "]}}}]}}}]}]}]";
        String doc = AgentMalformedTest.request(span1, span2);
        doc = doc.substring(0, doc.length() - 1) + logs + "}";
        Path f = dir.resolve("events.json");
        java.nio.file.Files.writeString(f, doc);
        importOne(f);
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals("Weather in Rome?", run.userMessage());
        assertEquals(
                List.of(Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT),
                run.turns().stream().map(Turn::role).toList());
        assertEquals("get_weather", run.calls().get(0).get("name").asText());
        assertEquals("Rome", run.calls().get(0).get("arguments").get("city").asText());
        assertEquals("sunny, 24 C", result(run, 0).content().asText());
        assertEquals("id", run.pairings());
        assertEquals("Sunny, 24 C in Rome.", run.answer());
    }

    /**
     * Hand-made after google-adk's default (v1) telemetry: the provider span's message events carry only the
     * placeholder {@code <elided>}; the text is in the wrapping {@code call_llm} span's {@code llm_request} and
     * {@code llm_response}. The placeholder is not taken for the user's words or the answer.
     */
    @Test
    void adkElidedMessageEventsFallBackToTheWrapperSpansContent() throws Exception {
        String wrapper = AgentMalformedTest.span(
                        "\"t5\"",
                        "\"w1\"",
                        "",
                        attr("gen_ai.request.model", "gemini-2.5-flash") + ","
                                + attr(
                                        "gcp.vertex.agent.llm_request",
                                        msgs(
                                                "{'contents':[{'role':'user','parts':[{'text':'Is it raining in Lyon?'}]}]}"))
                                + ","
                                + attr(
                                        "gcp.vertex.agent.llm_response",
                                        msgs(
                                                "{'content':{'role':'model','parts':[{'text':'No, it is dry in Lyon.'}]}}")))
                .replace("\"name\":\"chat gpt-4o\"", "\"name\":\"call_llm\"");
        String inner = AgentMalformedTest.span(
                        "\"t5\"",
                        "\"g1\"",
                        ",\"parentSpanId\":\"w1\"",
                        attr("gen_ai.operation.name", "generate_content") + ","
                                + attr("gen_ai.request.model", "gemini-2.5-flash"))
                .replace("1700000000000000000", "1700000000000000001");
        String kv = "{\"kvlistValue\":{\"values\":[" + attr("content", "<elided>") + "]}}";
        String logs = ",\"resourceLogs\":[{\"scopeLogs\":[{\"logRecords\":["
                + "{\"traceId\":\"t5\",\"spanId\":\"g1\",\"eventName\":\"gen_ai.user.message\",\"body\":" + kv + "},"
                + "{\"traceId\":\"t5\",\"spanId\":\"g1\",\"eventName\":\"gen_ai.choice\",\"body\":" + kv + "}]}]}]";
        String doc = AgentMalformedTest.request(wrapper, inner);
        doc = doc.substring(0, doc.length() - 1) + logs + "}";
        Path f = dir.resolve("adk-v1.json");
        java.nio.file.Files.writeString(f, doc);
        importOne(f);
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals("Is it raining in Lyon?", run.userMessage());
        assertEquals("No, it is dry in Lyon.", run.answer());
    }

    /** Hand-made after OpenTelemetry Python's span JSON (ConsoleSpanExporter): pretty-printed spans back to back. */
    @Test
    void openTelemetryPythonSpansWrittenBackToBack() throws Exception {
        String chat1 = """
                {
                    "name": "chat gpt-4o",
                    "context": {"trace_id": "0xabc123", "span_id": "0x01", "trace_state": "[]"},
                    "kind": "SpanKind.CLIENT",
                    "parent_id": "0x00ff",
                    "start_time": "2025-03-01T10:00:00.000001Z",
                    "end_time": "2025-03-01T10:00:01.000000Z",
                    "status": {"status_code": "UNSET"},
                    "attributes": {"gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4o",
                        "gen_ai.usage.input_tokens": 30, "gen_ai.usage.output_tokens": 9},
                    "events": [
                        {"name": "gen_ai.user.message", "timestamp": "2025-03-01T10:00:00Z", "attributes": {"content": "Convert 3 km to miles"}},
                        {"name": "gen_ai.choice", "timestamp": "2025-03-01T10:00:01Z", "attributes": {"message": "{\\"tool_calls\\": [{\\"id\\": \\"k1\\", \\"type\\": \\"function\\", \\"function\\": {\\"name\\": \\"convert\\", \\"arguments\\": \\"{\\\\\\"km\\\\\\": 3}\\"}}]}"}}
                    ],
                    "links": [],
                    "resource": {"attributes": {"service.name": "demo"}, "schema_url": ""}
                }
                """;
        String tool = """
                {
                    "name": "execute_tool convert",
                    "context": {"trace_id": "0xabc123", "span_id": "0x02"},
                    "parent_id": "0x00ff",
                    "start_time": "2025-03-01T10:00:02Z",
                    "status": {"status_code": "ERROR", "description": "unit table missing"},
                    "attributes": {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "convert", "gen_ai.tool.call.id": "k1"}
                }
                """;
        Path f = dir.resolve("console.json");
        java.nio.file.Files.writeString(f, chat1 + tool);
        importOne(f);
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals("Convert 3 km to miles", run.userMessage());
        assertEquals(
                List.of(Role.USER, Role.ASSISTANT, Role.TOOL),
                run.turns().stream().map(Turn::role).toList());
        assertEquals("convert", run.calls().get(0).get("name").asText());
        assertEquals(3, run.calls().get(0).get("arguments").get("km").asInt());
        assertTrue(result(run, 0).error(), "the tool span's ERROR status marks the result");
        assertEquals(
                "unit table missing",
                run.extra().path("errors").get(0).path("message").asText());
        assertEquals("id", run.pairings());
        assertEquals(30, run.extra().path("tokens").path("input").asLong());
    }

    /**
     * Hand-made after OpenTelemetry JS's span objects as JSON (spanContext, parentSpanId, flat attributes, HrTime)
     * carrying the Vercel AI SDK's ai.* attributes (ai-sdk.dev "Telemetry"): an outer ai.generateText span, two
     * ai.generateText.doGenerate calls inside it and an ai.toolCall span between them.
     */
    @Test
    void vercelAiSdkSpansAsOpenTelemetryJsSpanObjects() throws Exception {
        String outer = """
                {"name": "ai.generateText", "spanContext": {"traceId": "7e1a", "spanId": "a0"},
                 "attributes": {"ai.operationId": "ai.generateText", "ai.model.id": "gpt-4o-mini",
                   "ai.prompt": "{\\"prompt\\":\\"How warm is it in Oslo?\\"}",
                   "ai.response.text": "It is 4 degrees in Oslo.",
                   "ai.usage.promptTokens": 60, "ai.usage.completionTokens": 20},
                 "status": {"code": 0}, "startTime": [1770000000, 0], "endTime": [1770000003, 0], "events": []}
                """;
        String call1 = """
                {"name": "ai.generateText.doGenerate", "spanContext": {"traceId": "7e1a", "spanId": "a1"},
                 "parentSpanId": "a0",
                 "attributes": {"ai.operationId": "ai.generateText.doGenerate", "gen_ai.request.model": "gpt-4o-mini",
                   "ai.prompt.messages": "[{\\"role\\":\\"user\\",\\"content\\":[{\\"type\\":\\"text\\",\\"text\\":\\"How warm is it in Oslo?\\"}]}]",
                   "ai.response.toolCalls": "[{\\"toolCallType\\":\\"function\\",\\"toolCallId\\":\\"c9\\",\\"toolName\\":\\"temperature\\",\\"input\\":\\"{\\\\\\"city\\\\\\":\\\\\\"Oslo\\\\\\"}\\"}]",
                   "gen_ai.usage.input_tokens": 25, "gen_ai.usage.output_tokens": 12},
                 "status": {"code": 0}, "startTime": [1770000000, 100], "events": []}
                """;
        String tool = """
                {"name": "ai.toolCall", "spanContext": {"traceId": "7e1a", "spanId": "a2"}, "parentSpanId": "a0",
                 "attributes": {"ai.operationId": "ai.toolCall", "ai.toolCall.name": "temperature",
                   "ai.toolCall.id": "c9", "ai.toolCall.args": "{\\"city\\":\\"Oslo\\"}", "ai.toolCall.result": "4"},
                 "status": {"code": 0}, "startTime": [1770000001, 0], "events": []}
                """;
        String call2 = """
                {"name": "ai.generateText.doGenerate", "spanContext": {"traceId": "7e1a", "spanId": "a3"},
                 "parentSpanContext": {"traceId": "7e1a", "spanId": "a0"},
                 "attributes": {"ai.operationId": "ai.generateText.doGenerate",
                   "ai.prompt.messages": "[{\\"role\\":\\"user\\",\\"content\\":[{\\"type\\":\\"text\\",\\"text\\":\\"How warm is it in Oslo?\\"}]},{\\"role\\":\\"assistant\\",\\"content\\":[{\\"type\\":\\"tool-call\\",\\"toolCallId\\":\\"c9\\",\\"toolName\\":\\"temperature\\",\\"input\\":{\\"city\\":\\"Oslo\\"}}]},{\\"role\\":\\"tool\\",\\"content\\":[{\\"type\\":\\"tool-result\\",\\"toolCallId\\":\\"c9\\",\\"toolName\\":\\"temperature\\",\\"output\\":{\\"type\\":\\"text\\",\\"value\\":\\"4\\"}}]}]",
                   "ai.response.text": "It is 4 degrees in Oslo.",
                   "ai.usage.inputTokens": 35, "ai.usage.outputTokens": 8},
                 "status": {"code": 0}, "startTime": [1770000002, 0], "events": []}
                """;
        Path f = dir.resolve("vercel-spans.json");
        java.nio.file.Files.writeString(f, "[" + outer + "," + call1 + "," + tool + "," + call2 + "]");
        assertEquals(Format.OTLP, FormatDetector.detect(f));
        importOne(f);
        List<AgentCorpus.Run> runs = AgentCorpus.runs(project);
        assertEquals(1, runs.size());
        AgentCorpus.Run run = runs.get(0);
        assertEquals("How warm is it in Oslo?", run.userMessage());
        assertEquals("It is 4 degrees in Oslo.", run.answer());
        assertEquals(
                List.of(Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT),
                run.turns().stream().map(Turn::role).toList());
        assertEquals("temperature", run.calls().get(0).get("name").asText());
        assertEquals("Oslo", run.calls().get(0).get("arguments").get("city").asText());
        assertEquals("id", run.pairings());
        // the outer ai.generateText span wraps the two calls: their tokens, counted once
        assertEquals(60, run.extra().path("tokens").path("input").asLong());
        assertEquals(20, run.extra().path("tokens").path("output").asLong());
    }

    /** Spans grouped under names in an object (a test capture, not an export) are refused, saying what they are. */
    @Test
    void openTelemetryJsSpansGroupedByNameAreRefusedClearly() throws Exception {
        Path f = dir.resolve("by-name.json");
        java.nio.file.Files.writeString(
                f,
                "{\n \"ai.generateText\": [{\"name\": \"ai.generateText\", \"spanContext\": {\"traceId\": \"1\", \"spanId\": \"2\"},"
                        + " \"attributes\": {}}]\n}");
        ImportException e = assertThrows(ImportException.class, () -> FormatDetector.detect(f));
        assertTrue(e.getMessage().contains("grouping OpenTelemetry JS span objects"), e.getMessage());
        assertTrue(e.getMessage().contains("by-name.json"), e.getMessage());
    }

    /**
     * Hand-made after google-adk's parallel tool calls: each call has its execute_tool span, then one more
     * "execute_tool (merged)" span (gen_ai.tool.name "(merged tools)") repeats the responses; it is not a call.
     */
    @Test
    void adkMergedParallelToolSpanIsNotACall() throws Exception {
        String spans = """
                {"name": "generate_content m", "context": {"trace_id": "0xfe1", "span_id": "0x01"}, "parent_id": "0x09",
                 "start_time": "2025-03-01T10:00:00Z",
                 "attributes": {"gen_ai.operation.name": "generate_content", "gen_ai.usage.input_tokens": 20, "gen_ai.usage.output_tokens": 10,
                   "gen_ai.input.messages": "[{\\"role\\":\\"user\\",\\"parts\\":[{\\"type\\":\\"text\\",\\"content\\":\\"Rain in Oslo and Bergen?\\"}]}]",
                   "gen_ai.output.messages": "[{\\"role\\":\\"assistant\\",\\"parts\\":[{\\"type\\":\\"tool_call\\",\\"id\\":\\"c1\\",\\"name\\":\\"rain\\",\\"arguments\\":{\\"city\\":\\"Oslo\\"}},{\\"type\\":\\"tool_call\\",\\"id\\":\\"c2\\",\\"name\\":\\"rain\\",\\"arguments\\":{\\"city\\":\\"Bergen\\"}}]}]"}}
                {"name": "execute_tool rain", "context": {"trace_id": "0xfe1", "span_id": "0x02"}, "parent_id": "0x09",
                 "start_time": "2025-03-01T10:00:01Z",
                 "attributes": {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "rain", "gen_ai.tool.call.id": "c1",
                   "gen_ai.tool.call.result": "{\\"mm\\": 0}"}}
                {"name": "execute_tool rain", "context": {"trace_id": "0xfe1", "span_id": "0x03"}, "parent_id": "0x09",
                 "start_time": "2025-03-01T10:00:02Z",
                 "attributes": {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "rain", "gen_ai.tool.call.id": "c2",
                   "gen_ai.tool.call.result": "{\\"mm\\": 4}"}}
                {"name": "execute_tool (merged)", "context": {"trace_id": "0xfe1", "span_id": "0x04"}, "parent_id": "0x09",
                 "start_time": "2025-03-01T10:00:03Z",
                 "attributes": {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "(merged tools)",
                   "gen_ai.tool.call.id": "m9", "gcp.vertex.agent.tool_call_args": "N/A",
                   "gcp.vertex.agent.tool_response": "[{\\"id\\": \\"c1\\", \\"response\\": {\\"mm\\": 0}}]"}}
                {"name": "generate_content m", "context": {"trace_id": "0xfe1", "span_id": "0x05"}, "parent_id": "0x09",
                 "start_time": "2025-03-01T10:00:04Z",
                 "attributes": {"gen_ai.operation.name": "generate_content", "gen_ai.usage.input_tokens": 40, "gen_ai.usage.output_tokens": 8,
                   "gen_ai.output.messages": "[{\\"role\\":\\"assistant\\",\\"parts\\":[{\\"type\\":\\"text\\",\\"content\\":\\"Dry in Oslo, 4 mm in Bergen.\\"}]}]"}}
                """;
        Path f = dir.resolve("adk-merged.json");
        java.nio.file.Files.writeString(f, spans);
        importOne(f);
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals("Rain in Oslo and Bergen?", run.userMessage());
        assertEquals("Dry in Oslo, 4 mm in Bergen.", run.answer());
        assertEquals(2, run.calls().size(), "the merged span is not a third call");
        assertEquals("Oslo", run.calls().get(0).get("arguments").get("city").asText());
        assertEquals("Bergen", run.calls().get(1).get("arguments").get("city").asText());
        assertEquals(
                List.of(Role.USER, Role.ASSISTANT, Role.TOOL, Role.TOOL, Role.ASSISTANT),
                run.turns().stream().map(Turn::role).toList());
        assertEquals("id,id", run.pairings(), "each result paired with its call by id");
        assertEquals(60, run.extra().path("tokens").path("input").asLong());
    }

    /**
     * google-adk records a session one trace per turn, and a turn's first model input repeats the earlier turns (the
     * agentevals recording adk_py/v2_span_only/S3 has this shape; this fixture is written for the test). Turn 3's run
     * keeps them as marked context: its question is its own, and turn 2's call is not its call.
     */
    @Test
    void aLaterTurnOfASessionDoesNotTakeEarlierTurnsCallsAsItsOwn() throws Exception {
        var m = org.tracejudge.json.Json.MAPPER;
        var history = m.createArrayNode();
        history.addObject()
                .put("role", "user")
                .putArray("parts")
                .addObject()
                .put("type", "text")
                .put("content", "Weather in Rome?");
        var call =
                history.addObject().put("role", "assistant").putArray("parts").addObject();
        call.put("type", "tool_call")
                .put("id", "w1")
                .put("name", "get_weather")
                .putObject("arguments")
                .put("city", "Rome");
        var res = history.addObject().put("role", "tool").putArray("parts").addObject();
        res.put("type", "tool_call_response")
                .put("id", "w1")
                .putObject("response")
                .put("temp_c", 17);
        history.addObject()
                .put("role", "assistant")
                .putArray("parts")
                .addObject()
                .put("type", "text")
                .put("content", "It is 17C in Rome.");
        history.addObject()
                .put("role", "user")
                .putArray("parts")
                .addObject()
                .put("type", "text")
                .put("content", "Thanks, bye!");
        var output = m.createArrayNode();
        output.addObject()
                .put("role", "assistant")
                .putArray("parts")
                .addObject()
                .put("type", "text")
                .put("content", "Goodbye!");
        var span = m.createObjectNode()
                .put("name", "generate_content m")
                .put("parent_id", "0x09")
                .put("start_time", "2025-03-01T10:00:00Z");
        span.putObject("context").put("trace_id", "0xse3").put("span_id", "0x01");
        span.putObject("attributes")
                .put("gen_ai.operation.name", "generate_content")
                .put("gen_ai.usage.input_tokens", 70)
                .put("gen_ai.usage.output_tokens", 4)
                .put("gen_ai.input.messages", history.toString())
                .put("gen_ai.output.messages", output.toString());
        Path f = dir.resolve("adk-turn3.json");
        java.nio.file.Files.writeString(f, span.toString() + "\n");
        importOne(f);
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals("Thanks, bye!", run.userMessage(), "the run's question is its own turn's");
        assertEquals("Goodbye!", run.answer());
        assertEquals(0, run.calls().size(), "turn 2's get_weather is not a call of turn 3");
        assertEquals(
                List.of(Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT, Role.USER, Role.ASSISTANT),
                run.turns().stream().map(Turn::role).toList(),
                "the earlier turns stay in the conversation");
        assertEquals(List.of("earlier turn"), run.turns().get(1).badges());
        assertEquals("get_weather", run.turns().get(1).toolCalls().get(0).name());
        assertEquals(List.of(), run.turns().get(4).badges(), "the run's own question is not marked");
        var q = new org.tracejudge.store.ProjectQueries(project);
        var trace = q.trace(run.id());
        String prompt = org.tracejudge.judges.prompt.PromptRenderer.render(q.task(trace.taskId()), trace);
        assertTrue(prompt.contains("Thanks, bye!") && prompt.contains("## Executed tool calls\nnone\n"), prompt);

        // a later turn that makes a call of its own: the judge reads the steps, the earlier ones marked as context
        ((com.fasterxml.jackson.databind.node.ObjectNode)
                        history.get(4).get("parts").get(0))
                .put("content", "And Paris?");
        var own = m.createArrayNode();
        var paris = own.addObject().put("role", "assistant").putArray("parts").addObject();
        paris.put("type", "tool_call")
                .put("id", "w2")
                .put("name", "get_weather")
                .putObject("arguments")
                .put("city", "Paris");
        ((com.fasterxml.jackson.databind.node.ObjectNode) span.get("context")).put("trace_id", "0xse4");
        ((com.fasterxml.jackson.databind.node.ObjectNode) span.get("attributes"))
                .put("gen_ai.input.messages", history.toString())
                .put("gen_ai.output.messages", own.toString());
        Path g = dir.resolve("adk-turn4.json");
        java.nio.file.Files.writeString(g, span.toString() + "\n");
        importOne(g);
        AgentCorpus.Run four = AgentCorpus.runs(project).stream()
                .filter(r -> "And Paris?".equals(r.userMessage()))
                .findFirst()
                .orElseThrow();
        assertEquals(1, four.calls().size(), "only its own call");
        assertEquals("Paris", four.calls().get(0).get("arguments").get("city").asText());
        var t4 = q.trace(four.id());
        String p4 = org.tracejudge.judges.prompt.PromptRenderer.render(q.task(t4.taskId()), t4);
        assertTrue(
                p4.contains("[step 1] assistant (an earlier turn of the session, repeated as context: not this run's)"),
                p4);
        assertTrue(p4.contains("## Executed tool calls\n1. get_weather"), p4);
    }
}
