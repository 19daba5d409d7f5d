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
    /**
     * Project setting: {@code on} (every judge's input is redacted, local ones too), {@code remote} (judges not on
     * this computer) or {@code off}. Without it: {@code remote} in projects with safety-critical tools, else off.
     */
    public static final String MODE_KEY = "redaction";
    /** The first setting (on/off for remote judges); still read when {@link #MODE_KEY} is not set. */
    public static final String META_KEY = "redaction.remote";
    /** Project setting: names to redact wherever they occur, comma-separated. */
    public static final String NAMES_KEY = "redaction.names";
    /** Project setting: {@code on} makes remote judges' redaction strict (over-redaction preferred). */
    public static final String STRICT_KEY = "redaction.strict";
    /** Project settings: words never redacted, and strings always redacted, comma-separated. */
    public static final String ALLOW_KEY = "redaction.allow";

    public static final String DENY_KEY = "redaction.deny";
    public static final List<String> MODES = List.of("on", "remote", "off");

    public static RemotePreview of(ChatClient client, ChatRequest raw, Redactor redactor) {
        Redactor.Result r = redactor == null ? new Redactor.Result(raw.user(), List.of()) : redactor.redact(raw.user());
        // the key scrub holds whatever the redaction setting: no configured provider's key is shown or sent
        ChatRequest sent = client.scrubbed(raw.withUser(r.text()));
        return new RemotePreview(sent, client.requestBody(sent), r);
    }

    /** The project's redaction mode: on, remote or off (the saved setting, else the default). */
    public static String mode(Project p) {
        String m = p.meta(MODE_KEY);
        if (m != null && MODES.contains(m)) {
            return m;
        }
        String old = p.meta(META_KEY);
        if (old != null) {
            return old.equals("on") ? "remote" : "off";
        }
        return org.tracejudge.safety.SafetyPolicy.of(p).humanFinal() ? "remote" : "off";
    }

    /** Saves the project's redaction mode ({@code on}, {@code remote} or {@code off}). */
    public static void setMode(Project p, String mode) {
        if (!MODES.contains(mode)) {
            throw new IllegalArgumentException("redaction must be on, remote or off, not '" + mode + "'");
        }
        p.setMeta(MODE_KEY, mode);
    }

    /** The redactor a judge of this project uses, or null when its input is sent as it is. */
    public static Redactor redactorFor(Project p, JudgeConfig cfg) {
        String mode = mode(p);
        if (mode.equals("off") || (mode.equals("remote") && cfg.local())) {
            return null;
        }
        boolean strict = "on".equals(p.meta(STRICT_KEY)) && !cfg.local();
        return new Redactor(
                new Redactor.Options(strict, list(p.meta(NAMES_KEY)), list(p.meta(ALLOW_KEY)), list(p.meta(DENY_KEY))));
    }

    private static List<String> list(String csv) {
        return csv == null ? List.of() : Arrays.asList(csv.split(","));
    }
}
