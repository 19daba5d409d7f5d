package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): before a verb said of people. */
final class PersonVerbCue extends NameCue {
    static final PersonVerbCue INSTANCE = new PersonVerbCue();

    private PersonVerbCue() {}

    @Override
    public String name() {
        return "names.person-verb";
    }

    @Override
    public String rule() {
        return "before a verb said of people";
    }

    @Override
    public boolean applies(NameToken a) {
        String text = a.text;
        List<Tok> toks = a.toks;
        int n = a.n;
        int i = a.i;
        Tok t = a.t;
        String k = a.k;
        boolean german = a.german;
        return t.cap()
                && !t.allCaps()
                && (k.length() >= 4
                        || (k.length() == 3
                                && i + 1 < n
                                && SPEECH.contains(toks.get(i + 1).lower())))
                && !common(k)
                && !place(k)
                && (given(k) || !drug(k))
                && i + 1 < n
                && adjacent(text, t, toks.get(i + 1))
                && !fromAPlace(toks, i)
                && !(german
                        && !given(k)
                        && !surname(k)
                        && (GERMAN_NOUN.matcher(k).find()
                                || GERMAN_ROLE.matcher(k).find()))
                // "Hebamme sagt", "Kinderarzt meint": a German noun (not "Annegret aus der Arbeit")
                && (PERSON_VERBS.contains(toks.get(i + 1).lower())
                        || ((given(k) || surname(k))
                                && PERSON_VERBS_LISTED.contains(toks.get(i + 1).lower())));
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "Wanjiru threw a glass", "Bartholomew keeps texting"
    }

    /** Verbs said of people and of things alike: after a word of the name lists only ("Wojciech won't"; not "Lexapro isn't"). */
    static final Set<String> PERSON_VERBS_LISTED = WordList.exact("names-person-verbs-listed.txt");
    /** Endings of German words for roles and services: "Kinderarzt", "Psychologin", "Jugendamt". */
    static final Pattern GERMAN_ROLE = Pattern.compile(
            "(?:arzt|ärztin|therapeut|therapeutin|lehrer|lehrerin|chef|chefin|psychiater|psychiaterin|psychologe|"
                    + "psychologin|pfleger|pflegerin|berater|beraterin|betreuer|betreuerin|amt|dienst|team|klinik|kasse)$");

    /** Speech verbs after which a three-letter unknown capitalised word is a name ("Ayo says hi"). */
    static final Set<String> SPEECH = WordList.exact("names-speech-verbs.txt");

    /** "X from Currys", "X from Blinkit": after "from" a capitalised word names a shop or a place; "Mark from work" is a person. */
    static boolean fromAPlace(List<Tok> toks, int i) {
        return toks.get(i + 1).lower().equals("from")
                && i + 2 < toks.size()
                && toks.get(i + 2).cap()
                && !toks.get(i + 2).allCaps();
    }
}
