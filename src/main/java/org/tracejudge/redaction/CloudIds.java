package org.tracejudge.redaction;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cloud resource ids are not people: AWS's "snap-0f3e…", "vol-…", "i-…", "sg-…", "subnet-…", "vpc-…", "ami-…",
 * "eni-…", "igw-…", "rtb-…", "pcx-…" (a type prefix, a dash and 8 or 17 hex digits; AWS EC2 API reference,
 * "Resource IDs"). A handle, name, phone or secret found inside one ("snap-" read as Snapchat) is dropped. So is an
 * identifier read in the twelve-digit AWS account id that opens a service's host name
 * ("123456789012.dkr.ecr.eu-west-1.amazonaws.com", an ECR registry), which is the account, not a person.
 */
final class CloudIds {
    private CloudIds() {}

    private static final Pattern ID = Pattern.compile("(?<![\\p{L}\\p{N}_-])(?:snap|vol|i|sg|subnet|vpc|ami|eni|igw|"
            + "rtb|pcx|nat|eipalloc|acl|tgw|vpce|lt|r|sir|fs|eigw|dopt|cgw|vgw)-[0-9a-f]{8}(?:[0-9a-f]{9})?"
            + "(?:[A-Z]{7})?(?![\\p{L}\\p{N}_])");

    private static final Pattern ACCOUNT_HOST =
            Pattern.compile("(?<![\\p{L}\\p{N}_.-])\\d{12}(?=\\.(?:[a-z0-9-]+\\.)+amazonaws\\.com(?:\\.cn)?\\b)");

    static void keep(Scan h) {
        if (h.text.indexOf('-') < 0) {
            return;
        }
        List<int[]> ids = new ArrayList<>();
        Matcher m = ID.matcher(h.text);
        while (m.find()) {
            ids.add(new int[] {m.start(), m.end()});
        }
        if (h.lower.contains("amazonaws.com")) {
            for (Matcher a = ACCOUNT_HOST.matcher(h.text); a.find(); ) {
                ids.add(new int[] {a.start(), a.end()});
            }
        }
        if (ids.isEmpty()) {
            return;
        }
        h.spans.removeIf(s ->
                s.kind() != Redactor.Kind.REDACTED && ids.stream().anyMatch(r -> r[0] <= s.start() && s.end() <= r[1]));
    }
}
