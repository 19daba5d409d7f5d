package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An Indian sector, block, phase or pocket address ("B-42, Sector 15, Noida 201301"). */
final class SectorAddress implements AddressGrammar {
    static final SectorAddress INSTANCE = new SectorAddress();

    private SectorAddress() {}

    private static final Pattern SECTOR =
            Pattern.compile("(?iu)(?<![\\p{L}\\p{N}])(?:[A-Z]{1,2}-?\\d{1,4}[A-Z]?|\\d{1,4}[A-Z]?(?:/\\d{1,4})?),?\\s+"
                    + "(?:sector|block|phase|pocket)\\s+\\d{1,3}[A-Z]?\\b(?:(?:,?\\s+\\p{L}[\\p{L}-]+){0,2},?\\s*-?\\s*[1-9]\\d{2}\\s?\\d{3})?"
                    + "(?![\\p{L}\\p{N}])");

    @Override
    public String name() {
        return "addresses.in-sector";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        if (!(h.lower.contains("sector")
                || h.lower.contains("block")
                || h.lower.contains("phase")
                || h.lower.contains("pocket"))) {
            return; // the form needs its words or its script in the text
        }
        Matcher m = SECTOR.matcher(t);
        while (m.find()) {
            emit(h, m.start(), m.end());
        }
    }
}
