package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Set;
import org.tracejudge.redaction.Names.Tok;

/** A keep rule of the name recognizer ({@link NameKeep}): an organisation, a station or a US state after the name ("Lazarus Group", "Victoria Station", "Alder Hey Hospital"). */
final class OrganisationAfterKeep extends NameKeep {
    static final OrganisationAfterKeep INSTANCE = new OrganisationAfterKeep();

    private OrganisationAfterKeep() {}

    /** US states' and Australian states' abbreviations, in capitals ("Austin TX"). */
    static final Set<String> US_STATES = WordList.exact("names-us-states.txt");

    @Override
    public String name() {
        return "names.keep.organisation-after";
    }

    @Override
    public String reason() {
        return "an organisation, a station or a US state after the name (\"Lazarus Group\", \"Victoria Station\", \"Alder Hey Hospital\")";
    }

    @Override
    public int next(NameToken a) {
        int end = a.end;
        List<Tok> toks = a.toks;
        return end + 1 < a.n
                        && adjacent(a.text, toks.get(end), toks.get(end + 1))
                        && ((ORGANISATION.contains(key(toks.get(end + 1).lower()))
                                        && toks.get(end + 1).cap())
                                || LOWER_ORG.contains(toks.get(end + 1).lower())
                                || US_STATES.contains(toks.get(end + 1).text()))
                ? end + 2
                : -1;
    }

    /** Organisation and place nouns that make the name-like word before them a thing even in lower case ("kiran helpline"). */
    static final Set<String> LOWER_ORG = WordList.exact("names-lower-org.txt");
}
