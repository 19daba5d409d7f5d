package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.tracejudge.json.Json;
import org.tracejudge.store.ProjectMeta;

/**
 * Settings that direct traffic or name a secret never arrive by {@code import} or {@code merge}: another laptop's
 * file could otherwise plant a judge whose next run posts every trace to its URL with any environment variable as the
 * key. The {@code project_meta} keys of that class are {@link #TRAFFIC}. Of them only a judge's settings travel in
 * an export ({@code export --with-judge-cache}); each is left out and reported (name, base URL, key variable, why)
 * unless the user named that judge to take ({@code --take-judge NAME}), having seen where it sends and which
 * variable it reads. A taken judge never replaces one of the same name this project already has.
 */
public final class ConfigGate {
    /**
     * Prefixes of the {@code project_meta} keys that direct traffic or name a secret, with what they hold: judges
     * (endpoint, API-key variable), batch jobs at a provider, the judge lock, the team hub's address and identity, and
     * the redaction settings (what is removed before a trace leaves).
     */
    public static final Map<String, String> TRAFFIC = trafficKeys();

    private static Map<String, String> trafficKeys() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("judge:", "a judge's endpoint and API-key variable");
        m.put("judge-batch:", "a batch job at a judge's provider");
        m.put("judge-lock", "the running judge's lock");
        m.put("team.", "the team hub's address and who this laptop is there");
        m.put("redaction", "what is removed from traces before they are sent");
        return java.util.Collections.unmodifiableMap(m);
    }

    /** What a {@code project_meta} key of that class holds, or null when it directs no traffic and names no secret. */
    public static String traffic(String key) {
        for (Map.Entry<String, String> e : TRAFFIC.entrySet()) {
            if (key.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        return null;
    }

    /**
     * A judge's settings met in a source, with what became of them.
     *
     * @param taken true when written into the project ({@code --take-judge})
     * @param why   why it was left out (null when taken)
     */
    public record Judge(String name, String provider, String baseUrl, String apiKeyEnv, boolean taken, String why) {
        /** One line for people: the judge, where it sends, the variable it reads, and what happened. */
        public String describe() {
            String where = "base URL " + baseUrl + ", key variable " + (apiKeyEnv == null ? "none" : apiKeyEnv)
                    + (provider == null ? "" : ", " + provider + " wire format");
            return (taken
                    ? "took judge " + name + " (" + where + ")"
                    : "left out judge " + name + " (" + where + "): " + why);
        }
    }

    private final Set<String> take;

    /** @param take the names of the judges the user chose to take (none: every judge is left out) */
    public ConfigGate(Set<String> take) {
        this.take = take == null ? Set.of() : Set.copyOf(take);
    }

    /** The names the user asked to take. */
    public Set<String> take() {
        return take;
    }

    /** Decides on one saved judge from a source: written only when taken and new here; reported either way. */
    Judge offer(Connection c, String key, String configJson) throws SQLException {
        String name = key.substring(key.indexOf(':') + 1);
        JsonNode cfg = Json.read(configJson);
        String baseUrl = text(cfg, "base_url");
        String keyEnv = text(cfg, "api_key_env");
        String provider = text(cfg, "provider");
        if (!take.contains(name)) {
            return new Judge(
                    name,
                    provider,
                    baseUrl,
                    keyEnv,
                    false,
                    "a judge's endpoint and key variable never arrive by import or merge (its next run would send "
                            + "every trace there with that variable's value as the key); check them, then take it "
                            + "with --take-judge " + name);
        }
        String mine = ProjectMeta.get(c, key);
        if (mine != null) {
            JsonNode own = Json.read(mine);
            boolean same = java.util.Objects.equals(text(own, "base_url"), baseUrl)
                    && java.util.Objects.equals(text(own, "api_key_env"), keyEnv);
            return same
                    ? new Judge(name, provider, baseUrl, keyEnv, true, null)
                    : new Judge(
                            name,
                            provider,
                            baseUrl,
                            keyEnv,
                            false,
                            "this project has its own judge " + name + " (base URL " + text(own, "base_url")
                                    + ", key variable " + text(own, "api_key_env") + "), which was kept");
        }
        ObjectNode saved = ((ObjectNode) cfg).deepCopy();
        saved.put("name", name); // the judge is known by its key: a name inside that differs is not kept
        ProjectMeta.insert(c, key, saved.toString());
        return new Judge(name, provider, baseUrl, keyEnv, true, null);
    }

    private static String text(JsonNode o, String field) {
        JsonNode v = o.path(field);
        return v.isTextual() && !v.asText().isBlank() ? v.asText() : null;
    }
}
