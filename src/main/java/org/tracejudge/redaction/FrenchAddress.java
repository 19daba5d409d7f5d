package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** French streets: the number, then the type and name ("12 rue de la Paix"). */
final class FrenchAddress implements AddressGrammar {
    static final FrenchAddress INSTANCE = new FrenchAddress();

    private FrenchAddress() {}

    private static final Pattern FR =
            Pattern.compile("(?iu)(?<![\\p{L}\\p{N}])\\d{1,4}(?:\\s?(?:bis|ter|b))?,?\\s+(?:rue|avenue|av\\.|"
                    + "boulevard|bd|bvd|place|pl\\.|chemin|allée|allee|impasse|quai|route|cours|passage|square|rond-point|"
                    + "résidence|residence|faubourg|fg|voie|sentier|cité|cite|hameau|lotissement)\\s+(?:(?:de|du|des|la|le|"
                    + "l['’]|d['’]|aux?|saint|sainte|st|ste)\\s*)*(?:" + WORD + ")(?:\\s+" + WORD + "){0,3}");
    private static final String[] FR_HINTS = {
        "rue",
        "av",
        "bd",
        "bvd",
        "place",
        "pl.",
        "chemin",
        "allée",
        "allee",
        "impasse",
        "quai",
        "route",
        "cours",
        "passage",
        "square",
        "rond-point",
        "sidence",
        "faubourg",
        "fg",
        "voie",
        "sentier",
        "cit",
        "hameau",
        "lotissement"
    };

    @Override
    public String name() {
        return "addresses.fr-street";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        if (!hinted(h, FR_HINTS)) {
            return;
        }
        Matcher m = FR.matcher(t);
        while (m.find()) {
            emit(h, m.start(), m.end());
        }
    }
}
