package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-recognizer figures tool counts what each recognizer catches and changes, as markdown. */
class RecognizerFiguresTest {
    @Test
    void eachRecognizerThatCatchesAnItemHasARow() throws Exception {
        RecognizerFigures.Figures f =
                RecognizerFigures.measure(List.of(Path.of("src/test/resources/redaction-dev/dev20.jsonl")));
        assertTrue(f.messages() > 0 && f.items() > 0, f.toString());
        int caught = f.rows().values().stream().mapToInt(r -> r.caught).sum();
        assertTrue(caught > 0, "some recognizer catches an item");
        assertTrue(
                f.rows().keySet().stream().anyMatch(r -> r.startsWith("names.")),
                f.rows().keySet().toString());
        String md = RecognizerFigures.markdown(f);
        assertTrue(md.contains("| Recognizer | Gold items caught |"), md);
        assertTrue(md.contains("| Keep rule | Times it kept text |"), md);
    }
}
