package org.tracejudge.judges;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.tracejudge.json.Json;
import org.tracejudge.store.Project;

/**
 * The API keys of every provider configured here, for the key scrub: whatever judge runs, no key of another one
 * (nor its own) leaves in a request body, a preview or a stored answer. Read from the environment variables the
 * presets name (OPENAI_API_KEY, ANTHROPIC_API_KEY) and those of every judge saved in the project; a saved
 * {@code api_key_env} that is itself a key (saved where the variable's name belongs) is scrubbed as one.
 */
final class ProviderKeys {
    private ProviderKeys() {}

    static List<String> of(Project p, Function<String, String> env) {
        Set<String> variables = new LinkedHashSet<>();
        Set<String> keys = new LinkedHashSet<>();
        for (ProviderPreset preset : ProviderPreset.ALL) {
            if (preset.apiKeyEnv() != null) {
                variables.add(preset.apiKeyEnv());
            }
        }
        for (String name : JudgeStore.names(p)) {
            String json = p.meta(JudgeStore.META_PREFIX + name);
            JsonNode v;
            try {
                v = json == null ? null : Json.read(json).path("api_key_env");
            } catch (IllegalArgumentException notJson) {
                continue; // a damaged setting names no variable
            }
            if (v == null || !v.isTextual() || v.asText().isBlank()) {
                continue;
            }
            String t = v.asText().strip();
            if (JudgeConfig.looksLikeKey(t)) {
                keys.add(t);
            } else if (t.matches("[A-Za-z_][A-Za-z0-9_]{0,127}")) {
                variables.add(t);
            }
        }
        for (String var : variables) {
            String value = env.apply(var);
            if (value != null && !value.isBlank()) {
                keys.add(value.strip());
            }
        }
        return new ArrayList<>(keys);
    }
}
