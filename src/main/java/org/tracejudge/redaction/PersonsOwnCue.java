package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.regex.Pattern;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): whose mother or party it is. */
final class PersonsOwnCue extends NameCue {
    static final PersonsOwnCue INSTANCE = new PersonsOwnCue();

    private PersonsOwnCue() {}

    @Override
    public String name() {
        return "names.persons-own";
    }

    @Override
    public String rule() {
        return "whose mother or party it is";
    }

    @Override
    public boolean applies(NameToken a) {
        String text = a.text;
        Tok t = a.t;
        String k = a.k;
        return t.cap()
                && !t.allCaps()
                && !t.lower().equals(k)
                && given(k)
                && !place(k)
                && PERSONS_OWN.matcher(text).region(t.end(), text.length()).lookingAt();
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "Jade's mum rang", "Leah's party": whose mother or party it is
    }

    /** After a possessive name: that person's people or day ("Jade's mum", "Kez's party"). */
    static final Pattern PERSONS_OWN = Pattern.compile(
            "(?iu)^\\s+(?:little\\s+|big\\s+|new\\s+|older\\s+|younger\\s+)?(?:mum|mom|mam|dad|sister|brother|"
                    + "boyfriend|girlfriend|bf|gf|nan|nana|gran|grandma|grandad|wife|husband|partner|kids|son|daughter|"
                    + "parents|party|ex)\\b");
}
