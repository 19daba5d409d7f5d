package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.regex.Matcher;
import org.tracejudge.redaction.Names.Tok;

/** A cue of the name recognizer ({@link NameCue}): after a sign-off. */
final class SignOffCue extends NameCue {
    static final SignOffCue INSTANCE = new SignOffCue();

    private SignOffCue() {}

    @Override
    public String name() {
        return "names.sign-off";
    }

    @Override
    public String rule() {
        return "after a sign-off";
    }

    @Override
    public boolean applies(NameToken a) {
        String text = a.text;
        List<Tok> toks = a.toks;
        int i = a.i;
        String before = a.before;
        return signOffEnd(text, toks, i) && SIGN_OFF.matcher(before).find();
    }

    @Override
    public boolean starts(NameToken a) {
        Tok t = a.t;
        String k = a.k;
        String before = a.before;
        return (given(k) || (surname(k) && t.cap()) || (!common(k) && !place(k) && (t.cap() || signOffOpens(before))))
                && !NOT_AFTER_TITLE.contains(k);
    }

    /** Whether the sign-off before a word opens its line or sentence ("thanks, tendai"; not "at night prn"). */
    static boolean signOffOpens(String before) {
        int cut = Math.max(
                before.lastIndexOf('\n'),
                Math.max(before.lastIndexOf('.'), Math.max(before.lastIndexOf('!'), before.lastIndexOf('?'))));
        String seg = before.substring(cut + 1);
        Matcher m = SIGN_OFF.matcher(seg);
        return m.find() && seg.substring(0, m.start()).isBlank();
    }
}
