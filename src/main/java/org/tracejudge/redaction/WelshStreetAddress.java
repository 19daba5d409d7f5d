package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A Welsh street, the type first ("23 Cwrt y Coleg"). */
final class WelshStreetAddress implements AddressGrammar {
    static final WelshStreetAddress INSTANCE = new WelshStreetAddress();

    private WelshStreetAddress() {}

    /** A Welsh street: the type comes first ("23 Cwrt y Coleg", "4 Heol y Bont"). */
    private static final Pattern WELSH = Pattern.compile(
            "(?u)(?<![\\p{L}\\p{N}])\\d{1,4}[a-z]?,?\\s+(?:Heol|Stryd|Ffordd|"
                    + "Cwrt|Lôn|Maes|Rhodfa|Teras|Cilgant|Clos|Llys)\\s+(?:(?:y|yr|'r)\\s+)?\\p{L}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)?");

    private static final Pattern WELSH_HINT =
            Pattern.compile("\\d\\s+(?:Heol|Stryd|Ffordd|Cwrt|Lôn|Maes|Rhodfa|Teras|" + "Cilgant|Clos|Llys)\\s");

    @Override
    public String name() {
        return "addresses.cy-street";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        if (!WELSH_HINT.matcher(t).find()) {
            return;
        }
        Matcher m = WELSH.matcher(t);
        while (m.find()) {
            emit(h, m.start(), m.end()); // "23 Cwrt y Coleg"
        }
    }
}
