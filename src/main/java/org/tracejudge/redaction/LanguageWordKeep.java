package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import org.tracejudge.redaction.Names.Tok;

/** A keep rule of the name recognizer ({@link NameKeep}): a word of the message's language that is also a name needs a cue ("Soledad es lo único", "koi asha nahi"). */
final class LanguageWordKeep extends NameKeep {
    static final LanguageWordKeep INSTANCE = new LanguageWordKeep();

    private LanguageWordKeep() {}

    @Override
    public String name() {
        return "names.keep.language-word";
    }

    @Override
    public String reason() {
        return "a word of the message's language that is also a name needs a cue (\"Soledad es lo único\", \"koi asha nahi\")";
    }

    @Override
    public int next(NameToken a) {
        int i = a.i;
        return !a.scan.strict
                        && a.langWords.contains(a.k)
                        && !strongCue(a.before, a.text, a.toks, i)
                        && !anyCue(a.before)
                        && !nameCueAfter(a.lang, a.text, a.toks, i)
                ? i + 1
                : -1;
    }

    /**
     * After a word of the message's language that is also a name, what makes it a person: a respect or relation word
     * ("Suraj bhaiya", "Milagros mi vecina"), Hindi "ne" (the doer: "Kiran ne call kiya") or a surname ("Soledad
     * García").
     */
    static boolean nameCueAfter(String lang, String text, List<Tok> toks, int i) {
        Tok t = toks.get(i);
        if (HONORIFIC_AFTER.matcher(text).region(t.end(), text.length()).lookingAt()
                || RELATION_AFTER.matcher(text).region(t.end(), text.length()).lookingAt()) {
            return true;
        }
        if (i + 1 >= toks.size() || !adjacent(text, t, toks.get(i + 1))) {
            return false;
        }
        Tok nx = toks.get(i + 1);
        String nk = key(nx.lower());
        if ("hi".equals(lang) && nk.equals("ne")) {
            return true;
        }
        return t.cap()
                && nx.cap()
                && !nx.allCaps()
                && surname(nk)
                && !common(nk)
                && !NameLists.NAME_WORDS.getOrDefault(lang, Set.of()).contains(nk)
                && !NameLists.STOPWORDS.getOrDefault(lang, Set.of()).contains(nk);
    }

    /** An introduction, title, relation or sign-off: what a public-figure or place reading does not override. */
    /** A weaker cue before a word: a verb for people ("dis à", "tell"), an introduction ("je suis", "I'm"). */
    static boolean anyCue(String before) {
        int[] starts = wordStarts(before);
        return cue(WEAK, before, starts)
                || cue(VERB, before, starts)
                || cue(PEOPLE_VERB, before, starts)
                || cue(SELF_INTRO, before, starts);
    }
}
