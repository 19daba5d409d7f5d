package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.regex.Pattern;
import org.tracejudge.redaction.Names.Tok;

/** A keep rule of the name recognizer ({@link NameKeep}): a saint names a place ("St Thomas'", "San Francisco"). */
final class SaintKeep extends NameKeep {
    static final SaintKeep INSTANCE = new SaintKeep();

    private SaintKeep() {}

    @Override
    public String name() {
        return "names.keep.saint";
    }

    @Override
    public String reason() {
        return "a saint names a place (\"St Thomas'\", \"San Francisco\")";
    }

    @Override
    public int next(NameToken a) {
        Tok t = a.t;
        return SAINT.matcher(a.text.substring(Math.max(0, t.start() - 8), t.start()))
                                .find()
                        && !a.scan.strict
                ? a.i + 1
                : -1;
    }

    static final Pattern SAINT =
            Pattern.compile("(?iu)(?<![\\p{L}])(?:st|st\\.|saint|ste|san|santa|sankt|são|sao|santo|sant)\\s*$");
}
