package org.tracejudge.judges;

import java.util.function.Function;
import org.tracejudge.judges.provider.Attempt;
import org.tracejudge.judges.provider.ChatClient;
import org.tracejudge.judges.provider.ChatRequest;

/**
 * "Test connection": one tiny chat request to the judge's server with its model and key, answered in words a
 * user can act on (nothing answers there; the key was refused; the model is unknown; it answered in N ms).
 * Nothing is stored.
 */
public final class ConnectionCheck {
    private ConnectionCheck() {}

    public record Result(boolean ok, String message) {}

    public static Result run(JudgeConfig cfg, Function<String, String> env) {
        String key = null;
        if (cfg.apiKeyEnv() != null) {
            key = env.apply(cfg.apiKeyEnv());
            if (key == null || key.isBlank()) {
                return new Result(
                        false,
                        "The environment variable " + cfg.apiKeyEnv()
                                + " is not set: start Tracejudge with the API key in it (it is never stored in the project).");
            }
            key = key.strip();
        }
        JudgeConfig small = cfg.withMaxTokens(8).withTimeoutMillis(Math.min(cfg.timeoutMillis(), 30_000));
        try (ChatClient client = new ChatClient(small.settings(), key, 1)) {
            Attempt a = client.send(new ChatRequest("You check a connection.", "Reply with the word OK."));
            String connected = "Connected: " + cfg.model() + " at " + cfg.baseUrl() + " answered in "
                    + a.latencyMillis() + " ms" + (cfg.local() ? " (on this computer)." : ".");
            return switch (a.kind()) {
                case OK -> new Result(true, connected);
                case FATAL ->
                    new Result(
                            false,
                            a.cause() == org.tracejudge.judges.provider.Failure.UNREACHABLE
                                    ? "Nothing answers at " + cfg.baseUrl() + " (" + a.message()
                                            + "). Is the server running?"
                                            + (cfg.baseUrl().contains(":11434")
                                                    ? " For Ollama: ollama serve, then ollama pull " + cfg.model() + "."
                                                    : "")
                                    : FailureAdvice.fatal(cfg, cfg.apiKeyEnv(), a.cause(), a.message(), 1));
                // a reasoning model that spends the check's 8 tokens thinking is connected all the same
                case REFUSED ->
                    a.cause() == org.tracejudge.judges.provider.Failure.REASONING_BUDGET
                                    || a.cause() == org.tracejudge.judges.provider.Failure.NO_VERDICT
                            ? new Result(true, connected)
                            : new Result(false, "The server refused the request: " + a.message());
                case RETRY -> new Result(false, "The server is busy or timed out: " + a.message() + ". Try again.");
                case MALFORMED ->
                    new Result(
                            false,
                            "The server answered, but not in the "
                                    + cfg.provider().code() + " format: " + a.message());
                default -> new Result(false, a.kind() + ": " + a.message());
            };
        }
    }
}
