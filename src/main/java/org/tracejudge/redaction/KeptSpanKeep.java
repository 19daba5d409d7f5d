package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

/** A keep rule of the name recognizer ({@link NameKeep}): a keep span of another recognizer (a shop, a public place's address, a medicine). */
final class KeptSpanKeep extends NameKeep {
    static final KeptSpanKeep INSTANCE = new KeptSpanKeep();

    private KeptSpanKeep() {}

    @Override
    public String name() {
        return "names.keep.kept-span";
    }

    @Override
    public String reason() {
        return "a keep span of another recognizer (a shop, a public place's address, a medicine)";
    }

    @Override
    public int next(NameToken a) {
        Scan h = a.scan;
        return !h.strict && h.kept(a.t.start()) ? a.i + 1 : -1;
    }
}
