package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A Chinese street form: road, number and room ("中山路100号"). */
final class HanStreetAddress implements AddressGrammar {
    static final HanStreetAddress INSTANCE = new HanStreetAddress();

    private HanStreetAddress() {}

    private static final Pattern HAN = Pattern.compile("\\p{IsHan}{1,8}(?:路|街|道|巷|胡同|大道)\\d{1,5}(?:号|號)(?:\\d{1,4}室)?");

    @Override
    public String name() {
        return "addresses.zh-street";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        if (!(h.lower.chars().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN))) {
            return; // the form needs its words or its script in the text
        }
        Matcher m = HAN.matcher(t);
        while (m.find()) {
            emit(h, m.start(), m.end());
        }
    }
}
