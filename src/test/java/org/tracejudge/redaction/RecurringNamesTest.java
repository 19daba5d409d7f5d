package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link RecurringNames}: a name found once, or known to the project, is taken wherever it recurs. */
class RecurringNamesTest {
    @Test
    void aNameFoundOnceIsTakenWhereverItRecursInAnyCase() {
        Redactor.Result res = new Redactor().redact("my name is Niamh. NIAMH is tired, niamh needs sleep");
        assertEquals(3, res.count(Redactor.Kind.NAME), res.spans().toString());
    }

    @Test
    void aKnownNameIsTakenWithNoCueButNotInsideAnotherWord() {
        Redactor r = new Redactor(List.of("Wren Okafor", "Okafor"));
        Redactor.Result res = r.redact("Okafor wrote again; wren okafor is the client, not Okaforville");
        assertEquals("[NAME] wrote again; [NAME] is the client, not Okaforville", res.text());
        assertTrue(r.scan("Okafor wrote").candidates.stream()
                .anyMatch(c ->
                        c.recognizer().equals("names.recurring") && c.rule().contains("known")));
    }
}
