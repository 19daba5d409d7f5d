package org.tracejudge.judges;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import org.tracejudge.json.Json;

/**
 * The two batch APIs as their references document them, answering each request of a batch like the chat
 * endpoint would (a valid verdict, or llama.cpp-style context errors for custom ids the test names):
 * OpenAI Batch API (platform.openai.com/docs/api-reference/batch and /files: file object {"id":"file-..",
 * "purpose":"batch"}, batch object {"id":"batch_..","status","request_counts":{"total","completed","failed"},
 * "output_file_id","error_file_id"}, output lines {"id","custom_id","response":{"status_code","request_id",
 * "body"},"error":null}) and Anthropic Message Batches (docs.anthropic.com/en/api/creating-message-batches:
 * {"id":"msgbatch_..","type":"message_batch","processing_status":"in_progress"|"ended","request_counts":
 * {"processing","succeeded","errored","canceled","expired"},"results_url"}, result lines {"custom_id","result":
 * {"type":"succeeded","message":{...}}} or {"type":"errored","error":{"type":"error","error":{...}}}).
 */
final class BatchReplay extends Dispatcher {
    final AtomicInteger submits = new AtomicInteger();
    final AtomicInteger polls = new AtomicInteger();
    /** Polls before the batch ends. */
    volatile int pollsUntilDone = 2;
    /** Every n-th request of the batch fails with a context-length error (0 = none). */
    volatile int contextErrorEvery = 0;
    /** The answer text of an OpenAI request (its body → the message content). */
    volatile java.util.function.Function<JsonNode, String> content = ProviderReplay::validReply;
    /** The message answering an Anthropic request (its params → the message), or null for a valid verdict. */
    volatile java.util.function.Function<JsonNode, JsonNode> anthropicMessage;

    /** The requests of the batch by custom id: OpenAI lines' body, Anthropic requests' params. */
    final Map<String, JsonNode> lines = new LinkedHashMap<>();

    private String base;

    @Override
    public MockResponse dispatch(RecordedRequest r) {
        String path = r.getUrl().encodedPath();
        base = r.getUrl().scheme() + "://" + r.getUrl().host() + ":"
                + r.getUrl().port();
        String body = r.getBody() == null ? "" : r.getBody().utf8();
        if (path.equals("/v1/files") && "POST".equals(r.getMethod())) {
            for (String line : body.split("\r?\n")) {
                if (line.startsWith("{\"custom_id\"")) {
                    JsonNode l = Json.read(line);
                    lines.put(l.path("custom_id").asText(), l.path("body"));
                }
            }
            return json("{\"id\":\"file-in1\",\"object\":\"file\",\"bytes\":" + body.length()
                    + ",\"created_at\":1767225600," + "\"filename\":\"tracejudge-batch.jsonl\",\"purpose\":\"batch\"}");
        }
        if (path.equals("/v1/batches") && "POST".equals(r.getMethod())) {
            submits.incrementAndGet();
            return json(openAiBatch("validating"));
        }
        if (path.startsWith("/v1/batches/")) {
            return json(openAiBatch(polls.incrementAndGet() > pollsUntilDone ? "completed" : "in_progress"));
        }
        if (path.equals("/v1/files/file-out1/content")) {
            StringBuilder sb = new StringBuilder();
            int i = 0;
            for (var e : lines.entrySet()) {
                ObjectNode l = Json.object();
                l.put("id", "batch_req_" + i);
                l.put("custom_id", e.getKey());
                ObjectNode resp = l.putObject("response");
                if (contextErrorEvery > 0 && i % contextErrorEvery == 0) {
                    resp.put("status_code", 400);
                    resp.set(
                            "body",
                            Json.read("{\"error\":{\"message\":\"This model's maximum context length is "
                                    + "8192 tokens.\",\"type\":\"invalid_request_error\",\"param\":\"messages\","
                                    + "\"code\":\"context_length_exceeded\"}}"));
                } else {
                    resp.put("status_code", 200);
                    resp.put("request_id", "req_" + i);
                    resp.set("body", ProviderReplay.completion(content.apply(e.getValue()), null, null, "stop"));
                }
                l.putNull("error");
                sb.append(l).append('\n');
                i++;
            }
            return new MockResponse.Builder()
                    .code(200)
                    .setHeader("Content-Type", "application/octet-stream")
                    .body(sb.toString())
                    .build();
        }
        if (path.equals("/v1/messages/batches") && "POST".equals(r.getMethod())) {
            submits.incrementAndGet();
            for (JsonNode req : Json.read(body).path("requests")) {
                lines.put(req.path("custom_id").asText(), req.path("params"));
            }
            return json(anthropicBatch("in_progress"));
        }
        if (path.startsWith("/v1/messages/batches/msgbatch_1/results")) {
            StringBuilder sb = new StringBuilder();
            int i = 0;
            for (var e : lines.entrySet()) {
                ObjectNode l = Json.object();
                l.put("custom_id", e.getKey());
                ObjectNode result = l.putObject("result");
                if (contextErrorEvery > 0 && i % contextErrorEvery == 0) {
                    result.put("type", "errored");
                    result.set(
                            "error",
                            Json.read("{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\","
                                    + "\"message\":\"prompt is too long: 210000 tokens > 200000 maximum\"}}"));
                } else {
                    result.put("type", "succeeded");
                    result.set(
                            "message",
                            anthropicMessage != null
                                    ? anthropicMessage.apply(e.getValue())
                                    : Json.read(
                                            new FakeProvider(org.tracejudge.judges.provider.ProviderKind.ANTHROPIC, 0)
                                                    .ok("judge-model-1", ProviderReplay.validReply(e.getValue()), i)));
                }
                sb.append(l).append('\n');
                i++;
            }
            return new MockResponse.Builder()
                    .code(200)
                    .setHeader("Content-Type", "application/binary")
                    .body(sb.toString())
                    .build();
        }
        if (path.startsWith("/v1/messages/batches/")) {
            return json(anthropicBatch(polls.incrementAndGet() > pollsUntilDone ? "ended" : "in_progress"));
        }
        return new MockResponse.Builder()
                .code(404)
                .setHeader("Content-Type", "text/plain")
                .body("404 page not found")
                .build();
    }

    private String openAiBatch(String status) {
        ObjectNode o = Json.object();
        o.put("id", "batch_1");
        o.put("object", "batch");
        o.put("endpoint", "/v1/chat/completions");
        o.put("input_file_id", "file-in1");
        o.put("completion_window", "24h");
        o.put("status", status);
        boolean done = status.equals("completed");
        if (done) {
            o.put("output_file_id", "file-out1");
        } else {
            o.putNull("output_file_id");
        }
        o.putNull("error_file_id");
        int n = lines.size();
        o.putObject("request_counts")
                .put("total", n)
                .put("completed", done ? n : n / 2)
                .put("failed", 0);
        return o.toString();
    }

    private String anthropicBatch(String status) {
        ObjectNode o = Json.object();
        o.put("id", "msgbatch_1");
        o.put("type", "message_batch");
        o.put("processing_status", status);
        boolean done = status.equals("ended");
        int n = lines.size();
        o.putObject("request_counts")
                .put("processing", done ? 0 : n)
                .put("succeeded", done ? n : 0)
                .put("errored", 0)
                .put("canceled", 0)
                .put("expired", 0);
        if (done) {
            o.put("results_url", base + "/v1/messages/batches/msgbatch_1/results");
        } else {
            o.putNull("results_url");
        }
        return o.toString();
    }

    private static MockResponse json(String body) {
        return new MockResponse.Builder()
                .code(200)
                .setHeader("Content-Type", "application/json")
                .body(body)
                .build();
    }
}
