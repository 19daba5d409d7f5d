-- Schema 6: which entry replaced which is looked up by the replaced entry's id (a person's chains on a trace end in
-- "heads": entries nothing replaces). Without an index, that look-up scanned the whole ledger once per entry: `info`
-- and `labels` grew with the square of the ledger (354 s for 44,000 label rows). With it each look-up is one
-- index probe. Partial: most entries (judges' and rules' first verdicts) replace nothing.
CREATE INDEX label_replaces_idx ON label(replaces) WHERE replaces IS NOT NULL;
CREATE INDEX adjudication_replaces_idx ON adjudication(replaces) WHERE replaces IS NOT NULL;
-- The schema version also in SQLite's header (PRAGMA user_version), so that a file written by a newer Tracejudge is
-- recognised from either mark.
PRAGMA user_version = 6;
