package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import org.tracejudge.redaction.Names.Tok;

/** A keep rule of the name recognizer ({@link NameKeep}): a medicine, a condition, or a noun after a foreign article ("with Zoloft", "meine Mutter Alzheimer", "Le Pont Neuf"). */
final class MedicineEponymNounKeep extends NameKeep {
    static final MedicineEponymNounKeep INSTANCE = new MedicineEponymNounKeep();

    private MedicineEponymNounKeep() {}

    @Override
    public String name() {
        return "names.keep.medicine-eponym-noun";
    }

    @Override
    public String reason() {
        return "a medicine, a condition, or a noun after a foreign article (\"with Zoloft\", \"meine Mutter Alzheimer\", \"Le Pont Neuf\")";
    }

    @Override
    public int next(NameToken a) {
        Scan h = a.scan;
        Tok t = a.t;
        String k = a.k;
        int i = a.i;
        List<Tok> toks = a.toks;
        String text = a.text;
        return !h.strict
                        && (BRAND_DRUGS.contains(k)
                                || (EPONYMS.contains(eponymKey(k))
                                        && cueAt(
                                                        TITLE,
                                                        h.lower.substring(Math.max(0, t.start() - 60), t.start()),
                                                        wordStarts(h.lower.substring(
                                                                Math.max(0, t.start() - 60), t.start())))
                                                < 0)
                                || (a.foreign
                                        && t.cap()
                                        && i > 0
                                        && ARTICLES.contains(toks.get(i - 1).lower())
                                        && adjacent(text, toks.get(i - 1), t)))
                ? i + 1
                : -1;
    }

    /** French, Spanish and Dutch articles after which a capital marks a noun or a title ("Le Pont Neuf"). */
    static final Set<String> ARTICLES = WordList.exact("names-articles.txt");
}
