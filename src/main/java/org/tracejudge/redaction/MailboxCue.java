package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tracejudge.redaction.Names.Tok;

/**
 * A cue of the name recognizer ({@link NameCue}): a given name and a surname right before an e-mail address in angle
 * brackets, as mail headers, git authors and contact lists write a mailbox ("Author: Victor Hale
 * &lt;victor.hale@example.com&gt;"); words that are also English words ("Victor", "Hale") are a person's there.
 * "Stripe Billing &lt;billing@…&gt;" and "Grace Support &lt;…&gt;" are not taken: the first word must be a given
 * name and the last no team's or service's word.
 */
final class MailboxCue extends NameCue {
    static final MailboxCue INSTANCE = new MailboxCue();

    private MailboxCue() {}

    /** One to two more capitalised words, then a mailbox's address in angle brackets. */
    private static final Pattern MAILBOX_AFTER =
            Pattern.compile("(?u)^((?:\\s\\p{Lu}[\\p{L}'’-]*){1,2})\\s<[^<>\\s@]+@[^<>\\s@]+\\.[A-Za-z]{2,}>");

    @Override
    public String name() {
        return "names.mailbox";
    }

    @Override
    public String rule() {
        return "a given name and a surname before an e-mail address in angle brackets";
    }

    @Override
    public boolean applies(NameToken a) {
        Tok t = a.t;
        if (!t.cap() || t.allCaps() || !given(a.k)) {
            return false;
        }
        Matcher m = MAILBOX_AFTER.matcher(a.text).region(t.end(), a.text.length());
        if (!m.lookingAt()) {
            return false;
        }
        String[] rest = m.group(1).strip().split("\\s+");
        String last = key(rest[rest.length - 1].toLowerCase(java.util.Locale.ROOT));
        return !ROLE.contains(last) && !FUNCTION.contains(last);
    }

    /** Last words of a team's or a service's mailbox ("Grace Support", "Jordan Billing"). */
    private static final java.util.Set<String> ROLE = java.util.Set.of(
            "support",
            "team",
            "billing",
            "sales",
            "info",
            "notifications",
            "admin",
            "service",
            "services",
            "bot",
            "noreply",
            "help",
            "helpdesk",
            "desk",
            "alerts",
            "news",
            "newsletter",
            "updates",
            "security",
            "accounts",
            "office",
            "hr",
            "jobs",
            "careers",
            "marketing",
            "ci",
            "builds",
            "reports",
            "events",
            "orders",
            "store",
            "shop");

    @Override
    public boolean starts(NameToken a) {
        return true;
    }
}
