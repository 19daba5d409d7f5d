package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.redaction.RedactionAsserts.hides;
import static org.tracejudge.redaction.RedactionAsserts.leaves;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 47, round 60: what tool returns hold that is neither personal nor secret (base64 of content, KSUIDs, media
 * links, npm scopes, lockfile fields, parcel numbers, times in milliseconds, ECR hosts, days in other languages) is
 * kept, and the secrets beside them (options of a command line, a registry login's password, a credential in base64,
 * keys in a URL's path) are still taken.
 */
class Issue47ToolReturnsTest {
    private final Redactor r = new Redactor();

    private static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void base64OfTextOrOfAnImageIsContent() {
        leaves(r, "payload (base64): " + b64("{\"event\": \"deploy.done\", \"status\": \"ok\", \"took_s\": 93}"));
        leaves(
                r,
                "{\"path\": \"docs/INDEX.md\", \"content\": \"" + b64("# Index\nRun make docs to rebuild.\n") + "\"}");
        leaves(
                r,
                "pixel: iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==");
    }

    @Test
    void base64OfACredentialOrOfTextHoldingAKeyIsStillASecret() {
        String pair = b64("deploy:Zr8Kq2Wx7Lm4Pn9Vt3Bc");
        hides(r, "found in the runner env: " + pair + " (used for the registry)", pair);
        String inner = b64("{\"api_key\": \"sk-proj-Qm7Xk2Lp9Vz4Rt8Wn3Yc6Hb1Jd5Gs0FaPq\"}");
        hides(r, "payload (base64): " + inner, inner);
        String random = "Tq4Wz8Xm2Kv7Rp1Lc9Nb3Hd6Gs5Jy0FaUe";
        hides(r, "stray value " + random + " in the log", random);
    }

    @Test
    void aKsuidIsAnIdARandom27CharacterStringIsNot() {
        // 20 bytes: seconds since 2014-05-13 16:53:20 UTC (here 2025-03-01), then 16 random bytes
        BigInteger n = BigInteger.valueOf(1_740_787_200L - 1_400_000_000L)
                .shiftLeft(128)
                .or(new BigInteger("9f3c21d47a0be55613c8f07e2d49ab1c", 16));
        String ksuid = base62(n);
        assertTrue(EncodedContent.ksuid(ksuid), ksuid);
        leaves(r, "segment " + ksuid + " written");
        assertFalse(EncodedContent.ksuid("zZ9xQ4wV7kP2mL8nR3tY6bC1dFa"));
    }

    private static String base62(BigInteger n) {
        String a = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        StringBuilder sb = new StringBuilder();
        BigInteger b = BigInteger.valueOf(62);
        while (n.signum() > 0) {
            BigInteger[] qr = n.divideAndRemainder(b);
            sb.insert(0, a.charAt(qr[1].intValue()));
            n = qr[0];
        }
        while (sb.length() < 27) {
            sb.insert(0, '0');
        }
        return sb.toString();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://www.youtube.com/watch?v=kJQP7kiw5Fk&list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI&index=3",
                "https://open.spotify.com/track/3n3Ppam7vgaVa1iaRUc9Lp?si=7f2b91c4d0e84a13",
                "resolved \"https://registry.npmjs.org/@types/node/-/node-20.11.5.tgz\"",
                "[[package]]\nname = \"rand\"\nversion = \"0.8.5\"",
                "\"node_modules/vite\": {\n  \"version\": \"5.2.8\",\n  \"dev\": true\n}",
                "Tracking: USPS 9400 1118 9922 3319 5566 77, arrives Friday",
                "created 01HZX3M8Q6J4V9K2T7R5N1B0CD at 1719846000010",
                "pushed 123456789012.dkr.ecr.eu-west-1.amazonaws.com/api:sha-3f2a1b9",
                "Domani sono previsti 24 gradi e cielo sereno."
            })
    void toolReturnsWithNothingPersonalAreLeftAlone(String text) {
        leaves(r, text);
    }

    @Test
    void aChannelLinkOrAMediaLinkNamedAsOnesOwnIsStillPersonal() {
        hides(r, "subscribe: https://www.youtube.com/@quietbaker", "https://www.youtube.com/@quietbaker");
        hides(
                r,
                "my channel https://www.youtube.com/watch?v=kJQP7kiw5Fk",
                "https://www.youtube.com/watch?v=kJQP7kiw5Fk");
        hides(r, "{\"Aoife\": true}", "Aoife");
    }

    @Test
    void secretsOnACommandLineAreTaken() {
        hides(r, "$ docker login -u ci -p Wq8zLm3Rt5Kp registry.acme.io", "Wq8zLm3Rt5Kp");
        hides(r, "$ vault login --token=Hx7Qm2Zk9Lp4Wr8Tn3Vc", "Hx7Qm2Zk9Lp4Wr8Tn3Vc");
        hides(r, "$ mycli deploy --client-secret 9fKq2Lm7Xz4Rp8Wt --region eu", "9fKq2Lm7Xz4Rp8Wt");
        leaves(r, "$ echo $PW | docker login --password-stdin registry.acme.io");
    }

    @Test
    void aKeyInAUrlsPathIsStillTakenSegmentBySegment() {
        String hook = "Zq8Xk2Lm7Rt4Wn9Yc3Hb6Jd1";
        hides(r, "POST https://hooks.slack.com/services/T0ABC1234/B0DEF5678/" + hook, hook);
    }

    @Test
    void aCardNumberIsNoLongerThanNineteenDigits() {
        hides(r, "card on file 4111 1111 1111 1111, exp 04/27", "4111 1111 1111 1111");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Truman Day — closed",
                "{\"date\": \"2026-02-16\", \"localName\": \"Jefferson Davis' Birthday\", \"types\": [\"Public\"]}",
                "Natalicio de Benito Juárez: feriado, 16 March 2026",
                "Queen's Birthday: state holiday, 8 June 2026",
                "BEGIN:VEVENT\nSUMMARY:Canada Day\nUID:4f1c9a2e7b3d8e60@calendar.example.org\nEND:VEVENT",
                "Message-ID: <CAF3k9x2Q7mZp@mail.example.com>",
                "GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
                "ci-key    sk-...PjZw          2025-04-15    23 days ago"
            })
    void holidaysCalendarIdsAndPlaceholdersAreLeftAlone(String text) {
        leaves(r, text);
    }

    @Test
    void aPersonsDayOrBirthAndAMailboxAreStillTaken() {
        hides(r, "Doris Day called about the invoice", "Doris");
        hides(r, "Queen's Birthday party for my nan, she was born 8 June 1941", "8 June 1941");
        hides(r, "Reply-To: priya.okafor@example.com", "priya.okafor@example.com");
        hides(r, "GITHUB_TOKEN=ghp_Zq8Xk2Lm7Rt4Wn9Yc3Hb6Jd1Pv5Fs0Ga2Ke4T", "ghp_Zq8Xk2Lm7Rt4Wn9Yc3Hb6Jd1Pv5Fs0Ga2Ke4T");
    }
}
