package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import org.tracejudge.redaction.Names.Tok;

/** A keep rule of the name recognizer ({@link NameKeep}): a function word of the message's language ("hat mir", "ça"): a name only when capitalised mid-sentence. */
final class ForeignFunctionWordKeep extends NameKeep {
    static final ForeignFunctionWordKeep INSTANCE = new ForeignFunctionWordKeep();

    private ForeignFunctionWordKeep() {}

    @Override
    public String name() {
        return "names.keep.foreign-function-word";
    }

    @Override
    public String reason() {
        return "a function word of the message's language (\"hat mir\", \"ça\"): a name only when capitalised mid-sentence";
    }

    @Override
    public int next(NameToken a) {
        Tok t = a.t;
        return !a.scan.strict && a.foreign && a.stops.contains(a.k) && !(t.cap() && !sentenceStart(a.text, t.start()))
                ? a.i + 1
                : -1;
    }
}
