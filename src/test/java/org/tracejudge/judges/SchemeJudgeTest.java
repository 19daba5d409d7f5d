package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.store.Project;

/** Judges over a project's own scheme; a project with only the built-in label sets sends what it always sent. */
class SchemeJudgeTest {
    @TempDir
    Path dir;

    /**
     * The request bodies of a project with only built-in label sets, both wire formats and both rubrics, against golden
     * files written before judges knew schemes: byte for byte the same.
     */
    @Test
    void aBuiltInProjectSendsTheSameBytesAsBeforeSchemes() throws Exception {
        try (Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            for (ProviderKind kind : List.of(ProviderKind.OPENAI, ProviderKind.ANTHROPIC)) {
                for (String rubric : List.of(RubricLibrary.DECISION_TREE, RubricLibrary.EVIDENCE)) {
                    JudgeConfig cfg = JudgeFixtures.config("j", kind, "http://127.0.0.1:9/v1", rubric, 1);
                    JudgeRunner runner =
                            new JudgeRunner(p, cfg, JudgeFixtures.rubric(rubric), k -> null, null, null);
                    StringBuilder bodies = new StringBuilder();
                    for (RemotePreview pv : runner.preview(3)) {
                        bodies.append(pv.body()).append('\n');
                    }
                    assertEquals(3, bodies.toString().lines().count());
                    PromptGoldenTest.assertGolden(
                            "builtin-body-" + kind.code() + "-" + rubric + ".jsonl", bodies.toString());
                }
            }
        }
    }
}
