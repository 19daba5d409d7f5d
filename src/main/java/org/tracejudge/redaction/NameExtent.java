package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tracejudge.redaction.Names.Tok;

/**
 * How far a name found by a {@link NameCue} reaches: over the surname-like words and particles after it ("Ben Salah",
 * "van der Berg", "O'Neill"), back over the given names and particles before it ("Abu Bakar bin Osman"), and over a
 * title, an initial or a respect word written with it ("Mrs Okafor", "J. Whitmore", "Sunil uncle").
 */
final class NameExtent {
    private NameExtent() {}

    /** The last token of the name that starts at {@code a.i}. */
    static int end(NameToken a) {
        String text = a.text;
        List<Tok> toks = a.toks;
        int n = a.n;
        boolean shouting = a.shouting;
        boolean foreign = a.foreign;
        int i = a.i;
        int end = i;
        int j = i + 1;
        int ext = 0;
        while (j < n && ext < 4 && adjacent(text, toks.get(j - 1), toks.get(j))) {
            Tok nx = toks.get(j);
            String nk = key(nx.lower());
            if (ORGANISATION.contains(nk)) {
                break;
            }
            int q = j;
            while (q < n
                    && q < j + 3
                    && PARTICLES.contains(key(toks.get(q).lower()))
                    && q + 1 < n
                    && adjacent(text, toks.get(q), toks.get(q + 1))) {
                q++; // "van der", "de la", "bin", "ben"
            }
            if (q > j
                    && surnameLike(toks.get(q))
                    && (nx.cap() || toks.get(q).cap() || surname(key(toks.get(q).lower())))) {
                end = q;
                j = q + 1;
            } else if (nx.allCaps() && !shouting) {
                break; // "Austin TX", "PAN-OS": an acronym does not continue a name
            } else if (foreign && toks.get(i).cap() && !nx.cap() && !surname(nk) && !given(nk)) {
                break; // "Therapeut sagt", "Inglés estaba": a lower-case word of the message's language
            } else if ((surnameLike(nx)
                            || (!common(nk) && !place(nk) && !FUNCTION.contains(nk) && nk.length() >= 2)
                            || (nk.length() >= 2
                                    && !FUNCTION.contains(nk)
                                    && !CAP_STOP.contains(nk)
                                    && !SLANG.contains(nk)
                                    && !ORGANISATION.contains(nk)
                                    && SIGN_OFF_END
                                            .matcher(text.substring(nx.end()))
                                            .lookingAt()
                                    && signOffLine(text, toks.get(i).start()))
                            || (nx.cap()
                                    && !nx.allCaps()
                                    && toks.get(j - 1).cap()
                                    && !FUNCTION.contains(nk)
                                    && !CAP_STOP.contains(nk)
                                    && !innerCaps(nx.text())))
                    && !VERBISH.contains(nk)) {
                end = j;
                j++;
            } else {
                break;
            }
            ext++;
        }
        return end;
    }

    /** The first word of the name found at {@code i} (see {@link #backTo}). */
    static int first(String text, List<Tok> toks, int i) {
        return backTo(text, toks, i);
    }

    /** The characters of the name from token {@code first} to {@code end}, with its title, initial and respect word. */
    static int[] span(String text, List<Tok> toks, int first, int end) {
        int s = toks.get(first).start();
        int e = toks.get(end).end();
        Matcher honorific = HONORIFIC_AFTER.matcher(text).region(e, text.length());
        if (honorific.lookingAt()) {
            e = honorific.end(); // "Sunil uncle", "Priyanshu bhaiya": the respect word goes too, as a title does
        }
        Matcher title = TITLE_BEFORE.matcher(text.substring(Math.max(0, s - 14), s));
        if (title.find()) {
            s = s - (Math.min(14, s) - title.start()); // "Mrs Okafor", "Dr. Amara Ben Salah": the title goes too
        }
        Matcher initial = INITIAL_BEFORE.matcher(text.substring(Math.max(0, s - 4), s));
        if (initial.find()) {
            s = s - (Math.min(4, s) - initial.start()); // "- J. Whitmore": the initial goes too
        }
        return new int[] {s, e};
    }

    /**
     * The first word of a name found at {@code i}, reaching back over the given names and particles written before
     * it ("Abu Bakar bin Osman", "María del Carmen Ruiz", "Bill Thornton"): capitalised words of the name lists or of
     * no word list, and particles between two of them.
     */
    static int backTo(String text, List<Tok> toks, int i) {
        int first = i;
        int guard = 0;
        while (first > 0 && guard++ < 4 && adjacent(text, toks.get(first - 1), toks.get(first))) {
            Tok p = toks.get(first - 1);
            String pk = key(p.lower());
            if (PARTICLES.contains(pk)
                    && first - 2 >= 0
                    && adjacent(text, toks.get(first - 2), p)
                    && nameBefore(toks.get(first - 2))) {
                first -= 2;
            } else if (nameBefore(p) || (p.cap() && LEADING_PARTICLES.contains(pk))) {
                first--; // "Abu Bakar", "Al Farsi", "Van Dijk" begin with a capitalised particle
            } else {
                break;
            }
        }
        return first;
    }

    static boolean nameBefore(Tok p) {
        String pk = key(p.lower());
        return p.cap()
                && !p.allCaps()
                && pk.length() >= 2
                && !FUNCTION.contains(pk)
                && !CAP_STOP.contains(pk)
                && !PARTICLES.contains(pk)
                && !TITLE_WORDS.contains(pk)
                && (given(pk) || !common(pk));
    }

    static final Set<String> LEADING_PARTICLES = WordList.exact("names-leading-particles.txt");

    /** An initial right before a name: "J. Whitmore", "A Patel". */
    static final Pattern INITIAL_BEFORE = Pattern.compile("(?u)(?<![\\p{L}\\p{N}.])\\p{Lu}\\.?\\s$");

    static final Pattern TITLE_BEFORE =
            Pattern.compile("(?iu)(?<![\\p{L}])(?:(?:mr|mrs|ms|(?-i:Miss)|mx|dr|prof|sir|dame|"
                    + "herr|frau|mme|mlle|madame|monsieur|señor|señora|sr|sra|srta|dott|shri|smt|sri|doctor|doctora|docteur|doktor|"
                    + "professor|reverend|rev|(?-i:Grandpa|Grandma|Granny|Grandad|Granda|Nana|Nanna|Nan|Uncle|Auntie|Aunty|Aunt|"
                    + "Gramps|Grampa|Granma|Meemaw|Abuela|Abuelo|Abuelita|Abuelito|Tía|Tío|Nonna|Nonno|Oma|Opa|Nain|Taid|"
                    + "Doña|Dona|Don|Fr|aunty|auntie|aunt|uncle|nanna|nana|nan|nanny|gran|granny|grandma|grandpa|grandad|"
                    + "granddad|granda|gramps|grampa|granma|meemaw|tía|tío|nain|taid|"
                    + "Coach|Pastor|Officer|Detective|Sergeant|Captain))\\.?\\s*)+$");
}
