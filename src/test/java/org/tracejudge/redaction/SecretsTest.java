package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Secrets}: each documented shape in the wording of a tool return, what it is named, what it leaves. */
class SecretsTest {
    private final Redactor r = new Redactor(); // the default, not strict: what a remote judge gets

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "OPENAI_API_KEY=sk-proj-Q3xv9TfLk2Wm8Hn4Rs7Yb1Zc6Pd0Ue5Ja_Kg2Mh3Ni4Oj5|"
                        + "sk-proj-Q3xv9TfLk2Wm8Hn4Rs7Yb1Zc6Pd0Ue5Ja_Kg2Mh3Ni4Oj5|OpenAI API key",
                "client = OpenAI(api_key=\"sk-4fGh7Jk9Lm2Np5Qr8St1Uv3Wx6Yz0Ab\")|sk-4fGh7Jk9Lm2Np5Qr8St1Uv3Wx6Yz0Ab|OpenAI",
                "x-api-key: sk-ant-api03-Zr8Kq2Vn5Bx7Lm1Pw4Ty9Hc3Jd6Fg0Se_As2Df4Gh6Jk8Lq-QwErTy12AA|"
                        + "sk-ant-api03-Zr8Kq2Vn5Bx7Lm1Pw4Ty9Hc3Jd6Fg0Se_As2Df4Gh6Jk8Lq-QwErTy12AA|Anthropic",
                "aws_access_key_id = AKIAQ4RT7YUW2XZ5MN3B|AKIAQ4RT7YUW2XZ5MN3B|AWS access key id",
                "the call used ASIAZ7X3C5V9B2N4M6L8 from an unknown range|ASIAZ7X3C5V9B2N4M6L8|AWS",
                "GITHUB_TOKEN: ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5|ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5|GitHub",
                "oauth_token: gho_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe9Dc8Ba7|gho_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe9Dc8Ba7|GitHub",
                "with token github_pat_11ABCDEFG0123456789XYZ_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789aBcDeFgHiJkLmNoPqRsTuVw|"
                        + "github_pat_11ABCDEFG0123456789XYZ_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789aBcDeFgHiJkLmNoPqRsTuVw|GitHub",
                "STRIPE_SECRET_KEY=sk_live_4eC39HqLyjWDarjtT1zdp7dc|sk_live_4eC39HqLyjWDarjtT1zdp7dc|Stripe",
                "bot_token: xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx|"
                        + "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx|Slack",
                "const KEY = 'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY';|AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY|Google",
                "huggingface-cli login --token hf_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh|hf_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh|Hugging",
                "git clone https://oauth2:glpat-Ab3De5Fg7Hj9Kl1Mn3Pq@gitlab.com/x/y.git|glpat-Ab3De5Fg7Hj9Kl1Mn3Pq|GitLab",
                "DATABASE_URL=postgres://app:Tr0ub4dor3xyz@db.internal:5432/orders|Tr0ub4dor3xyz|password in a URL",
                "{\"database\": {\"user\": \"app\", \"password\": \"hunter2!x\"}}|hunter2!x|value of the field password",
                "tool_result: password=2o!rdmvpTc2Aqm|2o!rdmvpTc2Aqm|field password",
                "{\"SecretAccessKey\": \"wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY1\"}|"
                        + "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY1|SecretAccessKey",
            })
    void eachShapeIsHiddenAndNamed(String text, String secret, String why) {
        Redactor.Result res = RedactionAsserts.hides(r, text, secret);
        assertTrue(res.text().contains("[SECRET]"), res.text());
        assertTrue(
                res.spans().stream()
                        .anyMatch(s -> s.kind() == Redactor.Kind.SECRET
                                && s.why() != null
                                && s.why().contains(why)),
                res.spans().toString());
        assertFalse(res.text().contains(secret.substring(secret.length() - 8)), res.text());
    }

    @Test
    void aJwtAndABearerTokenInAnHttpExchange() {
        String jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NSIsImV4cCI6MTc2NDc0MDAwMH0"
                + ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
        String text = "> GET /api/v2/orders HTTP/1.1\n> Authorization: Bearer " + jwt + "\n< HTTP/1.1 200 OK";
        Redactor.Result res = RedactionAsserts.hides(r, text, jwt);
        assertEquals("> GET /api/v2/orders HTTP/1.1\n> Authorization: Bearer [SECRET]\n< HTTP/1.1 200 OK", res.text());
        String opaque = "Use this header: Authorization: Bearer 8f3kQ9zLm2Xv7Rt1Wp4Yc6Nb0Hd5Gs3J";
        assertEquals(
                "Use this header: Authorization: Bearer [SECRET]",
                r.redact(opaque).text());
    }

    @Test
    void aPrivateKeyBlockWholeRawOrJsonEscapedOrCutShort() {
        String body = "MIIEowIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM2q8Lk0Rz9xWcVb1Ny4Pe7Hg3Ja6Ks5Dt2Fu8Lo1Im\n"
                + "Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz9Xc8Vb7Nm6Qa5Ws4Ed3Rf2Tg1Yh0Uj9Ik8Ol7P=";
        String pem = "-----BEGIN RSA PRIVATE KEY-----\n" + body + "\n-----END RSA PRIVATE KEY-----";
        assertEquals(
                "$ cat deploy_key\n[SECRET]\ndone",
                r.redact("$ cat deploy_key\n" + pem + "\ndone").text());
        String escaped = pem.replace("\n", "\\n");
        assertEquals(
                "{\"key\": \"[SECRET]\"}",
                r.redact("{\"key\": \"" + escaped + "\"}").text());
        String cut = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + body;
        RedactionAsserts.hides(r, "read_file returned:\n" + cut, body);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Set OPENAI_API_KEY in your shell before running the script; never commit it.",
                "tool_result: {\"api_key\": \"***\", \"note\": \"redacted by the server\"}",
                "tool_result: {\"password\": null, \"password_set\": true, \"mfa\": \"totp\"}",
                "The Authorization header must be 'Bearer <token>'; we got 'Basic' instead.",
                "api_key = os.environ[\"OPENAI_API_KEY\"]  # read from the environment",
                "export ANTHROPIC_API_KEY=$(op read op://dev/anthropic/credential)",
                "Incorrect API key provided: sk-proj-****...abcd",
                "AWS key ids start with AKIA for long-term keys and ASIA for temporary ones.",
                "pip install sk-learn-contrib-extension-tools",
                "{\"token_type\": \"Bearer\", \"expires_in\": 3600, \"max_tokens\": 1024}",
                "{\"token_count\": 412345, \"auth_method\": \"password\"}",
                "the secret to a good sourdough is a 72 hour cold ferment",
                "-----BEGIN CERTIFICATE----- blocks are public; only the private key is secret.",
                "connect to postgres://user:password@localhost/db (the docs' example)"
            })
    void talkAboutSecretsAndPlaceholdersAreLeft(String text) {
        assertTrue(Secrets.scan(text).isEmpty(), () -> Secrets.scan(text).toString());
    }

    @Test
    void fieldNamesAreSplitIntoWords() {
        assertEquals(List.of("secret", "access", "key"), Secrets.words("SecretAccessKey"));
        assertEquals(List.of("x", "api", "key"), Secrets.words("x-api-key"));
        assertTrue(Secrets.secretName("client_secret"));
        assertTrue(Secrets.secretName("_authToken"));
        assertTrue(Secrets.secretName("id_token"));
        assertFalse(Secrets.secretName("next_page_token"));
        assertFalse(Secrets.secretName("token_count"));
        assertFalse(Secrets.secretName("aws_access_key_id"));
        assertFalse(Secrets.secretName("author"));
    }
}
