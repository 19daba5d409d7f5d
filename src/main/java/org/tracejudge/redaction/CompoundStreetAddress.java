package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A street written as one word with its type ("41 Kingsway"), after a cue or before a town or postcode. */
final class CompoundStreetAddress implements AddressGrammar {
    static final CompoundStreetAddress INSTANCE = new CompoundStreetAddress();

    private CompoundStreetAddress() {}

    /** A street written as one word with its type ("41 Kingsway", "12 Broadway", "3 Northgate"). */
    private static final Pattern EN_COMPOUND =
            Pattern.compile("(?u)(?<![\\p{L}\\p{N}.,/:-])" + NUM + ",?\\s+\\p{Lu}\\p{Ll}{2,}(?:way|gate)(?![\\p{L}])");

    @Override
    public String name() {
        return "addresses.compound-street";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        Matcher cw = EN_COMPOUND.matcher(t);
        while (cw.find()) {
            if (cueBefore(h, cw.start()) || tailFollows(t, cw.end())) {
                emit(h, cw.start(), cw.end());
            }
        }
    }
}
