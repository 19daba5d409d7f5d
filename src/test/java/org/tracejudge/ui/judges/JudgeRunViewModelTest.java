package org.tracejudge.ui.judges;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.judges.JudgeConfig;
import org.tracejudge.ui.PlainWorkbench;

/**
 * A judge run's preview without a window (issue 37): the first request's body and what was redacted, built from the
 * open project on a thread of its own; nothing is sent.
 */
class JudgeRunViewModelTest {
    @TempDir
    Path dir;

    @Test
    void thePreviewShowsTheFirstRequestWithoutSendingIt() throws Exception {
        try (PlainWorkbench w = PlainWorkbench.sample(dir, "tester")) {
            JudgeRunViewModel j = w.vm().judges();
            CompletableFuture<String> shown = new CompletableFuture<>();
            w.run(() -> j.preview(
                    JudgeConfig.defaults("preview-judge"), JudgeRunViewModel.Scope.SAMPLE, 1, shown::complete));
            String text = shown.get(60, TimeUnit.SECONDS);
            assertTrue(text.contains("The request body, byte for byte:"), text);
            assertTrue(text.contains("\"messages\""), text);
        }
    }
}
