package org.tracejudge.safety;

/**
 * Who is reviewing: a person with an identity, never a name typed into the review form. On a laptop it is the
 * workbench's annotator (settings.json); in a team project the hub identity (the PostgreSQL role) stands in for it
 * through {@link #of(String, String, String)}. The ledger records decisions under {@link #name()} (the expert
 * rater's name and {@code created_by}).
 *
 * @param id     stable identity (the annotator's name on a laptop; the hub role in a team)
 * @param name   the name decisions are recorded under
 * @param source where the identity comes from, shown beside the name ("workbench annotator", "team hub")
 */
public record Expert(String id, String name, String source) {
    public static final String WORKBENCH = "workbench annotator";
    /** The source of a team member's identity: decisions go to the hub under this name and no other. */
    public static final String TEAM = "team hub";

    public Expert {
        if (id == null || id.isBlank() || name == null || name.isBlank()) {
            throw new IllegalArgumentException("an expert needs an identity (the workbench annotator's name)");
        }
        name = name.strip();
        id = id.strip();
        if (name.equals(SafetyReview.ADJUDICATION)) {
            throw new IllegalArgumentException("'" + name + "' is reserved for adjudications");
        }
    }

    /** The workbench annotator as the expert, or null when no annotator name is set. */
    public static Expert workbench(String annotator) {
        return annotator == null || annotator.isBlank() ? null : new Expert(annotator, annotator, WORKBENCH);
    }

    /** A team project's member: {@code role} is the hub login, {@code person} the name the hub records. */
    public static Expert team(String role, String person) {
        return new Expert(role == null || role.isBlank() ? person : role, person, TEAM);
    }

    /** Whether this identity is fixed by a team hub (nobody switches to another name on that laptop's project). */
    public boolean fixed() {
        return TEAM.equals(source);
    }

    public static Expert of(String id, String name, String source) {
        return new Expert(id, name, source);
    }
}
