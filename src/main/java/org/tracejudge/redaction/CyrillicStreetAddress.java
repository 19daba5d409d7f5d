package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A Russian street form ("ул. Ленина, д. 5, кв. 12"). */
final class CyrillicStreetAddress implements AddressGrammar {
    static final CyrillicStreetAddress INSTANCE = new CyrillicStreetAddress();

    private CyrillicStreetAddress() {}

    private static final Pattern CYRILLIC = Pattern.compile(
            "(?iu)(?:ул\\.|улица|пр\\.|проспект|пер\\.|переулок|ш\\.|шоссе|бульвар|наб\\.)\\s*\\p{Lu}[\\p{L}-]*"
                    + "(?:\\s+\\p{Lu}[\\p{L}-]*)?,?\\s*(?:д\\.|дом)?\\s*\\d{1,4}(?:\\s*,?\\s*(?:кв\\.|квартира)\\s*\\d{1,4})?");

    @Override
    public String name() {
        return "addresses.ru-street";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        if (!(h.lower.chars().anyMatch(c -> Character.UnicodeBlock.of(c) == Character.UnicodeBlock.CYRILLIC))) {
            return; // the form needs its words or its script in the text
        }
        Matcher m = CYRILLIC.matcher(t);
        while (m.find()) {
            emit(h, m.start(), m.end());
        }
    }
}
