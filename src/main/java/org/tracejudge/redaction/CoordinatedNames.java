package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * Names joined to a name found: a capitalised given name or unknown word after or before "and", "y", "et", "und"…
 * and a name ("Eilidh and [Morag]", "[Bao] and Linh"), even at a sentence start or when it is also a word
 * ("Destiny"). Runs after the cue recognizers; not in strict mode.
 */
final class CoordinatedNames implements Recognizer {
    static final CoordinatedNames INSTANCE = new CoordinatedNames();

    private CoordinatedNames() {}

    @Override
    public String name() {
        return "names.coordinated";
    }

    /** Between two names of one phrase ("Eilidh and Morag", "Iker y Ane"). */
    @Override
    public void recognize(Scan h) {
        if (h.strict) {
            return;
        }
        NameText nt = h.nameText();
        List<Tok> toks = nt.toks;
        Set<String> names = nt.found;
        String text = h.text;
        boolean anyName = false;
        for (Redactor.Span s : h.spans) {
            anyName |= s.kind() == Redactor.Kind.NAME;
        }
        if (!anyName) {
            return;
        }
        Matcher conj = CONJ.matcher(text);
        for (int q = 0; q + 1 < toks.size(); q++) {
            Tok a = toks.get(q);
            Tok c = toks.get(q + 1);
            if (!a.cap()
                    && !c.cap()
                    && (q + 2 >= toks.size() || !toks.get(q + 2).cap())) {
                continue; // only a capitalised word is taken here
            }
            if (!conj.region(a.end(), c.start()).matches()) {
                if (q + 2 >= toks.size()
                        || !conj.region(a.end(), toks.get(q + 2).start()).matches()) {
                    continue;
                }
                c = toks.get(q + 2); // the conjunction is a word token: "Eilidh and Morag"
            }
            boolean aName = nameAt(h, a);
            boolean cName = nameAt(h, c);
            Tok other = aName && !cName ? c : cName && !aName ? a : null;
            if (other == null || !other.cap() || other.allCaps()) {
                continue;
            }
            String k = key(other.lower());
            if (k.length() >= 3
                    && !FUNCTION.contains(k)
                    && !CAP_STOP.contains(k)
                    && !VERBLIKE.contains(k)
                    && !place(k)
                    && !NameLists.CITIES.contains(k)
                    && !innerCaps(other.text())
                    && (given(k) || unknownCap(other, k))) {
                h.rule = "joined by a conjunction to a name found";
                h.add(Redactor.Kind.NAME, other.start(), other.end());
                names.add(k);
            }
        }
    }

    private static boolean nameAt(Scan h, Tok t) {
        for (Redactor.Span s : h.spans) {
            if (s.kind() == Redactor.Kind.NAME && s.start() <= t.start() && t.end() <= s.end()) {
                return true;
            }
        }
        return false;
    }
}
