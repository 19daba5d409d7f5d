package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps shops, brands, services and charities named after people ("the john lewis sale", "Marks and Spencer", "Sue
 * Ryder", "Dan Murphy's"): their words become keep spans, which the name recognizers do not start a name in (a cue
 * before them still makes them a person: "my friend David Jones"). Not in strict mode.
 */
final class ShopNames implements Recognizer {
    static final ShopNames INSTANCE = new ShopNames();

    private ShopNames() {}

    @Override
    public String name() {
        return "names.shops";
    }

    @Override
    public void recognize(Scan h) {
        if (h.strict) {
            return;
        }
        NameText c = h.nameText();
        String text = c.text;
        List<Tok> toks = c.toks;
        int n = toks.size();
        boolean[] brand = new boolean[n];
        Matcher b = NAMED_BRANDS.matcher(text);
        for (int q = 0; q < n; q++) {
            if (BRAND_FIRST.contains(key(toks.get(q).lower()))
                    && b.region(toks.get(q).start(), text.length()).lookingAt()) {
                for (int r = q; r < n && toks.get(r).end() <= b.end(); r++) {
                    brand[r] = true;
                }
            }
        }
        shopNames(h, toks, brand);
        for (int q = 0; q < n; q++) {
            if (brand[q]) {
                int r = q;
                while (r + 1 < n && brand[r + 1]) {
                    r++;
                }
                h.keep(toks.get(q).start(), toks.get(r).end(), "a shop, brand or service named after a person");
                q = r;
            }
        }
    }

    /**
     * Brands, services and places named after people: never a person here ("the john lewis sale", "jack daniels",
     * "Marks and Spencer", "Tele MANAS", "Kiran helpline").
     */
    private static final Pattern NAMED_BRANDS = Pattern.compile(
            "(?iu)(?<![\\p{L}])(?:marks\\s+(?:and|&)\\s+spencer|john\\s+lewis|"
                    + "jack\\s+daniel['’]?s|ben\\s+(?:and|&)\\s+jerry['’]?s|dr\\.?\\s+martens|tommy\\s+hilfiger|calvin\\s+klein|"
                    + "ralph\\s+lauren|louis\\s+vuitton|hugo\\s+boss|victoria['’]?s\\s+secret|tim\\s+hortons|trader\\s+joe['’]?s|"
                    + "papa\\s+john['’]?s|johnson\\s+(?:and|&)\\s+johnson|wendy['’]?s|sainsbury['’]?s|morrisons|(?:walt\\s+)?disney"
                    + "(?:land|\\s+world|\\s+plus|\\+)?|tele[\\s-]?manas|kiran\\s+helpline|st\\.?\\s+john['’]?s?\\s+ambulance|"
                    + "william\\s+hill|paddy\\s+power|harvey\\s+nichols|holland\\s+(?:and|&)\\s+barrett|ann\\s+summers|"
                    + "david\\s+lloyd|ted\\s+baker|jo\\s+malone|charlotte\\s+tilbury|est[ée]e\\s+lauder|mary\\s+kay|"
                    + "kate\\s+spade|michael\\s+kors|marc\\s+jacobs|levi['’]?s|ray[\\s-]?ban|chick[\\s-]?fil[\\s-]?a|"
                    + "ronald\\s+mcdonald(?:\\s+house)?|mcdonald['’]?s|dunkin['’]?|domino['’]?s|macy['’]?s|kohl['’]?s|"
                    + "walgreens|lloyds(?:\\s+(?:bank|pharmacy))?|barclays|specsavers|wetherspoons?|nando['’]?s|"
                    + "ganesh\\s+chaturthi|durga\\s+puja|raksha\\s+bandhan|karwa\\s+chauth|guru\\s+nanak(?:\\s+jayanti)?|"
                    + "(?:shiv|hanuman|ganesh|krishna|ram|sai|durga|lakshmi|ganpati)\\s+ji|sai\\s+baba|ram\\s+navami|"
                    + "el\\s+corte\\s+ingl[ée]s|harper\\s*collins|morgan\\s+stanley|wells\\s+fargo|johnson['’]?s\\s+baby|"
                    + "gavin\\s+(?:and|&)\\s+stacey|florence\\s+(?:and|&|\\+)\\s+the\\s+machine|greggs|harrods|timpsons|fitbit|grey['’]?s\\s+anatomy|peppa\\s+pig|harry\\s+potter|mickey\\s+mouse|hello\\s+kitty)(?![\\p{L}])");

    /** The first words of {@link #NAMED_BRANDS}: the pattern is tried only where one of them starts. */
    private static final Set<String> BRAND_FIRST = WordList.exact("names-brand-first.txt");

    /** Between two words of one shop name: spaces, "&", "+", a dot or a hyphen ("Peek & Cloppenburg", "E.Leclerc"). */
    private static final Pattern BRAND_GAP = Pattern.compile("[\\s&+.-]{0,4}");

    /**
     * Marks the words of a shop, chain, brand or charity of {@link NameLists#BRANDS} ("Harvey Norman", "Dan Murphy's",
     * "Sue Ryder", "Timpson") as no person's name, unless a cue makes them one: an introduction, title, relation or
     * sign-off ("my friend David Jones"), or a verb said to people ("tell", "text", "sorry"). A one-word shop name
     * counts only when no capitalised name-like word stands right beside it ("Tadhg Costa" is a person).
     */
    private static void shopNames(Scan h, List<Tok> toks, boolean[] brand) {
        String text = h.text;
        int n = toks.size();
        for (int q = 0; q < n; q++) {
            if (brand[q]) {
                continue;
            }
            List<String[]> cands = NameLists.BRANDS.get(toks.get(q).lower().replace('’', '\''));
            if (cands == null) {
                continue;
            }
            int best = -1;
            for (String[] c : cands) {
                if (c.length - 1 <= best || q + c.length > n) {
                    continue;
                }
                boolean ok = true;
                for (int w = 1; w < c.length && ok; w++) {
                    Tok a = toks.get(q + w - 1);
                    Tok x = toks.get(q + w);
                    ok = x.lower().replace('’', '\'').equals(c[w])
                            && BRAND_GAP
                                    .matcher(text)
                                    .region(a.end(), x.start())
                                    .matches();
                }
                if (ok) {
                    best = c.length - 1;
                }
            }
            if (best < 0) {
                continue;
            }
            int last = q + best;
            if (best == 0 && (nameLikeNeighbour(text, toks, q - 1, q) || nameLikeNeighbour(text, toks, q + 1, q))) {
                continue;
            }
            String before = h.lower.substring(
                    Math.max(0, toks.get(q).start() - 60), toks.get(q).start());
            if (strongCue(before, text, toks, q) || cue(PEOPLE_VERB_LOWER, before, wordStarts(before))) {
                continue;
            }
            for (int r = q; r <= last; r++) {
                brand[r] = true;
            }
            q = last;
        }
    }

    /** Whether token {@code j} stands right beside token {@code q} and is a capitalised word that may be part of a name. */
    private static boolean nameLikeNeighbour(String text, List<Tok> toks, int j, int q) {
        if (j < 0 || j >= toks.size()) {
            return false;
        }
        Tok t = toks.get(j);
        Tok a = toks.get(Math.min(j, q));
        Tok b = toks.get(Math.max(j, q));
        String k = key(t.lower());
        return adjacent(text, a, b)
                && t.cap()
                && !t.allCaps()
                && !FUNCTION.contains(k)
                && !CAP_STOP.contains(k)
                && (given(k) || surname(k) || unknownCap(t, k));
    }
}
