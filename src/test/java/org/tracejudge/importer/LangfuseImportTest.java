package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.scalar;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.model.Role;
import org.tracejudge.model.Turn;

/** The Langfuse exports of ../shared/corpora/formats (langfuse/ and the OpenInference ADK one), README counts. */
class LangfuseImportTest extends WithProject {
    AgentCorpus.Run importOne(Path file, int scores) {
        assertEquals(Format.LANGFUSE, FormatDetector.detect(file), "detected from content");
        ImportReport r = new Importer(project, null).importFiles(List.of(file), Format.AUTO, null);
        ImportReport.FileCounts c = r.files().get(0);
        assertEquals(1, c.runs);
        assertEquals(1, c.tracesNew);
        assertEquals(scores, c.labelsNew, "one label per score");
        List<AgentCorpus.Run> runs = AgentCorpus.runs(project);
        assertEquals(1, runs.size());
        assertEquals(c.steps, runs.get(0).turns().size());
        return runs.get(0);
    }

    static List<Role> roles(AgentCorpus.Run run) {
        return run.turns().stream().map(Turn::role).toList();
    }

    @Test
    void claudeAgentSdkObservationsOutOfTimeOrder() {
        AgentCorpus.Run run = importOne(AgentCorpus.file("langfuse", "claude-agent-2025-12-22.trace.json"), 3);
        assertEquals("What's the weather like in Berlin and New York?", run.userMessage());
        assertEquals(
                List.of(
                        Role.USER,
                        Role.ASSISTANT,
                        Role.ASSISTANT,
                        Role.ASSISTANT,
                        Role.TOOL,
                        Role.TOOL,
                        Role.ASSISTANT),
                roles(run),
                "sorted by start time: 4 generations, 2 tools");
        assertEquals(2, run.calls().size());
        assertEquals("Berlin", run.calls().get(0).get("arguments").get("city").asText());
        assertEquals("New York", run.calls().get(1).get("arguments").get("city").asText());
        assertEquals("name-order,name-order", run.pairings(), "Langfuse TOOL observations carry no call id");
        assertEquals(
                "Weather in Berlin: Cloudy, 59°F",
                run.turns().get(4).toolResults().get(0).content().asText());
        assertEquals(
                "toolu_01TKoqQLvY2UWuC49qnD48y7",
                run.turns().get(4).toolResults().get(0).callId());
        assertTrue(run.answer().startsWith("Great! Here's the current weather for both cities:"), run.answer());
        assertEquals("claude-sonnet-4-5-20250929", run.model());
        assertEquals(19 + 5 + 5 + 5, run.extra().path("tokens").path("input").asLong());
        assertEquals(
                29 + 53 + 56 + 94, run.extra().path("tokens").path("output").asLong());
        // scores correctness=0, hallucination=1, toxicity=0: raters named after them, numbers kept as raw scores
        assertEquals(
                "correctness,hallucination,toxicity",
                scalar(
                        project,
                        "SELECT group_concat(name, ',') FROM (SELECT name FROM rater WHERE kind = 'imported' AND name != 'harness' ORDER BY name)"));
        assertEquals(
                "1",
                scalar(
                        project,
                        "SELECT l.raw FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'hallucination'"));
        assertEquals(
                "null",
                scalar(
                        project,
                        "SELECT l.action FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'hallucination'"));
        assertEquals("unspecified", scalar(project, "SELECT target_failure_mode FROM task"));
    }

    @Test
    void microsoftAgentFrameworkWithLatestGenAiAttributes() {
        AgentCorpus.Run run = importOne(AgentCorpus.file("langfuse", "microsoft-agent-2025-12-17.trace.json"), 3);
        assertEquals("What's the weather in Tokyo?", run.userMessage());
        assertEquals(List.of(Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT), roles(run));
        assertEquals(1, run.calls().size());
        assertEquals("get_weather", run.calls().get(0).get("name").asText());
        assertEquals(
                "Tokyo, Japan",
                run.calls().get(0).get("arguments").get("location").asText());
        assertEquals("id", run.pairings());
        assertEquals("Current conditions in Tokyo, Japan: stormy, high around 23°C.", run.answer());
        assertEquals(77 + 216, run.extra().path("tokens").path("input").asLong());
        assertEquals(86 + 20, run.extra().path("tokens").path("output").asLong());
    }

    @Test
    void openAiAgentsSdkWithoutTraceInputOrOutput() {
        AgentCorpus.Run run = importOne(AgentCorpus.file("langfuse", "openai-agents-2025-09-30.trace.json"), 2);
        assertEquals("What's the weather in Tokyo?", run.userMessage(), "derived from the first generation");
        assertEquals(
                List.of(Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT),
                roles(run),
                "the instructions in the generation's raw attributes are the system turn");
        assertEquals("You are a helpful agent.", run.turns().get(0).text());
        assertEquals("get_weather", run.calls().get(0).get("name").asText());
        assertEquals("Tokyo", run.calls().get(0).get("arguments").get("city").asText());
        assertEquals("id", run.pairings(), "the Responses function_call_output names its call_id");
        assertEquals(
                "The weather in Tokyo is sunny.",
                run.turns().get(3).toolResults().get(0).content().asText());
        assertTrue(run.answer().contains("Tokyo"), run.answer());
        assertEquals("gpt-4.1-2025-04-14", run.model());
        assertEquals("Hello world", run.steps().get(2).path("agent").asText(), "the sub-agent each step ran in");
    }

    @Test
    void vercelAiSdkRunEndsOnAToolCall() {
        AgentCorpus.Run run = importOne(AgentCorpus.file("langfuse", "vercel-aisdk-2025-11-17.trace.json"), 2);
        assertEquals("What is the weather like today in San Francisco?", run.userMessage());
        assertEquals(
                List.of(Role.USER, Role.ASSISTANT, Role.TOOL),
                roles(run),
                "doGenerate inside generateText counted once");
        assertEquals("getWeather", run.calls().get(0).get("name").asText());
        assertEquals(
                "San Francisco",
                run.calls().get(0).get("arguments").get("location").asText());
        assertEquals(
                64,
                run.turns()
                        .get(2)
                        .toolResults()
                        .get(0)
                        .content()
                        .get("temperature")
                        .asInt());
        assertEquals("name-order", run.pairings());
        assertEquals("", run.answer(), "no text answer");
        assertTrue(run.extra().path("ended_on_tool_call").asBoolean());
        assertEquals(62, run.extra().path("tokens").path("input").asLong(), "the inner call's usage, once");
    }

    @Test
    void googleAdkWithOpenInferenceAttributes() {
        AgentCorpus.Run run =
                importOne(AgentCorpus.file("openinference", "langfuse-google-adk-2025-08-28.trace.json"), 2);
        assertEquals("hi", run.userMessage());
        assertEquals(1, run.calls().size(), run.steps() + "\n" + org.tracejudge.json.TurnCodec.toJson(run.turns()));
        assertEquals("say_hello", run.calls().get(0).get("name").asText());
        assertEquals(1, run.results());
        assertEquals("Hello Langfuse 👋!", run.answer().strip());
        assertEquals("gemini-2.0-flash", run.model());
        assertEquals(28 + 39, run.extra().path("tokens").path("input").asLong());
    }

    @Test
    void anArrayOfExportsIsOneRunEach() throws Exception {
        String a = java.nio.file.Files.readString(AgentCorpus.file("langfuse", "vercel-aisdk-2025-11-17.trace.json"));
        String b =
                java.nio.file.Files.readString(AgentCorpus.file("langfuse", "microsoft-agent-2025-12-17.trace.json"));
        Path both = dir.resolve("both.json");
        java.nio.file.Files.writeString(both, "[" + a + "," + b + "]");
        assertEquals(Format.LANGFUSE, FormatDetector.detect(both));
        ImportReport r = new Importer(project, null).importFiles(List.of(both), Format.AUTO, null);
        assertEquals(2, r.files().get(0).runs);
        assertEquals(5, r.files().get(0).labelsNew);
        assertEquals(2, AgentCorpus.runs(project).size());
    }

    /** Hand-made (the corpus README found no real export with an ERROR observation): a failing tool is marked. */
    @Test
    void anErrorLevelObservationMarksItsStep() throws Exception {
        String doc = "{\"trace\":{\"id\":\"t-err\",\"input\":\"{\\\"prompt\\\":\\\"Weather in Oslo?\\\"}\",\"scores\":["
                + "{\"name\":\"verdict\",\"dataType\":\"CATEGORICAL\",\"value\":0,\"stringValue\":\"correct\",\"source\":\"ANNOTATION\"}]},"
                + "\"observations\":["
                + "{\"id\":\"g2\",\"type\":\"GENERATION\",\"startTime\":\"2025-01-01T00:00:02Z\",\"level\":\"DEFAULT\","
                + "\"input\":[{\"role\":\"user\",\"content\":\"Weather in Oslo?\"}],\"output\":{\"role\":\"assistant\",\"content\":\"I could not get it.\"}},"
                + "{\"id\":\"t1\",\"type\":\"TOOL\",\"name\":\"get_weather\",\"startTime\":\"2025-01-01T00:00:01Z\",\"level\":\"ERROR\","
                + "\"statusMessage\":\"timeout after 10 s\",\"input\":{\"city\":\"Oslo\"},\"output\":null},"
                + "{\"id\":\"g1\",\"type\":\"GENERATION\",\"startTime\":\"2025-01-01T00:00:00Z\",\"level\":\"DEFAULT\","
                + "\"input\":[{\"role\":\"user\",\"content\":\"Weather in Oslo?\"}],"
                + "\"output\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\","
                + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\\\"Oslo\\\"}\"}}]}}]}";
        Path f = dir.resolve("hand-made-error.json");
        java.nio.file.Files.writeString(f, doc);
        AgentCorpus.Run run = importOne(f, 1);
        assertEquals(List.of(Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT), roles(run));
        assertTrue(run.turns().get(2).toolResults().get(0).error());
        assertEquals("c1", run.turns().get(2).toolResults().get(0).callId());
        assertEquals(
                "timeout after 10 s",
                run.extra().path("errors").get(0).path("message").asText());
        assertEquals("I could not get it.", run.answer());
        assertEquals(
                "correct",
                scalar(
                        project,
                        "SELECT l.value FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'verdict'"),
                "a categorical score whose value is a label of the set");
    }

    /** Imports a hand-made export written with ' for " (no scores): user, the call, its result, the answer. */
    AgentCorpus.Run oneToolCall(String name, String singleQuoted) throws Exception {
        Path f = dir.resolve(name);
        java.nio.file.Files.writeString(f, singleQuoted.replace('\'', '"'));
        AgentCorpus.Run run = importOne(f, 0);
        assertEquals(List.of(Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT), roles(run));
        return run;
    }

    /**
     * Hand-made after LangGraph's Langfuse traces: the calls are in LangChain's {@code additional_kwargs.tool_calls},
     * the tool ran as a plain SPAN named after it, and its output is a serialised ToolMessage with status=error; the
     * offered tools are listed in a generation's input as tool messages (not results).
     */
    @Test
    void langGraphToolSpansAndToolMessages() throws Exception {
        String doc =
                "{'trace':{'id':'t-lg','input':'{\\'messages\\':[{\\'role\\':\\'user\\',\\'content\\':\\'Rain in Bergen?\\'}]}'},"
                        + "'observations':["
                        + "{'id':'g1','type':'GENERATION','startTime':'2025-01-01T00:00:00Z','input':[{'role':'user','content':'Rain in Bergen?'}],"
                        + "'output':{'role':'assistant','content':'','additional_kwargs':{'tool_calls':[{'id':'call_b','type':'function',"
                        + "'function':{'name':'rain','arguments':'{\\'city\\':\\'Bergen\\'}'}}]}}},"
                        + "{'id':'n1','type':'SPAN','name':'tools','startTime':'2025-01-01T00:00:01Z'},"
                        + "{'id':'s1','type':'SPAN','name':'rain','parentObservationId':'n1','startTime':'2025-01-01T00:00:02Z','input':{'city':'Bergen'},"
                        + "'output':{'lc':1,'type':'constructor','id':['langchain_core','messages','ToolMessage'],"
                        + "'kwargs':{'status':'error','content':'service down','tool_call_id':'call_b'}}},"
                        + "{'id':'g2','type':'GENERATION','startTime':'2025-01-01T00:00:03Z','input':[{'role':'user','content':'Rain in Bergen?'},"
                        + "{'role':'tool','content':{'type':'function','function':{'name':'rain','parameters':{'type':'object'}}}}],"
                        + "'output':{'role':'assistant','content':'I could not check the rain.'}}]}";
        AgentCorpus.Run run = oneToolCall("hand-made-langgraph.json", doc);
        assertEquals("rain", run.calls().get(0).get("name").asText());
        assertEquals("Bergen", run.calls().get(0).get("arguments").get("city").asText());
        assertEquals(
                "service down",
                run.turns().get(2).toolResults().get(0).content().asText());
        assertTrue(run.turns().get(2).toolResults().get(0).error(), "the ToolMessage's status=error");
        assertEquals("I could not check the rain.", run.answer());
    }

    /** Hand-made after Koog's Langfuse traces: the tool calls serialised into the assistant's content, tools as SPANs {@code tool.<name>}. */
    @Test
    void koogToolCallsInTheContentAndToolSpans() throws Exception {
        String call =
                "[{\\'function\\':{\\'name\\':\\'Greet\\',\\'arguments\\':\\'{}\\'},\\'id\\':\\'call_k\\',\\'type\\':\\'function\\'}]";
        String doc = "{'trace':{'id':'t-koog'},'observations':["
                + "{'id':'g1','type':'GENERATION','startTime':'2025-01-01T00:00:00Z','input':[{'role':'user','content':'Say hello'}],"
                + "'output':[{'role':'assistant','content':'" + call + "'}]},"
                + "{'id':'s1','type':'SPAN','name':'tool.Greet','startTime':'2025-01-01T00:00:01Z','input':{},'output':'Hello!'},"
                + "{'id':'g2','type':'GENERATION','startTime':'2025-01-01T00:00:02Z','input':[{'role':'user','content':'Say hello'}],"
                + "'output':[{'role':'assistant','content':'Hello!'}]}]}";
        AgentCorpus.Run run = oneToolCall("hand-made-koog.json", doc);
        assertEquals("Greet", run.calls().get(0).get("name").asText());
        assertEquals("Hello!", run.turns().get(2).toolResults().get(0).content().asText());
        assertEquals("Hello!", run.answer());
    }

    /** The public API's shape (GET /api/public/traces/{id}): the trace's fields at the top, observations inside. */
    @Test
    void aTraceFromThePublicApi() throws Exception {
        var export = (com.fasterxml.jackson.databind.node.ObjectNode) org.tracejudge.json.Json.MAPPER.readTree(
                AgentCorpus.file("langfuse", "claude-agent-2025-12-22.trace.json")
                        .toFile());
        var api = ((com.fasterxml.jackson.databind.node.ObjectNode) export.get("trace")).deepCopy();
        api.set("observations", export.get("observations"));
        api.put("htmlPath", "/project/x/traces/" + api.get("id").asText());
        Path f = dir.resolve("api-trace.json");
        java.nio.file.Files.writeString(f, api.toString());
        AgentCorpus.Run run = importOne(f, 3);
        assertEquals(2, run.calls().size());
        assertEquals(7, run.turns().size());
        // observations listed by id only: the trace's input and output, the rest reported as not in the file
        var ids = api.deepCopy();
        var idList = ids.putArray("observations");
        export.get("observations").forEach(o -> idList.add(o.get("id").asText()));
        ids.put("id", "other-trace");
        Path g = dir.resolve("api-ids.json");
        java.nio.file.Files.writeString(g, ids.toString());
        ImportReport.FileCounts c = new Importer(project, null)
                .importFiles(List.of(g), Format.AUTO, null)
                .files()
                .get(0);
        assertEquals(7, c.skipped.get("observations given by id only (not in the file)"));
        AgentCorpus.Run thin = AgentCorpus.runs(project).stream()
                .filter(r -> r.extra().path("source_id").asText().equals("other-trace"))
                .findFirst()
                .orElseThrow();
        assertEquals(List.of(Role.USER, Role.ASSISTANT), roles(thin));
        assertTrue(thin.answer().startsWith("Great! Here's the current weather"), thin.answer());
    }
}
