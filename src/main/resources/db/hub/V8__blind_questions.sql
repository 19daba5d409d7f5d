-- Tracejudge team hub, schema 8: blind questions of the project's own scheme (issue 49).
--
-- Schema 7 showed an answer to every member with a decided row for its trace (or to all in a project without the
-- blind policy). A question the scheme marks blind (by default every question with a safety-critical option) keeps
-- a clinician from being hinted by other raters or machines: an answer to it is read only by its author, by members
-- who answered the same (trace, question) themselves, by the member assigned to adjudicate the trace, and by the lead
-- (entry_read_lead, unchanged). A question is blind when any version of the scheme on the hub marks it so in its form
-- ("blind": true, published by this build; a version published before carries no such mark and needs republishing
-- as the next version for its questions to turn blind here). Answers to other questions are read as in schema 7.

-- An answer's question, computed by the database from the body (push_rows checked it is a JSON object).
ALTER TABLE entry ADD COLUMN question text
    GENERATED ALWAYS AS (CASE WHEN kind = 'answer' THEN (body::jsonb)->>'question' END) STORED;

-- The (trace, question) pairs each role has answered: what a blind question lets them see.
CREATE TABLE answered (
    project_id text NOT NULL,
    role       name NOT NULL,
    trace_id   text NOT NULL,
    question   text NOT NULL,
    seq        bigint NOT NULL,
    PRIMARY KEY (project_id, role, trace_id, question)
);
INSERT INTO answered(project_id, role, trace_id, question, seq)
SELECT project_id, author, trace_id, question, min(seq) FROM entry
WHERE kind = 'answer' AND trace_id IS NOT NULL AND question IS NOT NULL AND action IN ('set', 'null')
GROUP BY project_id, author, trace_id, question;

CREATE FUNCTION entry_answered() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracejudge AS $$
BEGIN
    INSERT INTO answered(project_id, role, trace_id, question, seq)
    SELECT project_id, author, trace_id, question, min(seq) FROM new_rows
    WHERE kind = 'answer' AND trace_id IS NOT NULL AND question IS NOT NULL AND action IN ('set', 'null')
    GROUP BY project_id, author, trace_id, question
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
-- once per statement over the inserted rows (a push is one statement per batch)
CREATE TRIGGER entry_answered AFTER INSERT ON entry REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION entry_answered();
CREATE TRIGGER answered_no_change BEFORE UPDATE OR DELETE OR TRUNCATE ON answered
    FOR EACH STATEMENT EXECUTE FUNCTION append_only();
ALTER TABLE answered ENABLE ROW LEVEL SECURITY;
CREATE POLICY answered_read ON answered FOR SELECT USING (role = current_user);
GRANT SELECT ON answered TO PUBLIC;

-- The blind questions of each project: a question any scheme version on the hub marks blind in its form.
CREATE FUNCTION blind_questions() RETURNS TABLE (project_id text, question text) LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = tracejudge AS $$
    SELECT DISTINCT s.project_id, q->>'key' FROM entry s
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN json_ok(s.body) AND jsonb_typeof((s.body::jsonb)->'form'->'questions') = 'array'
                                                 THEN (s.body::jsonb)->'form'->'questions' ELSE '[]'::jsonb END) q
    WHERE s.kind = 'scheme' AND q->'blind' = 'true'::jsonb $$;

-- The traces the session's role is assigned to adjudicate (an assignment of duty adjudicate naming its person).
CREATE FUNCTION adjudicating(r name) RETURNS TABLE (project_id text, trace_id text) LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = tracejudge AS $$
    SELECT a.project_id, a.trace_id FROM entry a
    JOIN member m ON m.project_id = a.project_id AND m.role = r AND r = session_user AND m.active
    WHERE a.kind = 'assignment' AND json_ok(a.body) AND (a.body::jsonb)->>'duty' = 'adjudicate'
    AND lower((a.body::jsonb)->>'reviewer') = lower(m.person) $$;

DROP POLICY entry_read_member ON entry;
CREATE POLICY entry_read_member ON entry FOR SELECT USING (
    project_id IN (SELECT my_projects(current_user))
    AND (kind NOT IN ('label', 'adjudication', 'comment', 'answer')
         OR author = current_user
         -- an answer to a blind question: only after one's own answer to it on the trace, or to its adjudicator
         OR (kind = 'answer' AND (project_id, question) IN (SELECT * FROM blind_questions())
             AND ((project_id, trace_id, question) IN (SELECT a.project_id, a.trace_id, a.question FROM answered a
                                                       WHERE a.role = current_user)
                  OR (project_id, trace_id) IN (SELECT * FROM adjudicating(current_user))))
         OR (NOT (kind = 'answer' AND (project_id, question) IN (SELECT * FROM blind_questions()))
             AND (project_id NOT IN (SELECT blind_projects())
                  OR (project_id, trace_id) IN (SELECT d.project_id, d.trace_id FROM decided d WHERE d.role = current_user)
                  OR (kind = 'comment' AND author IN (SELECT lead_roles(project_id)))))));

CREATE OR REPLACE FUNCTION hub_version() RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT 8 $$;
