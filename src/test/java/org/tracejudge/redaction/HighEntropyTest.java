package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link HighEntropy}: random strings of no known shape are secrets; the ids traces are full of are not. */
class HighEntropyTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Webhook signing secret is Qm7Xk2Lp9Vz4Rt8Wn3Yc6Hb1Jd5Gs0Fa, keep it out of the repo.",
                "kubectl get secret api-creds -o yaml shows client_secret: Zk4Pq8Wm2Xv7Rt1Lc9Nb3Hd6Gs5Jy0Fa",
                "curl 'https://api.example.com/v1/forecast?city=Leeds&apikey=Tq4Wz8Xm2Kv7Rp1Lc9Nb3Hd6Gs5Jy0FaUe'",
                "SENTRY_AUTH_TOKEN=3f9a1c7e5b2d8f4a6c0e9b1d7f3a5c8e2b4d6f0a",
                "The password for the admin console is Xq9Lm2Vz7Rt4Wn8Yc1Hb6Jd3Gs5Fa0Kp, from the old README.",
                "signing key: fqbXV3z4Y1qy5YhJccKoUQL5VCcaleW0KUE3u1ZmyEw0CEhy1Jdryopt2LqpgKuc",
                "found a stray string wJ4lrXUtnFEMIK7MDENGbPxRfiCY9EXAMPLEKEYz2Q8 in the log"
            })
    void randomStringsAreSecrets(String text) {
        Redactor.Result res = r.redact(text);
        assertTrue(res.count(Redactor.Kind.SECRET) == 1, res.text());
        assertTrue(
                res.spans().stream().allMatch(s -> s.why() != null), res.spans().toString());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "tool_calls: [{\"id\": \"call_fJuazlMUN5fQDQ73G6XSpYpx\", \"type\": \"function\"}]",
                "{\"type\": \"tool_use\", \"id\": \"toolu_01A09q90qw90lq917835lq9\", \"name\": \"search\"}",
                "{\"id\": \"chatcmpl-BWXmkCSdx180NFO38F1LJ1Z3ikcl1\", \"object\": \"chat.completion\"}",
                "The eval log was saved as logs/2025-04-07T11-00-30-05-00_arithmetic_gKECTBvzvzgtPqQCd3cirF.eval",
                "sample id FPZkxkdzCv7CbTVyLBpLdV scored C",
                "span trace_id=4bf92f3577b34da6a3ce929d0e0e4736 span_id=00f067aa0ba902b7",
                "commit 9fceb02d0ae598e95dc970b74767f19372d61af8 Fix rounding",
                "job 0721bd4f-a35c-4d29-a2c6-38879e1d758e finished; {\"uuid\": \"04B49C49-15E0-55D5-9040-4D6FF6E415E6\"}",
                "\"integrity\": \"sha512-NkW4S3GV0TfhGXMWB5RGtUu2USXOunNqIMz8Tfn11PW3eRz/AJkp7bQOB+EIwY7j9BBq+ZUmVC9ryXg2tNoD14==\"",
                "The public key fingerprint is SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8 (ED25519)",
                "{\"hash\": \"$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW\", \"algo\": \"bcrypt\"}",
                "Open https://docs.google.com/spreadsheets/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit",
                "{\"charge\": {\"id\": \"ch_3MmlLrLkdIwHu7ix0snN0B15\", \"amount\": 4599}}",
                "{\"next_page_token\": \"Ab3De5Fg7Hj9Kl1Mn3Pq5Rs7\"}",
                "{\"content_hash\": \"Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe9Dc8Ba7Zx9Yw8=\"}",
                "/Users/fuchur/Documents/24/git_sync/swe-agent-test-repo/tests/AbstractSingletonProxyFactoryBean2.java",
                "Cache hit for key Linux-gradle-5b3f0c9e7a1d2f4b6c8e0a2d4f6b8c0e1a3c5e7f9b1d3f5a7c9e1b3d5f7a9c1e3f5",
                "ULID 01HZ3K5M7P9R1T3V5X7Z9B1D3F, CID bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi"
            })
    void idsAndDigestsAreNot(String text) {
        Redactor.Result res = r.redact(text);
        assertEquals(0, res.count(Redactor.Kind.SECRET), res.text());
    }

    @Test
    void theMeasures() {
        assertEquals(0.0, HighEntropy.entropy("aaaa"), 1e-9);
        assertEquals(2.0, HighEntropy.entropy("abcd"), 1e-9);
        assertTrue(HighEntropy.transitions("Qm7Xk2Lp9Vz4Rt8W") > 0.6);
        assertTrue(HighEntropy.transitions("FieldInstanceResolutionError") < 0.35);
        assertTrue(HighEntropy.transitions("/Users/fuchur/Documents/24/git_sync") < 0.2);
        String s = "api_key: Qm7Xk2Lp9Vz4Rt8Wn3Yc6Hb1Jd5Gs0Fa";
        assertNotNull(HighEntropy.why(s, 9, s.length()));
        String named = "key: Qm7Xk2Lp9Vz4Rt8Wn3Yc6Hb1Jd5Gs0Fa";
        assertNull(HighEntropy.why(named, 5, named.length()), "a field named key alone: a cache or object key");
        String id = "see Qm7Xk2Lp9Vz4Rt8Wn3Y";
        assertNull(HighEntropy.why(id, 4, id.length()), "22 characters and no secret word: an id");
        String bare = "stray wJ4lrXUtnFEMIK7MDENGbPxRfiCY9EXAMPLEKEYz2Q8 in the log";
        assertTrue(
                HighEntropy.why(bare, 6, 6 + 43).startsWith("random-looking string ("), HighEntropy.why(bare, 6, 49));
    }

    @Test
    void anIdNamedInProseOrByItsFieldIsKept() {
        for (String text : java.util.List.of(
                "upload id Xk29fLq0PzR7mB3nVw8YtA1cJd6Ee5Hs part 20",
                "Firebase doc /users/Xk29fLq0PzR7mB3nVw8Y/orders/aB3dE5fG7hJ9kL1mN2pQ",
                "Wheel sha256=Xk29fLq0PzR7mB3nVw8YtA1cJd6Ee5Hs4Gi0Ko",
                "nonce=h6JvssMcGRJMhvGVMWNCOQ== state=Xk29fLq0PzR7mB3nVw8YtA1cJd6Ee5Hs")) {
            org.junit.jupiter.api.Assertions.assertEquals(text, r.redact(text).text());
        }
    }

    @Test
    void aSecretAfterItsFieldInOneTokenIsStillTaken() {
        org.junit.jupiter.api.Assertions.assertEquals(
                "password=[SECRET] was in the log",
                r.redact("password=Xk29fLq0PzR7mB3nVw8YtA1cJd6Ee5Hs was in the log")
                        .text());
    }

    /** Round 59 (dev18): ids of documented shapes written with no field name that says so are no secrets. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "The value for this run is SM973a8e68256f18318be07cc4ec94a5fc; it finished on 2024-09-24.",
                "Here is the result: CA9aacea974402eaa2bea986b4cd63bbf8 (copied for the ticket).",
                "tool_result: {\"resource\": \"1pAvmm3z5xIDtHmKGRhMx9FPD6vwsXiGbdC-ujeKEYgD\", \"status\": \"ok\"}",
                "golang.org/x/net v0.22.0 h1:9sGLhx7iRIHEiX0oAJ3MRZMUCElJgy7Br1nO+AMN3Tc=",
                "Here is the result: W/\"5f3a1b2c-Xk9mQ2pLr7Tn4Vw8Yz1Bc3Df\" (saved for the ticket).",
                "Here is the result: arn:aws:s3:::reports-c66915/5AxiI9nupNq7Wm2Kx8Rt.json (copied)",
                "item_id: msgbatch_01v5WfG54gVWJlu2mvuLlUDm | status: 202 Accepted"
            })
    void documentedIdShapesAreNotSecrets(String text) {
        Redactor.Result res = r.redact(text);
        assertEquals(text, res.text(), res.spans().toString());
    }

    /** The same shapes after a secret word stay secrets: the id exceptions hold only with no cue. */
    @Test
    void idShapesAfterASecretWordStaySecrets() {
        Redactor.Result res = r.redact("auth token: 1pAvmm3z5xIDtHmKGRhMx9FPD6vwsXiGbdC-ujeKEYgD");
        assertEquals(1, res.count(Redactor.Kind.SECRET), res.text());
    }
}
