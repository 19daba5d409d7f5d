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
 * @param callSystemPrompt the system prompt for call-level cases: call-base.md with the call-level overlay of the
 *                         same approach (call-decision-tree.md or call-evidence.md)
 */
public record Rubric(
        String name,
        String systemPrompt,
        Map<String, String> sources,
        boolean requiresEvidence,
        String callSystemPrompt) {
    public Rubric {
        sources = Map.copyOf(sources);
    }

    /** A rubric without a call-level part (call-level traces then get the built-in call-level text). */
    public Rubric(String name, String systemPrompt, Map<String, String> sources, boolean requiresEvidence) {
        this(name, systemPrompt, sources, requiresEvidence, null);
    }

    /** The system prompt for a task of this type: call-level cases (ToolHaystack, DiaBench) get the call-level rubric. */
    public String systemPromptFor(org.tracejudge.model.TaskType type) {
        if (type != org.tracejudge.model.TaskType.CALL_LEVEL) {
            return systemPrompt;
        }
        return callSystemPrompt != null
                ? callSystemPrompt
                : new RubricLibrary(null).rubric(name).callSystemPrompt();
    }

    /** A short hash of the text the model sees: any edit to it is a new rubric version. */
    public String textHash() {
        return Json.sha1Hex(systemPrompt).substring(0, 12);
    }
}
