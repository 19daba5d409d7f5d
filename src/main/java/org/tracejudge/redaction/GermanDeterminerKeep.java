package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import org.tracejudge.redaction.Names.Tok;

/** A keep rule of the name recognizer ({@link NameKeep}): after these German words a capital marks a noun ("seit dem Tod", "im Sommer", "Die Reha"). */
final class GermanDeterminerKeep extends NameKeep {
    static final GermanDeterminerKeep INSTANCE = new GermanDeterminerKeep();

    private GermanDeterminerKeep() {}

    @Override
    public String name() {
        return "names.keep.german-determiner";
    }

    @Override
    public String reason() {
        return "after these German words a capital marks a noun (\"seit dem Tod\", \"im Sommer\", \"Die Reha\")";
    }

    @Override
    public int next(NameToken a) {
        Tok t = a.t;
        int i = a.i;
        List<Tok> toks = a.toks;
        return !a.scan.strict
                        && a.german
                        && t.cap()
                        && i > 0
                        && GERMAN_NOUN_DETERMINERS.contains(toks.get(i - 1).lower())
                        && adjacent(a.text, toks.get(i - 1), t)
                        && !strongCue(a.before, a.text, toks, i)
                ? i + 1
                : -1;
    }

    /** German determiners that precede nouns, not given names (spoken "die Lisa" aside, so "die" only after a break). */
    static final Set<String> GERMAN_NOUN_DETERMINERS = WordList.exact("names-german-noun-determiners.txt");
}
