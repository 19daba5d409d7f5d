-- Schema 8: calibration samples (calibration.md § What to label next). A probability sample of traces drawn for
-- human gold, with each trace's inclusion probability recorded when it was drawn, so that corrected rates can be
-- unbiased. Append-only: a drawn sample is never redrawn under the same name. `why` says how the trace was drawn.
CREATE TABLE calibration_draw (
    sample     TEXT NOT NULL,
    trace_id   TEXT NOT NULL REFERENCES trace(id),
    design     TEXT NOT NULL CHECK (design IN ('uniform', 'stratified')),
    stratum    TEXT NOT NULL,
    inclusion  REAL NOT NULL CHECK (inclusion > 0 AND inclusion <= 1),
    seed       INTEGER NOT NULL,
    why        TEXT NOT NULL,
    drawn_at   TEXT NOT NULL,
    PRIMARY KEY (sample, trace_id)
);
CREATE INDEX calibration_draw_trace_idx ON calibration_draw(trace_id);
CREATE TRIGGER calibration_draw_no_update BEFORE UPDATE ON calibration_draw
BEGIN SELECT RAISE(ABORT, 'calibration samples are append-only'); END;
CREATE TRIGGER calibration_draw_no_delete BEFORE DELETE ON calibration_draw
BEGIN SELECT RAISE(ABORT, 'calibration samples are append-only'); END;
PRAGMA user_version = 8;
