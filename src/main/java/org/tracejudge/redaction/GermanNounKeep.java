package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import org.tracejudge.redaction.Names.Tok;

/** A keep rule of the name recognizer ({@link NameKeep}): in German every noun has a capital: an unlisted capitalised word is a noun there. */
final class GermanNounKeep extends NameKeep {
    static final GermanNounKeep INSTANCE = new GermanNounKeep();

    private GermanNounKeep() {}

    @Override
    public String name() {
        return "names.keep.german-noun";
    }

    @Override
    public String reason() {
        return "in German every noun has a capital: an unlisted capitalised word is a noun there";
    }

    @Override
    public int next(NameToken a) {
        Tok t = a.t;
        String k = a.k;
        int i = a.i;
        List<Tok> toks = a.toks;
        return !a.scan.strict
                        && a.german
                        && t.cap()
                        && !given(k)
                        && !surname(k)
                        && ((i > 0
                                        && GERMAN_DETERMINERS.contains(
                                                toks.get(i - 1).lower()))
                                || GERMAN_NOUN.matcher(k).find())
                        && !strongCue(a.before, a.text, toks, i)
                ? i + 1
                : -1;
    }

    /** German articles, possessives and prepositions: the capitalised word after them is a noun. */
    static final Set<String> GERMAN_DETERMINERS = WordList.exact("names-german-determiners.txt");
}
