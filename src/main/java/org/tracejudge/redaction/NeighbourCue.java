package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.regex.Pattern;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): a neighbour (next door). */
final class NeighbourCue extends NameCue {
    static final NeighbourCue INSTANCE = new NeighbourCue();

    private NeighbourCue() {}

    @Override
    public String name() {
        return "names.neighbour";
    }

    @Override
    public String rule() {
        return "a neighbour (next door)";
    }

    @Override
    public boolean applies(NameToken a) {
        String text = a.text;
        Tok t = a.t;
        String k = a.k;
        return t.cap()
                && !t.allCaps()
                && (given(k) || unknownCap(t, k))
                && !common(k)
                && NEIGHBOUR_AFTER.matcher(text).region(t.end(), text.length()).lookingAt();
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "Dilys next door found me": a person placed by where they live
    }

    /** After a name: where that person lives, said of a person ("Dilys next door", "Ken from upstairs"). */
    static final Pattern NEIGHBOUR_AFTER = Pattern.compile(
            "(?iu)^\\s+(?:from\\s+)?(?:next\\s+door|upstairs|downstairs|across\\s+the\\s+(?:road|street|hall))\\b");
}
