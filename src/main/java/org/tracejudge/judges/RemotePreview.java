package org.tracejudge.judges;

import java.util.Arrays;
import java.util.List;
import org.tracejudge.judges.provider.ChatClient;
import org.tracejudge.judges.provider.ChatRequest;
import org.tracejudge.redaction.Redactor;
import org.tracejudge.store.Project;

/**
 * What leaves the laptop for one judgment: the request with the case text redacted, and the exact HTTP body the
 * client sends for it ({@link ChatClient#requestBody}); the run sends {@link #request()}, so the body shown is
 * the body sent. The rubric (system prompt) is the project's own text and is not redacted.
 *
 * @param redaction what was taken out of the case text (empty when redaction is off)
 */
public record RemotePreview(ChatRequest request, String body, Redactor.Result redaction) {
    /** Project setting: "on" or "off"; without it, on for projects with safety-critical tools. */
    public static final String META_KEY = "redaction.remote";
    /** Project setting: names to redact wherever they occur, comma-separated. */
    public static final String NAMES_KEY = "redaction.names";

    public static RemotePreview of(ChatClient client, ChatRequest raw, Redactor redactor) {
        Redactor.Result r = redactor == null ? new Redactor.Result(raw.user(), List.of()) : redactor.redact(raw.user());
        ChatRequest sent = raw.withUser(r.text());
        return new RemotePreview(sent, client.requestBody(sent), r);
    }

    /** The redactor a judge of this project uses, or null: none for local judges or when the setting is off. */
    public static Redactor redactorFor(Project p, JudgeConfig cfg) {
        if (cfg.local()) {
            return null;
        }
        String setting = p.meta(META_KEY);
        boolean on = setting == null ? org.tracejudge.safety.SafetyPolicy.of(p).humanFinal() : setting.equals("on");
        if (!on) {
            return null;
        }
        String names = p.meta(NAMES_KEY);
        return new Redactor(names == null ? List.of() : Arrays.asList(names.split(",")));
    }
}
