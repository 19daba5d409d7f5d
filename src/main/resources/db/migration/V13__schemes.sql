-- Schema 13 (issue 49): a project's own questions. A scheme is never edited in place: each change is a new version,
-- append-only like the ledger. The built-in label sets stay where they are (label_set, label, adjudication): a
-- built-in scheme's one question is answered by the label ledger, so no existing row changes.
CREATE TABLE scheme_version (
    version    INTEGER PRIMARY KEY CHECK (version >= 1),
    name       TEXT NOT NULL,
    body       TEXT NOT NULL,              -- the scheme as canonical JSON (what answers are checked against)
    source     TEXT,                       -- the file as the team wrote it (YAML), for --show
    sha256     TEXT NOT NULL,              -- of body
    note       TEXT,                       -- the change as shown before it was applied; named orphans
    created_by TEXT,
    created_at TEXT NOT NULL
);
CREATE TRIGGER scheme_version_no_update BEFORE UPDATE ON scheme_version
BEGIN SELECT RAISE(ABORT, 'scheme versions are append-only'); END;
CREATE TRIGGER scheme_version_no_delete BEFORE DELETE ON scheme_version
BEGIN SELECT RAISE(ABORT, 'scheme versions are append-only'); END;

-- The answer ledger: append-only. The current answer of (trace, rater, question) is its newest entry.
CREATE TABLE answer (
    id             TEXT PRIMARY KEY,
    trace_id       TEXT NOT NULL REFERENCES trace(id),
    rater_id       TEXT NOT NULL REFERENCES rater(id),
    question       TEXT NOT NULL,
    scheme_version INTEGER NOT NULL REFERENCES scheme_version(version),
    action         TEXT NOT NULL CHECK (action IN ('set', 'null', 'withdraw')),
    value          TEXT,                   -- the answer as canonical JSON
    rationale      TEXT,
    null_reason    TEXT,
    replaces       TEXT,
    created_by     TEXT,
    created_at     TEXT NOT NULL,
    CHECK ((action = 'set') = (value IS NOT NULL))
);
CREATE INDEX answer_current_idx ON answer(question, trace_id, rater_id, created_at, id);
CREATE TRIGGER answer_no_update BEFORE UPDATE ON answer
BEGIN SELECT RAISE(ABORT, 'the answer ledger is append-only'); END;
CREATE TRIGGER answer_no_delete BEFORE DELETE ON answer
BEGIN SELECT RAISE(ABORT, 'the answer ledger is append-only'); END;
PRAGMA user_version = 13;
