package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import org.tracejudge.redaction.Names.Tok;

/** A keep rule of the name recognizer ({@link NameKeep}): a lower-case word after an article is a noun ("a cry in the ute", "a bit of a wobble"; not Spanish "dile a maría"). */
final class ArticleNounKeep extends NameKeep {
    static final ArticleNounKeep INSTANCE = new ArticleNounKeep();

    private ArticleNounKeep() {}

    @Override
    public String name() {
        return "names.keep.article-noun";
    }

    @Override
    public String reason() {
        return "a lower-case word after an article is a noun (\"a cry in the ute\", \"a bit of a wobble\"; not Spanish \"dile a maría\")";
    }

    @Override
    public int next(NameToken a) {
        Scan h = a.scan;
        Tok t = a.t;
        int i = a.i;
        List<Tok> toks = a.toks;
        return !h.strict
                        && !t.cap()
                        && i > 0
                        && ENGLISH_ARTICLES.contains(toks.get(i - 1).lower())
                        && adjacent(a.text, toks.get(i - 1), t)
                        && (!toks.get(i - 1).lower().equals("a")
                                || (!a.foreign
                                        && (i < 2 || common(key(toks.get(i - 2).lower())))))
                ? i + 1
                : -1;
    }

    /**
     * Whether every word of the message is capitalised, function words too ("Struggling After Losing My Job Last
     * Week", "Can Someone Please Help Me"): a subject line or a phone's "Title Case" setting, where a capital marks no
     * name. At least four words, at most one in lower case, two capitalised function words inside a sentence.
     */
    static final Set<String> ENGLISH_ARTICLES = WordList.exact("names-english-articles.txt");
}
