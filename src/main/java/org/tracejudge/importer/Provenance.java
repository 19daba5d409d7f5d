package org.tracejudge.importer;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.tracejudge.json.Json;
import org.tracejudge.model.LabelSet;
import org.tracejudge.store.Authorship;
import org.tracejudge.store.ProjectMeta;

/**
 * What {@code merge} takes from another laptop's ledger, and what it refuses (issue 47): a source speaks for its
 * own people only.
 *
 * <p><b>Whose work is whose.</b> A person is known by the name their entries carry: the annotator of a decision, the
 * name of the human rater of a label. The target's <i>own people</i> are the names with decisions or human labels in
 * the target before the merge, and the team member the project belongs to ({@code team.person}), less the names that
 * first came into it through a merge (recorded in {@code project_meta} {@code merge.people}): those are other laptops'
 * people. Every other name in a source is that source's own annotator, and its entries are taken (and the report
 * lists whose work came). An entry in the name of one of the target's own people is refused, because a file cannot
 * show who wrote it: unless the user says that the person worked on that source too ({@code merge --same-person
 * NAME}, the same person on two laptops). Names are compared without case.
 *
 * <p>Also refused: a withdrawal that would withdraw the current decision of one of the target's own people (newer
 * than it, by someone else), and a label, a person's or a machine's, that is a label of neither the trace's label set
 * nor any label set the target had before the merge (a person's label of another of those sets is kept with a
 * warning, as {@code import} does). Each refusal says which entry and why; nothing else of the source is held back.
 */
public final class Provenance {
    static final String MERGED_PEOPLE = "merge.people";

    /** One entry refused, with why. */
    public record Refusal(String kind, String id, String traceId, long line, String reason) {
        public String describe() {
            return kind + " " + id + " on trace " + traceId + (line > 0 ? " (line " + line + ")" : "") + ": " + reason;
        }
    }

    private final Set<String> own = new TreeSet<>();
    private final Set<String> samePerson = new HashSet<>();
    private final Set<String> knownLabels = new HashSet<>();
    private final Set<String> refusedIds = new HashSet<>();
    private final Set<String> broughtNames = new TreeSet<>();
    private final Set<String> mergedBefore = new TreeSet<>();
    private final List<Refusal> refusals = new ArrayList<>();

    private Provenance() {}

    /** The target's own people and label sets as they are now, before the merge. */
    public static Provenance of(Connection c, List<String> samePerson) throws SQLException {
        Provenance p = new Provenance();
        samePerson.forEach(n -> p.samePerson.add(key(n)));
        String merged = meta(c, MERGED_PEOPLE);
        if (merged != null) {
            Json.read(merged).forEach(n -> p.mergedBefore.add(key(n.asText())));
        }
        for (String name : Authorship.people(c)) {
            String k = key(name);
            if (!p.mergedBefore.contains(k)) {
                p.own.add(k);
            }
        }
        String person = meta(c, "team.person");
        if (person != null && !person.isBlank()) {
            p.own.add(key(person));
        }
        for (String labels : Authorship.labelLists(c)) {
            Json.read(labels).forEach(n -> p.knownLabels.add(n.asText()));
        }
        return p;
    }

    private static String meta(Connection c, String key) throws SQLException {
        return ProjectMeta.get(c, key);
    }

    static String key(String name) {
        return name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
    }

    /** The target's own people (lower case), for messages and tests. */
    public Set<String> ownPeople() {
        return own;
    }

    /** Whether the name is one of the target's own people that the user did not say worked on the source. */
    private boolean foreignVoice(String name) {
        String k = key(name);
        return own.contains(k) && !samePerson.contains(k);
    }

    /** Why a label entry of a source is refused, or null when it is taken. */
    String label(
            Connection c,
            String id,
            String traceId,
            String raterId,
            String action,
            String value,
            LabelSet traceSet,
            long line)
            throws SQLException {
        if (here(c, Authorship.Entries.LABEL, id)) {
            return null; // the same entry is here already: this project's own work come back, not a forgery
        }
        String name = humanName(c, raterId);
        boolean human = name != null;
        String why = null;
        if (human && foreignVoice(name)) {
            why = "a label in the name of " + name + ", one of this project's own annotators; a file cannot show who "
                    + "wrote it. If " + name + " worked on this source too, merge again with --same-person " + name;
        } else if ("set".equals(action) && unknownValue(value, traceSet)) {
            why = "\"" + value + "\" (" + (human ? "a person's" : "a machine rater's") + " label) is not a label of "
                    + (traceSet == null ? "the trace's label set" : traceSet.name()) + " nor of any label set "
                    + "this project had";
        }
        if (why == null && human) {
            broughtNames.add(name);
        }
        return refuse("label", id, traceId, line, why);
    }

    /**
     * Why an answer to a scheme's question of a source is refused, or null when it is taken: a person's answer in the
     * name of one of this project's own people is, as their labels are (the answer's fit to its question is checked
     * by the writer for every import).
     */
    String answer(Connection c, String id, String traceId, String raterId, long line) throws SQLException {
        if (here(c, Authorship.Entries.ANSWER, id)) {
            return null; // the same entry is here already: this project's own work come back, not a forgery
        }
        String name = humanName(c, raterId);
        boolean human = name != null;
        String why = null;
        if (human && foreignVoice(name)) {
            why = "an answer in the name of " + name + ", one of this project's own annotators; a file cannot show who "
                    + "wrote it. If " + name + " worked on this source too, merge again with --same-person " + name;
        } else if (human) {
            broughtNames.add(name);
        }
        return refuse("answer", id, traceId, line, why);
    }

    /** Why a decision (adjudication) of a source is refused, or null when it is taken. */
    String adjudication(
            Connection c,
            String id,
            String traceId,
            String annotator,
            String action,
            String value,
            String createdAt,
            LabelSet traceSet,
            long line)
            throws SQLException {
        if (here(c, Authorship.Entries.ADJUDICATION, id)) {
            return null; // the same entry is here already: this project's own work come back, not a forgery
        }
        String why = null;
        if (foreignVoice(annotator)) {
            why = ("withdraw".equals(action) ? "a withdrawal" : "a decision") + " in the name of " + annotator
                    + ", one of this project's own annotators; a file cannot show who wrote it. If " + annotator
                    + " worked on this source too, merge again with --same-person " + annotator;
        } else if ("withdraw".equals(action)) {
            Authorship.Decision d = Authorship.currentDecision(c, traceId);
            if (d != null
                    && foreignVoice(d.annotator())
                    && !key(d.annotator()).equals(key(annotator))
                    && createdAt.compareTo(d.createdAt()) > 0) {
                why = "it would withdraw the decision of " + d.annotator() + " (one of this project's own "
                        + "annotators) made here; only they withdraw their decisions";
            }
        } else if ("set".equals(action) && unknownValue(value, traceSet)) {
            why = "\"" + value + "\" is not a label of "
                    + (traceSet == null ? "the trace's label set" : traceSet.name())
                    + " nor of any label set this project had";
        }
        if (why == null) {
            broughtNames.add(annotator);
        }
        return refuse("adjudication", id, traceId, line, why);
    }

    private boolean unknownValue(String value, LabelSet traceSet) {
        return (traceSet == null || !traceSet.allows(value)) && !knownLabels.contains(value);
    }

    /** The rater's name when it is a person, else null (a machine rater, or no such rater). */
    private static String humanName(Connection c, String raterId) throws SQLException {
        return Authorship.humanName(c, raterId);
    }

    /** Whether the entry of that id is in the target already (an id is the entry's: the same id, the same entry). */
    private static boolean here(Connection c, Authorship.Entries ledger, String id) throws SQLException {
        return Authorship.here(c, ledger, id);
    }

    private String refuse(String kind, String id, String traceId, long line, String why) {
        if (why != null) {
            refusedIds.add(id);
            refusals.add(new Refusal(kind, id, traceId, line, why));
        }
        return why;
    }

    /** Whether the entry of that id was refused (a later entry may say it replaces it). */
    boolean wasRefused(String id) {
        return refusedIds.contains(id);
    }

    /** The refusals since the last call, in the source's order. */
    public List<Refusal> takeRefusals() {
        List<Refusal> out = List.copyOf(refusals);
        refusals.clear();
        return out;
    }

    /** The people whose entries the merge took since the last call (names as written). */
    public Set<String> takeBrought() {
        Set<String> out = new TreeSet<>(broughtNames);
        broughtNames.clear();
        return out;
    }

    /**
     * Records the people the merge brought who are not the target's own, so that the next merge from their laptop
     * takes their work as theirs; inside the caller's transaction.
     */
    public void remember(Connection c, Set<String> brought) throws SQLException {
        Set<String> all = new TreeSet<>(mergedBefore);
        for (String n : brought) {
            if (!own.contains(key(n))) {
                all.add(key(n));
            }
        }
        if (all.equals(mergedBefore)) {
            return;
        }
        ProjectMeta.replace(c, MERGED_PEOPLE, Json.write(List.copyOf(all)));
        mergedBefore.addAll(all);
    }
}
