package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tracejudge.judges.RemotePreview;
import org.tracejudge.judges.provider.Attempt;
import org.tracejudge.judges.provider.ChatClient;
import org.tracejudge.judges.provider.ChatRequest;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.judges.provider.ProviderSettings;

/** Each redaction pattern, what it must leave alone, and that the preview is byte for byte what is sent. */
class RedactorTest {
    private final Redactor r = new Redactor(List.of("Wren Okafor"));

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "write to me at jo.bloggs+help@example.org please|write to me at [EMAIL] please|EMAIL",
                "my number is +44 20 7946 0958, call after six|my number is [PHONE], call after six|PHONE",
                "ring (555) 010-4477 tonight|ring [PHONE] tonight|PHONE",
                "text 07700900123 if you can|text [PHONE] if you can|PHONE",
                "call 555.010.4477|call [PHONE]|PHONE",
                "Hi, my name is Tamsin Holloway and I need help|Hi, my name is [NAME] and I need help|NAME",
                "I'm Priya, I used the chat before|I'm [NAME], I used the chat before|NAME",
                "Dr. Ansel Marsh told me to rest|[NAME] told me to rest|NAME",
                "Thanks, Callum|Thanks, [NAME]|NAME",
                "my friend wren okafor said so|my friend [NAME] said so|NAME",
                "I live at 42 Larkspur Road, Brambleton now|I live at [ADDRESS] now|ADDRESS",
                "send it to 1208 Willow Creek Avenue, Apt 3B|send it to [ADDRESS]|ADDRESS",
                "post: 7 Elm St. 90210|post: [ADDRESS]|ADDRESS",
                "I was born on 14/03/1998 so I'm 27|I was born on [DOB] so I'm 27|DOB",
                "DOB: 1987-11-02|DOB: [DOB]|DOB",
                "date of birth is 3rd of May 1990|date of birth is [DOB]|DOB",
                "my birthday is July 9, 2001|my birthday is [DOB]|DOB"
            })
    void eachPattern(String in, String out, Redactor.Kind kind) {
        Redactor.Result res = r.redact(in);
        assertEquals(out, res.text());
        assertEquals(1, res.count(kind), res.spans().toString());
        assertEquals(1, res.spans().size(), res.spans().toString());
        Redactor.Span s = res.spans().get(0);
        assertEquals(in.substring(s.start(), s.end()), s.original());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "the exam is on 14/03/2026 at 9",
                "it costs 129.99 and takes 45 minutes",
                "I'm sorry, I'm so tired",
                "room 12 on floor 3",
                "Safety Call -- YES",
                "the market cap is 3450000"
            })
    void leavesOrdinaryTextAlone(String in) {
        Redactor.Result res = r.redact(in);
        assertEquals(in, res.text(), res.spans().toString());
        assertTrue(res.spans().isEmpty());
    }

    @Test
    void severalKindsInOneMessage() {
        String in = "This is Marta Quill, born 02.09.1979. Reach me on +1 415 555 0142 or marta@quill.example, "
                + "or at 19 Harbour Lane, Porthwen.";
        Redactor.Result res = r.redact(in);
        assertEquals("This is [NAME], born [DOB]. Reach me on [PHONE] or [EMAIL], or at [ADDRESS].", res.text());
        assertEquals(5, res.spans().size());
        for (String leaked : List.of("Marta", "1979", "415", "quill.example", "Harbour")) {
            assertFalse(res.text().contains(leaked), leaked);
        }
    }

    @Test
    void thePreviewIsExactlyTheBodyTheServerReceives() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.enqueue(new MockResponse.Builder()
                    .code(200)
                    .body("{\"choices\": [{\"message\": {\"role\": \"assistant\", "
                            + "\"content\": \"{\\\"failure_mode\\\": \\\"correct\\\"}\"}}], \"usage\": {}}")
                    .build());
            server.start();
            String base = server.url("/v1").toString();
            ProviderSettings settings =
                    new ProviderSettings(ProviderKind.OPENAI, base, "judge-model", 0.0, 1, 256, Duration.ofSeconds(10));
            try (ChatClient client = new ChatClient(settings, null, 1)) {
                ChatRequest raw = new ChatRequest(
                        "You judge tool selection.",
                        "User: I'm Priya, mail priya@example.net, "
                                + "phone 020 7946 0958, I live at 5 Quarry Hill Road and was born on 1 April 2000.\n"
                                + "Selector: Safety Call -- NO");
                RemotePreview preview = RemotePreview.of(client, raw, r);
                assertEquals(
                        5,
                        preview.redaction().spans().size(),
                        preview.redaction().spans().toString());
                assertFalse(
                        preview.body().contains("Priya")
                                || preview.body().contains("7946")
                                || preview.body().contains("Quarry")
                                || preview.body().contains("example.net")
                                || preview.body().contains("2000"),
                        preview.body());
                Attempt a = client.send(preview.request());
                RecordedRequest sent = server.takeRequest();
                assertEquals(preview.body(), sent.getBody().utf8());
                assertTrue(a.kind() == Attempt.Kind.OK, a.toString());
            }
        }
    }
}
