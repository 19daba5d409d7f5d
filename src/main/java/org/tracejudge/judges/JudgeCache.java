package org.tracejudge.judges;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.tracejudge.json.Json;
import org.tracejudge.judges.JudgeRunner.Asked;
import org.tracejudge.judges.JudgeRunner.Outcome;
import org.tracejudge.judges.JudgeRunner.Read;
import org.tracejudge.judges.provider.Attempt;
import org.tracejudge.judges.provider.ChatClient;
import org.tracejudge.judges.provider.ChatRequest;
import org.tracejudge.judges.provider.Failure;
import org.tracejudge.judges.verdict.Verdict;
import org.tracejudge.model.LabelSet;
import org.tracejudge.store.Project;

/**
 * A judge run's response cache: a request's key is the hash of what decides the reply (provider, model, parameters,
 * prompts, a scheme form's hash), and a request whose key has a call in the project is answered from that call's
 * stored reply, read again as a fresh one would be, without a request. The calls themselves are the project's
 * ({@link JudgeStore#cached}); a trace whose current verdict is a null verdict is never answered from here.
 */
final class JudgeCache {
    /** Reads a reply's content as the run does (a verdict, or a scheme's answers). */
    interface ReplyReader {
        Read read(String content, LabelSet labels, Asked asked);
    }

    private final Project project;
    private final JudgeConfig cfg;
    private final ChatClient client;
    private final ReplyReader reader;

    JudgeCache(Project project, JudgeConfig cfg, ChatClient client, ReplyReader reader) {
        this.project = project;
        this.cfg = cfg;
        this.client = client;
        this.reader = reader;
    }

    /** The cached call for {@code key}: {id, raw reply}, or null. */
    String[] lookup(String key) {
        return JudgeStore.cached(project, key);
    }

    /**
     * Hash of provider, model, parameters, system prompt and user prompt (never the key or the URL), with a scheme
     * form's hash when not null ({@link SchemeJudging#formHash}): a scheme version
     * that asks something else is asked again, one that asks the same is answered from the cache.
     */
    String key(ChatRequest r, String formHash) {
        ObjectNode o = Json.object();
        o.put("provider", cfg.provider().code());
        o.put("model", cfg.model());
        o.set("params", cfg.settings().params());
        o.put("system", r.system());
        o.put("user", r.user());
        if (formHash != null) {
            o.put("form", formHash);
        }
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha.digest(Json.canonical(o).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The outcome of a trace answered from the cache: {@code hit} is the cached call's id and raw reply. */
    Outcome answer(String traceId, String key, String[] hit, LabelSet labels, Asked asked, boolean replacesNull) {
        Attempt a = client.reread(hit[1]);
        Read r = a.kind() == Attempt.Kind.OK
                ? reader.read(a.content(), labels, asked)
                : new Read(Verdict.nullVerdict("malformed cached response: " + a.message(), hit[1]), null);
        if (r.reply() != null) {
            return new Outcome(traceId, key, null, "ok", null, 0, null, hit[0], null, replacesNull, asked, r.reply());
        }
        Verdict v = r.verdict();
        if (a.kind() == Attempt.Kind.OK && a.truncated() && v.isNull()) {
            v = Verdict.nullVerdict(
                    v.nullReason() + " (the reply stopped at the " + cfg.maxTokens()
                            + "-token limit; raise it with --max-tokens)",
                    v.raw());
        }
        return new Outcome(
                traceId,
                key,
                null,
                "ok",
                v,
                0,
                v.isNull() ? v.nullReason() : null,
                hit[0],
                v.isNull() ? Failure.INVALID_VERDICT : null,
                replacesNull,
                asked,
                null);
    }
}
