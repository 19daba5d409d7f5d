package org.tracejudge.ui.welcome;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.ui.PlainWorkbench;

/**
 * Import, classify and export without a window (issue 37): a bad file names itself and its line and leaves the
 * project unchanged; a good one adds its traces to the queue; an export writes the project as JSON Lines.
 */
class ImportViewModelTest {
    @TempDir
    Path dir;

    @Test
    void aBadFileIsNamedAGoodOneImportedAndTheProjectExported() throws Exception {
        try (PlainWorkbench w = PlainWorkbench.sample(dir, "tester")) {
            ImportViewModel im = w.vm().imports();
            Path bad = dir.resolve("broken_20260101_000000.json");
            Files.writeString(bad, "[\n  {\"task_id\": \"X-1\", \"agent_answer\": \"a\",\n   \"model\": oops}\n]\n");
            w.run(() -> im.importFiles(List.of(bad)));
            w.waitFor("the import's error", () -> im.importErrorProperty().get() != null);
            ImportViewModel.ImportError err =
                    w.call(() -> im.importErrorProperty().get());
            assertTrue(err.file().endsWith("broken_20260101_000000.json"), err.file());
            assertEquals(3, err.line(), err.message());
            assertTrue(w.call(() -> im.importMessageProperty().get()).contains("unchanged"));
            assertEquals(60, w.call(() -> w.vm().table().totalProperty().get()));
            w.run(im::dismiss);

            w.run(() -> im.importFiles(List.of(Path.of("resources/samples/multiturn/toolhaystack-sample.jsonl"))));
            w.waitFor(
                    "the traces in the queue",
                    () -> !im.importingProperty().get()
                            && w.vm().table().totalProperty().get() > 60);
            assertTrue(w.call(() -> im.importMessageProperty().get()).startsWith("Imported: "));

            Path out = dir.resolve("out.jsonl");
            w.run(() -> im.export(out));
            w.waitFor("the export", () -> !im.importingProperty().get() && Files.exists(out));
            List<String> lines = Files.readAllLines(out);
            assertTrue(lines.size() > 60, lines.size() + " lines");
            assertFalse(w.call(() -> im.importMessageProperty().get()).isEmpty());
        }
    }
}
