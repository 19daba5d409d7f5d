-- Schema 3: LLM judge runs and the response cache.
-- A judge's configuration lives in project_meta under 'judge:<name>' (JSON, never an API key).

-- One row per `judge` run: what it did and what it cost.
CREATE TABLE judge_run (
    id          TEXT PRIMARY KEY,
    judge       TEXT NOT NULL,                -- the judge's name
    rater_id    TEXT NOT NULL REFERENCES rater(id),
    started_at  TEXT NOT NULL,
    finished_at TEXT,
    status      TEXT NOT NULL CHECK (status IN ('running', 'done', 'cancelled', 'failed')),
    planned     INTEGER NOT NULL DEFAULT 0,   -- traces the run set out to judge
    labelled    INTEGER NOT NULL DEFAULT 0,   -- valid labels written (fresh and cached)
    cached      INTEGER NOT NULL DEFAULT 0,   -- of which answered from the cache
    nulls       INTEGER NOT NULL DEFAULT 0,   -- null verdicts written
    failed      INTEGER NOT NULL DEFAULT 0,   -- traces left without a verdict (retried next run)
    requests    INTEGER NOT NULL DEFAULT 0,   -- HTTP requests sent, retries included
    tokens_in   INTEGER NOT NULL DEFAULT 0,
    tokens_out  INTEGER NOT NULL DEFAULT 0,
    message     TEXT
);

-- One row per answered (or finally failed) provider call. Rows with status 'ok' are the cache:
-- cache_key = hash of (provider, model, parameters, system prompt, user prompt).
CREATE TABLE judge_call (
    id          TEXT PRIMARY KEY,
    cache_key   TEXT NOT NULL,
    run_id      TEXT REFERENCES judge_run(id),
    trace_id    TEXT REFERENCES trace(id),
    rater_id    TEXT REFERENCES rater(id),
    provider    TEXT NOT NULL,
    model       TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('ok', 'malformed', 'refused', 'failed')),
    http_status INTEGER,
    response    TEXT,                         -- the provider's body as received (bounded)
    content     TEXT,                         -- the model's text extracted from it
    tokens_in   INTEGER,
    tokens_out  INTEGER,
    latency_ms  INTEGER,                      -- of the answered attempt
    attempts    INTEGER NOT NULL DEFAULT 1,
    error       TEXT,
    label_id    TEXT,                         -- the ledger entry this call produced
    created_at  TEXT NOT NULL
);
CREATE INDEX judge_call_key_idx ON judge_call(cache_key, status, created_at);
CREATE INDEX judge_call_run_idx ON judge_call(run_id);
