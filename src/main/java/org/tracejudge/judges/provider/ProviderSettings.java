package org.tracejudge.judges.provider;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import org.tracejudge.json.Json;

/**
 * How to call one judge's model. The API key is not here: it is read from the environment when a run
 * starts and lives only in the client's memory.
 *
 * @param seed       null where the provider has no seed parameter
 * @param structured ask for JSON matching the request's schema (response_format json_schema, or a forced tool)
 */
public record ProviderSettings(
        ProviderKind kind,
        String baseUrl,
        String model,
        double temperature,
        Integer seed,
        int maxTokens,
        Duration timeout,
        boolean structured) {
    public ProviderSettings(
            ProviderKind kind,
            String baseUrl,
            String model,
            double temperature,
            Integer seed,
            int maxTokens,
            Duration timeout) {
        this(kind, baseUrl, model, temperature, seed, maxTokens, timeout, false);
    }

    public ProviderSettings {
        if (baseUrl == null || baseUrl.isBlank()) {
            baseUrl = kind.defaultBaseUrl();
        }
        while (baseUrl.endsWith("/")) {
            baseUrl = baseUrl.substring(0, baseUrl.length() - 1);
        }
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException("a judge needs a model name");
        }
        if (maxTokens <= 0) {
            throw new IllegalArgumentException("max tokens must be positive, not " + maxTokens);
        }
        if (!kind.supportsSeed()) {
            seed = null;
        }
    }

    /** The parameters that shape the reply (part of the cache key): temperature, seed, max tokens, structured output. */
    public ObjectNode params() {
        ObjectNode o = Json.object();
        o.put("temperature", temperature);
        if (seed != null) {
            o.put("seed", seed);
        }
        o.put("max_tokens", maxTokens);
        if (structured) {
            o.put("structured_output", true); // absent when off, so judges without it keep their version
        }
        return o;
    }

    /** The request URL: {@code {base}/chat/completions} or {@code {base}/v1/messages}. */
    public String endpoint() {
        return kind == ProviderKind.OPENAI ? baseUrl + "/chat/completions" : baseUrl + "/v1/messages";
    }
}
