package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A street named where someone lives, with no number ("i live on Larch Road"). */
final class StreetNamedAddress implements AddressGrammar {
    static final StreetNamedAddress INSTANCE = new StreetNamedAddress();

    private StreetNamedAddress() {}

    private static final Pattern NO_NUMBER =
            Pattern.compile("(?iu)\\b(?:live|lives|living|moved|move|staying|stay|stays|"
                    + "(?:house|flat|home)\\s+is)\\s+(?:on|in|at|to|off)\\s+(?:the\\s+)?((?-i:\\p{Lu})[\\p{L}'’-]+(?:\\s+(?-i:\\p{Lu})[\\p{L}'’-]+){0,2}\\s+"
                    + STRONG_TYPE + ")\\b\\.?");

    @Override
    public String name() {
        return "addresses.street-named";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        Matcher nn = NO_NUMBER.matcher(t);
        while (nn.find()) {
            emit(h, nn.start(1), nn.end(1)); // "i live on Larch Road": a street named where someone lives
        }
    }
}
