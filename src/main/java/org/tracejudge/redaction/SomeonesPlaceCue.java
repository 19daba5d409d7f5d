package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): at someone's place. */
final class SomeonesPlaceCue extends NameCue {
    static final SomeonesPlaceCue INSTANCE = new SomeonesPlaceCue();

    private SomeonesPlaceCue() {}

    @Override
    public String name() {
        return "names.someones-place";
    }

    @Override
    public String rule() {
        return "at someone's place";
    }

    @Override
    public boolean applies(NameToken a) {
        String text = a.text;
        Tok t = a.t;
        String k = a.k;
        String before = a.before;
        return t.cap()
                && !t.allCaps()
                && given(k)
                && !common(k)
                && !t.lower().equals(k)
                && AT_SOMEONES.matcher(before).find()
                && SOMEONES_PLACE.matcher(text).region(t.end(), text.length()).lookingAt();
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "stayed at Bronte's place", "round at Kirra's house"
    }
}
