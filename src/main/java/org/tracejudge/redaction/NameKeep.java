package org.tracejudge.redaction;

/**
 * A keep rule of the name recognizer: a word (or a run of words) that is not a person's name whatever cue stands
 * before it, with the reason (a sovereign, a medicine's brand, a German noun, a public figure's work, a saint's
 * place). {@link Names#find} asks the keep rules of each stage in their order; the first that keeps the token says
 * where reading goes on, and no cue is asked about what it skipped.
 */
abstract class NameKeep {
    /** A short stable name ("names.keep.sovereign"). */
    abstract String name();

    /** Why the words are kept, in words. */
    abstract String reason();

    /** The index of the token to read next when this rule keeps the token at {@code a.i}, or -1 when it does not. */
    abstract int next(NameToken a);
}
