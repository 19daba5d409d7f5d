package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): an initial and a surname. */
final class InitialCue extends NameCue {
    static final InitialCue INSTANCE = new InitialCue();

    private InitialCue() {}

    @Override
    public String name() {
        return "names.initial";
    }

    @Override
    public String rule() {
        return "an initial and a surname";
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
                && k.length() >= 3
                && (unknownCap(t, k) || (surname(k) && !common(k) && !place(k)))
                && initialBefore(text, toks, i);
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "told M. Dubois", "letter from K. Pritchard": an initial and a surname
    }

    /** Whether one capital letter and a full stop stand right before token {@code i}, as an initial ("M. Dubois"). */
    static boolean initialBefore(String text, List<Tok> toks, int i) {
        int s = toks.get(i).start();
        if (s < 3 || text.charAt(s - 1) != ' ' || text.charAt(s - 2) != '.') {
            return false;
        }
        char c = text.charAt(s - 3);
        if (!Character.isUpperCase(c) || c == 'I') {
            return false;
        }
        if (s >= 4 && (Character.isLetterOrDigit(text.charAt(s - 4)) || text.charAt(s - 4) == '.')) {
            return false; // "U.S. Bank", "p.M. Then"
        }
        if (i >= 2) {
            Tok p = toks.get(i - 2); // the token before the initial (i - 1 is the initial itself)
            if (p.end() == s - 4 || p.end() == s - 5) {
                if (p.cap() || LABEL_BEFORE_INITIAL.contains(p.lower())) {
                    return false; // "Vitamin D. Ferritin", "Plan B. Sertraline", "Hep C. Liver"
                }
            }
        }
        int j = s - 4;
        while (j >= 0 && text.charAt(j) == ' ') {
            j--;
        }
        return j < 0 || !Character.isDigit(text.charAt(j)); // "Room 4 B. Smith"
    }

    /** Before an initial: what makes "D." a letter of a label, not of a name ("Vitamin D. Then", "Plan B. Sertraline"). */
    static final Set<String> LABEL_BEFORE_INITIAL = WordList.exact("names-label-before-initial.txt");
}
