-- Schema 7: how many traces each rater currently labels (its current entry holds a value: no null verdict, no
-- withdrawal), kept up to date by triggers as the ledger grows. `info` and every rater list read these few rows
-- instead of walking the whole ledger for each pair's newest entry (0.4 s per 300,000 labels, growing with the
-- ledger). A rater with no current label may have no row (or a row of 0).
CREATE TABLE rater_label_count (
    rater_id TEXT PRIMARY KEY,
    labels   INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO rater_label_count(rater_id, labels)
SELECT rater_id, count(*) FROM (SELECT rater_id, value, lead(id) OVER (PARTITION BY trace_id, rater_id
        ORDER BY created_at, id) AS next FROM label)
WHERE next IS NULL AND value IS NOT NULL GROUP BY rater_id;

-- A new entry that is its pair's newest (an entry merged from another laptop may be older than the pair's newest:
-- then nothing changes) counts when it holds a value, and the entry it displaces stops counting. Both look-ups are
-- probes of label_current_idx (trace_id, rater_id, created_at, id, value).
CREATE TRIGGER label_count_insert AFTER INSERT ON label
WHEN NOT EXISTS (SELECT 1 FROM label n WHERE n.trace_id = NEW.trace_id AND n.rater_id = NEW.rater_id
                 AND (n.created_at > NEW.created_at OR (n.created_at = NEW.created_at AND n.id > NEW.id)))
BEGIN
    INSERT INTO rater_label_count(rater_id, labels)
    VALUES (NEW.rater_id, (NEW.value IS NOT NULL) - coalesce((SELECT p.value IS NOT NULL FROM label p
            WHERE p.trace_id = NEW.trace_id AND p.rater_id = NEW.rater_id AND p.id <> NEW.id
            ORDER BY p.created_at DESC, p.id DESC LIMIT 1), 0))
    ON CONFLICT(rater_id) DO UPDATE SET labels = labels + excluded.labels;
END;

-- The ledger is append-only, except that a team member's laptop takes the hub's time for the decisions the hub
-- stored (LocalTeam.adopt lifts label_no_update for that): an entry's new time can change which entry is its pair's
-- current one. The pair's contribution is taken away before the change and added back after it.
CREATE TRIGGER label_count_before_update BEFORE UPDATE ON label
BEGIN
    INSERT INTO rater_label_count(rater_id, labels)
    VALUES (OLD.rater_id, -coalesce((SELECT p.value IS NOT NULL FROM label p
            WHERE p.trace_id = OLD.trace_id AND p.rater_id = OLD.rater_id
            ORDER BY p.created_at DESC, p.id DESC LIMIT 1), 0))
    ON CONFLICT(rater_id) DO UPDATE SET labels = labels + excluded.labels;
END;

CREATE TRIGGER label_count_after_update AFTER UPDATE ON label
BEGIN
    INSERT INTO rater_label_count(rater_id, labels)
    VALUES (OLD.rater_id, coalesce((SELECT p.value IS NOT NULL FROM label p
            WHERE p.trace_id = OLD.trace_id AND p.rater_id = OLD.rater_id
            ORDER BY p.created_at DESC, p.id DESC LIMIT 1), 0))
    ON CONFLICT(rater_id) DO UPDATE SET labels = labels + excluded.labels;
END;

PRAGMA user_version = 7;
