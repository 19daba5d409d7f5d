package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import org.tracejudge.redaction.Names.Tok;

/** A keep rule of the name recognizer ({@link NameKeep}): a sovereign, or the hospital named after one ("Queen Elizabeth", "King Edward"). */
final class SovereignKeep extends NameKeep {
    static final SovereignKeep INSTANCE = new SovereignKeep();

    private SovereignKeep() {}

    @Override
    public String name() {
        return "names.keep.sovereign";
    }

    @Override
    public String reason() {
        return "a sovereign, or the hospital named after one (\"Queen Elizabeth\", \"King Edward\")";
    }

    @Override
    public int next(NameToken a) {
        Scan h = a.scan;
        Tok t = a.t;
        int i = a.i;
        List<Tok> toks = a.toks;
        return !h.strict
                        && t.cap()
                        && ROYAL.contains(a.k)
                        && i + 1 < a.n
                        && toks.get(i + 1).cap()
                        && adjacent(a.text, t, toks.get(i + 1))
                ? i + 2
                : -1;
    }

    static final Set<String> ROYAL = WordList.exact("names-royal.txt");
}
