package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each SDK's own exporter output (src/test/resources/sdk-captures, made by bench/sdk-capture), imported as a user
 * would: every request the SDK sent, in one import, format detected from content. Every one of the four runs must read
 * right: one trace each, the user message, the calls with names and arguments, their results, the answer.
 */
class SdkCaptureTest extends WithProject {
    List<String> importAll(String sdk) {
        ImportReport r = new Importer(project, null).importFiles(SdkCaptures.bodies(sdk), Format.AUTO, null);
        System.err.println(sdk + ": " + r.summary());
        return SdkCaptures.verdicts(AgentCorpus.runs(project));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"traceloop", "traceloop-json", "openinference", "otel-openai", "langfuse-otel", "langfuse-v3"})
    void everyRunReadsRight(String sdk) {
        List<String> wrong = importAll(sdk);
        assertEquals(List.of(), wrong, sdk + ": " + (4 - wrong.size()) + "/4 runs right");
    }
}
