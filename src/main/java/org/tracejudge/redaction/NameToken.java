package org.tracejudge.redaction;

import java.util.List;
import java.util.Set;
import org.tracejudge.redaction.Names.Tok;

/**
 * The token the name recognizer reads now, with what its {@link NameCue cues} and {@link NameKeep keep rules} look
 * at: the message (its tokens, language, whether it shouts) and the token (its look-up key, the 60 characters
 * before it in lower case, where the words before it start). One per scan, moved from token to token.
 */
final class NameToken {
    final Scan scan;
    final String text;
    final List<Tok> toks;
    final int n;
    final boolean shouting;
    final String lang;
    final Set<String> stops;
    final boolean foreign;
    final boolean german;
    final boolean lowerNames;
    final Set<String> langWords;

    int i;
    Tok t;
    /** The look-up key of the token ({@link Names#key}); a possessive without its apostrophe loses its "s". */
    String k;
    /** Up to 60 characters before the token, lower case. */
    String before;
    /** Whether the key is a month that is also a name ("may", "june"). */
    boolean month;
    /** Where words start in {@link #before}, and what the cues share (set before the cues are asked). */
    int[] starts;

    boolean titled;
    boolean sentenceStart;
    boolean gaz;
    /** The last token of the name found (for the keep rules read after a name is extended). */
    int end;

    NameToken(Scan scan) {
        NameText c = scan.nameText();
        this.scan = scan;
        this.text = c.text;
        this.toks = c.toks;
        this.n = toks.size();
        this.shouting = c.shouting;
        this.lang = c.lang;
        this.stops = c.stops;
        this.foreign = c.foreign;
        this.german = c.german;
        this.lowerNames = c.lowerNames;
        this.langWords = c.langWords;
    }

    /** Moves to token {@code at}. */
    void at(int at) {
        this.i = at;
        this.t = toks.get(at);
        this.k = Names.key(t.lower());
    }
}
