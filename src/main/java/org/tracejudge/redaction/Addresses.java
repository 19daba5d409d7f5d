package org.tracejudge.redaction;

/**
 * Postal addresses by country grammars ({@link AddressGrammar}), each in its own class: a house number, street words
 * and a street type (English, German and Dutch, French, Spanish and its neighbours, Welsh), then whatever follows that
 * belongs to the address (flat, town, state, postcode: {@link AddressWalk}), so the whole span is covered; a postcode
 * of a known shape (UK, US ZIP after a state, DE/FR/ES five digits and a town, Indian PIN, AU state and four digits)
 * pulls in the address segments before it; an address cue ("my address is", "I live at") takes the clause after it
 * when that holds a number. This class runs the grammars in the registry's order.
 */
final class Addresses {
    private Addresses() {}

    static void find(Scan h) {
        for (AddressGrammar g : Recognizers.ADDRESS_GRAMMARS_WORDED) {
            g.find(h);
        }
        String t = h.text;
        boolean digit = false;
        for (int i = 0; i < t.length() && !digit; i++) {
            digit = Character.isDigit(t.charAt(i));
        }
        if (!digit && !h.lower.contains("s/n")) {
            return; // every address form after these has a house number, a postcode or a box number ("s/n": sin número)
        }
        for (AddressGrammar g : Recognizers.ADDRESS_GRAMMARS) {
            g.find(h);
        }
    }
}
