package org.tracejudge.ui.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.tracejudge.judges.ProviderPreset;

/** A new judge is named after where its traces go: a server on this computer is "local" whatever its preset. */
class JudgeNameTest {
    @Test
    void aServerOnThisComputerGivesALocalName() {
        ProviderPreset other = ProviderPreset.ALL.stream()
                .filter(p -> p.label().startsWith("Other"))
                .findFirst()
                .orElseThrow();
        assertEquals("local-tree", JudgeRunWindow.defaultName(other), other.baseUrl() + " is this computer");
        ProviderPreset openai = ProviderPreset.ALL.stream()
                .filter(p -> p.label().equals("OpenAI"))
                .findFirst()
                .orElseThrow();
        assertEquals("openai-tree", JudgeRunWindow.defaultName(openai));
        assertEquals("local-tree", JudgeRunWindow.defaultName(ProviderPreset.ALL.get(0)));
    }
}
