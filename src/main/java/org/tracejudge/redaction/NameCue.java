package org.tracejudge.redaction;

/**
 * One cue of the name recognizer ({@code names.cues} in the {@link Recognizers registry}): what before or after a
 * word makes it a person's name ("my name is", a title, a sign-off, a relation, a verb said of people). The cues are
 * read in the order {@link Names#CUES} lists them, after the {@link NameKeep keep rules}; the first that
 * {@link #applies} decides with {@link #starts}, and a later cue is not asked. That order is the cues' priority: a cue
 * that applies and says no ("Dr Google" after a title, a month with no cue) keeps the word from every cue after it.
 * A name found is a candidate whose explanation is the cue's {@link #name} and {@link #rule}.
 */
interface NameCue {
    /** A short stable name ("names.title"), recorded as the candidate's recognizer. */
    String name();

    /** What the cue is, in words: the candidate's rule. */
    String rule();

    /** Whether this cue speaks about the token: if so, no later cue is asked. */
    boolean applies(NameToken a);

    /** Whether a name starts at the token (asked only when {@link #applies} holds). */
    boolean starts(NameToken a);
}
