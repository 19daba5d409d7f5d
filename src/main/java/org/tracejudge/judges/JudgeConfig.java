package org.tracejudge.judges;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import org.tracejudge.json.Json;
import org.tracejudge.judges.prompt.PromptRenderer;
import org.tracejudge.judges.prompt.Rubric;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.judges.provider.ProviderSettings;

/**
 * A judge as saved in the project under its name: endpoint, model, rubric and run limits. Holds the
 * <em>name</em> of the environment variable with the API key, never the key.
 *
 * @param timeoutMillis per request
 * @param rpm            requests per minute, 0 = no limit
 * @param structured     ask for JSON matching the verdict's schema (new judges: yes; judges saved before: no)
 */
public record JudgeConfig(
        String name,
        ProviderKind provider,
        String baseUrl,
        String model,
        String rubric,
        String apiKeyEnv,
        double temperature,
        int seed,
        int maxTokens,
        int timeoutMillis,
        int concurrency,
        int rpm,
        int maxAttempts,
        boolean structured) {
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
        return new JudgeConfig(
                name,
                ProviderKind.OPENAI,
                null,
                null,
                RubricLibrary.DECISION_TREE,
                null,
                0.0,
                42,
                DEFAULT_MAX_TOKENS,
                DEFAULT_TIMEOUT_MILLIS,
                DEFAULT_CONCURRENCY,
                0,
                DEFAULT_MAX_ATTEMPTS,
                true);
    }

    public ProviderSettings settings() {
        return new ProviderSettings(
                provider, baseUrl, model, temperature, seed, maxTokens, Duration.ofMillis(timeoutMillis), structured);
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

    /**
     * A scheme judge's version: as {@link #version(Rubric)}, with what the scheme asks ({@code asked}, the hash of its
     * forms, {@link SchemeJudging#askedHash}) in place of the rubric. The rubric's name and text are not sent to a
     * scheme judge and are not part of it: editing them makes no new rater; a change of the questions or the schema
     * does, and a new scheme version that asks the same keeps the rater.
     */
    public String version(String asked) {
        ObjectNode o = Json.object();
        o.put("provider", provider.code());
        o.put("model", model);
        o.set("params", settings().params());
        o.put("prompt", PromptRenderer.FORMAT);
        o.put("scheme_asks", asked);
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
        o.put("structured_output", structured);
        return o;
    }

    public static JudgeConfig fromJson(JsonNode o) {
        return new JudgeConfig(
                o.path("name").asText(),
                ProviderKind.fromCode(o.path("provider").asText("openai")),
                text(o, "base_url"),
                text(o, "model"),
                text(o, "rubric"),
                text(o, "api_key_env"),
                o.path("temperature").asDouble(0.0),
                o.path("seed").asInt(42),
                o.path("max_tokens").asInt(DEFAULT_MAX_TOKENS),
                o.path("timeout_ms").asInt(DEFAULT_TIMEOUT_MILLIS),
                o.path("concurrency").asInt(DEFAULT_CONCURRENCY),
                o.path("rpm").asInt(0),
                o.path("max_attempts").asInt(DEFAULT_MAX_ATTEMPTS),
                // judges saved before structured output existed keep asking for free text (and their version)
                o.path("structured_output").asBoolean(false));
    }

    private static String text(JsonNode o, String field) {
        JsonNode v = o.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    public JudgeConfig withProvider(ProviderKind p) {
        // a different provider means the old provider's default URL no longer applies
        String url = baseUrl.equals(provider.defaultBaseUrl()) ? null : baseUrl;
        return new JudgeConfig(
                name,
                p,
                url,
                model,
                rubric,
                apiKeyEnv,
                temperature,
                seed,
                maxTokens,
                timeoutMillis,
                concurrency,
                rpm,
                maxAttempts,
                structured);
    }

    public JudgeConfig withBaseUrl(String v) {
        return new JudgeConfig(
                name,
                provider,
                v,
                model,
                rubric,
                apiKeyEnv,
                temperature,
                seed,
                maxTokens,
                timeoutMillis,
                concurrency,
                rpm,
                maxAttempts,
                structured);
    }

    public JudgeConfig withModel(String v) {
        return new JudgeConfig(
                name,
                provider,
                baseUrl,
                v,
                rubric,
                apiKeyEnv,
                temperature,
                seed,
                maxTokens,
                timeoutMillis,
                concurrency,
                rpm,
                maxAttempts,
                structured);
    }

    public JudgeConfig withRubric(String v) {
        return new JudgeConfig(
                name,
                provider,
                baseUrl,
                model,
                v,
                apiKeyEnv,
                temperature,
                seed,
                maxTokens,
                timeoutMillis,
                concurrency,
                rpm,
                maxAttempts,
                structured);
    }

    /**
     * Refuses a value for the key's variable name that is not a variable name or that looks like a key itself
     * (sk-..., sk-ant-..., a long mix of cases and digits). The message never repeats the value.
     */
    public static void checkApiKeyEnv(String v) {
        if (v == null || v.isBlank()) {
            return;
        }
        String t = v.strip();
        if (looksLikeKey(t)) {
            throw new IllegalArgumentException(
                    "--api-key-env takes the NAME of the environment variable that holds "
                            + "the key (e.g. OPENAI_API_KEY), not the key: the value given looks like a key, so it was not "
                            + "used, stored or printed. Put the key in a variable (export OPENAI_API_KEY=...) and pass its name.");
        }
        if (!t.matches("[A-Za-z_][A-Za-z0-9_]{0,127}")) {
            throw new IllegalArgumentException("--api-key-env takes the name of an environment variable (letters, "
                    + "digits and _, not starting with a digit); the value given is not one and was not stored.");
        }
    }

    /** A known key prefix, or a long token mixing lower case, upper case and digits (names are rarely so). */
    static boolean looksLikeKey(String t) {
        String lower = t.toLowerCase(java.util.Locale.ROOT);
        for (String prefix : new String[] {
            "sk-",
            "sk_",
            "sk-ant-",
            "sk-or-",
            "xai-",
            "gsk_",
            "hf_",
            "aiza",
            "pk-",
            "bearer ",
            "ghp_",
            "github_pat_",
            "r8_",
            "nvapi-"
        }) {
            if (lower.startsWith(prefix)) {
                return true;
            }
        }
        if (t.length() < 20) {
            return false;
        }
        boolean lowerCase = t.chars().anyMatch(Character::isLowerCase);
        boolean upperCase = t.chars().anyMatch(Character::isUpperCase);
        boolean digit = t.chars().anyMatch(Character::isDigit);
        long distinct = t.chars().distinct().count();
        return (lowerCase && upperCase && digit) || (t.length() >= 32 && distinct >= 16 && digit);
    }

    public JudgeConfig withApiKeyEnv(String v) {
        checkApiKeyEnv(v);
        return new JudgeConfig(
                name,
                provider,
                baseUrl,
                model,
                rubric,
                v,
                temperature,
                seed,
                maxTokens,
                timeoutMillis,
                concurrency,
                rpm,
                maxAttempts,
                structured);
    }

    public JudgeConfig withLimits(int concurrency, int rpm) {
        return new JudgeConfig(
                name,
                provider,
                baseUrl,
                model,
                rubric,
                apiKeyEnv,
                temperature,
                seed,
                maxTokens,
                timeoutMillis,
                concurrency,
                rpm,
                maxAttempts,
                structured);
    }

    public JudgeConfig withMaxTokens(int v) {
        return new JudgeConfig(
                name,
                provider,
                baseUrl,
                model,
                rubric,
                apiKeyEnv,
                temperature,
                seed,
                v,
                timeoutMillis,
                concurrency,
                rpm,
                maxAttempts,
                structured);
    }

    public JudgeConfig withTimeoutMillis(int v) {
        return new JudgeConfig(
                name,
                provider,
                baseUrl,
                model,
                rubric,
                apiKeyEnv,
                temperature,
                seed,
                maxTokens,
                v,
                concurrency,
                rpm,
                maxAttempts,
                structured);
    }

    /** Ask the server for JSON matching the verdict's schema (falls back to free text when it refuses). */
    public JudgeConfig withStructured(boolean v) {
        return new JudgeConfig(
                name,
                provider,
                baseUrl,
                model,
                rubric,
                apiKeyEnv,
                temperature,
                seed,
                maxTokens,
                timeoutMillis,
                concurrency,
                rpm,
                maxAttempts,
                v);
    }

    public JudgeConfig withMaxAttempts(int v) {
        return new JudgeConfig(
                name,
                provider,
                baseUrl,
                model,
                rubric,
                apiKeyEnv,
                temperature,
                seed,
                maxTokens,
                timeoutMillis,
                concurrency,
                rpm,
                v,
                structured);
    }
}
