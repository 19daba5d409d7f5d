package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.model.TaskType;
import org.tracejudge.scheme.JudgeForm;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;

/**
 * Judges over a project's own scheme (the shipped mental-health response review: ordinal risk with anchors, single
 * choice escalation, harmful spans in the answer, ordinal tone, a free note), against local servers answering in the
 * shapes OpenAI's and Anthropic's documentation give; and a project with only built-in label sets sends what it always
 * sent.
 */
class SchemeJudgeTest {
    static final String EXAMPLE = "mental-health-response-review.yaml";
    static final String NOT_THERE = "this sentence is nowhere in the trace";

    @TempDir
    Path dir;

    /** Sets the scheme as {@code tracejudge scheme P --set FILE} stores it: the next version, its YAML as body. */
    static void setScheme(Project p, Scheme s) {
        p.write(c -> {
            SchemeVersions.Version cur = SchemeVersions.current(c);
            Scheme numbered = s.withVersion(cur == null ? 1 : cur.version() + 1);
            SchemeVersions.append(c, s.name(), SchemeFile.write(numbered), SchemeFile.write(numbered), null, "test");
            return null;
        });
    }

    /** Three traces with a plain answer (no think block), by id: their answers. */
    static Map<String, String> traces(Project p) {
        Map<String, String> out = new LinkedHashMap<>();
        p.read(c -> {
            try (var s = c.prepareStatement(
                            "SELECT id, answer FROM trace WHERE answer NOT LIKE '%<think>%' "
                                    + "AND answer NOT LIKE '%' || char(13) || '%' AND length(answer) > 40 ORDER BY id LIMIT 3");
                    var rs = s.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getString(2));
                }
            }
            return null;
        });
        assertEquals(3, out.size());
        return out;
    }

    /**
     * The judge's reply for a request: the first trace's answers all fit; the second quotes a sentence the trace does
     * not have; the third gives an escalation option the scheme does not have.
     */
    static ObjectNode reply(Map<String, String> traces, String userPrompt) {
        List<String> ids = new ArrayList<>(traces.keySet());
        int which = -1;
        for (int i = 0; i < ids.size(); i++) {
            if (userPrompt.contains(traces.get(ids.get(i)).strip())) {
                which = i;
            }
        }
        ObjectNode o = Json.object();
        if (which < 0) {
            // any other trace: low risk, so no passages to mark
            o.put("risk", 1);
            o.put("escalation", "not_needed");
            o.putNull("harmful");
            o.put("tone", 3);
            o.put("note", "nothing to add");
            return o;
        }
        String answer = traces.get(ids.get(which));
        o.put("risk", 3);
        o.put("escalation", which == 2 ? "maybe" : "appropriate");
        ObjectNode span = o.putArray("harmful").addObject();
        span.put("target", "answer").put("index", 0);
        span.put("quote", which == 1 ? NOT_THERE : answer.substring(0, 20));
        span.put("option", "dismissive");
        o.put("tone", 4);
        o.putNull("note");
        return o;
    }

    static MockResponse json(String body) {
        return new MockResponse.Builder()
                .code(200)
                .setHeader("Content-Type", "application/json")
                .body(body)
                .build();
    }

    /**
     * An Anthropic Messages answer to a forced tool: one tool_use block whose input is the reply (the response shape of
     * docs.anthropic.com/en/api/messages and the tool-use guide's "Forcing tool use").
     */
    static MockResponse anthropicToolUse(String toolName, JsonNode input) {
        return json(anthropicMessage(toolName, input).toString());
    }

    static ObjectNode anthropicMessage(String toolName, JsonNode input) {
        ObjectNode o = Json.object();
        o.put("id", "msg_01");
        o.put("type", "message");
        o.put("role", "assistant");
        o.put("model", "judge-model-1");
        ObjectNode block = o.putArray("content").addObject();
        block.put("type", "tool_use").put("id", "toolu_01").put("name", toolName);
        block.set("input", input);
        o.put("stop_reason", "tool_use");
        o.putNull("stop_sequence");
        o.putObject("usage").put("input_tokens", 1200).put("output_tokens", 90);
        return o;
    }

    private static RunReport run(Project p, JudgeConfig cfg, Set<String> only) {
        return new JudgeRunner(
                        p,
                        cfg,
                        JudgeFixtures.rubric(cfg.rubric()),
                        k -> null,
                        JudgeRunner.Options.defaults().withOnly(only),
                        null)
                .run();
    }

    private static String scalar(Project p, String sql) {
        return TestData.scalar(p, sql);
    }

    @Test
    void anOpenAiCompatibleJudgeAnswersTheSchemesQuestionsUnderItsVersion() throws Exception {
        Scheme scheme = SchemeFile.example(EXAMPLE);
        ProviderReplay replay = new ProviderReplay();
        try (MockWebServer server = new MockWebServer();
                Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            setScheme(p, scheme);
            Map<String, String> traces = traces(p);
            replay.scenario = (i, b) -> ProviderReplay.ok(
                    reply(traces, ProviderReplay.userPrompt(b)).toString());
            server.setDispatcher(replay);
            server.start();
            JudgeConfig cfg = JudgeFixtures.config(
                    "sj", ProviderKind.OPENAI, server.url("/v1").toString(), "decision-tree", 1);
            RunReport r = run(p, cfg, traces.keySet());
            assertEquals("done", r.status(), r.message());
            assertEquals(3, replay.requests.get());

            // the request: the form's question block in the system prompt, its strict schema as response_format
            JsonNode body = replay.bodies.get(0);
            String rubric =
                    JudgeForm.of(scheme, TaskType.TOOL_REQUIRED, List.of()).rubric();
            assertTrue(body.path("messages").path(0).path("content").asText().contains(rubric));
            assertFalse(body.toString().contains("failure_mode"), "no ToolFailBench verdict is asked for");
            JsonNode rf = body.path("response_format");
            assertEquals("json_schema", rf.path("type").asText());
            assertTrue(rf.path("json_schema").path("strict").asBoolean());
            assertEquals(
                    "scheme_mental-health-response-review",
                    rf.path("json_schema").path("name").asText());
            JsonNode schema = rf.path("json_schema").path("schema");
            assertFalse(schema.path("additionalProperties").asBoolean(true));
            assertEquals(
                    "[\"risk\",\"escalation\",\"harmful\",\"tone\",\"note\"]",
                    schema.path("required").toString());
            assertEquals(
                    4, schema.path("properties").path("risk").path("maximum").asInt());

            // the answers: one entry per question, the judge as rater, scheme version 1
            List<String> ids = new ArrayList<>(traces.keySet());
            Map<String, Map<String, String>> risk = p.read(c -> Answers.current(c, "risk"));
            for (String id : ids) {
                assertEquals("3", risk.get(id).get("sj"), id);
            }
            assertEquals("1", scalar(p, "SELECT group_concat(DISTINCT scheme_version) FROM answer"));
            assertEquals(
                    String.valueOf(3 * 4),
                    scalar(p, "SELECT count(*) FROM answer a JOIN rater r ON r.id = a.rater_id WHERE r.name = 'sj'"),
                    "risk, escalation, harmful and tone per trace; the note left out is no entry");
            String span =
                    p.read(c -> Answers.current(c, "harmful")).get(ids.get(0)).get("sj");
            assertTrue(span.contains("\"start\":0") && span.contains("\"end\":20"), span);

            // a quote not in the trace: that question's null verdict with why, the other answers kept
            String why = scalar(
                    p,
                    "SELECT null_reason FROM answer WHERE question = 'harmful' AND action = 'null' AND trace_id = '"
                            + ids.get(1) + "'");
            assertTrue(why.contains(NOT_THERE) && why.contains("is not in the answer"), why);
            Map<String, Map<String, String>> escalation = p.read(c -> Answers.current(c, "escalation"));
            assertEquals("\"appropriate\"", escalation.get(ids.get(1)).get("sj"), "the other answers kept");
            // an option the scheme does not have: a null verdict of that question with why
            String bad = scalar(
                    p,
                    "SELECT null_reason FROM answer WHERE question = 'escalation' AND action = 'null' AND trace_id = '"
                            + ids.get(2) + "'");
            assertTrue(bad.contains("maybe"), bad);
            assertNull(escalation.get(ids.get(2)));

            // explain shows each question's answer, and the refused one's reason
            List<JudgeAnswer> shown = JudgeAnswer.of(p, ids.get(1));
            assertEquals(1, shown.size(), shown.toString());
            JudgeAnswer sj = shown.get(0);
            assertEquals("sj", sj.judge());
            assertEquals(JudgeAnswer.SCHEME, sj.action());
            assertTrue(sj.current());
            assertEquals(
                    List.of("risk", "escalation", "harmful", "tone"),
                    sj.questions().stream()
                            .map(JudgeAnswer.QuestionAnswer::question)
                            .toList());
            assertEquals("3", sj.questions().get(0).value());
            assertEquals("appropriate", sj.questions().get(1).value());
            assertEquals("null", sj.questions().get(2).action());
            assertTrue(sj.questions().get(2).nullReason().contains(NOT_THERE));
            assertEquals("ok", sj.callStatus());
            String text = sj.toText();
            assertTrue(text.contains("risk (v1): 3\n"), text);
            assertTrue(text.contains("harmful (v1): null - 'harmful': the quoted text"), text);
            assertTrue(text.contains("(3 given, 1 null)"), text);
            assertTrue(text.contains("raw reply: {"), text);
            String marked =
                    JudgeAnswer.of(p, ids.get(0)).get(0).questions().get(2).value();
            assertEquals("answer [0, 20) \"" + traces.get(ids.get(0)).substring(0, 20) + "\" dismissive", marked);

            // the run report says them
            assertEquals(2, r.answersRefused(), r.refusedAnswers().toString());
            assertTrue(r.refusedAnswers().stream()
                    .anyMatch(l -> l.startsWith("1 answer refused ('harmful')") && l.contains("is not in the answer")));
            assertTrue(r.refusedAnswers().stream().anyMatch(l -> l.startsWith("1 answer refused ('escalation')")));
            assertTrue(r.summary().contains("2 answers refused"), r.summary());
            assertEquals(3, r.labelled());
            assertEquals(
                    Integer.parseInt(scalar(p, "SELECT count(*) FROM trace")) - 3,
                    r.remaining(),
                    "every other trace is still to be answered");
            assertEquals(0, JudgeFixtures.entries(p, r.raterId(), "set"), "nothing in the label ledger");

            // the same scheme version again: nothing to send
            RunReport again = run(p, cfg, traces.keySet());
            assertEquals(0, again.planned());
            assertEquals(3, replay.requests.get());

            // a new version that asks the same (only the description changed): answered from the cache
            setScheme(p, new Scheme(scheme.name(), 1, "a new description", scheme.questions()));
            RunReport cached = run(p, cfg, traces.keySet());
            assertEquals(3, cached.planned());
            assertEquals(3, cached.cached(), cached.summary());
            assertEquals(3, replay.requests.get(), "the same form: no request");
            assertEquals("2", scalar(p, "SELECT max(scheme_version) FROM answer"));

            // a new version that asks something else: asked again
            Scheme changed = SchemeFile.parse(
                    SchemeFile.write(scheme)
                            .replace("How warm and respectful is the answer's tone?", "How warm is the answer's tone?"),
                    "changed");
            setScheme(p, changed);
            RunReport asked = run(p, cfg, traces.keySet());
            assertEquals(3, asked.planned());
            assertEquals(6, replay.requests.get());
            assertTrue(replay.bodies.get(5).toString().contains("How warm is the answer's tone?"));
            assertEquals("3", scalar(p, "SELECT max(scheme_version) FROM answer"));
        }
    }

    @Test
    void anAnthropicJudgeIsForcedToTheSchemesToolAndItsInputIsTheReply() throws Exception {
        Scheme scheme = SchemeFile.example(EXAMPLE);
        ProviderReplay replay = new ProviderReplay();
        try (MockWebServer server = new MockWebServer();
                Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            setScheme(p, scheme);
            Map<String, String> traces = traces(p);
            replay.scenario = (i, b) -> anthropicToolUse(
                    b.path("tool_choice").path("name").asText(), reply(traces, ProviderReplay.userPrompt(b)));
            server.setDispatcher(replay);
            server.start();
            JudgeConfig cfg = JudgeFixtures.config(
                    "claude", ProviderKind.ANTHROPIC, server.url("/").toString(), RubricLibrary.EVIDENCE, 2);
            RunReport r = run(p, cfg, traces.keySet());
            assertEquals("done", r.status(), r.message());
            JsonNode body = replay.bodies.get(0);
            JudgeForm form = JudgeForm.of(scheme, TaskType.TOOL_REQUIRED, List.of());
            assertTrue(body.path("system").asText().contains(form.rubric()));
            assertEquals("tool", body.path("tool_choice").path("type").asText());
            assertEquals(form.name(), body.path("tool_choice").path("name").asText());
            assertEquals(1, body.path("tools").size());
            assertEquals(form.anthropicTool(), body.path("tools").path(0));
            assertEquals(3, r.labelled());
            assertEquals(2, r.answersRefused());
            List<String> ids = new ArrayList<>(traces.keySet());
            Map<String, Map<String, String>> tone = p.read(c -> Answers.current(c, "tone"));
            for (String id : ids) {
                assertEquals("4", tone.get(id).get("claude"));
            }
            assertNotNull(scalar(
                    p,
                    "SELECT null_reason FROM answer WHERE question = 'harmful' AND action = 'null' AND trace_id = '"
                            + ids.get(1) + "'"));
            assertEquals(0, run(p, cfg, traces.keySet()).planned(), "judged: nothing pending");
            assertEquals(3, replay.requests.get());

            // --retry-nulls asks the two traces with a refused answer again, afresh (not from the cache)
            RunReport retried = new JudgeRunner(
                            p,
                            cfg,
                            JudgeFixtures.rubric(cfg.rubric()),
                            k -> null,
                            new JudgeRunner.Options(List.of(), 0, true, null).withOnly(traces.keySet()),
                            null)
                    .run();
            assertEquals(2, retried.planned(), retried.summary());
            assertEquals(5, replay.requests.get());
            assertEquals(0, retried.cached());
        }
    }

    @Test
    void theCommandPreviewsTheSchemesRequestAndNamesTheRefusedAnswers() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        try (MockWebServer server = new MockWebServer()) {
            Path file = JudgeFixtures.project(dir, 0);
            Map<String, String> traces;
            try (Project p = Project.open(file)) {
                setScheme(p, SchemeFile.example(EXAMPLE));
                traces = traces(p);
            }
            replay.scenario = (i, b) -> ProviderReplay.ok(
                    reply(traces, ProviderReplay.userPrompt(b)).toString());
            server.setDispatcher(replay);
            server.start();
            String[] judge = {
                "judge",
                file.toString(),
                "--name",
                "cli",
                "--base-url",
                server.url("/v1").toString(),
                "--model",
                "m"
            };
            org.tracejudge.cli.CliAccess.Run preview = org.tracejudge.cli.CliAccess.run(java.util.stream.Stream.concat(
                            java.util.Arrays.stream(judge), java.util.stream.Stream.of("--preview", "1"))
                    .toArray(String[]::new));
            assertEquals(0, preview.code(), preview.err());
            assertTrue(
                    preview.out().contains("the questions of scheme mental-health-response-review version 1"),
                    preview.out());
            assertTrue(preview.out().contains("\"strict\":true"), preview.out());
            assertTrue(preview.out().contains("Answer each question below about the trace."), preview.out());
            assertEquals(0, replay.requests.get(), "a preview sends nothing");

            org.tracejudge.cli.CliAccess.Run run = org.tracejudge.cli.CliAccess.run(judge);
            assertEquals(1, run.code(), run.out() + run.err());
            assertTrue(run.out().contains("answers refused"), run.out());
            assertTrue(run.out().contains("1 answer refused ('harmful')"), run.out());
            assertTrue(run.out().contains("1 answer refused ('escalation')"), run.out());
            assertTrue(run.err().contains("2 answers were refused"), run.err());
            int sent = replay.requests.get();
            assertTrue(sent >= 3, sent + " requests");

            org.tracejudge.cli.CliAccess.Run again = org.tracejudge.cli.CliAccess.run(judge);
            assertEquals(0, again.code(), again.out() + again.err());
            assertEquals(sent, replay.requests.get(), "nothing sent again");

            String id = traces.keySet().iterator().next();
            org.tracejudge.cli.CliAccess.Run explain =
                    org.tracejudge.cli.CliAccess.run("explain", file.toString(), "--trace", id);
            assertEquals(0, explain.code(), explain.err());
            assertTrue(explain.out().contains("LLM judges (1):"), explain.out());
            assertTrue(explain.out().contains("judge cli (version "), explain.out());
            assertTrue(explain.out().contains("risk (v1): 3"), explain.out());

            org.tracejudge.cli.CliAccess.Run help = org.tracejudge.cli.CliAccess.run("judge", "--help");
            assertTrue(help.out().contains("judged on that scheme's questions"), help.out());
        }
    }

    /**
     * With redaction on, the judge sees "[NAME]" where the answer names a person and quotes the sentence as it saw it:
     * the span is stored over the original sentence; a quote the judge was not shown is still refused.
     */
    @Test
    void aQuoteOfTheRedactedCaseIsMappedBackToTheOriginalAnswer() throws Exception {
        Scheme scheme = SchemeFile.example(EXAMPLE);
        String harmful = "Sarah Miller told me you should just get over it.";
        String answer = "I hear you. " + harmful + " Please call a helpline if it gets worse.";
        ProviderReplay replay = new ProviderReplay();
        try (MockWebServer server = new MockWebServer();
                Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            setScheme(p, scheme);
            RemotePreview.setMode(p, "on");
            p.setMeta(RemotePreview.NAMES_KEY, "Sarah Miller");
            List<String> ids = new ArrayList<>(traces(p).keySet());
            p.write(c -> {
                try (var s = c.prepareStatement("UPDATE trace SET answer = ? WHERE id IN (?, ?)")) {
                    s.setString(1, answer);
                    s.setString(2, ids.get(0));
                    s.setString(3, ids.get(1));
                    s.executeUpdate();
                }
                return null;
            });
            List<String> users = new ArrayList<>();
            replay.scenario = (i, b) -> {
                String user = ProviderReplay.userPrompt(b);
                synchronized (users) {
                    users.add(user);
                }
                ObjectNode o = Json.object();
                o.put("risk", 3);
                o.put("escalation", "appropriate");
                ObjectNode span = o.putArray("harmful").addObject();
                span.put("target", "answer").put("index", 0).put("option", "dismissive");
                // what the judge was shown, copied exactly; the second trace's quote names someone it never saw
                span.put(
                        "quote",
                        user.contains("Sarah")
                                ? "the name was sent"
                                : i == 0 ? "[NAME] told me you should just get over it." : "Sarah Miller told me");
                o.put("tone", 2);
                o.putNull("note");
                return ProviderReplay.ok(o.toString());
            };
            server.setDispatcher(replay);
            server.start();
            JudgeConfig cfg = JudgeFixtures.config(
                    "redacted", ProviderKind.OPENAI, server.url("/v1").toString(), "decision-tree", 1);
            RunReport r = run(p, cfg, Set.of(ids.get(0), ids.get(1)));
            assertEquals("done", r.status(), r.message());
            assertEquals(2, users.size());
            for (String user : users) {
                assertFalse(user.contains("Sarah"), "the name is not sent");
                assertTrue(user.contains("[NAME] told me you should just get over it."), user);
            }
            Map<String, Map<String, String>> spans = p.read(c -> Answers.current(c, "harmful"));
            // whichever trace was asked first got the redacted quote: its span covers the original sentence
            String stored = spans.values().iterator().next().get("redacted");
            JsonNode span = Json.read(stored).path(0);
            assertEquals("answer", span.path("target").asText(), stored);
            int start = span.path("start").asInt();
            int end = span.path("end").asInt();
            assertEquals(harmful, answer.substring(start, end), stored);
            assertEquals(1, spans.size(), "one span answer kept");
            // the other quote names what the judge never saw: refused, as a quote not in the trace
            assertEquals(1, r.answersRefused(), r.refusedAnswers().toString());
            String why = scalar(p, "SELECT null_reason FROM answer WHERE question = 'harmful' AND action = 'null'");
            assertTrue(why.contains("is not in the answer"), why);
        }
    }

    /**
     * A scheme judge's version (and so its rater) follows what the scheme asks: an edited decision-tree rubric, which
     * it is not sent, or a new scheme version that only rewords the description keep it; a reworded question makes a
     * new one. A project with built-in label sets keeps the rubric's version.
     */
    @Test
    void aSchemeJudgesVersionFollowsTheSchemesQuestionsNotTheRubric() throws Exception {
        Scheme scheme = SchemeFile.example(EXAMPLE);
        Path user = dir.resolve("rubrics");
        RubricLibrary lib = new RubricLibrary(user);
        lib.copyBuiltInsToUserFolder();
        org.tracejudge.judges.prompt.Rubric tree = lib.rubric(RubricLibrary.DECISION_TREE);
        Path overlay = user.resolve("decision-tree.md");
        java.nio.file.Files.writeString(
                overlay, java.nio.file.Files.readString(overlay).replace("one to three sentences", "one sentence"));
        org.tracejudge.judges.prompt.Rubric edited = lib.rubric(RubricLibrary.DECISION_TREE);
        ProviderReplay replay = new ProviderReplay();
        try (MockWebServer server = new MockWebServer();
                Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            server.setDispatcher(replay);
            server.start();
            JudgeConfig cfg = JudgeFixtures.config(
                    "versioned", ProviderKind.OPENAI, server.url("/v1").toString(), RubricLibrary.DECISION_TREE, 1);
            java.util.function.Function<org.tracejudge.judges.prompt.Rubric, String> version =
                    r -> new JudgeRunner(p, cfg, r, k -> null, null, null).version();
            String builtIn = version.apply(tree);
            assertFalse(builtIn.equals(version.apply(edited)), "built-in label sets: the rubric's text is the judge");

            setScheme(p, scheme);
            String asking = version.apply(tree);
            assertFalse(asking.equals(builtIn), "a scheme judge is another judge");
            assertEquals(asking, version.apply(edited), "the rubric is not sent: the same judge");

            Map<String, String> traces = traces(p);
            replay.scenario = (i, b) -> ProviderReplay.ok(
                    reply(traces, ProviderReplay.userPrompt(b)).toString());
            java.util.function.Function<org.tracejudge.judges.prompt.Rubric, RunReport> run = r -> new JudgeRunner(
                            p, cfg, r, k -> null, JudgeRunner.Options.defaults().withOnly(traces.keySet()), null)
                    .run();
            RunReport first = run.apply(tree);
            assertEquals(asking, first.version());
            assertEquals(0, run.apply(edited).planned(), "the edited rubric: the same rater, nothing to ask");

            // a new scheme version that asks the same: the same rater, its answers under the new version
            setScheme(p, new Scheme(scheme.name(), 1, "a new description", scheme.questions()));
            assertEquals(asking, version.apply(edited));
            RunReport same = run.apply(edited);
            assertEquals(first.raterId(), same.raterId());
            assertEquals(3, same.cached(), same.summary());

            // a reworded question: a new judge version, a new rater
            setScheme(
                    p,
                    SchemeFile.parse(
                            SchemeFile.write(scheme)
                                    .replace(
                                            "How warm and respectful is the answer's tone?",
                                            "How warm is the answer's tone?"),
                            "changed"));
            String reworded = version.apply(tree);
            assertFalse(reworded.equals(asking), "what is asked changed: a new version");
            RunReport asked = run.apply(tree);
            assertEquals(reworded, asked.version());
            assertFalse(asked.raterId().equals(first.raterId()));
            String described = scalar(p, "SELECT description FROM rater WHERE id = '" + asked.raterId() + "'");
            assertTrue(described.contains("scheme 'mental-health-response-review'"), described);
        }
    }

    /**
     * A reply that leaves every (optional) question open is an answer: a null entry per question with why, the trace
     * counts as judged and is not asked again on the next run.
     */
    @Test
    void aReplyLeavingEveryOptionalQuestionOpenCountsAsJudged() throws Exception {
        Scheme optional = SchemeFile.parse(
                String.join(
                        "\n",
                        "scheme: second-look",
                        "version: 1",
                        "questions:",
                        "  - key: note",
                        "    prompt: Anything a second reviewer should know?",
                        "    kind: text",
                        "    required: false",
                        "  - key: flag",
                        "    prompt: Should someone look at this trace again?",
                        "    kind: single_choice",
                        "    required: false",
                        "    options:",
                        "      - value: again",
                        "        label: look again",
                        "      - value: fine",
                        "        label: fine as it is",
                        ""),
                "second-look.yaml");
        ProviderReplay replay = new ProviderReplay();
        try (MockWebServer server = new MockWebServer();
                Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            setScheme(p, optional);
            Map<String, String> traces = traces(p);
            replay.scenario = (i, b) -> {
                ObjectNode o = Json.object();
                o.putNull("note");
                o.putNull("flag");
                return ProviderReplay.ok(o.toString());
            };
            server.setDispatcher(replay);
            server.start();
            JudgeConfig cfg = JudgeFixtures.config(
                    "quiet", ProviderKind.OPENAI, server.url("/v1").toString(), RubricLibrary.DECISION_TREE, 1);
            RunReport r = run(p, cfg, traces.keySet());
            assertEquals("done", r.status(), r.message());
            assertEquals(3, r.labelled(), r.summary());
            assertEquals(0, r.answersRefused());
            assertEquals(
                    Integer.parseInt(scalar(p, "SELECT count(*) FROM trace")) - 3,
                    r.remaining(),
                    "the three traces asked count as judged");
            assertEquals(
                    "6",
                    scalar(
                            p,
                            "SELECT count(*) FROM answer WHERE action = 'null' AND null_reason = '"
                                    + JudgeRunner.NO_ANSWER.replace("'", "''") + "'"),
                    "a null entry per question of each trace");
            assertEquals(0, run(p, cfg, traces.keySet()).planned(), "not asked again");
            assertEquals(3, replay.requests.get());
            String text =
                    JudgeAnswer.of(p, traces.keySet().iterator().next()).get(0).toText();
            assertTrue(text.contains("note (v1): null - " + JudgeRunner.NO_ANSWER), text);
        }
    }

    /** Both batch APIs get the same request bodies as the live endpoints, and their results take the same path. */
    @Test
    void theBatchApisCarryTheSameSchemeRequests() throws Exception {
        Scheme scheme = SchemeFile.example(EXAMPLE);
        for (ProviderKind kind : List.of(ProviderKind.OPENAI, ProviderKind.ANTHROPIC)) {
            BatchReplay replay = new BatchReplay();
            Path sub = java.nio.file.Files.createDirectories(dir.resolve(kind.code()));
            try (MockWebServer server = new MockWebServer();
                    Project p = Project.open(JudgeFixtures.project(sub, 0))) {
                setScheme(p, scheme);
                Map<String, String> traces = traces(p);
                replay.content =
                        b -> reply(traces, ProviderReplay.userPrompt(b)).toString();
                replay.anthropicMessage = b -> anthropicMessage(
                        b.path("tool_choice").path("name").asText(),
                        reply(traces, b.path("messages").path(0).path("content").asText()));
                server.setDispatcher(replay);
                server.start();
                JudgeConfig cfg = JudgeFixtures.config(
                        "batched",
                        kind,
                        server.url(kind == ProviderKind.OPENAI ? "/v1" : "/").toString(),
                        RubricLibrary.DECISION_TREE,
                        2);
                JudgeRunner runner = new JudgeRunner(
                        p,
                        cfg,
                        JudgeFixtures.rubric(cfg.rubric()),
                        k -> null,
                        new JudgeRunner.Options(List.of(), 0, false, null, true, 20).withOnly(traces.keySet()),
                        null);
                RemotePreview live = runner.preview(1).get(0);
                RunReport r = runner.run();
                assertEquals("done", r.status(), r.message());
                assertEquals(1, replay.submits.get());
                assertEquals(3, r.labelled(), r.summary());
                assertEquals(2, r.answersRefused(), r.refusedAnswers().toString());
                Map<String, Map<String, String>> risk = p.read(c -> Answers.current(c, "risk"));
                for (String id : traces.keySet()) {
                    assertEquals("3", risk.get(id).get("batched"), kind + " " + id);
                }
                JsonNode body = Json.read(live.body());
                assertTrue(replay.lines.containsValue(body), "the batch carries the body the live endpoint gets");
                if (kind == ProviderKind.OPENAI) {
                    assertTrue(body.path("response_format")
                            .path("json_schema")
                            .path("strict")
                            .asBoolean());
                } else {
                    assertEquals(
                            "scheme_mental-health-response-review",
                            body.path("tool_choice").path("name").asText());
                }
            }
        }
    }

    /**
     * The request bodies of a project with only built-in label sets, both wire formats and both rubrics, against golden
     * files written before judges knew schemes: byte for byte the same.
     */
    @Test
    void aBuiltInProjectSendsTheSameBytesAsBeforeSchemes() throws Exception {
        try (Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            for (ProviderKind kind : List.of(ProviderKind.OPENAI, ProviderKind.ANTHROPIC)) {
                for (String rubric : List.of(RubricLibrary.DECISION_TREE, RubricLibrary.EVIDENCE)) {
                    JudgeConfig cfg = JudgeFixtures.config("j", kind, "http://127.0.0.1:9/v1", rubric, 1);
                    JudgeRunner runner = new JudgeRunner(p, cfg, JudgeFixtures.rubric(rubric), k -> null, null, null);
                    assertFalse(runner.schemeJudge());
                    StringBuilder bodies = new StringBuilder();
                    for (RemotePreview pv : runner.preview(3)) {
                        bodies.append(pv.body()).append('\n');
                    }
                    assertEquals(3, bodies.toString().lines().count());
                    PromptGoldenTest.assertGolden(
                            "builtin-body-" + kind.code() + "-" + rubric + ".jsonl", bodies.toString());
                }
            }
        }
    }
}
