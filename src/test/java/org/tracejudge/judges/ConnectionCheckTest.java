package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;

class ConnectionCheckTest {
    @Test
    void aServerThatAnswersIsReportedWithItsLatency() throws Exception {
        try (MockWebServer server = NoDelayServerSockets.server()) {
            FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 0);
            server.setDispatcher(fake);
            server.start();
            JudgeConfig cfg = JudgeFixtures.config(
                    "t", ProviderKind.OPENAI, server.url("/v1").toString(), RubricLibrary.DECISION_TREE, 2);
            ConnectionCheck.Result r = ConnectionCheck.run(cfg, Map.<String, String>of()::get);
            assertTrue(r.ok(), r.message());
            assertTrue(r.message().startsWith("Connected: " + cfg.model()), r.message());
            assertEquals(1, fake.requests.get(), "one request, nothing more");
        }
    }

    @Test
    void refusedCredentialsAndAMissingKeyVariableSaySo() throws Exception {
        try (MockWebServer server = NoDelayServerSockets.server()) {
            server.enqueue(new MockResponse.Builder()
                    .code(401)
                    .setHeader("Content-Type", "application/json")
                    .body("{\"error\": {\"message\": \"Incorrect API key provided\"}}")
                    .build());
            server.start();
            JudgeConfig cfg = JudgeFixtures.config(
                            "t", ProviderKind.OPENAI, server.url("/v1").toString(), RubricLibrary.DECISION_TREE, 2)
                    .withApiKeyEnv("TJ_TEST_KEY");
            ConnectionCheck.Result missing = ConnectionCheck.run(cfg, Map.<String, String>of()::get);
            assertFalse(missing.ok());
            assertTrue(missing.message().contains("TJ_TEST_KEY is not set"), missing.message());
            ConnectionCheck.Result refused = ConnectionCheck.run(cfg, Map.of("TJ_TEST_KEY", "sk-wrong")::get);
            assertFalse(refused.ok());
            assertTrue(
                    refused.message().contains("refused the credentials")
                            && refused.message().contains("Incorrect API key"),
                    refused.message());
            assertFalse(refused.message().contains("sk-wrong"), "the key is never shown");
        }
    }

    @Test
    void nothingListeningIsReportedWithTheOllamaHint() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        JudgeConfig cfg = JudgeConfig.defaults("local").withBaseUrl("http://127.0.0.1:" + port + "/v1");
        ConnectionCheck.Result r = ConnectionCheck.run(cfg, Map.<String, String>of()::get);
        assertFalse(r.ok());
        assertTrue(r.message().startsWith("Nothing answers at http://127.0.0.1:" + port), r.message());
    }

    @Test
    void presetsFillTheServerAndKeepTheModel() {
        JudgeConfig base = JudgeConfig.defaults("j").withModel("my-model");
        ProviderPreset openai = ProviderPreset.ALL.stream()
                .filter(p -> p.label().equals("OpenAI"))
                .findFirst()
                .orElseThrow();
        JudgeConfig c = openai.apply(base);
        assertEquals("https://api.openai.com/v1", c.baseUrl());
        assertEquals("OPENAI_API_KEY", c.apiKeyEnv());
        assertEquals("my-model", c.model());
        assertEquals(openai, ProviderPreset.matching(c));
        assertEquals(
                "Ollama (this computer)",
                ProviderPreset.matching(JudgeConfig.defaults("x")).label());
    }
}
