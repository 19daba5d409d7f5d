package org.tracejudge.redaction;

/**
 * One cue of the name recognizer ({@code names.cues} in the {@link Recognizers registry}): what before or after a
 * word makes it a person's name ("my name is", a title, a sign-off, a relation, a verb said of people). The cues are
 * read in the order {@link Recognizers#NAME_CUES} lists them, after the {@link NameKeep keep rules}; the first that
 * {@link #applies} decides with {@link #starts}, and a later cue is not asked. That order is the cues' priority: a cue
 * that applies and says no ("Dr Google" after a title, a month with no cue) keeps the word from every cue after it.
 * A name found is a candidate whose explanation is the cue's {@link #name} and {@link #rule}. An abstract class rather
 * than an interface: the cues are asked for every word, and a class's virtual call is cheaper than an interface call
 * with this many implementations.
 */
abstract class NameCue {
    /** A short stable name ("names.title"), recorded as the candidate's recognizer. */
    abstract String name();

    /** What the cue is, in words: the candidate's rule. */
    abstract String rule();

    /** Whether this cue speaks about the token: if so, no later cue is asked. */
    abstract boolean applies(NameToken a);

    /** Whether a name starts at the token (asked only when {@link #applies} holds). */
    abstract boolean starts(NameToken a);
}
