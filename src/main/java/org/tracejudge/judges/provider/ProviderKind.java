package org.tracejudge.judges.provider;

/** The two wire formats a judge can speak. */
public enum ProviderKind {
    /** OpenAI-compatible chat completions: vLLM, Ollama, LM Studio, llama.cpp server, OpenAI, OpenRouter, Together. */
    OPENAI("openai", "http://localhost:11434/v1", true),
    /** Anthropic Messages API. */
    ANTHROPIC("anthropic", "https://api.anthropic.com", false);

    private final String code;
    private final String defaultBaseUrl;
    private final boolean supportsSeed;

    ProviderKind(String code, String defaultBaseUrl, boolean supportsSeed) {
        this.code = code;
        this.defaultBaseUrl = defaultBaseUrl;
        this.supportsSeed = supportsSeed;
    }

    public String code() {
        return code;
    }

    public String defaultBaseUrl() {
        return defaultBaseUrl;
    }

    public boolean supportsSeed() {
        return supportsSeed;
    }

    public static ProviderKind fromCode(String code) {
        for (ProviderKind k : values()) {
            if (k.code.equalsIgnoreCase(code)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown provider '" + code + "' (expected openai or anthropic)");
    }
}
