package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.export.JsonlExporter;
import org.tracejudge.importer.ImportReport;
import org.tracejudge.importer.Importer;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.store.Project;

/**
 * Issue 22.7: {@code export --with-judge-cache} carries every saved judge's settings and every answered call to another
 * laptop, so the same request there is answered from the cache: no request is sent, and the verdicts and their ledger
 * ids are those of the first laptop.
 */
class JudgeCacheExportTest {
    @TempDir
    Path dir;

    @Test
    void theCacheTravelsWithTheExportAndAnswersTheOtherLaptop() throws Exception {
        Path a = JudgeFixtures.project(Files.createDirectories(dir.resolve("a")), 0);
        Path b = JudgeFixtures.project(Files.createDirectories(dir.resolve("b")), 0);
        Path export = dir.resolve("a.jsonl");
        Path plain = dir.resolve("a-plain.jsonl");
        String idsA;
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new FakeProvider(ProviderKind.OPENAI, 0));
            server.start();
            JudgeConfig cfg = JudgeFixtures.config(
                            "tree", ProviderKind.OPENAI, server.url("/v1").toString(), RubricLibrary.DECISION_TREE, 3)
                    .withApiKeyEnv("TJ_TEST_KEY");
            try (Project p = Project.open(a)) {
                RunReport r = new JudgeRunner(
                                p, cfg, JudgeFixtures.rubric(cfg.rubric()), k -> "sk-test-0123456789abcdef", null, null)
                        .run();
                assertEquals(60, r.labelled());
                idsA = ids(p, r.raterId());
                JsonlExporter.Summary s = JsonlExporter.export(p, export, true);
                assertEquals(60, s.judgeCalls());
                assertEquals(0, JsonlExporter.export(p, plain).judgeCalls());
            }
            int sentByA = server.getRequestCount();
            String text = Files.readString(export);
            assertTrue(
                    text.contains("\"kind\":\"judge_config\"") && text.contains("\"kind\":\"judge_call\""),
                    "cache exported");
            assertFalse(text.contains("sk-test-0123456789abcdef"), "no key in the export");
            assertTrue(text.contains("TJ_TEST_KEY"), "the variable's name travels, not its value");
            assertFalse(Files.readString(plain).contains("\"kind\":\"judge_call\""), "plain export has no cache");

            // laptop B: the export (labels and cache) merges in; the same judge there sends nothing
            try (Project p = Project.open(b)) {
                // the judge's settings come only when taken by name (issue 47: nothing directs traffic by import)
                ImportReport rep = new Importer(p, null)
                        .takingJudges(java.util.Set.of("tree"))
                        .importFiles(List.of(export), null, null);
                assertTrue(
                        rep.files().get(0).summary().contains("60 cached judge answers (60 new)"),
                        rep.files().get(0).summary());
                JudgeConfig saved = JudgeStore.load(p, "tree");
                assertEquals(cfg.model(), saved.model());
                assertEquals("TJ_TEST_KEY", saved.apiKeyEnv());
                // a twin judge under another name makes the same requests: every one answered from the carried cache
                JudgeConfig twin = JudgeConfig.defaults("tree-twin")
                        .withProvider(saved.provider())
                        .withBaseUrl(saved.settings().baseUrl())
                        .withModel(saved.model())
                        .withRubric(saved.rubric())
                        .withLimits(3, 0);
                RunReport r =
                        new JudgeRunner(p, twin, JudgeFixtures.rubric(twin.rubric()), k -> null, null, null).run();
                assertEquals(60, r.labelled());
                assertEquals(60, r.cached());
                assertEquals(0, r.requests());
                // the first laptop's verdicts arrived with their ids (name-based rater ids: the same on both laptops)
                assertEquals(idsA, ids(p, TestData.scalar(p, "SELECT id FROM rater WHERE name = 'tree'")));
                // importing the same export again adds nothing
                ImportReport again = new Importer(p, null).importFiles(List.of(export), null, null);
                assertTrue(
                        again.files().get(0).changedNothing(),
                        again.files().get(0).summary());
            }
            assertEquals(sentByA, server.getRequestCount(), "laptop B sent no request");
        }
    }

    private static String ids(Project p, String raterId) {
        return TestData.scalar(
                p,
                "SELECT group_concat(id, ',') FROM (SELECT id FROM label WHERE rater_id = '" + raterId
                        + "' ORDER BY id)");
    }
}
