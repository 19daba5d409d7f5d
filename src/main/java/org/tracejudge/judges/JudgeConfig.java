package org.tracejudge.judges;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import org.tracejudge.judges.prompt.PromptRenderer;
import org.tracejudge.judges.prompt.Rubric;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.judges.provider.ProviderSettings;
import org.tracejudge.json.Json;

/**
 * A judge as saved in the project under its name: endpoint, model, rubric and run limits. Holds the
 * <em>name</em> of the environment variable with the API key, never the key.
 *
 * @param timeoutMillis per request
 * @param rpm            requests per minute, 0 = no limit
 */
public record JudgeConfig(String name, ProviderKind provider, String baseUrl, String model, String rubric,
                          String apiKeyEnv, double temperature, int seed, int maxTokens, int timeoutMillis,
                          int concurrency, int rpm, int maxAttempts) {
    public static final String DEFAULT_MODEL = "llama3.1:8b";
    public static final int DEFAULT_MAX_TOKENS = 1024;
    public static final int DEFAULT_TIMEOUT_MILLIS = 120_000;
    public static final int DEFAULT_CONCURRENCY = 4;
    public static final int DEFAULT_MAX_ATTEMPTS = 8;

    public JudgeConfig {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a judge needs a name");
        }
        if (provider == null) {
            provider = ProviderKind.OPENAI;
        }
        if (baseUrl == null || baseUrl.isBlank()) {
            baseUrl = provider.defaultBaseUrl();
        }
        if (model == null || model.isBlank()) {
            model = DEFAULT_MODEL;
        }
        if (rubric == null || rubric.isBlank()) {
            rubric = RubricLibrary.DECISION_TREE;
        }
        if (!RubricLibrary.OVERLAYS.contains(rubric)) {
            throw new IllegalArgumentException("unknown rubric '" + rubric + "' (expected decision-tree or evidence)");
        }
        if (apiKeyEnv != null && apiKeyEnv.isBlank()) {
            apiKeyEnv = null;
        }
        if (concurrency < 1 || concurrency > 256) {
            throw new IllegalArgumentException("concurrency must be 1 to 256, not " + concurrency);
        }
        if (rpm < 0) {
            throw new IllegalArgumentException("requests per minute must be 0 (no limit) or more, not " + rpm);
        }
        if (timeoutMillis < 1) {
            throw new IllegalArgumentException("timeout must be positive");
        }
    }

    /** The judge a new project starts with: the local Ollama server, decision-tree rubric. */
    public static JudgeConfig defaults(String name) {
        return new JudgeConfig(name, ProviderKind.OPENAI, null, null, RubricLibrary.DECISION_TREE, null, 0.0, 42,
                DEFAULT_MAX_TOKENS, DEFAULT_TIMEOUT_MILLIS, DEFAULT_CONCURRENCY, 0, DEFAULT_MAX_ATTEMPTS);
    }

    public ProviderSettings settings() {
        return new ProviderSettings(provider, baseUrl, model, temperature, seed, maxTokens,
                Duration.ofMillis(timeoutMillis));
    }

    /** True when the base URL is this computer (a loopback literal, see {@link Loopback}): the traces do not leave it. */
    public boolean local() {
        return Loopback.isLocal(settings().baseUrl());
    }

    /**
     * The judge's version: a short hash of what shapes its verdicts — provider, model, parameters, the
     * prompt layout and the rubric text the model sees. Endpoint, key, limits and timeouts are not part of
     * it. A different rubric text or model is a new version, and its labels a new rater.
     */
    public String version(Rubric r) {
        ObjectNode o = Json.object();
        o.put("provider", provider.code());
        o.put("model", model);
        o.set("params", settings().params());
        o.put("prompt", PromptRenderer.FORMAT);
        o.put("rubric", rubric);
        o.put("system", r.systemPrompt());
        o.put("call_system", r.systemPromptFor(org.tracejudge.model.TaskType.CALL_LEVEL));
        return Json.contentHash(o).substring(0, 12);
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("name", name);
        o.put("provider", provider.code());
        o.put("base_url", baseUrl);
        o.put("model", model);
        o.put("rubric", rubric);
        if (apiKeyEnv != null) {
            o.put("api_key_env", apiKeyEnv);
        }
        o.put("temperature", temperature);
        o.put("seed", seed);
        o.put("max_tokens", maxTokens);
        o.put("timeout_ms", timeoutMillis);
        o.put("concurrency", concurrency);
        o.put("rpm", rpm);
        o.put("max_attempts", maxAttempts);
        return o;
    }

    public static JudgeConfig fromJson(JsonNode o) {
        return new JudgeConfig(o.path("name").asText(), ProviderKind.fromCode(o.path("provider").asText("openai")),
                text(o, "base_url"), text(o, "model"), text(o, "rubric"), text(o, "api_key_env"),
                o.path("temperature").asDouble(0.0), o.path("seed").asInt(42),
                o.path("max_tokens").asInt(DEFAULT_MAX_TOKENS), o.path("timeout_ms").asInt(DEFAULT_TIMEOUT_MILLIS),
                o.path("concurrency").asInt(DEFAULT_CONCURRENCY), o.path("rpm").asInt(0),
                o.path("max_attempts").asInt(DEFAULT_MAX_ATTEMPTS));
    }

    private static String text(JsonNode o, String field) {
        JsonNode v = o.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    public JudgeConfig withProvider(ProviderKind p) {
        // a different provider means the old provider's default URL no longer applies
        String url = baseUrl.equals(provider.defaultBaseUrl()) ? null : baseUrl;
        return new JudgeConfig(name, p, url, model, rubric, apiKeyEnv, temperature, seed, maxTokens, timeoutMillis,
                concurrency, rpm, maxAttempts);
    }

    public JudgeConfig withBaseUrl(String v) {
        return new JudgeConfig(name, provider, v, model, rubric, apiKeyEnv, temperature, seed, maxTokens,
                timeoutMillis, concurrency, rpm, maxAttempts);
    }

    public JudgeConfig withModel(String v) {
        return new JudgeConfig(name, provider, baseUrl, v, rubric, apiKeyEnv, temperature, seed, maxTokens,
                timeoutMillis, concurrency, rpm, maxAttempts);
    }

    public JudgeConfig withRubric(String v) {
        return new JudgeConfig(name, provider, baseUrl, model, v, apiKeyEnv, temperature, seed, maxTokens,
                timeoutMillis, concurrency, rpm, maxAttempts);
    }

    public JudgeConfig withApiKeyEnv(String v) {
        return new JudgeConfig(name, provider, baseUrl, model, rubric, v, temperature, seed, maxTokens,
                timeoutMillis, concurrency, rpm, maxAttempts);
    }

    public JudgeConfig withLimits(int concurrency, int rpm) {
        return new JudgeConfig(name, provider, baseUrl, model, rubric, apiKeyEnv, temperature, seed, maxTokens,
                timeoutMillis, concurrency, rpm, maxAttempts);
    }

    public JudgeConfig withMaxTokens(int v) {
        return new JudgeConfig(name, provider, baseUrl, model, rubric, apiKeyEnv, temperature, seed, v,
                timeoutMillis, concurrency, rpm, maxAttempts);
    }

    public JudgeConfig withTimeoutMillis(int v) {
        return new JudgeConfig(name, provider, baseUrl, model, rubric, apiKeyEnv, temperature, seed, maxTokens, v,
                concurrency, rpm, maxAttempts);
    }

    public JudgeConfig withMaxAttempts(int v) {
        return new JudgeConfig(name, provider, baseUrl, model, rubric, apiKeyEnv, temperature, seed, maxTokens,
                timeoutMillis, concurrency, rpm, v);
    }
}
