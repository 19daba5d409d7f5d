package org.tracejudge.judges;

import okhttp3.HttpUrl;
import org.tracejudge.judges.provider.Failure;
import org.tracejudge.judges.provider.ProviderKind;

/** What a user should do about a failure: the provider's own message followed by the fix. */
final class FailureAdvice {
    private FailureAdvice() {}

    /** The one message a fatal failure stops the run with. */
    static String fatal(JudgeConfig cfg, String apiKeyEnv, Failure f, String providerMessage, int inARow) {
        String url = cfg.settings().baseUrl();
        String said = providerMessage == null ? "" : providerMessage;
        String head = "judge " + cfg.name() + " stopped (" + f.label() + "): ";
        return switch (f) {
            case MODEL_NOT_FOUND ->
                head + "the server at " + url + " says: " + said + ". "
                        + (ollama(cfg, said)
                                ? "Fetch the model: ollama pull " + cfg.model() + " - then run the judge " + "again."
                                : "Check the model name (--model " + cfg.model() + ") against the models the "
                                        + "server offers.");
            case WRONG_PATH ->
                head + cfg.settings().endpoint() + " answered " + said + ". "
                        + (cfg.provider() == ProviderKind.OPENAI
                                ? "OpenAI-compatible servers (Ollama, vLLM, llama.cpp, LM Studio) serve the chat API under /v1: "
                                        + "try --base-url " + withV1(url) + "."
                                : "The Anthropic base URL is the host only (https://api.anthropic.com); /v1/messages is added.");
            case AUTH ->
                head + "the provider refused the credentials (" + said + ")"
                        + (apiKeyEnv == null
                                ? "; this judge sends no API key: give one with --api-key-env VAR"
                                : "; check the API key in the environment variable " + apiKeyEnv)
                        + ".";
            case QUOTA ->
                head + said + "; the account has no quota or credits left: check its plan and billing, "
                        + "then run again (what was answered is kept).";
            case REFUSED_PARAMETER ->
                head + "the server refused the request as built: " + said + ". Change the "
                        + "judge's settings (--model, --max-tokens) or point it at another server.";
            case TLS ->
                head + said + ". The TLS connection to " + host(url) + " failed: check the URL's scheme "
                        + "(http for a local server, https for a remote one) and the server's certificate.";
            case UNREACHABLE -> unreachable(cfg, said);
            case ALL_FAILING ->
                head + "the last " + inARow + " requests all failed (last: " + said + "). Check that "
                        + "the server runs and is not overloaded, then run again; nothing unanswered was stored.";
            default -> head + said;
        };
    }

    private static boolean ollama(JudgeConfig cfg, String said) {
        return said.contains("try pulling") || cfg.settings().baseUrl().contains(":11434");
    }

    private static String withV1(String url) {
        return url.endsWith("/v1") ? url : url + "/v1";
    }

    private static String host(String url) {
        HttpUrl u = HttpUrl.parse(url);
        return u == null ? url : u.host();
    }

    static String unreachable(JudgeConfig cfg, String detail) {
        String url = cfg.settings().baseUrl();
        StringBuilder sb = new StringBuilder("nothing answers at " + url + " (" + detail + ").");
        if (cfg.local() && url.contains(":11434")) {
            sb.append(" Start Ollama (ollama serve) and fetch the model (ollama pull ")
                    .append(cfg.model())
                    .append("), or");
        } else {
            sb.append(" Check that the server runs, or");
        }
        sb.append(" point the judge at another server: tracejudge judge PROJECT --name ")
                .append(cfg.name())
                .append(" --provider openai|anthropic --base-url URL --model MODEL [--api-key-env VAR].")
                .append(" The rule classifier and human review work without a judge.");
        return sb.toString();
    }
}
