package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** German and Dutch streets: the street then its number ("Sendlinger Str. 44", "Prinsengracht 263-1"). */
final class GermanDutchAddress implements AddressGrammar {
    static final GermanDutchAddress INSTANCE = new GermanDutchAddress();

    private GermanDutchAddress() {}

    private static final Pattern DE = Pattern.compile(
            "(?iu)(?<![\\p{L}])(?:(?:van|de|den|der|ter|ten|eerste|tweede|derde|vierde|1e|2e|3e)\\s+){0,2}(?:[\\p{L}-]{2,}(?:straße|strasse|str\\.|str(?=\\s*\\d)|weg|gasse|platz|"
                    + "allee|damm|ufer|chaussee|pfad|straat|laan|gracht|plein|kade|steeg|dijk)|(?-i:\\p{Lu}[\\p{L}-]+(?:ring|markt|kamp|twiete|steig))|(?:[\\p{L}-]+(?:er|e|es)\\s+(?:straße|strasse|"
                    + "str\\.|weg|gasse|platz|allee|ring|damm))|(?-i:Am|An\\s+der|Auf\\s+der|Im|In\\s+der|Zum|Zur|Unter\\s+den)\\s+"
                    + "(?-i:\\p{Lu})[\\p{L}-]+|(?:am|im|zum|zur)\\s+\\p{L}[\\p{L}-]+(?=\\s*\\d{1,4}\\s?[a-z]?\\s*,?\\s*\\d{5}\\s))"
                    + "(?:\\s*,?\\s*(?:hausnummer|hausnr\\.?|nr\\.?|nummer)\\s*)?\\s*\\d{1,4}\\s?[a-zA-Z]?\\b"
                    + "(?:\\s?[-/]\\s?\\d{1,4}[a-zA-Z]?\\b|-(?:I{1,3}|IV|hs|huis|hoog|boven)\\b)?(?:\\s*(?:bis|ter)(?=\\s*,))?");
    private static final Pattern FIVE_DIGITS = Pattern.compile("(?<!\\d)\\d{5}\\s+\\p{L}");
    private static final String[] DE_HINTS = {
        "str",
        "weg",
        "gasse",
        "platz",
        "allee",
        "damm",
        "ufer",
        "chaussee",
        "pfad",
        "straat",
        "laan",
        "gracht",
        "plein",
        "kade",
        "steeg",
        "dijk",
        "ring",
        "markt",
        "kamp",
        "twiete",
        "steig",
        "Am ",
        "An der",
        "Auf der",
        "Im ",
        "In der",
        "Zum ",
        "Zur ",
        "Unter den"
    };

    @Override
    public String name() {
        return "addresses.de-nl-street";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        if (!hinted(h, DE_HINTS) && !FIVE_DIGITS.matcher(t).find()) {
            return;
        }
        Matcher m = DE.matcher(t);
        while (m.find()) {
            emit(h, m.start(), m.end());
        }
    }
}
