-- Tracejudge team hub, schema 2: skips. A reviewer who passes over an item without deciding (S in the workbench)
-- records a skip, so that the lead sees it in the progress per reviewer. A skip is not a decision: it does not make
-- the item done and reveals nothing under the blind policy (the `decided` trigger looks at labels and adjudications
-- only). Its body names the reviewer ("reviewer"), and row-level security lets a member insert skips only under their
-- own name, as with their labels. `team init` migrates an existing hub; until then a reviewer's skips wait on the
-- laptop (counted as waiting to push) and everything else syncs as before.

ALTER TABLE entry DROP CONSTRAINT entry_kind_check;
ALTER TABLE entry ADD CONSTRAINT entry_kind_check CHECK (kind IN ('label_set', 'toolset', 'task', 'import_source',
    'trace', 'rater', 'label', 'adjudication', 'meta', 'assignment', 'skip'));

CREATE POLICY entry_insert_skip ON entry FOR INSERT WITH CHECK (
    author = current_user
    AND kind = 'skip'
    AND (project_id, (body::json)->>'reviewer') IN (SELECT m.project_id, m.person FROM my_names(current_user) m));
