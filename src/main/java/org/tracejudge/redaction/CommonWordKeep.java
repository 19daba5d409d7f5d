package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

/** A keep rule of the name recognizer ({@link NameKeep}): an ordinary word no cue makes a name. */
final class CommonWordKeep extends NameKeep {
    static final CommonWordKeep INSTANCE = new CommonWordKeep();

    private CommonWordKeep() {}

    @Override
    public String name() {
        return "names.keep.common-word";
    }

    @Override
    public String reason() {
        return "an ordinary word no cue makes a name";
    }

    @Override
    public int next(NameToken a) {
        String k = a.k;
        return !a.scan.strict && !a.month && common(k) && !given(k) && !surname(k) ? a.i + 1 : -1;
    }
}
