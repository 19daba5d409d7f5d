package org.tracejudge.classify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.Importer;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.store.Project;

/**
 * An OpenAI transcript whose model called a tool, with no expected call named: the rule gives no verdict (with its
 * reason) instead of tool_skip for the lack of an expected call, in both modes.
 */
class NoExpectedCallTest {
    @TempDir
    Path dir;

    @Test
    void aRunWithoutAnExpectedCallIsNotCalledToolSkip() throws Exception {
        Path chat = Files.writeString(
                dir.resolve("chat.jsonl"),
                "{\"id\":\"c1\",\"model\":\"m\",\"tools\":[{\"type\":"
                        + "\"function\",\"function\":{\"name\":\"get_weather\",\"parameters\":{\"type\":\"object\"}}}],"
                        + "\"messages\":[{\"role\":\"user\",\"content\":\"weather in Oslo?\"},{\"role\":\"assistant\",\"content\":null,"
                        + "\"tool_calls\":[{\"id\":\"x\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":"
                        + "\"{\\\"city\\\":\\\"Oslo\\\"}\"}}]},{\"role\":\"tool\",\"tool_call_id\":\"x\",\"content\":\"{\\\"temp_c\\\": 4}\"},"
                        + "{\"role\":\"assistant\",\"content\":\"It is 4 °C in Oslo.\"}]}\n");
        try (Project p = Project.open(dir.resolve("p.tjdb"), Project.OpenOptions.createIfMissing("chat"))) {
            new Importer(p, null).importFiles(List.of(chat), null, null);
            for (RuleClassifier.Mode mode : RuleClassifier.Mode.values()) {
                RuleLabeller.classify(p, mode);
                String rater = RuleLabeller.raterName(mode);
                assertNull(
                        TestData.scalar(
                                p,
                                "SELECT value FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = '" + rater
                                        + "'"),
                        mode + ": no label");
                assertEquals(
                        RuleClassifier.NO_EXPECTED_CALL,
                        TestData.scalar(
                                p,
                                "SELECT null_reason FROM label l "
                                        + "JOIN rater r ON r.id = l.rater_id WHERE r.name = '" + rater + "'"));
            }
        }
    }
}
