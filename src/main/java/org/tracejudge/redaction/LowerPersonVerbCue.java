package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): a lower-case word before a verb said of people. */
final class LowerPersonVerbCue extends NameCue {
    static final LowerPersonVerbCue INSTANCE = new LowerPersonVerbCue();

    private LowerPersonVerbCue() {}

    @Override
    public String name() {
        return "names.lower-person-verb";
    }

    @Override
    public String rule() {
        return "a lower-case word before a verb said of people";
    }

    @Override
    public boolean applies(NameToken a) {
        String text = a.text;
        List<Tok> toks = a.toks;
        int n = a.n;
        int i = a.i;
        Tok t = a.t;
        String k = a.k;
        Set<String> stops = a.stops;
        return !t.cap()
                && k.length() >= 4
                && !common(k)
                && !place(k)
                && !SLANG.contains(k)
                && !drug(k)
                && !stops.contains(k)
                && k.chars().allMatch(Character::isLetter)
                && i + 1 < n
                && adjacent(text, t, toks.get(i + 1))
                && LOWER_PERSON_VERBS.contains(toks.get(i + 1).lower());
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "ffion said she'd come", "tobi keeps texting": an unknown lower-case word before a
        // verb of people
    }

    /**
     * A name-like word that names no private person here: a public figure's work ("listening to Adele", "Taylor
     * Swift songs"), a name as a common noun ("being a karen"), a city after a movement or living word ("we went to
     * Brighton", "moved from Leeds to Hull") or before a place noun ("Brighton beach").
     */
    static final Set<String> LOWER_PERSON_VERBS = WordList.exact("names-lower-person-verbs.txt");
}
