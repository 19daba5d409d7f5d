package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.tracejudge.judges.JudgeConfig;
import org.tracejudge.judges.RemotePreview;
import org.tracejudge.judges.provider.Attempt;
import org.tracejudge.judges.provider.ChatClient;
import org.tracejudge.judges.provider.ChatRequest;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.judges.provider.ProviderSettings;
import org.tracejudge.store.Project;

/**
 * Issue 47 items 3 (secrets in traces reach remote judges unless redaction is strict) and 13 (identifiers missed on
 * messages nobody here wrote; a holiday taken for a name): each case as reported, failing before the fix (checked
 * against the main branch's jar of 2026-12-02 04:20: every id and holiday case here was left or taken for a name, and
 * every secret went out as it was).
 */
class Issue47RedactionTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // item 13's misses, one of each
                "mon numéro de sécurité sociale est le 2 69 05 99 123 456 62, je l'ai recopié|2 69 05 99 123 456 62",
                "tax file number 123456782 - I lodged my return through myGov but it says pending|123456782",
                "For the Spanish rental contract they asked for my DNI: 12345678Z|12345678Z",
                "my PPS number is 1234567T, can you check if my payment went through|1234567T",
                "can you send the deposit back to sort code 20-45-77 account number 41726354 please|41726354",
                "for direct deposit my routing number is 021000021 and account 4417263541|4417263541"
            })
    void theMissedIdentifiersAreHidden(String text, String id) {
        RedactionAsserts.hides(r, text, id);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Feb 14 is Valentine's Day",
                "Happy Valentine's Day to everyone on the night shift",
                "on Guy Fawkes night the cat hides",
                "Martin Luther King Jr. Day observed"
            })
    void aHolidayIsNotTakenForAName(String text) {
        RedactionAsserts.leaves(r, text);
    }

    static final String ANTHROPIC =
            "sk-ant-api03-Zr8Kq2Vn5Bx7Lm1Pw4Ty9Hc3Jd6Fg0Se_As2Df4Gh6Jk8Lq-QwErTy12Zr8Kq2Vn5Bx7Lm1Pw4Ty9AA";
    static final String OPENAI = "sk-proj-Q3xv9TfLk2Wm8Hn4Rs7Yb1Zc6Pd0Ue5Ja_Kg2Mh3Ni4Oj5T3BlbkFJx";
    static final String AWS = "AKIAQ4RT7YUW2XZ5MN3B";
    static final String GITHUB = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5";
    static final String JWT = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NSIsImV4cCI6MTc2NDc0MDAwMH0"
            + ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
    static final String BEARER = "8f3kQ9zLm2Xv7Rt1Wp4Yc6Nb0Hd5Gs3J";
    static final String PEM_BODY = "MIIEowIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM2q8Lk0Rz9xWcVb1Ny4Pe7Hg3Ja6Ks5Dt2Fu8Lo1Im";

    /** The item's list of secrets, as an agent meets them in tool returns. */
    static String traceWithSecrets() {
        return "User: deploy the service\n"
                + "Tool read_file(.env) returned: ANTHROPIC_API_KEY=" + ANTHROPIC + "\nOPENAI_API_KEY=" + OPENAI + "\n"
                + "Tool read_file(~/.aws/credentials) returned: aws_access_key_id = " + AWS + "\n"
                + "Tool env returned: {\"GITHUB_TOKEN\": \"" + GITHUB + "\", \"CI\": \"true\"}\n"
                + "Tool http_get returned: > Authorization: Bearer " + JWT + "\n"
                + "Tool curl returned: authorization: Bearer " + BEARER + "\n"
                + "Tool cat(deploy_key) returned: -----BEGIN RSA PRIVATE KEY-----\n" + PEM_BODY
                + "\n-----END RSA PRIVATE KEY-----\n"
                + "Assistant: deployed with call id call_fJuazlMUN5fQDQ73G6XSpYpx, commit "
                + "9fceb02d0ae598e95dc970b74767f19372d61af8";
    }

    @Test
    void theDefaultRemoteRedactionTakesEverySecretOutOfWhatIsSent(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("p.tjdb");
        JudgeConfig remote = new JudgeConfig(
                "remote",
                ProviderKind.OPENAI,
                "https://api.openai.com/v1",
                "gpt-4o-mini",
                null,
                "OPENAI_API_KEY",
                0.0,
                42,
                256,
                10_000,
                1,
                0,
                1,
                false);
        Redactor redactor;
        try (Project p = Project.open(file, Project.OpenOptions.createIfMissing(null))) {
            RemotePreview.setMode(p, "remote"); // the default of a safety-critical project; strict is not set
            redactor = RemotePreview.redactorFor(p, remote);
        }
        assertNotNull(redactor, "remote judges redact");
        assertFalse(redactor.options().strict());
        try (MockWebServer server = new MockWebServer()) {
            server.enqueue(new MockResponse.Builder()
                    .code(200)
                    .body("{\"choices\": [{\"message\": {\"role\": \"assistant\", "
                            + "\"content\": \"{\\\"failure_mode\\\": \\\"correct\\\"}\"}}], \"usage\": {}}")
                    .build());
            server.start();
            ProviderSettings settings = new ProviderSettings(
                    ProviderKind.OPENAI, server.url("/v1").toString(), "m", 0.0, 1, 256, Duration.ofSeconds(10));
            try (ChatClient client = new ChatClient(settings, null, 1)) {
                RemotePreview preview =
                        RemotePreview.of(client, new ChatRequest("You judge.", traceWithSecrets()), redactor);
                for (String secret : List.of(ANTHROPIC, OPENAI, AWS, GITHUB, JWT, BEARER, PEM_BODY)) {
                    String tail = secret.substring(secret.length() - 10);
                    assertFalse(preview.body().contains(tail), secret + " in " + preview.body());
                }
                assertEquals(
                        7,
                        preview.redaction().count(Redactor.Kind.SECRET),
                        preview.redaction().toString());
                assertTrue(preview.body().contains("[SECRET]"), "the preview shows each as its kind");
                assertTrue(preview.body().contains("call_fJuazlMUN5fQDQ73G6XSpYpx"), "a tool call id is not a secret");
                assertTrue(preview.body().contains("9fceb02d0ae598e95dc970b74767f19372d61af8"), "nor a commit");
                Attempt a = client.send(preview.request());
                RecordedRequest sent = server.takeRequest();
                assertEquals(preview.body(), sent.getBody().utf8(), "the preview is the body sent");
                assertTrue(a.kind() == Attempt.Kind.OK, a.toString());
            }
        }
        assertTrue(Files.exists(file));
    }
}
