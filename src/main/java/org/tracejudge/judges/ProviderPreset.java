package org.tracejudge.judges;

import java.util.List;
import org.tracejudge.judges.provider.ProviderKind;

/**
 * Starting points for configuring a judge: where each common server listens, which wire format it speaks, the
 * environment variable its API key usually lives in, and a model to suggest. A preset only fills the form; every
 * field stays editable.
 *
 * @param local true when the traces stay on this computer
 */
public record ProviderPreset(
        String label, ProviderKind provider, String baseUrl, String apiKeyEnv, String suggestedModel, boolean local) {
    public static final List<ProviderPreset> ALL = List.of(
            new ProviderPreset(
                    "Ollama (this computer)",
                    ProviderKind.OPENAI,
                    "http://localhost:11434/v1",
                    null,
                    JudgeConfig.DEFAULT_MODEL,
                    true),
            new ProviderPreset(
                    "vLLM (this computer)",
                    ProviderKind.OPENAI,
                    "http://localhost:8000/v1",
                    null,
                    "Qwen/Qwen2.5-7B-Instruct",
                    true),
            new ProviderPreset(
                    "LM Studio (this computer)",
                    ProviderKind.OPENAI,
                    "http://localhost:1234/v1",
                    null,
                    "qwen2.5-7b-instruct",
                    true),
            new ProviderPreset(
                    "OpenAI", ProviderKind.OPENAI, "https://api.openai.com/v1", "OPENAI_API_KEY", "gpt-4o-mini", false),
            new ProviderPreset(
                    "Anthropic",
                    ProviderKind.ANTHROPIC,
                    "https://api.anthropic.com",
                    "ANTHROPIC_API_KEY",
                    "claude-3-5-haiku-latest",
                    false),
            new ProviderPreset(
                    "Other OpenAI-compatible server",
                    ProviderKind.OPENAI,
                    "http://localhost:8080/v1",
                    null,
                    "",
                    false));

    /** The preset a saved configuration matches (same wire format and URL), or null. */
    public static ProviderPreset matching(JudgeConfig cfg) {
        for (ProviderPreset p : ALL) {
            if (p.provider == cfg.provider() && p.baseUrl.equals(cfg.baseUrl())) {
                return p;
            }
        }
        return null;
    }

    /** The configuration {@code base} pointed at this preset's server (model kept unless blank). */
    public JudgeConfig apply(JudgeConfig base) {
        JudgeConfig c = base.withProvider(provider).withBaseUrl(baseUrl).withApiKeyEnv(apiKeyEnv);
        return base.model() == null || base.model().isBlank() ? c.withModel(suggestedModel) : c;
    }

    @Override
    public String toString() {
        return label;
    }
}
