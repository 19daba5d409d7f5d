package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import org.tracejudge.redaction.Names.Tok;

/** A keep rule of the name recognizer ({@link NameKeep}): a dose form before a medicine ("Tab Clonazepam 0.25 mg", "Cap Becosules"). */
final class DoseFormKeep extends NameKeep {
    static final DoseFormKeep INSTANCE = new DoseFormKeep();

    private DoseFormKeep() {}

    @Override
    public String name() {
        return "names.keep.dose-form";
    }

    @Override
    public String reason() {
        return "a dose form before a medicine (\"Tab Clonazepam 0.25 mg\", \"Cap Becosules\")";
    }

    @Override
    public int next(NameToken a) {
        int i = a.i;
        List<Tok> toks = a.toks;
        return !a.scan.strict
                        && DOSE_FORMS.contains(a.k)
                        && i + 1 < a.n
                        && toks.get(i + 1).cap()
                        && adjacent(a.text, a.t, toks.get(i + 1))
                ? i + 2
                : -1;
    }

    /** Dose forms written before a medicine's name in prescriptions. */
    static final Set<String> DOSE_FORMS = WordList.exact("names-dose-forms.txt");
}
