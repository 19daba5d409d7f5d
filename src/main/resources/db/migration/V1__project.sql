-- Tracejudge project file, schema 1.
-- Ids are UUID strings: name-based for imported things (stable across laptops), random for human actions.

CREATE TABLE project_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE label_set (
    name        TEXT PRIMARY KEY,
    description TEXT,
    labels      TEXT NOT NULL,          -- JSON array of strings
    builtin     INTEGER NOT NULL DEFAULT 0
);

-- Tool lists (OpenAI function schemas) are shared by many tasks: stored once, by content hash.
CREATE TABLE toolset (
    id    TEXT PRIMARY KEY,
    tools TEXT NOT NULL                 -- JSON array
);

CREATE TABLE task (
    id                  TEXT PRIMARY KEY,
    task_key            TEXT NOT NULL,  -- the benchmark's own id, e.g. RI-FIN-001
    domain              TEXT,
    task_type           TEXT NOT NULL,  -- tool_required | control | tool_selection | call_level
    target_failure_mode TEXT,
    label_set           TEXT NOT NULL REFERENCES label_set(name),
    user_message        TEXT,
    toolset_id          TEXT REFERENCES toolset(id),
    body                TEXT NOT NULL   -- the task as imported (JSON)
);
CREATE INDEX task_key_idx ON task(task_key);

CREATE TABLE import_source (
    id          TEXT PRIMARY KEY,
    file_name   TEXT NOT NULL,
    sha256      TEXT NOT NULL,
    format      TEXT NOT NULL,
    rater       TEXT,
    rows        INTEGER NOT NULL,
    imported_at TEXT NOT NULL
);

CREATE TABLE trace (
    id         TEXT PRIMARY KEY,
    task_id    TEXT NOT NULL REFERENCES task(id) DEFERRABLE INITIALLY DEFERRED, -- tasks and traces of one import arrive from parallel readers
    model      TEXT NOT NULL,
    run        TEXT NOT NULL DEFAULT '',
    answer     TEXT NOT NULL DEFAULT '',
    tool_calls TEXT NOT NULL DEFAULT '[]', -- executed calls, JSON array of {id?, name, arguments}
    turns      TEXT,                       -- JSON array of turns; NULL = derived from task + calls
    extra      TEXT,                       -- raw responses, errors, usage, metadata (JSON)
    source_id  TEXT REFERENCES import_source(id) DEFERRABLE INITIALLY DEFERRED
);
CREATE INDEX trace_task_idx ON trace(task_id);
CREATE INDEX trace_model_idx ON trace(model, task_id);

CREATE TABLE rater (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('rule', 'llm-judge', 'human', 'imported')),
    version     TEXT NOT NULL DEFAULT '',
    config      TEXT,
    description TEXT,
    created_at  TEXT NOT NULL,
    UNIQUE (name, version)
);

-- The label ledger: append-only. The current label of (trace, rater) is its newest entry.
CREATE TABLE label (
    id          TEXT PRIMARY KEY,
    trace_id    TEXT NOT NULL REFERENCES trace(id),
    rater_id    TEXT NOT NULL REFERENCES rater(id),
    action      TEXT NOT NULL CHECK (action IN ('set', 'null', 'withdraw')),
    value       TEXT,
    confidence  TEXT,
    scores      TEXT,                   -- JSON object of rubric scores
    rationale   TEXT,
    raw         TEXT,
    null_reason TEXT,
    evidence    TEXT,                   -- JSON
    replaces    TEXT,                   -- the entry this one superseded (may come from another laptop)
    created_by  TEXT,
    created_at  TEXT NOT NULL,          -- ISO-8601 UTC, microseconds
    CHECK ((action = 'set') = (value IS NOT NULL))
);
CREATE INDEX label_current_idx ON label(trace_id, rater_id, created_at, id);
CREATE INDEX label_rater_idx ON label(rater_id);

CREATE TABLE adjudication (
    id         TEXT PRIMARY KEY,
    trace_id   TEXT NOT NULL REFERENCES trace(id),
    annotator  TEXT NOT NULL,
    action     TEXT NOT NULL CHECK (action IN ('set', 'withdraw')),
    value      TEXT,
    rationale  TEXT,
    replaces   TEXT,
    created_at TEXT NOT NULL,
    CHECK ((action = 'set') = (value IS NOT NULL))
);
CREATE INDEX adjudication_trace_idx ON adjudication(trace_id, created_at, id);

CREATE TRIGGER label_no_update BEFORE UPDATE ON label
BEGIN SELECT RAISE(ABORT, 'the label ledger is append-only'); END;
CREATE TRIGGER label_no_delete BEFORE DELETE ON label
BEGIN SELECT RAISE(ABORT, 'the label ledger is append-only'); END;
CREATE TRIGGER adjudication_no_update BEFORE UPDATE ON adjudication
BEGIN SELECT RAISE(ABORT, 'the adjudication ledger is append-only'); END;
CREATE TRIGGER adjudication_no_delete BEFORE DELETE ON adjudication
BEGIN SELECT RAISE(ABORT, 'the adjudication ledger is append-only'); END;

-- Newest ledger entry per (trace, rater); a withdrawal or null verdict shows as no label.
CREATE VIEW current_label AS
SELECT l.* FROM label l
WHERE NOT EXISTS (
    SELECT 1 FROM label n
    WHERE n.trace_id = l.trace_id AND n.rater_id = l.rater_id
      AND (n.created_at > l.created_at OR (n.created_at = l.created_at AND n.id > l.id)));

CREATE VIEW current_adjudication AS
SELECT a.* FROM adjudication a
WHERE NOT EXISTS (
    SELECT 1 FROM adjudication n
    WHERE n.trace_id = a.trace_id
      AND (n.created_at > a.created_at OR (n.created_at = a.created_at AND n.id > a.id)));
