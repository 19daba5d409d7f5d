package org.tracejudge.judges;

import org.tracejudge.judges.JudgeRunner.Asked;
import org.tracejudge.judges.JudgeRunner.Read;
import org.tracejudge.judges.prompt.Rubric;
import org.tracejudge.judges.verdict.Verdict;
import org.tracejudge.judges.verdict.VerdictParser;
import org.tracejudge.model.LabelSet;

/**
 * How a judge run reads a reply's content, fresh or from the cache: with the built-in label sets a verdict
 * ({@link VerdictParser}, evidence as the rubric requires); with a scheme the answers to its questions
 * ({@link org.tracejudge.scheme.JudgeForm#read}), taking the object out of prose or a fence when a server wrapped it.
 */
final class JudgeReplies implements JudgeCache.ReplyReader {
    private final Rubric rubric;

    JudgeReplies(Rubric rubric) {
        this.rubric = rubric;
    }

    /**
     * A judge's reply read: a verdict of the built-in label sets, or the answers to the scheme's questions (a reply
     * that is no JSON object at all is a null verdict of the whole trace).
     */
    @Override
    public Read read(String content, LabelSet labels, Asked asked) {
        if (asked == null) {
            return new Read(VerdictParser.parse(content, labels, rubric.requiresEvidence()), null);
        }
        try {
            return new Read(null, asked.form().read(content, asked.texts()));
        } catch (IllegalArgumentException e) {
            // a free-text reply (a server that refused the schema) may wrap the object in prose or a fence
            int from = content == null ? -1 : content.indexOf('{');
            int to = content == null ? -1 : content.lastIndexOf('}');
            if (from >= 0 && to > from) {
                try {
                    return new Read(null, asked.form().read(content.substring(from, to + 1), asked.texts()));
                } catch (IllegalArgumentException ignored) {
                    // the whole reply's reason below
                }
            }
            return new Read(Verdict.nullVerdict(e.getMessage(), content), null);
        }
    }
}
