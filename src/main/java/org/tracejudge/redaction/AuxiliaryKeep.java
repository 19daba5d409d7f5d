package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

/** A keep rule of the name recognizer ({@link NameKeep}): a lower-case auxiliary is never a name ("my father has cancer"). */
final class AuxiliaryKeep extends NameKeep {
    static final AuxiliaryKeep INSTANCE = new AuxiliaryKeep();

    private AuxiliaryKeep() {}

    @Override
    public String name() {
        return "names.keep.auxiliary";
    }

    @Override
    public String reason() {
        return "a lower-case auxiliary is never a name (\"my father has cancer\")";
    }

    @Override
    public int next(NameToken a) {
        return !a.scan.strict && !a.t.cap() && VERBISH.contains(a.t.lower()) ? a.i + 1 : -1;
    }
}
