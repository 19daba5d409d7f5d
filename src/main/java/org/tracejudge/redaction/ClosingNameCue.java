package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): a name alone ends the message. */
final class ClosingNameCue extends NameCue {
    static final ClosingNameCue INSTANCE = new ClosingNameCue();

    private ClosingNameCue() {}

    @Override
    public String name() {
        return "names.closing-name";
    }

    @Override
    public String rule() {
        return "a name alone ends the message";
    }

    @Override
    public boolean applies(NameToken a) {
        String text = a.text;
        List<Tok> toks = a.toks;
        int i = a.i;
        Tok t = a.t;
        String k = a.k;
        return t.cap()
                && !t.allCaps()
                && i > 0
                && lastSentence(text, t.start())
                && signOffEnd(text, toks, i)
                && (given(k) || (surname(k) && !common(k)) || (!common(k) && !place(k) && !drug(k)))
                && !NOT_AFTER_TITLE.contains(k);
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // a name alone ends the message: "sorry it's long. Bethan x", "thanks a
        // million,\nPádraig"
    }

    /** Whether the word at {@code at} begins the last sentence or line of a message that has one before it. */
    static boolean lastSentence(String text, int at) {
        int i = at - 1;
        while (i >= 0 && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i--;
        }
        return i >= 0 && ".!?\n".indexOf(text.charAt(i)) >= 0;
    }
}
