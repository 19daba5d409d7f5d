package org.tracejudge.judges.provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.tracejudge.json.Json;

/**
 * The providers' batch APIs, at half the price for big runs:
 * <ul>
 * <li>OpenAI Batch API (platform.openai.com/docs/guides/batch, api-reference/batch): upload a JSONL file of
 *     {@code {"custom_id","method":"POST","url":"/v1/chat/completions","body":{...}}} with
 *     {@code POST /files} (purpose {@code batch}), {@code POST /batches} with {@code input_file_id}, endpoint and
 *     {@code completion_window: "24h"}, poll {@code GET /batches/{id}} (status validating, in_progress,
 *     finalizing, completed, failed, expired, cancelling, cancelled; {@code request_counts}), then read
 *     {@code GET /files/{output_file_id}/content} (and the error file): lines of
 *     {@code {"custom_id","response":{"status_code","body"},"error"}}.</li>
 * <li>Anthropic Message Batches (docs.anthropic.com/en/api/creating-message-batches, retrieving, results):
 *     {@code POST /v1/messages/batches} with {@code {"requests":[{"custom_id","params":{...}}]}}, poll
 *     {@code GET /v1/messages/batches/{id}} until {@code processing_status} is {@code ended}, then read its
 *     {@code results_url}: lines of {@code {"custom_id","result":{"type":"succeeded","message":{...}}}} or
 *     {@code errored} / {@code canceled} / {@code expired}.</li>
 * </ul>
 * Custom ids are the requests' cache keys (64 hex characters, within both APIs' limits).
 */
public final class BatchApi {
    private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");
    private static final MediaType JSONL = MediaType.get("application/jsonl");

    private final ChatClient client;
    private final ProviderSettings settings;

    public BatchApi(ChatClient client) {
        this.client = client;
        this.settings = client.settings();
    }

    /** A provider call that did not succeed: the failure as the chat endpoint would have classified it. */
    public static final class BatchFailure extends Exception {
        private static final long serialVersionUID = 1L;

        private final transient Attempt attempt;

        BatchFailure(Attempt attempt) {
            super(attempt.message());
            this.attempt = attempt;
        }

        public Attempt attempt() {
            return attempt;
        }
    }

    /** Where a batch is: its provider status, counts, and whether its results can be read. */
    public record Status(
            String id, String status, int total, int done, int failed, boolean ended, String results, String errors) {}

    /** Submits the requests (custom id → request); returns the batch id. */
    public String submit(Map<String, ChatRequest> requests) throws BatchFailure {
        if (settings.kind() == ProviderKind.OPENAI) {
            StringBuilder jsonl = new StringBuilder();
            for (var e : requests.entrySet()) {
                ObjectNode line = Json.object();
                line.put("custom_id", e.getKey());
                line.put("method", "POST");
                line.put("url", urlPath() + "/chat/completions");
                line.set("body", Json.read(client.requestBody(e.getValue())));
                jsonl.append(line).append('\n');
            }
            RequestBody multipart = new MultipartBody.Builder()
                    .setType(MultipartBody.FORM)
                    .addFormDataPart("purpose", "batch")
                    .addFormDataPart("file", "tracejudge-batch.jsonl", RequestBody.create(jsonl.toString(), JSONL))
                    .build();
            JsonNode file = call(client.authorized(settings.baseUrl() + "/files")
                    .post(multipart)
                    .build());
            ObjectNode create = Json.object();
            create.put("input_file_id", file.path("id").asText());
            create.put("endpoint", urlPath() + "/chat/completions");
            create.put("completion_window", "24h");
            JsonNode batch = call(client.authorized(settings.baseUrl() + "/batches")
                    .post(RequestBody.create(create.toString(), JSON))
                    .build());
            return batch.path("id").asText();
        }
        ObjectNode body = Json.object();
        ArrayNode list = body.putArray("requests");
        for (var e : requests.entrySet()) {
            ObjectNode r = list.addObject();
            r.put("custom_id", e.getKey());
            r.set("params", Json.read(client.requestBody(e.getValue())));
        }
        JsonNode batch = call(client.authorized(settings.baseUrl() + "/v1/messages/batches")
                .post(RequestBody.create(body.toString(), JSON))
                .build());
        return batch.path("id").asText();
    }

    public Status status(String id) throws BatchFailure {
        if (settings.kind() == ProviderKind.OPENAI) {
            JsonNode b = call(client.authorized(settings.baseUrl() + "/batches/" + id)
                    .get()
                    .build());
            String st = b.path("status").asText();
            JsonNode n = b.path("request_counts");
            boolean ended =
                    st.equals("completed") || st.equals("failed") || st.equals("expired") || st.equals("cancelled");
            return new Status(
                    id,
                    st,
                    n.path("total").asInt(),
                    n.path("completed").asInt() + n.path("failed").asInt(),
                    n.path("failed").asInt(),
                    ended,
                    text(b, "output_file_id"),
                    text(b, "error_file_id"));
        }
        JsonNode b = call(client.authorized(settings.baseUrl() + "/v1/messages/batches/" + id)
                .get()
                .build());
        JsonNode n = b.path("request_counts");
        int processing = n.path("processing").asInt();
        int done = n.path("succeeded").asInt()
                + n.path("errored").asInt()
                + n.path("canceled").asInt()
                + n.path("expired").asInt();
        int failed = n.path("errored").asInt()
                + n.path("canceled").asInt()
                + n.path("expired").asInt();
        String st = b.path("processing_status").asText();
        return new Status(id, st, processing + done, done, failed, "ended".equals(st), text(b, "results_url"), null);
    }

    /** The results of an ended batch: custom id → the answer, read as the chat endpoint's would be. */
    public Map<String, Attempt> results(Status s) throws BatchFailure {
        Map<String, Attempt> out = new LinkedHashMap<>();
        if (settings.kind() == ProviderKind.OPENAI) {
            for (String file : new String[] {s.results(), s.errors()}) {
                if (file == null) {
                    continue;
                }
                String jsonl = callText(client.authorized(settings.baseUrl() + "/files/" + file + "/content")
                        .get()
                        .build());
                for (String line : jsonl.split("\n")) {
                    if (line.isBlank()) {
                        continue;
                    }
                    JsonNode l = Json.read(line);
                    JsonNode resp = l.path("response");
                    Attempt a;
                    if (resp.isObject() && resp.path("body").isObject()) {
                        a = client.batchResult(
                                resp.path("status_code").asInt(200),
                                resp.path("body").toString());
                    } else {
                        JsonNode err = l.path("error");
                        a = client.batchResult(
                                500, Json.object().set("error", err).toString());
                    }
                    out.put(l.path("custom_id").asText(), a);
                }
            }
            return out;
        }
        if (s.results() == null) {
            return out;
        }
        String jsonl = callText(client.authorized(s.results()).get().build());
        for (String line : jsonl.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode l = Json.read(line);
            JsonNode result = l.path("result");
            String type = result.path("type").asText();
            Attempt a =
                    switch (type) {
                        case "succeeded" ->
                            client.batchResult(200, result.path("message").toString());
                        // errored carries the Messages API's error body; its type decides the class (overloaded,
                        // invalid ...)
                        case "errored" ->
                            client.batchResult(
                                    statusOf(result.path("error")),
                                    result.path("error").toString());
                        default ->
                            client.batchResult(
                                    503,
                                    "{\"error\":{\"type\":\"" + type + "\",\"message\":\"the batch " + "request was "
                                            + type + "; it is sent again next run\"}}");
                    };
            out.put(l.path("custom_id").asText(), a);
        }
        return out;
    }

    /** The HTTP status an Anthropic error type stands for (docs.anthropic.com/en/api/errors). */
    private static int statusOf(JsonNode errorBody) {
        String t = errorBody
                .path("error")
                .path("type")
                .asText(errorBody.path("type").asText());
        return switch (t) {
            case "invalid_request_error" -> 400;
            case "authentication_error" -> 401;
            case "permission_error" -> 403;
            case "not_found_error" -> 404;
            case "request_too_large" -> 413;
            case "rate_limit_error" -> 429;
            case "overloaded_error" -> 529;
            default -> 500;
        };
    }

    /** "/v1" for a base URL ending in it, as the batch lines name the endpoint from the host's root. */
    private String urlPath() {
        okhttp3.HttpUrl u = okhttp3.HttpUrl.parse(settings.baseUrl());
        String path = u == null ? "/v1" : u.encodedPath();
        return path.equals("/") ? "" : path.replaceAll("/$", "");
    }

    private static String text(JsonNode o, String field) {
        JsonNode v = o.path(field);
        return v.isTextual() && !v.asText().isBlank() ? v.asText() : null;
    }

    private JsonNode call(Request r) throws BatchFailure {
        return Json.read(callText(r));
    }

    private String callText(Request r) throws BatchFailure {
        try (Response resp = client.http().newCall(r).execute()) {
            String body = resp.body().string();
            if (Redirects.is(resp.code())) {
                throw new BatchFailure(client.redirectAttempt(resp));
            }
            if (resp.code() >= 300) {
                throw new BatchFailure(client.errorAttempt(resp.code(), body, resp.header("Retry-After")));
            }
            return body;
        } catch (IOException e) {
            throw new BatchFailure(client.ioAttempt(e));
        } catch (IllegalArgumentException e) {
            throw new BatchFailure(Attempt.of(
                    Attempt.Kind.MALFORMED,
                    Failure.MALFORMED,
                    200,
                    null,
                    "the batch API answered something that is not JSON: " + e.getMessage(),
                    0,
                    0));
        }
    }
}
