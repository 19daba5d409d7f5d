package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A post-office box in any of the languages read ("PO Box 123", "Postfach 10 20 30", "а/я 15"). */
final class PostBoxAddress implements AddressGrammar {
    static final PostBoxAddress INSTANCE = new PostBoxAddress();

    private PostBoxAddress() {}

    private static final Pattern BOX = Pattern.compile(
            "(?iu)\\b(?:P\\.?\\s?O\\.?\\s?Box|Post\\s+Office\\s+Box|RMB|RSD|Locked\\s+Bag|Postfach|Postbus|Bo[iî]te\\s+postale"
                    + "|Apartado(?:\\s+de\\s+correos)?|Casella\\s+postale|Caixa\\s+postal|а/я|абонентский\\s+ящик)\\s*"
                    + "\\d{1,6}(?:\\s\\d{2}){0,3}\\b");

    @Override
    public String name() {
        return "addresses.post-box";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        if (!(h.lower.contains("box")
                || h.lower.contains("rmb")
                || h.lower.contains("rsd")
                || h.lower.contains("locked bag")
                || h.lower.contains("postfach")
                || h.lower.contains("postbus")
                || h.lower.contains("postale")
                || h.lower.contains("apartado")
                || h.lower.contains("postal")
                || h.lower.contains("а/я")
                || h.lower.contains("ящик"))) {
            return; // the form needs its words or its script in the text
        }
        Matcher m = BOX.matcher(t);
        while (m.find()) {
            emit(h, m.start(), m.end());
        }
    }
}
