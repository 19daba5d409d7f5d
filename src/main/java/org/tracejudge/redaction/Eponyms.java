package org.tracejudge.redaction;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * Terms of science and business that carry a person's name are not that person. Kept:
 *
 * <ul>
 *   <li>a name before a technical noun of mathematics or statistics, with or without the possessive ("Bayes'
 *       theorem", "Spearman's rho", "a Kalman filter", "Huffman coding", "Fleiss' kappa"); nouns a person also has
 *       ("test", "score", "number", "model") are left out, only "exact test" and its kin count;
 *   <li>a unit named after a scientist after a number ("373 kelvin", "12 newtons");
 *   <li>a company in a company's sentence: a merchant, a name before a corporate suffix ("Hilton Inc"), a name whose
 *       verb is a company's ("Marriott and Hilton both cut prices", "Heinz reported revenue of…"), and a name with
 *       a company's possessions ("Tesla's share price").
 * </ul>
 */
final class Eponyms {
    private Eponyms() {}

    private static final String NAME_LIKE = "[\\p{Lu}][\\p{L}'’.&-]*(?:\\s+[\\p{Lu}][\\p{L}'’.&-]*){0,2}";

    private static final Pattern TERM = Pattern.compile("(?iu)^(?:['’]s|s['’]|['’])?[\\s-]+(?:theorem|algorithm|lemma|"
            + "conjecture|inequality|distance|coefficient|correlation|kappa|alpha|rho|tau|transform|equation|constant|"
            + "principle|paradox|distribution|integral|coding|estimator|correction|decomposition|interval|criterion|"
            + "formula|approximation|expansion|hypothesis|razor|equilibrium|filter|method|exact\\s+test|"
            + "(?:signed[\\s-])?rank(?:[\\s-]sum)?\\s+test|range\\s+test|u\\s+test|t[\\s-]test|chi[\\s-]squared?\\s+test|"
            + "index|similarity|metric|norm|polynomials?|series\\s+expansion|number\\s+theory|search|shuffle|sort|tree|heap|"
            + "protocol|exchange|cipher|sieve|curve|clocks?|sarcoma|lymphoma|palsy|tumou?r|phenomenon|thyroiditis|"
            + "catheter|manoeuvre|maneuver|reflex)(?![\\p{L}\\p{N}])");

    private static final Pattern POSSESSIVE_BEFORE = Pattern.compile("\\p{L}(?:['’]s?|s['’])\\s+$");

    private static final Set<String> UNITS = Set.of(
            "kelvin",
            "kelvins",
            "newton",
            "newtons",
            "watt",
            "watts",
            "joule",
            "joules",
            "ampere",
            "amperes",
            "amp",
            "amps",
            "volt",
            "volts",
            "hertz",
            "pascal",
            "pascals",
            "tesla",
            "teslas",
            "weber",
            "webers",
            "coulomb",
            "coulombs",
            "ohm",
            "ohms",
            "siemens",
            "sievert",
            "sieverts",
            "becquerel",
            "becquerels",
            "gray",
            "grays",
            "henry",
            "henries",
            "farad",
            "farads",
            "celsius",
            "fahrenheit",
            "gauss",
            "curie",
            "curies",
            "roentgen",
            "angstrom",
            "angstroms",
            "dalton",
            "daltons",
            "maxwell",
            "maxwells",
            "oersted",
            "debye");

    private static final Pattern NUMBER_BEFORE = Pattern.compile("\\d(?:[.,]\\d+)?\\s*(?:[kMGmµnμ]\\s*)?$");

    private static final Pattern COMPANY_AFTER = Pattern.compile(
            "(?u)^(?:['’]s?)?(?:\\s+[\\p{Lu}][\\p{L}'’.&-]*){0,2}"
                    + "(?:\\s*(?:,|and|&)\\s*" + NAME_LIKE + ")*"
                    + "(?:\\s+(?:both|also|have|has|had|just|all))?\\s+(?:cut|cuts|raised|raises|slashed|slashes|hiked|hikes|"
                    + "reported|reports|posted|posts|announced|announces|recalled|recalls|launched|launches|acquired|acquires|"
                    + "opened|opens|closed|closes|shut|shuts|lowered|lowers|increased|increases|beat|missed|filed|files)\\s+(?:\\S+\\s+){0,3}?"
                    + "(?:prices|revenue|revenues|profits?|earnings|losses|sales|stores|shops|branches|outlets|shares|"
                    + "dividends?|jobs|results|guidance|forecasts?|estimates|a\\s+recall|10-[KQ]|8-K|20-F|filings?)(?![\\p{L}\\p{N}])");

    private static final Pattern COMPANY_SUFFIX = Pattern.compile(
            "(?u)^,?\\s+(?:Inc|Ltd|Limited|plc|PLC|GmbH|LLC|Corp|Corporation|Co|S\\.A|SA|AG|N\\.V|NV|SE|Group|Holdings)"
                    + "(?![\\p{L}])");

    private static final Pattern COMPANY_POSSESSION = Pattern.compile("(?iu)^['’]s?\\s+(?:stock|shares|share\\s+price|"
            + "revenue|earnings|profits?|stores|ceo|chief\\s+executive|ipo|market\\s+cap|headquarters|quarterly|"
            + "annual\\s+report|shareholders|ticker|products|recall)(?![\\p{L}\\p{N}])");

    private static final Pattern MERCHANT_BEFORE =
            Pattern.compile("(?iu)(?<![\\p{L}])(?:merchant|retailer|vendor|brand|payee)\\s*[:=]?\\s*[\"']?$");

    static void keep(Scan h) {
        if (h.spans.stream().noneMatch(s -> s.kind() == Redactor.Kind.NAME)) {
            return;
        }
        String t = h.text;
        h.spans.removeIf(s -> s.kind() == Redactor.Kind.NAME && (term(t, s) || unit(t, s) || company(t, s)));
    }

    private static String after(String t, int end, int reach) {
        return t.substring(end, Math.min(t.length(), end + reach));
    }

    private static String before(String t, int start, int reach) {
        return t.substring(Math.max(0, start - reach), start);
    }

    /** The term after the name, or after its first word when the name lists took the term's noun too ("Cohen's kappa"). */
    private static boolean term(String t, Redactor.Span s) {
        if (TERM.matcher(after(t, s.end(), 40)).find()) {
            return true;
        }
        if (POSSESSIVE_BEFORE.matcher(before(t, s.start(), 4)).find()
                && TERM.matcher(" " + after(t, s.start(), 40)).find()) {
            return true; // "Cohen's kappa": the noun itself taken for a name
        }
        int first = s.start();
        while (first < s.end() && (Character.isLetter(t.charAt(first)) || t.charAt(first) == '-')) {
            first++;
        }
        return first < s.end() && TERM.matcher(after(t, first, 40)).find();
    }

    private static boolean unit(String t, Redactor.Span s) {
        return UNITS.contains(s.original().toLowerCase(java.util.Locale.ROOT))
                && NUMBER_BEFORE.matcher(before(t, s.start(), 16)).find();
    }

    private static boolean company(String t, Redactor.Span s) {
        return MERCHANT_BEFORE.matcher(before(t, s.start(), 16)).find()
                || COMPANY_SUFFIX.matcher(after(t, s.end(), 16)).find()
                || COMPANY_POSSESSION.matcher(after(t, s.end(), 30)).find()
                || COMPANY_AFTER.matcher(after(t, s.end(), 160)).find();
    }
}
