package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.regex.Pattern;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): one person of a group speaks. */
final class FromGroupCue extends NameCue {
    static final FromGroupCue INSTANCE = new FromGroupCue();

    private FromGroupCue() {}

    @Override
    public String name() {
        return "names.from-group";
    }

    @Override
    public String rule() {
        return "one person of a group speaks";
    }

    @Override
    public boolean applies(NameToken a) {
        String text = a.text;
        Tok t = a.t;
        String k = a.k;
        return t.cap()
                && !t.allCaps()
                && given(k)
                && !place(k)
                && !VERBISH.contains(k)
                && FROM_GROUP_SAID.matcher(text).region(t.end(), text.length()).lookingAt();
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "Mark from the group said", "Grace from work texted": one person speaks
    }

    /** After a name: "from" a group of people and a verb of speech ("Mark from the group said"). */
    static final Pattern FROM_GROUP_SAID = Pattern.compile(
            "(?iu)^\\s+from\\s+(?:the\\s+|my\\s+|our\\s+)?(?:group|work|school|uni|college|church|mosque|temple|"
                    + "next\\s+door|upstairs|downstairs|class|team|office|ward|support\\s+group|meeting|meetings|gym|"
                    + "football|rugby|choir|the\\s+pub|club)\\s+(?:said|says|told|texted|messaged|rang|called|asked|"
                    + "thinks|reckons|keeps|came|come|sent|gave|helped)\\b");
}
