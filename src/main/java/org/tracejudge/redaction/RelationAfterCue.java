package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): before a relation or respect word (Bill my stepdad). */
final class RelationAfterCue extends NameCue {
    static final RelationAfterCue INSTANCE = new RelationAfterCue();

    private RelationAfterCue() {}

    @Override
    public String name() {
        return "names.relation-after";
    }

    @Override
    public String rule() {
        return "before a relation or respect word (Bill my stepdad)";
    }

    @Override
    public boolean applies(NameToken a) {
        String text = a.text;
        Tok t = a.t;
        String k = a.k;
        return t.cap()
                && !t.allCaps()
                && (given(k) || unknownCap(t, k))
                && !VERBLIKE.contains(k)
                && !place(k)
                && (RELATION_AFTER.matcher(text).region(t.end(), text.length()).lookingAt()
                        || HONORIFIC_AFTER
                                .matcher(text)
                                .region(t.end(), text.length())
                                .lookingAt());
    }

    @Override
    public boolean starts(NameToken a) {
        return true; // "Bill my stepdad is the problem", "Ana, my sister, knows"
    }
}
