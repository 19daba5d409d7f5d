package org.tracejudge.redaction;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * The text as the name recognizers read it, made once per scan ({@link Scan#nameText()}): its word tokens (case
 * ignored when the text shouts or is in title case), the language it is mostly written in, and the names found so
 * far, which later name recognizers extend ("Eilidh and Morag") and look for again wherever they recur.
 */
final class NameText {
    final String text;
    final String lower;
    final List<Names.Tok> toks;
    /** Seven letters in ten are capitals: a capital says nothing. */
    final boolean shouting;
    /** The language of the message when not English ("de", "fr", "hi"…), or null. */
    final String lang;

    final Set<String> stops;
    final boolean foreign;
    final boolean german;
    /** Hinglish and Welsh: a listed name in lower case is a name as in English, unless it is a word of the language. */
    final boolean lowerNames;

    final Set<String> langWords;
    /** The names found so far (whole names and their words), in the order found. */
    final Set<String> found = new LinkedHashSet<>();

    private NameText(Scan h) {
        this.text = h.text;
        this.lower = h.lower;
        List<Names.Tok> t = new ArrayList<>();
        Matcher m = Names.TOKEN.matcher(text);
        while (m.find()) {
            String w = m.group();
            boolean cap = Character.isUpperCase(w.charAt(0));
            boolean allCaps = w.length() > 1 && w.equals(w.toUpperCase(Locale.ROOT));
            t.add(new Names.Tok(m.start(), m.end(), w, w.toLowerCase(Locale.ROOT), cap, allCaps));
        }
        int upperLetters = 0;
        int letters = 0;
        for (int c = 0; c < text.length(); c++) {
            char ch = text.charAt(c);
            if (Character.isLetter(ch)) {
                letters++;
                if (Character.isUpperCase(ch)) {
                    upperLetters++;
                }
            }
        }
        this.shouting = letters > 0 && upperLetters * 10 >= letters * 7;
        if (shouting || Names.titleCase(text, t)) {
            t = Names.uncased(text, h.lower, t); // "NOT ABLE TO SLEEP", "Losing My Job Last Week"
        }
        this.toks = t;
        this.lang = Names.foreignLanguage(t);
        this.stops = lang == null ? Set.of() : NameLists.STOPWORDS.get(lang);
        this.foreign = lang != null;
        this.german = "de".equals(lang);
        this.lowerNames = "hi".equals(lang) || "cy".equals(lang);
        this.langWords = lang == null ? Set.of() : NameLists.NAME_WORDS.getOrDefault(lang, Set.of());
    }

    static NameText of(Scan h) {
        return new NameText(h);
    }
}
