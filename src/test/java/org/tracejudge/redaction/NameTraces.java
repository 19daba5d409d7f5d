package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

/**
 * What the name recognizer decided about each word of a text ({@link Names.Decision}: which cue or keep rule, and
 * why), and asserts on it for the tests of the cues and keep rules: one of them decides about the word, the candidate
 * carries its name and rule as the explanation, or it says nothing.
 */
final class NameTraces {
    private NameTraces() {}

    static final Redactor.Options STRICT = new Redactor.Options(true, List.of(), List.of(), List.of());

    /** The decisions of {@code names.cues} on {@code text}, the recognizers before it run as the registry runs them. */
    static List<Names.Decision> trace(String text, boolean strict) {
        Redactor.Options options = strict ? STRICT : Redactor.Options.defaults();
        Scan s = new Scan(text, strict);
        List<Names.Decision> out = new ArrayList<>();
        for (Recognizer r : Recognizers.of(options)) {
            s.recognizer = r.name();
            if (r.name().equals("names.cues")) {
                Names.find(s, out);
                return out;
            }
            r.recognize(s);
        }
        throw new AssertionError("names.cues is not registered");
    }

    /** The cue finds {@code word} a name in {@code text}, and the candidate says it was that cue. */
    static void names(NameCue cue, String text, String word) {
        names(cue, text, word, false);
    }

    static void names(NameCue cue, String text, String word, boolean strict) {
        int at = text.indexOf(word);
        assertTrue(at >= 0, word + " is not in " + text);
        List<Names.Decision> trace = trace(text, strict);
        assertTrue(
                trace.stream().anyMatch(d -> d.by().equals(cue.name()) && d.name() && d.start() <= at && at < d.end()),
                cue.name() + " should name " + word + " in " + text + ": " + trace);
        Scan scan = new Redactor(strict ? STRICT : Redactor.Options.defaults()).scan(text);
        assertTrue(
                scan.candidates.stream()
                        .anyMatch(c -> c.recognizer().equals(cue.name())
                                && c.rule().equals(cue.rule())
                                && c.span().start() <= at
                                && at < c.span().end()),
                "the candidate for " + word + " names the cue " + cue.name() + ": " + scan.candidates);
    }

    /** The cue speaks about {@code word} and says it is no name: no later cue is asked, the word stays. */
    static void decidesNot(NameCue cue, String text, String word) {
        int at = text.indexOf(word);
        List<Names.Decision> trace = trace(text, false);
        assertTrue(
                trace.stream().anyMatch(d -> d.by().equals(cue.name()) && !d.name() && d.start() <= at && at < d.end()),
                cue.name() + " should decide " + word + " is no name in " + text + ": " + trace);
        assertEquals(
                cue.rule(),
                trace.stream()
                        .filter(d -> d.by().equals(cue.name()))
                        .findFirst()
                        .orElseThrow()
                        .why());
        assertTrue(new Redactor().redact(text).text().contains(word), word + " stays");
    }

    /** The keep rule keeps {@code word}, with its name and reason, and the word stays. */
    static void keeps(NameKeep keep, String text, String word) {
        keeps(keep, text, word, false);
    }

    static void keeps(NameKeep keep, String text, String word, boolean strict) {
        int at = text.indexOf(word);
        assertTrue(at >= 0, word + " is not in " + text);
        List<Names.Decision> trace = trace(text, strict);
        assertTrue(
                trace.stream()
                        .anyMatch(d -> d.by().equals(keep.name())
                                && d.why().equals(keep.reason())
                                && !d.name()
                                && d.start() <= at
                                && at < d.end()),
                keep.name() + " should keep " + word + " in " + text + ": " + trace);
        Redactor r = new Redactor(strict ? STRICT : Redactor.Options.defaults());
        assertTrue(
                r.redact(text).text().contains(word),
                word + " stays: " + r.redact(text).text());
    }

    /** Neither cue nor keep rule of this name decides anything in {@code text}. */
    static void silent(String name, String text) {
        silent(name, text, false);
    }

    static void silent(String name, String text, boolean strict) {
        List<Names.Decision> trace = trace(text, strict);
        assertFalse(
                trace.stream().anyMatch(d -> d.by().equals(name)),
                name + " should say nothing on " + text + ": " + trace);
    }
}
