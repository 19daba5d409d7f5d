package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): after a relation (my sister). */
final class RelationCue extends NameCue {
    static final RelationCue INSTANCE = new RelationCue();

    private RelationCue() {}

    @Override
    public String name() {
        return "names.relation";
    }

    @Override
    public String rule() {
        return "after a relation (my sister)";
    }

    @Override
    public boolean applies(NameToken a) {
        Tok t = a.t;
        String k = a.k;
        String before = a.before;
        int[] starts = a.starts;
        boolean foreign = a.foreign;
        Set<String> stops = a.stops;
        return cue(RELATION, before, starts)
                && !(foreign && stops.contains(lastWord(before))) // Spanish "son iguales", French "mère"
                && !AUX_AFTER_RELATION.contains(k) // "my father has cancer"
                && !(foreign && !t.cap() && !given(k)); // "mi padre lloró", "mein Bruder weint"
    }

    @Override
    public boolean starts(NameToken a) {
        String text = a.text;
        List<Tok> toks = a.toks;
        int n = a.n;
        int i = a.i;
        Tok t = a.t;
        String k = a.k;
        return !(!t.cap() && i + 1 < n && TIME_NOUNS.contains(toks.get(i + 1).lower())) // "my father last month"
                && ((given(k) && (t.cap() || !common(k) || !FREQUENT.contains(k)))
                        || (given(k) // "nana pat", "my aunty sue": after a kinship title, a name
                                && i > 0
                                && KIN_TITLES.contains(toks.get(i - 1).lower())
                                && adjacent(text, toks.get(i - 1), t)
                                && (!VERBLIKE.contains(k) || KIN_NAMES.contains(k))
                                && !MONTH_NAMES_ALL.contains(k)
                                && !TIME_NOUNS.contains(k) // "grandad june 2019", "my nan summer"
                                && !(i + 1 < n && digitNext(text, toks.get(i).end()))
                                && !(i + 1 < n
                                        && KIN_TITLE_NOT_AFTER.contains(
                                                toks.get(i + 1).lower())))
                        || (surname(k) && t.cap())
                        || (!t.allCaps() && !common(k) && !place(k) && k.length() >= 3));
    }

    static String lastWord(String before) {
        Matcher m = LAST_WORD.matcher(before);
        return m.find() ? m.group(1).toLowerCase(Locale.ROOT) : "";
    }

    /** Kinship words written before a name as a title ("nana pat", "uncle rob", "aunty sue"). */
    static final Set<String> KIN_TITLES = WordList.exact("names-kin-titles.txt");
    /** Words of {@link Names#VERBLIKE} that after a kinship title are a name ("nana pat", "aunty sue", "uncle rob"). */
    static final Set<String> KIN_NAMES = WordList.exact("names-kin-names.txt");
    /** After "my nan rose": the word is a verb there ("rose early", "rose up"), not the name. */
    static final Set<String> KIN_TITLE_NOT_AFTER = WordList.exact("names-kin-title-not-after.txt");
}
