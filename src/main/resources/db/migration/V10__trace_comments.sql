-- Schema 10: comments and flags on a trace (issue 36, item 8). A note for the team ("the return is cut off"), or a
-- flag asking the lead to look ("ask the lead") and, later, its clearing. Append-only like the label ledger: a trace
-- is flagged while its newest flag or unflag is a flag. On a team project each row syncs through the hub under its
-- author's name (hub schema 5), as labels do.
CREATE TABLE trace_comment (
    id         TEXT PRIMARY KEY,
    trace_id   TEXT NOT NULL REFERENCES trace(id),
    author     TEXT NOT NULL,
    action     TEXT NOT NULL CHECK (action IN ('note', 'flag', 'unflag')),
    text       TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
);
CREATE INDEX trace_comment_trace_idx ON trace_comment(trace_id, created_at);
CREATE TRIGGER trace_comment_no_update BEFORE UPDATE ON trace_comment
BEGIN SELECT RAISE(ABORT, 'comments are append-only'); END;
CREATE TRIGGER trace_comment_no_delete BEFORE DELETE ON trace_comment
BEGIN SELECT RAISE(ABORT, 'comments are append-only'); END;
PRAGMA user_version = 10;
