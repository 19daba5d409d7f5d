package org.tracejudge.importer;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.tracejudge.store.ImportRows;

/**
 * Scheme versions, answers and scores of one import: a scheme version from another laptop, an answer to one of its
 * questions, a score that answers a question of the project's current scheme. Part of {@link ImportWriter}'s
 * transaction: the writer writes its pending traces first (scores wait for the next flush, in the writer's list).
 */
final class ImportAnswers {
    private final Connection c;
    private final ImportRows rows;
    /** Scores waiting for their traces' batch to be written (the writer's list: its flush writes them). */
    private final List<PendingScore> pendingScores;
    /** For merge: entries checked for whose they are (null: not checked). */
    private Provenance provenance;

    ImportAnswers(Connection c, ImportRows rows, List<PendingScore> pendingScores) {
        this.c = c;
        this.rows = rows;
        this.pendingScores = pendingScores;
    }

    void provenance(Provenance p) {
        this.provenance = p;
    }

    /**
     * A scheme version from another laptop: kept when this project does not have that version yet and has every
     * version before it; the same version with other content is refused (two teams' schemes are not one history).
     */
    void scheme(Records.SchemeRec r, ImportReport.FileCounts counts) throws SQLException {
        Path file = Path.of(counts.file);
        org.tracejudge.scheme.Scheme parsed;
        try {
            parsed = org.tracejudge.scheme.SchemeFile.parse(
                    r.body(), counts.file + " line " + r.line() + " /definition");
        } catch (org.tracejudge.scheme.SchemeException e) {
            throw new ImportException(
                    file, r.line(), "/definition", "the scheme's definition cannot be read: " + e.getMessage());
        }
        if (!parsed.name().equals(r.name())) {
            throw new ImportException(
                    file,
                    r.line(),
                    "/name",
                    "expected the definition's scheme name \"" + parsed.name() + "\", found \"" + r.name() + "\"");
        }
        org.tracejudge.store.SchemeVersions.Version have = org.tracejudge.store.SchemeVersions.get(c, r.version());
        if (have != null) {
            if (!have.body().equals(r.body())) {
                throw new ImportException(
                        file,
                        r.line(),
                        "/definition",
                        "scheme version " + r.version() + " differs from "
                                + "this project's version " + r.version() + " (" + have.name()
                                + "); two schemes' histories "
                                + "cannot be joined (nothing was imported)");
            }
            counts.schemesSeen++;
            return;
        }
        org.tracejudge.store.SchemeVersions.Version cur = org.tracejudge.store.SchemeVersions.current(c);
        int expected = cur == null ? 1 : cur.version() + 1;
        if (r.version() != expected) {
            throw new ImportException(
                    file,
                    r.line(),
                    "/scheme_version",
                    "expected scheme version " + expected + " next (versions are a history without gaps), found "
                            + r.version());
        }
        org.tracejudge.store.SchemeVersions.insert(
                c, r.version(), r.name(), r.body(), r.source(), r.note(), r.createdBy(), r.createdAt());
        schemes.put(r.version(), parsed);
        counts.schemesNew++;
    }

    /** Scheme versions read so far (from the files or the project), by version. */
    private final java.util.Map<Integer, org.tracejudge.scheme.Scheme> schemes = new java.util.HashMap<>();

    /** The project's current scheme for scores (read at the first score; null: none, scores stay labels only). */
    private org.tracejudge.scheme.Scheme scoreScheme;

    private int scoreSchemeVersion;
    private boolean scoreSchemeRead;

    record PendingScore(Records.ScoreRec rec, org.tracejudge.scheme.Question q, ImportReport.FileCounts counts) {}

    /**
     * A score named like a question of the project's current scheme (or whose text is an option of exactly one
     * single-choice question) becomes an answer of the scorer's rater to it
     * (when the value does not fit, a null answer with the reason); other scores, and every score of a project
     * without a scheme, stay labels only. Written after the trace, at the next flush.
     */
    void score(Records.ScoreRec r, ImportReport.FileCounts counts) throws SQLException {
        if (!scoreSchemeRead) {
            scoreSchemeRead = true;
            org.tracejudge.store.SchemeVersions.Version v = org.tracejudge.store.SchemeVersions.current(c);
            if (v != null) {
                try {
                    scoreScheme = org.tracejudge.scheme.SchemeFile.parse(v.body(), "scheme version " + v.version());
                    scoreSchemeVersion = v.version();
                } catch (org.tracejudge.scheme.SchemeException e) {
                    throw new IllegalStateException(
                            "the project's scheme version " + v.version() + " is unreadable", e);
                }
            }
        }
        if (scoreScheme == null) {
            return;
        }
        org.tracejudge.scheme.Question q = org.tracejudge.scheme.ScoreAnswers.questionFor(
                        scoreScheme, r.scorer(), r.value())
                .orElse(null);
        if (q != null) {
            pendingScores.add(new PendingScore(r, q, counts));
        }
    }

    void writeScores() throws SQLException {
        for (PendingScore ps : pendingScores) {
            Records.ScoreRec r = ps.rec();
            org.tracejudge.scheme.ScoreAnswers.Result res = org.tracejudge.scheme.ScoreAnswers.read(ps.q(), r.value());
            String raw = r.value() == null ? "null" : r.value().toString();
            String id = org.tracejudge.model.Ids.of(
                    "answer", r.traceId(), r.raterId(), ps.q().key(), raw);
            org.tracejudge.store.Answers.Entry e = res.answer() != null
                    ? org.tracejudge.store.Answers.Entry.set(
                            r.traceId(),
                            r.raterId(),
                            ps.q().key(),
                            scoreSchemeVersion,
                            res.answer().toJson(),
                            "import")
                    : new org.tracejudge.store.Answers.Entry(
                            r.traceId(),
                            r.raterId(),
                            ps.q().key(),
                            scoreSchemeVersion,
                            "null",
                            null,
                            null,
                            res.refusal(),
                            "import");
            if (org.tracejudge.store.Answers.append(c, id, e) != null) {
                ps.counts().answersNew++;
            } else {
                ps.counts().answersSeen++;
            }
        }
        pendingScores.clear();
    }

    /**
     * An answer to a scheme's question: its trace, its rater and its scheme version must be here, and the answer must
     * fit the question in that version (kind, option, range, span bounds), or the import is refused naming the line.
     */
    void answer(Records.AnswerRec r, ImportReport.FileCounts counts) throws SQLException {
        Path file = Path.of(counts.file);
        if (!traceExists(r.traceId())) {
            throw new ImportException(
                    file,
                    r.line(),
                    "/trace_id",
                    "no trace " + r.traceId() + " in this file or the "
                            + "project; import the file that has it first (nothing was imported)");
        }
        org.tracejudge.scheme.Scheme s = schemes.get(r.schemeVersion());
        if (s == null) {
            org.tracejudge.store.SchemeVersions.Version v =
                    org.tracejudge.store.SchemeVersions.get(c, r.schemeVersion());
            if (v == null) {
                throw new ImportException(
                        file,
                        r.line(),
                        "/scheme_version",
                        "no scheme version " + r.schemeVersion()
                                + " in this file or the project; set the scheme first (tracejudge scheme P --set FILE)");
            }
            try {
                s = org.tracejudge.scheme.SchemeFile.parse(v.body(), "scheme version " + v.version());
            } catch (org.tracejudge.scheme.SchemeException e) {
                throw new IllegalStateException("the project's scheme version " + v.version() + " is unreadable", e);
            }
            schemes.put(r.schemeVersion(), s);
        }
        org.tracejudge.scheme.Question q = s.question(r.question()).orElse(null);
        if (q == null) {
            throw new ImportException(
                    file,
                    r.line(),
                    "/question",
                    "scheme version " + r.schemeVersion() + " has no " + "question \"" + r.question()
                            + "\"; its questions are " + String.join(", ", s.keys()));
        }
        if (r.value() != null) {
            String why;
            try {
                why = org.tracejudge.scheme.Answer.parse(q.kind(), r.value())
                        .validate(q)
                        .orElse(null);
            } catch (IllegalArgumentException e) {
                why = e.getMessage();
            }
            if (why != null) {
                throw new ImportException(
                        file,
                        r.line(),
                        "/answer",
                        "the answer does not fit question \"" + r.question() + "\" of scheme version "
                                + r.schemeVersion() + ": " + why);
            }
        }
        if (!raterExists(r.raterId())) {
            throw new ImportException(
                    file,
                    r.line(),
                    "/rater_id",
                    "no rater " + r.raterId() + " in this file or the "
                            + "project; a rater line comes before its answers");
        }
        if (provenance != null && provenance.answer(c, r.id(), r.traceId(), r.raterId(), r.line()) != null) {
            return;
        }
        if (org.tracejudge.store.Answers.insert(
                c,
                r.id(),
                r.traceId(),
                r.raterId(),
                r.question(),
                r.schemeVersion(),
                r.action(),
                r.value(),
                r.rationale(),
                r.nullReason(),
                r.replaces(),
                r.createdBy(),
                r.createdAt())) {
            counts.answersNew++;
        } else {
            counts.answersSeen++;
        }
    }

    private boolean traceExists(String id) throws SQLException {
        return rows.traceExists(id);
    }

    private boolean raterExists(String id) throws SQLException {
        return rows.raterExists(id);
    }
}
