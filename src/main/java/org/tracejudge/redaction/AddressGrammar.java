package org.tracejudge.redaction;

/**
 * One address grammar of the address recognizer ({@code addresses} in the {@link Recognizers registry}): a country's
 * or a family's street form ("12 Elm St", "Sendlinger Str. 44", "Calle Mayor 5"), a postcode with what comes before
 * it, or the clause after an address cue. A grammar finds where its form starts and ends and hands the span to the
 * shared walk ({@link AddressWalk#emit}), which takes in the flat, town and postcode around it and adds the candidate.
 * {@link Addresses} runs the grammars in the order {@link Recognizers#ADDRESS_GRAMMARS_WORDED} and {@link
 * Recognizers#ADDRESS_GRAMMARS} list them. An interface, unlike {@link NameCue}: a grammar is asked once per text, not
 * once per word.
 */
interface AddressGrammar {
    /** A short stable name ("addresses.en-street"). */
    String name();

    /** Adds the addresses of this form in {@code h}'s text. */
    void find(Scan h);
}
