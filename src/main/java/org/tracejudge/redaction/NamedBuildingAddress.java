package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A named house, farm or cottage, then its street ("Rose Cottage, Long Lane"). */
final class NamedBuildingAddress implements AddressGrammar {
    static final NamedBuildingAddress INSTANCE = new NamedBuildingAddress();

    private NamedBuildingAddress() {}

    /** A named house, farm or cottage, then its street ("Rose Cottage, Long Lane", "the old forge, church lane"). */
    private static final Pattern BUILDING = Pattern.compile("(?u)(?<![\\p{L}])(?:(?i:the)\\s+)?(?:" + WORD
            + "\\s+){1,2}"
            + "(?i:cottage|house|farm|forge|lodge|barn|mill|manor|grange|rectory|vicarage|farmhouse|croft|schoolhouse)"
            + "(?:\\s+(?i:farm|cottage))?\\s*(?:,|\\n)\\s*(?:" + WORD + "\\s+){0,3}(?i:" + STRONG_TYPE + "|" + WEAK_TYPE
            + ")(?![\\p{L}])");

    private static final Pattern BUILDING_HINT = Pattern.compile(
            "(?:cottage|house|farm|forge|lodge|barn|mill|manor|grange|rectory|vicarage|croft)\\s*[,\\n]");

    @Override
    public String name() {
        return "addresses.named-building";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        Matcher b = BUILDING.matcher(t);
        boolean building = BUILDING_HINT.matcher(h.lower).find();
        while (building && b.find()) {
            emit(h, b.start(), b.end()); // "Rose Cottage, Long Lane, Little Snoring", "Ivy House Farm\nMoor Road"
        }
    }
}
