package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.judges.prompt.Rubric;
import org.tracejudge.judges.prompt.RubricLibrary;

class RubricLibraryTest {
    @TempDir
    Path dir;

    @Test
    void builtInRubricsShareTheBaseAndDifferInTheOverlay() {
        RubricLibrary lib = new RubricLibrary(dir.resolve("rubrics"));
        Rubric tree = lib.rubric("decision-tree");
        Rubric evidence = lib.rubric("evidence");
        for (Rubric r : new Rubric[] {tree, evidence}) {
            String s = r.systemPrompt();
            assertFalse(s.contains("<!--") || s.contains("{{approach}}"), "notes and placeholder are not sent");
            for (String label : new String[] {
                "tool_skip",
                "result_ignore",
                "output_fabrication",
                "unnecessary_tool_use",
                "wrong_answer",
                "tool_restraint",
                "result_faithfulness",
                "1,001 = 1001",
                "Executed tool calls"
            }) {
                assertTrue(s.contains(label), r.name() + " mentions " + label);
            }
            assertEquals("built-in", r.sources().get("base"));
        }
        assertTrue(tree.systemPrompt().contains("stop at the first one that applies"));
        assertTrue(evidence.systemPrompt().contains("must cite at least one evidence id"));
        assertTrue(evidence.requiresEvidence() && !tree.requiresEvidence());
        assertThrows(IllegalArgumentException.class, () -> lib.rubric("vibes"));
    }

    @Test
    void anEditedCopyInTheDataFolderIsANewJudgeVersion() throws Exception {
        Path user = dir.resolve("rubrics");
        RubricLibrary lib = new RubricLibrary(user);
        JudgeConfig cfg = JudgeConfig.defaults("j");
        String builtInVersion = cfg.version(lib.rubric("decision-tree"));
        assertEquals(RubricLibrary.FILES.size(), lib.copyBuiltInsToUserFolder().size());
        assertEquals(0, lib.copyBuiltInsToUserFolder().size(), "copies are never overwritten");
        assertEquals(builtInVersion, cfg.version(lib.rubric("decision-tree")), "an unedited copy: same version");
        Path overlay = user.resolve("decision-tree.md");
        Files.writeString(overlay, Files.readString(overlay) + "\n<!-- a note for editors only -->\n");
        assertEquals(builtInVersion, cfg.version(lib.rubric("decision-tree")), "comments are not sent, same version");
        Files.writeString(overlay, Files.readString(overlay).replace("one to three sentences", "one sentence"));
        Rubric edited = lib.rubric("decision-tree");
        assertEquals(overlay.toString(), edited.sources().get("decision-tree"));
        assertTrue(edited.systemPrompt().contains("in one sentence"));
        assertNotEquals(builtInVersion, cfg.version(edited), "edited text: a new version");
        assertNotEquals(cfg.version(edited), cfg.withModel("other").version(edited), "another model: a new version");
        assertEquals(
                cfg.version(edited),
                cfg.withLimits(9, 30).withBaseUrl("http://127.0.0.1:1/v1").version(edited),
                "limits and endpoint do not change what the judge says");
        Files.writeString(user.resolve("base.md"), "no placeholder here");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> lib.rubric("evidence"));
        assertTrue(e.getMessage().contains("base.md") && e.getMessage().contains("{{approach}}"), e.getMessage());
    }
}
