package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A US route or county road with its house number ("880 Route 9"). */
final class UsRouteAddress implements AddressGrammar {
    static final UsRouteAddress INSTANCE = new UsRouteAddress();

    private UsRouteAddress() {}

    /** A US route or county road with its house number ("880 Route 9", "2100 County Road 12"). */
    private static final Pattern US_ROUTE = Pattern.compile("(?iu)(?<![\\p{L}\\p{N}])\\d{1,5}\\s+(?:(?:state|county|us|"
            + "farm\\s+to\\s+market)\\s+)?(?:route|rte|highway|hwy|road|rd)\\s+\\d{1,4}[A-Z]?(?![\\p{L}\\p{N}])");

    private static final Pattern ROUTE_HINT = Pattern.compile(
            "\\d\\s+(?:state\\s|county\\s|us\\s|farm\\s|route|rte|" + "highway|hwy|road\\s+\\d|rd\\s+\\d)");

    @Override
    public String name() {
        return "addresses.us-route";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        if (!ROUTE_HINT.matcher(h.lower).find()) {
            return;
        }
        Matcher m = US_ROUTE.matcher(t);
        while (m.find()) {
            emit(h, m.start(), m.end()); // "880 Route 9"
        }
    }
}
