package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

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
        if (shouting || titleCase(text, t)) {
            t = uncased(text, h.lower, t); // "NOT ABLE TO SLEEP", "Losing My Job Last Week"
        }
        this.toks = t;
        this.lang = foreignLanguage(t);
        this.stops = lang == null ? Set.of() : NameLists.STOPWORDS.get(lang);
        this.foreign = lang != null;
        this.german = "de".equals(lang);
        this.lowerNames = "hi".equals(lang) || "cy".equals(lang);
        this.langWords = lang == null ? Set.of() : NameLists.NAME_WORDS.getOrDefault(lang, Set.of());
    }

    static NameText of(Scan h) {
        return new NameText(h);
    }

    /** The languages of {@link NameLists#STOPWORDS} other than English, and for each stop word the bit set of its languages. */
    static final String[] STOP_LANGS = stopLanguages();

    /**
     * In a fixed order, so that a tie between two languages is settled the same way in every run (the map's own order
     * changes from one JVM to the next): the languages of whole messages first, those mixed into English last.
     */
    static String[] stopLanguages() {
        List<String> order = List.of("de", "es", "fr", "it", "pt", "nl", "hi", "cy");
        return NameLists.STOPWORDS.keySet().stream()
                .filter(l -> !l.equals("en"))
                .sorted(java.util.Comparator.comparingInt(
                                (String l) -> order.indexOf(l) < 0 ? order.size() : order.indexOf(l))
                        .thenComparing(l -> l))
                .toArray(String[]::new);
    }

    static final java.util.Map<String, Integer> STOP_MASK = stopMask();

    static java.util.Map<String, Integer> stopMask() {
        java.util.Map<String, Integer> out = new java.util.HashMap<>();
        for (int l = 0; l < STOP_LANGS.length; l++) {
            for (String w : NameLists.STOPWORDS.get(STOP_LANGS[l])) {
                out.merge(w, 1 << l, (a, b) -> a | b);
            }
        }
        return java.util.Map.copyOf(out);
    }

    /**
     * The stop words of the message's language when that is not English (two or more of its stop words, more than
     * English ones). One look-up per word: each word's languages are a bit set.
     */
    static Set<String> foreignStopWords(List<Tok> toks) {
        String lang = foreignLanguage(toks);
        return lang == null ? Set.of() : NameLists.STOPWORDS.get(lang);
    }

    /** The message's language when that is not English (two or more of its stop words, more than English ones), or null. */
    static String foreignLanguage(List<Tok> toks) {
        Set<String> en = NameLists.STOPWORDS.getOrDefault("en", Set.of());
        int[] own = new int[STOP_LANGS.length];
        int[] englishToo = new int[STOP_LANGS.length];
        int english = 0;
        for (Tok t : toks) {
            String k = t.lower();
            Integer mask = STOP_MASK.get(k);
            boolean isEnglish = en.contains(k) || NameLists.WORDS.contains(k);
            if (isEnglish) {
                english++;
            }
            if (mask != null) {
                for (int l = 0; l < STOP_LANGS.length; l++) {
                    if ((mask & (1 << l)) != 0) {
                        own[l]++;
                        if (isEnglish) {
                            englishToo[l]++; // an English word that is a stop word of this language counts for it only
                        }
                    }
                }
            }
        }
        String best = null;
        int bestCount = 0;
        for (int l = 0; l < STOP_LANGS.length; l++) {
            int englishOnly = english - englishToo[l];
            if (own[l] >= 2 && own[l] > englishOnly && own[l] > bestCount) {
                best = STOP_LANGS[l];
                bestCount = own[l];
            }
        }
        if (best == null) {
            for (int l = 0; l < STOP_LANGS.length; l++) {
                if (MIXED_LANGS.contains(STOP_LANGS[l]) && own[l] - englishToo[l] >= 3) {
                    best = STOP_LANGS[
                            l]; // Hinglish and Welsh are mixed with English: three of their own words tell them
                    break;
                }
            }
        }
        return best;
    }

    /** Languages typed mixed into English sentences (stopwords-extra.txt). */
    static final Set<String> MIXED_LANGS = Set.of("hi", "cy");

    static final Set<String> TITLE_FUNCTION = WordList.exact("names-title-function.txt");

    static boolean titleCase(String text, List<Tok> toks) {
        if (toks.size() < 4) {
            return false;
        }
        int lower = 0;
        int capFunction = 0;
        for (Tok t : toks) {
            if (!Character.isLetter(t.text().charAt(0))) {
                continue;
            }
            if (!t.cap()) {
                if (++lower > 1) {
                    return false;
                }
            } else if (t.text().length() > 1
                    && !t.allCaps()
                    && TITLE_FUNCTION.contains(t.lower())
                    && !sentenceStart(text, t.start())) {
                capFunction++;
            }
        }
        return capFunction >= 2;
    }

    /**
     * The tokens of a message written in capitals or Title Case, with the capital taken off the words of the word
     * lists: there it is the case of the whole message, not the mark of a name ("PHONE BILL", "NOT ABLE TO SLEEP",
     * "Losing My Job Last Week" read as in lower case). Words in no word list keep theirs ("I MISS JAMIE"), and so
     * does a word that is also a name where a relation, title, introduction or verb for people stands right before
     * it or "and me" after it ("MY DAUGHTER GRACE", "TELL MARK", "Help My Son Will Is Missing", "JOSH AND ME").
     */
    static List<Tok> uncased(String text, String lower, List<Tok> toks) {
        List<Tok> out = new ArrayList<>(toks.size());
        for (Tok t : toks) {
            String k = key(t.lower());
            boolean keep = !t.cap() || !(common(k) || FUNCTION.contains(k));
            if (!keep && (given(k) || surname(k))) {
                String before = lower.substring(Math.max(0, t.start() - 60), t.start());
                int[] starts = wordStarts(before);
                keep = (cue(RELATION, before, starts) && !AUX_AFTER_RELATION.contains(k))
                        || cue(TITLE, before, starts)
                        || cue(STRONG, before, starts)
                        || cue(PEOPLE_VERB_LOWER, before, starts)
                        || (cue(VERB, before, starts) && !before.endsWith("phone ")) // "I HATE BILL"; "PHONE BILL"
                        || AND_I.matcher(text).region(t.end(), text.length()).lookingAt();
            }
            out.add(keep ? t : new Tok(t.start(), t.end(), t.text(), t.lower(), false, false));
        }
        return out;
    }
}
