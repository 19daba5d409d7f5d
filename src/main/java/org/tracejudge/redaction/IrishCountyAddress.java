package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An Irish rural address: townland and town before one of the 32 counties. */
final class IrishCountyAddress implements AddressGrammar {
    static final IrishCountyAddress INSTANCE = new IrishCountyAddress();

    private IrishCountyAddress() {}

    /** An Irish rural address: townland and town before one of the 32 counties ("Tullyvin, Cootehill, Co. Cavan"). */
    private static final Pattern IE_COUNTY =
            Pattern.compile("(?u)(?<![\\p{L}])(?:\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)?\\s*,\\s*){2,3}"
                    + "(?:Co\\.?|County)\\s+(?:Antrim|Armagh|Carlow|Cavan|Clare|Cork|Derry|Donegal|Down|Dublin|Fermanagh|Galway|Kerry|"
                    + "Kildare|Kilkenny|Laois|Leitrim|Limerick|Longford|Louth|Mayo|Meath|Monaghan|Offaly|Roscommon|Sligo|Tipperary|"
                    + "Tyrone|Waterford|Westmeath|Wexford|Wicklow)(?![\\p{L}])");

    @Override
    public String name() {
        return "addresses.ie-county";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        if (t.contains("Co") && (t.contains("Co.") || t.contains("County"))) {
            Matcher ie = IE_COUNTY.matcher(t);
            while (ie.find()) {
                emit(h, ie.start(), ie.end());
            }
        }
    }
}
