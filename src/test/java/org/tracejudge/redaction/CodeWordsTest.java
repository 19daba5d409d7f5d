package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link CodeWords}: a name-like first part of a word of code is not a person. */
class CodeWordsTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "arn:aws:iam::210987654321:user/ci",
                "\"integrity\": \"sha512-NkW4S3GV0TfhGXMWB5RGtUu2USXOunNqIMz8Tfn11PW3eRz/AJkp7bQOB+EIwY7j9BBq+ZUmVC9ryXg2tNoD14==\""
            })
    void codeIsLeft(String text) {
        RedactionAsserts.leaves(r, text);
    }

    @Test
    void aNameFollowedByAColonAndASpaceIsStillOne() {
        assertEquals(
                "[NAME]: can you call me back",
                r.redact("Siobhan: can you call me back").text());
    }
}
