package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): me and someone did it together. */
final class MeAndCue extends NameCue {
    static final MeAndCue INSTANCE = new MeAndCue();

    private MeAndCue() {}

    @Override
    public String name() {
        return "names.me-and";
    }

    @Override
    public String rule() {
        return "me and someone did it together";
    }

    @Override
    public boolean applies(NameToken a) {
        Scan h = a.scan;
        List<Tok> toks = a.toks;
        int n = a.n;
        int i = a.i;
        Tok t = a.t;
        String k = a.k;
        return !t.cap()
                && i >= 2
                && i + 1 < n
                && TOGETHER_AFTER.contains(toks.get(i + 1).lower())
                && given(k)
                && !FUNCTION.contains(k)
                && !MONTH_NAMES_ALL.contains(k)
                && !TIME_NOUNS.contains(k)
                && ME_AND.matcher(h.lower.substring(toks.get(i - 2).start(), t.start()))
                        .matches();
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "me and ebony broke up", "me n will had a row": two people did it together
    }

    /** "me and", "me &", "me n" before a lower-case word: a second person ("me and ebony broke up"). */
    static final Pattern ME_AND = Pattern.compile("(?u)me\\s+(?:and|&|n)\\s+");
    /** What two people do together, after "me and X". */
    static final Set<String> TOGETHER_AFTER = WordList.exact("names-together-after.txt");
}
