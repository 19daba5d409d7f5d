package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link MailboxCue}: a given name and a last word before an address in angle brackets is a person's mailbox. */
class MailboxCueTest {
    private final Redactor r = new Redactor();

    @Test
    void aNameBeforeAMailboxIsTaken() {
        assertEquals(
                "Author: [NAME] <[EMAIL]>",
                r.redact("Author: Victor Hale <victor.hale@example.com>").text());
        assertEquals(
                "From: [NAME] <[EMAIL]>",
                r.redact("From: Grace Bell <gb@example.org>").text());
    }

    @Test
    void aTeamsOrAServicesMailboxIsNot() {
        String text = "From: Grace Support <help@example.com>";
        assertEquals("From: Grace Support <[EMAIL]>", r.redact(text).text());
        assertEquals(
                "From: Stripe Billing <[EMAIL]>",
                r.redact("From: Stripe Billing <billing@example.com>").text());
    }
}
