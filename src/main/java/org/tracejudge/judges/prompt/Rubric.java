package org.tracejudge.judges.prompt;

import java.util.Map;
import org.tracejudge.json.Json;

/**
 * A judge's rubric as the model sees it: the shared base with one overlay inserted, template comments
 * removed. {@code sources} says where each part came from (the built-in copy or a file in the data folder).
 *
 * @param name             {@code decision-tree} or {@code evidence}
 * @param systemPrompt     the text sent as the system prompt
 * @param requiresEvidence the reply must list evidence items and cite one of them (evidence attribution)
 */
public record Rubric(String name, String systemPrompt, Map<String, String> sources, boolean requiresEvidence) {
    public Rubric {
        sources = Map.copyOf(sources);
    }

    /** A short hash of the text the model sees: any edit to it is a new rubric version. */
    public String textHash() {
        return Json.sha1Hex(systemPrompt).substring(0, 12);
    }
}
