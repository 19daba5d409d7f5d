-- Schema 11: sampling modes (calibration.md § What to label next). Besides the uniform and by-model stratified
-- calibration samples: stratified-label (model × task type × judge label, unequal probabilities), until-precise (uniform draws in batches, resumed until the corrected rate is precise enough),
-- and two designs that are not probability samples and so carry no inclusion probability: disagreement (raters
-- disagree) and uncertainty (judges split or a judge said low confidence). Their gold serves the judge diagnostics
-- only; the corrected rates refuse them. `population`: how many traces the trace's stratum held when it was drawn
-- (NULL for rows of schema 8, where it is count / inclusion), so a sample whose population changed since (traces
-- imported later had no chance of being drawn) is refused for correction. SQLite cannot change a CHECK in place:
-- the table is rebuilt, rows kept.
DROP TRIGGER calibration_draw_no_update;
DROP TRIGGER calibration_draw_no_delete;
DROP INDEX calibration_draw_trace_idx;
CREATE TABLE calibration_draw_v9 (
    sample     TEXT NOT NULL,
    trace_id   TEXT NOT NULL REFERENCES trace(id),
    design     TEXT NOT NULL CHECK (design IN ('uniform', 'stratified', 'stratified-label', 'until-precise',
                                                'disagreement', 'uncertainty')),
    stratum    TEXT NOT NULL,
    inclusion  REAL CHECK (CASE WHEN design IN ('disagreement', 'uncertainty') THEN inclusion IS NULL
                                ELSE inclusion IS NOT NULL AND inclusion > 0 AND inclusion <= 1 END),
    seed       INTEGER NOT NULL,
    why        TEXT NOT NULL,
    drawn_at   TEXT NOT NULL,
    population INTEGER CHECK (population IS NULL OR population > 0),
    PRIMARY KEY (sample, trace_id)
);
INSERT INTO calibration_draw_v9 (rowid, sample, trace_id, design, stratum, inclusion, seed, why, drawn_at)
    SELECT rowid, sample, trace_id, design, stratum, inclusion, seed, why, drawn_at FROM calibration_draw;
DROP TABLE calibration_draw;
ALTER TABLE calibration_draw_v9 RENAME TO calibration_draw;
CREATE INDEX calibration_draw_trace_idx ON calibration_draw(trace_id);
CREATE TRIGGER calibration_draw_no_update BEFORE UPDATE ON calibration_draw
BEGIN SELECT RAISE(ABORT, 'calibration samples are append-only'); END;
CREATE TRIGGER calibration_draw_no_delete BEFORE DELETE ON calibration_draw
BEGIN SELECT RAISE(ABORT, 'calibration samples are append-only'); END;
PRAGMA user_version = 11;
