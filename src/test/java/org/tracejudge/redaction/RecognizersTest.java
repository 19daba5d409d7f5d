package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The registry runs every recognizer once, in order; candidates and keep spans say which recognizer and why. */
class RecognizersTest {
    private final Redactor r = new Redactor();

    @Test
    void theRegistryNamesEachRecognizerOnceWithTheDetectorsBeforeTheSuppressors() {
        List<String> names = Recognizers.of(Redactor.Options.defaults()).stream()
                .map(Recognizer::name)
                .toList();
        assertEquals(Set.copyOf(names).size(), names.size(), "names are unique: " + names);
        assertEquals("secrets", names.get(0));
        assertTrue(names.indexOf("addresses") < names.indexOf("names.cues"), "addresses emit keeps the names read");
        assertTrue(names.indexOf("names.recurring") < names.indexOf("holidays"), "suppressors run after the names");
    }

    @Test
    void aCandidateSaysWhichRecognizerFoundIt() {
        Scan s = r.scan("my name is Priya, email priya@example.com");
        Set<String> by = s.candidates.stream().map(Scan.Candidate::recognizer).collect(Collectors.toSet());
        assertTrue(by.containsAll(Set.of("names.given-name", "contacts")), by.toString());
        assertTrue(s.candidates.stream().allMatch(c -> c.score() > 0 && c.score() <= 1));
    }

    @Test
    void aPublicPlacesAddressIsAKeepSpanTheNamesRespect() {
        String text = "Bellevue Hospital, 462 First Avenue, New York is where they took me";
        Scan s = r.scan(text);
        assertTrue(
                s.keeps.stream()
                        .anyMatch(k ->
                                k.recognizer().equals("addresses") && k.reason().contains("public")),
                s.keeps.toString());
        RedactionAsserts.leaves(r, text);
    }

    @Test
    void aWithdrawnCandidateBecomesAKeepSpanWithItsReason() {
        Scan s = r.scan("Happy Valentine's Day to everyone on the night shift");
        assertTrue(
                s.keeps.stream()
                        .anyMatch(k ->
                                k.recognizer().equals("holidays") && k.reason().contains("holiday")),
                s.keeps + " / " + s.candidates);
        assertTrue(s.spans.isEmpty(), s.spans.toString());
    }
}
