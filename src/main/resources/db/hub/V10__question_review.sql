-- Tracejudge team hub, schema 10: the safety review's rules on the project's own questions (issue 49).
--
-- A question with a safety-critical option goes through the safety review's rules (schemes.md). The laptop refuses an
-- adjudication of such a (trace, question) by one of its own experts; schema 9's hub took it, and took no adjudication
-- from a reviewer at all (an answer had to carry the member's own rater). Here, as schemas 3, 4 and 6 do for the
-- labels of a tool-selection item:
--   * an adjudication is an answer under the shared safety adjudication rater, stamped with the pusher's name; it is
--     refused on a question with no safety-critical option, and from a member who answered that (trace, question)
--     under their own rater (on the hub, or earlier in the same push);
--   * a member who adjudicated a (trace, question) does not then answer it under their own rater;
--   * a (trace, question) of a safety-critical question that two other members answered is the adjudicator's: a third
--     member's first answer to it is refused (a revision by one of the two is theirs to make). As schema 6, any two
--     other members count, whatever their expert flag: the classic review counts every member who labelled.
-- A question is safety-critical when any version's form lists a safety-critical option ("critical", published by
-- this build); a version published before carries no such list, and its blind questions count (blind is the default of
-- exactly those). push_rows is schema 9's (7's) with these checks added.

CREATE OR REPLACE FUNCTION push_rows(p text, me member, base timestamptz, now_ts timestamptz, kinds text[], ids text[], bodies text[],
    slow boolean)
    RETURNS TABLE (kind text, id text, seq bigint, at text, person text, digest text, refusal text, stamp timestamptz)
    -- the batch's own rows are estimated at 10 (unnest of a parameter): without this the planner joins the batch's
    -- CTEs with each other by nested loops, quadratic in the batch (minutes for 5,000 traces); key lookups in tables
    -- stay nested loops (LATERAL ... LIMIT 1 and the CASE's subqueries have no other plan)
    LANGUAGE sql SECURITY DEFINER SET search_path = tracejudge, pg_temp SET enable_nestloop = off SET work_mem = '64MB' AS $$
WITH u AS (
    SELECT u.n, u.k, u.i, u.b, CASE WHEN NOT slow OR json_ok(u.b) THEN u.b::jsonb END AS j
    FROM unnest(kinds, ids, bodies) WITH ORDINALITY AS u(k, i, b, n)
), others AS (
    SELECT m.rater_id, lower(m.person) AS person FROM member m WHERE m.project_id = p AND m.role <> me.role
), label_sets AS MATERIALIZED (
    -- once per batch (a handful of rows), not once per trace
    SELECT ls.id, CASE WHEN json_ok(ls.body) THEN CASE WHEN json_ok((ls.body::jsonb)->>'labels')
        THEN ((ls.body::jsonb)->>'labels')::jsonb END END AS labels
    FROM entry ls WHERE ls.project_id = p AND ls.kind = 'label_set'
), traces AS (
    -- each trace the batch refers to, looked up by key (LIMIT 1 keeps these index lookups: as a plain join the planner
    -- may scan the whole table for each batch)
    SELECT x.tid AS id, ls.labels, r.label_set, r.answer_len
    FROM (SELECT DISTINCT u.j->>'trace_id' AS tid FROM u
          WHERE u.k IN ('label', 'adjudication', 'skip', 'assignment', 'comment', 'answer')
          AND u.j->>'trace_id' IS NOT NULL) x
    CROSS JOIN LATERAL (SELECT r.label_set, r.answer_len FROM trace_ref r WHERE r.project_id = p AND r.id = x.tid
                        LIMIT 1) r
    LEFT JOIN label_sets ls ON ls.id = r.label_set
), new_traces AS (
    -- the label set of each trace this batch brings (through its task)
    SELECT x.tid, ta.parent AS label_set, utf16_length(x.answer) AS answer_len
    FROM (SELECT DISTINCT u.i AS tid, u.j->>'task_id' AS task, u.j->>'answer' AS answer FROM u WHERE u.k = 'trace') x
    LEFT JOIN LATERAL (SELECT ta.parent FROM entry ta WHERE ta.project_id = p AND ta.kind = 'task' AND ta.id = x.task
                       LIMIT 1) ta ON true
), schemes AS MATERIALIZED (
    -- schema 7: the project's scheme versions on the hub with the form answers are checked against (a handful)
    SELECT s.id, s.body, CASE WHEN json_ok(s.body) THEN (s.body::jsonb)->'form' END AS form
    FROM entry s WHERE s.project_id = p AND s.kind = 'scheme'
), questions AS MATERIALIZED (
    -- each question of each version, by (version, key): an answer finds its question by key, not by a scan
    SELECT DISTINCT ON (s.id, q->>'key') s.id AS version, q->>'key' AS key, q FROM schemes s
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(s.form->'questions') = 'array'
                                                 THEN s.form->'questions' ELSE '[]'::jsonb END) q
), critical AS MATERIALIZED (
    -- schema 10: the questions with a safety-critical option in any version on the hub (the form's "critical"; a
    -- version published before schema 10 has no such list, and its blind questions count: blind is their default)
    SELECT DISTINCT qs.key FROM questions qs
    WHERE CASE WHEN jsonb_typeof(qs.q->'critical') = 'array' THEN jsonb_array_length(qs.q->'critical') > 0
               ELSE qs.q->'blind' = 'true'::jsonb END
), batch_answered AS (
    -- schema 10: the first answer of each (trace, question) in this batch under the pusher's own rater, and the first
    -- under the safety adjudication rater (an expert does not then adjudicate it, an adjudicator does not answer it)
    SELECT u.j->>'trace_id' AS tid, u.j->>'question' AS question,
        min(u.n) FILTER (WHERE u.j->>'rater_id' = me.rater_id) AS own,
        min(u.n) FILTER (WHERE u.j->>'rater_id' = '4847ed9b-5eb4-51ae-944c-20a13b89cd79') AS adj
    FROM u WHERE u.k = 'answer' AND u.j->>'action' = 'set' AND u.j->>'rater_id' IN (me.rater_id, '4847ed9b-5eb4-51ae-944c-20a13b89cd79')
    GROUP BY 1, 2
), form_keys AS (
    -- the versions of this batch whose form names a question twice or one without a key
    SELECT u.n FROM u
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN u.k = 'scheme' AND jsonb_typeof(u.j->'form'->'questions') = 'array'
                                                 THEN u.j->'form'->'questions' ELSE '[]'::jsonb END) q
    GROUP BY u.n HAVING count(*) <> count(DISTINCT q->>'key') OR bool_or(q->>'key' IS NULL)
), new_versions AS (
    -- the versions this batch publishes that the hub lacks, in order: each must be the next one
    SELECT u.n, row_number() OVER (ORDER BY u.n) AS r FROM u
    WHERE u.k = 'scheme' AND NOT EXISTS (SELECT 1 FROM schemes s WHERE s.id = u.i)
), batch_adj AS (
    -- the first safety adjudication label of each trace in this batch (an adjudicator does not then label the item)
    SELECT u.j->>'trace_id' AS tid, min(u.n) AS n FROM u
    WHERE u.k = 'label' AND u.j->>'rater_id' = '4847ed9b-5eb4-51ae-944c-20a13b89cd79' AND u.j->>'action' = 'set'
    GROUP BY 1
), batch_labelled AS (
    -- the first label of each trace in this batch under the pusher's own rater (an expert does not then adjudicate it)
    SELECT u.j->>'trace_id' AS tid, min(u.n) AS n FROM u
    WHERE u.k = 'label' AND u.j->>'rater_id' = me.rater_id AND u.j->>'action' = 'set'
    GROUP BY 1
), checked AS (
    SELECT u.*, CASE
        WHEN u.k IS NULL OR u.i IS NULL OR u.b IS NULL THEN 'kind, id and body are needed'
        WHEN u.k NOT IN ('label_set', 'toolset', 'task', 'import_source', 'trace', 'rater', 'label', 'adjudication',
                         'meta', 'assignment', 'skip', 'comment', 'scheme', 'answer') THEN 'unknown kind ''' || u.k || ''''
        WHEN me.duty <> 'lead' AND u.k = 'scheme'
            THEN 'only the lead publishes a scheme version'
        WHEN me.duty <> 'lead' AND u.k NOT IN ('rater', 'label', 'adjudication', 'skip', 'comment', 'answer')
            THEN 'only the lead publishes entries of kind ' || u.k
        WHEN u.j IS NULL THEN 'the body is not JSON'
        WHEN jsonb_typeof(u.j) <> 'object' THEN 'the body is not a JSON object'
        WHEN u.k <> 'meta' AND (u.j->>(CASE u.k WHEN 'label_set' THEN 'name' WHEN 'scheme' THEN 'version' ELSE 'id' END))
             IS DISTINCT FROM u.i
            THEN 'the body''s id is not the entry''s'
        -- raters: a member's own (exact name, human), the shared safety adjudication rater, or (lead) a machine rater
        WHEN u.k = 'rater' AND NOT jok(u.j->>'config', slow) THEN 'config is not JSON'
        WHEN u.k = 'rater' AND u.i = me.rater_id AND (u.j->>'name' IS DISTINCT FROM me.person OR u.j->>'kind' IS DISTINCT FROM 'human')
            THEN 'your rater is the human ''' || me.person || ''''
        WHEN u.k = 'rater' AND u.i = '4847ed9b-5eb4-51ae-944c-20a13b89cd79'
             AND (u.j->>'name' IS DISTINCT FROM 'safety-adjudication' OR u.j->>'kind' IS DISTINCT FROM 'human')
            THEN 'the safety adjudication rater is the human ''safety-adjudication'''
        WHEN u.k = 'rater' AND u.i <> me.rater_id AND u.i <> '4847ed9b-5eb4-51ae-944c-20a13b89cd79' AND (me.duty <> 'lead'
             OR u.i IN (SELECT o.rater_id FROM others o) OR lower(u.j->>'name') IN (SELECT o.person FROM others o)
             OR lower(u.j->>'name') = lower(me.person) OR lower(u.j->>'name') = 'safety-adjudication')
            THEN 'a rater may be published only by the person it names (' || coalesce(u.j->>'name', '?') || ')'
        -- schema 7: scheme versions, append-only: the next number, never another body under a number the hub has
        WHEN u.k = 'scheme' AND u.i !~ '^[1-9][0-9]{0,8}$' THEN 'a scheme version is a whole number from 1'
        WHEN u.k = 'scheme' AND EXISTS (SELECT 1 FROM schemes s WHERE s.id = u.i AND s.body IS DISTINCT FROM u.b)
            THEN 'scheme version ' || u.i || ' is on the hub already with other content; a version is never changed: '
                 || 'publish the next one'
        WHEN u.k = 'scheme' AND nv.n IS NOT NULL
             AND u.i::integer <> coalesce((SELECT max(s.id::integer) FROM schemes s), 0) + nv.r
            THEN 'the next scheme version is ' || (coalesce((SELECT max(s.id::integer) FROM schemes s), 0) + nv.r)
                 || ', not ' || u.i || ' (versions are a history without gaps)'
        WHEN u.k = 'scheme' AND (jsonb_typeof(u.j->'form') IS DISTINCT FROM 'object'
                                 OR jsonb_typeof(u.j->'form'->'questions') IS DISTINCT FROM 'array')
            THEN 'a scheme version needs its form (the questions as JSON) for the hub to check answers'
        WHEN u.k = 'scheme' AND jsonb_typeof(u.j->'body') IS DISTINCT FROM 'string' THEN 'a scheme version needs its body'
        WHEN u.k = 'scheme' AND fk.n IS NOT NULL
            THEN 'the form names a question twice, or one without a key'
        -- decisions
        WHEN u.k IN ('label', 'adjudication', 'skip', 'assignment', 'comment', 'answer') AND t.id IS NULL
            THEN 'trace ' || coalesce(u.j->>'trace_id', '(none)') || ' is not on the hub'
        WHEN u.k = 'label' AND (u.j->>'rater_id') IS DISTINCT FROM me.rater_id
             AND (u.j->>'rater_id') IS DISTINCT FROM '4847ed9b-5eb4-51ae-944c-20a13b89cd79'
             AND (me.duty <> 'lead' OR (u.j->>'rater_id') IN (SELECT o.rater_id FROM others o)
                  OR lower(u.j->>'created_by') IN (SELECT o.person FROM others o))
            THEN 'a label may carry only your own rater (' || me.person || ')'
        -- an adjudicator does not then label the item they adjudicated (adjudication, or a safety adjudication label)
        WHEN u.k = 'label' AND (u.j->>'rater_id') IS DISTINCT FROM '4847ed9b-5eb4-51ae-944c-20a13b89cd79'
             AND (adj.hit IS NOT NULL OR ba.n < u.n)
            THEN 'you adjudicated this item: an adjudicator does not then label it'
        -- and an expert who labelled the item does not adjudicate it (a safety adjudication label after a label of their own)
        WHEN u.k = 'label' AND (u.j->>'rater_id') = '4847ed9b-5eb4-51ae-944c-20a13b89cd79' AND (u.j->>'action') = 'set'
             AND (own.hit IS NOT NULL OR bl.n < u.n)
            THEN 'you labelled this item as an expert: an expert does not adjudicate it'
        -- schema 6: two other members labelled this tool-selection item; a third was shown both labels (the queue)
        -- and does not then label it as an expert: only the adjudicator decides it (a safety adjudication label)
        WHEN u.k = 'label' AND (u.j->>'rater_id') = me.rater_id AND (u.j->>'action') = 'set'
             AND t.label_set = 'tool-selection' AND third.n >= 2 AND mine.hit IS NULL AND bl.n >= u.n
            THEN 'two experts labelled this item already: a third does not label it (only the adjudicator decides it)'
        WHEN u.k = 'label' AND NOT EXISTS (SELECT 1 FROM entry r WHERE r.project_id = p AND r.kind = 'rater' AND r.id = u.j->>'rater_id')
            THEN 'rater ' || coalesce(u.j->>'rater_id', '(none)') || ' is not on the hub'
        WHEN u.k = 'label' AND (u.j->>'action') IS DISTINCT FROM 'set' AND (u.j->>'action') IS DISTINCT FROM 'null'
             AND (u.j->>'action') IS DISTINCT FROM 'withdraw' THEN 'action must be set, null or withdraw'
        WHEN u.k = 'adjudication' AND (u.j->>'action') IS DISTINCT FROM 'set' AND (u.j->>'action') IS DISTINCT FROM 'withdraw'
            THEN 'action must be set or withdraw'
        WHEN u.k IN ('label', 'adjudication') AND ((u.j->>'action') = 'set') <> (u.j->>'value' IS NOT NULL)
            THEN 'a value goes with action set, and only with it'
        WHEN u.k IN ('label', 'adjudication') AND u.j->>'value' IS NOT NULL
             AND NOT coalesce(t.labels ? (u.j->>'value'), false)
            THEN 'value ''' || (u.j->>'value') || ''' is not a label of the item''s label set'
        WHEN u.k = 'label' AND NOT (jok(u.j->>'scores', slow) AND jok(u.j->>'evidence', slow))
            THEN 'scores or evidence is not JSON'
        -- schema 7: answers to the scheme's questions, each checked against the version it names
        WHEN u.k = 'answer' AND (u.j->>'rater_id') IS DISTINCT FROM me.rater_id
             AND (u.j->>'rater_id') IS DISTINCT FROM '4847ed9b-5eb4-51ae-944c-20a13b89cd79'
             AND (me.duty <> 'lead' OR (u.j->>'rater_id') IN (SELECT o.rater_id FROM others o)
                  OR lower(u.j->>'created_by') IN (SELECT o.person FROM others o))
            THEN 'an answer may carry only your own rater (' || me.person || ')'
        WHEN u.k = 'answer' AND NOT EXISTS (SELECT 1 FROM entry r WHERE r.project_id = p AND r.kind = 'rater' AND r.id = u.j->>'rater_id')
            THEN 'rater ' || coalesce(u.j->>'rater_id', '(none)') || ' is not on the hub'
        WHEN u.k = 'answer' AND (u.j->>'action') IS DISTINCT FROM 'set' AND (u.j->>'action') IS DISTINCT FROM 'null'
             AND (u.j->>'action') IS DISTINCT FROM 'withdraw' THEN 'action must be set, null or withdraw'
        WHEN u.k = 'answer' AND ((u.j->>'action') = 'set') <> (u.j->>'value' IS NOT NULL)
            THEN 'an answer goes with action set, and only with it'
        WHEN u.k = 'answer' AND jsonb_typeof(u.j->'question') IS DISTINCT FROM 'string' THEN 'an answer names its question'
        WHEN u.k = 'answer' AND sv.id IS NULL
            THEN 'scheme version ' || coalesce(u.j->>'scheme_version', '(none)') || ' is not on the hub (the lead publishes it)'
        WHEN u.k = 'answer' AND sv.form IS NULL THEN 'scheme version ' || sv.id || ' has no form to check answers against'
        WHEN u.k = 'answer' AND aq.q IS NULL
            THEN 'scheme version ' || sv.id || ' has no question ''' || (u.j->>'question') || ''''
        WHEN u.k = 'answer' AND u.j->>'value' IS NOT NULL AND NOT jok(u.j->>'value', slow) THEN 'the answer is not JSON'
        WHEN u.k = 'answer' AND ar.why IS NOT NULL
            THEN 'the answer does not fit question ''' || (u.j->>'question') || ''' of scheme version ' || sv.id || ': '
                 || ar.why
        -- schema 10: the safety review's rules on a question with a safety-critical option, as schemas 4 and 6 apply
        -- them to a tool-selection item's labels. An adjudication is an answer under the safety adjudication rater.
        WHEN u.k = 'answer' AND (u.j->>'rater_id') = '4847ed9b-5eb4-51ae-944c-20a13b89cd79' AND (u.j->>'action') = 'set'
             AND cq.key IS NULL
            THEN 'question ''' || (u.j->>'question') || ''' has no safety-critical option: its answers are not adjudicated'
        WHEN u.k = 'answer' AND (u.j->>'rater_id') = '4847ed9b-5eb4-51ae-944c-20a13b89cd79' AND (u.j->>'action') = 'set'
             AND (qown.hit IS NOT NULL OR qb.own < u.n)
            THEN 'you answered ''' || (u.j->>'question') || ''' on this item as an expert: an expert does not adjudicate it'
        WHEN u.k = 'answer' AND (u.j->>'rater_id') = me.rater_id
             AND (qadj.hit IS NOT NULL OR qb.adj < u.n)
            THEN 'you adjudicated ''' || (u.j->>'question') || ''' on this item: an adjudicator does not then answer it'
        WHEN u.k = 'answer' AND (u.j->>'rater_id') = me.rater_id AND (u.j->>'action') = 'set' AND cq.key IS NOT NULL
             AND qthird.n >= 2 AND qmine.hit IS NULL AND qb.own >= u.n
            THEN 'two experts answered ''' || (u.j->>'question') || ''' on this item already: a third does not answer it '
                 || '(only the adjudicator decides it)'
        -- comments: a note with text, or a flag or its clearing; at most 4,000 characters (the author is stamped below)
        WHEN u.k = 'comment' AND (u.j->>'action') IS DISTINCT FROM 'note' AND (u.j->>'action') IS DISTINCT FROM 'flag'
             AND (u.j->>'action') IS DISTINCT FROM 'unflag' THEN 'action must be note, flag or unflag'
        WHEN u.k = 'comment' AND jsonb_typeof(u.j->'text') IS DISTINCT FROM 'string' THEN 'text must be a string'
        WHEN u.k = 'comment' AND length(u.j->>'text') > 4000 THEN 'a comment is at most 4,000 characters'
        WHEN u.k = 'comment' AND (u.j->>'action') = 'note' AND btrim(u.j->>'text') = '' THEN 'a note needs some text'
        WHEN u.k = 'label_set' AND NOT (jok(u.j->>'labels', slow) AND jsonb_typeof((u.j->>'labels')::jsonb) = 'array')
            THEN 'labels is not a JSON array'
        WHEN u.k = 'toolset' AND NOT jok(u.j->>'tools', slow) THEN 'tools is not JSON'
    END AS refusal
    FROM u
    LEFT JOIN traces t ON t.id = u.j->>'trace_id'
    LEFT JOIN new_versions nv ON nv.n = u.n
    LEFT JOIN form_keys fk ON fk.n = u.n
    LEFT JOIN schemes sv ON u.k = 'answer' AND sv.id = u.j->>'scheme_version'
    LEFT JOIN questions aq ON u.k = 'answer' AND aq.version = u.j->>'scheme_version' AND aq.key = u.j->>'question'
    -- the value is cast only for an answer whose value is JSON (a CASE, so that no other row's value is cast)
    LEFT JOIN LATERAL (SELECT CASE WHEN u.k = 'answer' AND aq.q IS NOT NULL AND u.j->>'value' IS NOT NULL
                                    AND jok(u.j->>'value', slow)
                               THEN answer_refusal(aq.q, (u.j->>'value')::jsonb, t.answer_len)
                               END AS why) ar ON true
    LEFT JOIN critical cq ON u.k = 'answer' AND cq.key = u.j->>'question'
    LEFT JOIN batch_answered qb ON u.k = 'answer' AND qb.tid = u.j->>'trace_id' AND qb.question = u.j->>'question'
    LEFT JOIN LATERAL (SELECT 1 AS hit FROM entry l
                       WHERE u.k = 'answer' AND (u.j->>'rater_id') = '4847ed9b-5eb4-51ae-944c-20a13b89cd79'
                       AND l.project_id = p AND l.trace_id = u.j->>'trace_id' AND l.kind = 'answer'
                       AND l.question = u.j->>'question' AND l.author = session_user AND l.parent = me.rater_id
                       AND l.action = 'set'
                       LIMIT 1) qown ON true
    LEFT JOIN LATERAL (SELECT 1 AS hit FROM entry a
                       WHERE u.k = 'answer' AND (u.j->>'rater_id') = me.rater_id
                       AND a.project_id = p AND a.trace_id = u.j->>'trace_id' AND a.kind = 'answer'
                       AND a.question = u.j->>'question' AND a.author = session_user AND a.parent = '4847ed9b-5eb4-51ae-944c-20a13b89cd79'
                       AND a.action = 'set'
                       LIMIT 1) qadj ON true
    LEFT JOIN LATERAL (SELECT count(DISTINCT l.parent) AS n FROM entry l
                       WHERE u.k = 'answer' AND (u.j->>'rater_id') = me.rater_id AND (u.j->>'action') = 'set'
                       AND cq.key IS NOT NULL
                       AND l.project_id = p AND l.trace_id = u.j->>'trace_id' AND l.kind = 'answer'
                       AND l.question = u.j->>'question' AND l.action = 'set'
                       AND l.parent IN (SELECT o.rater_id FROM others o)) qthird ON true
    LEFT JOIN LATERAL (SELECT 1 AS hit FROM entry l
                       WHERE u.k = 'answer' AND (u.j->>'rater_id') = me.rater_id AND cq.key IS NOT NULL
                       AND l.project_id = p AND l.trace_id = u.j->>'trace_id' AND l.kind = 'answer'
                       AND l.question = u.j->>'question' AND l.parent = me.rater_id
                       LIMIT 1) qmine ON true
    LEFT JOIN batch_adj ba ON ba.tid = u.j->>'trace_id'
    LEFT JOIN batch_labelled bl ON bl.tid = u.j->>'trace_id'
    LEFT JOIN LATERAL (SELECT 1 AS hit FROM entry l
                       WHERE u.k = 'label' AND (u.j->>'rater_id') = '4847ed9b-5eb4-51ae-944c-20a13b89cd79'
                       AND l.project_id = p AND l.trace_id = u.j->>'trace_id' AND l.kind = 'label' AND l.author = session_user
                       AND l.parent = me.rater_id AND l.action = 'set'
                       LIMIT 1) own ON true
    LEFT JOIN LATERAL (SELECT 1 AS hit FROM entry a
                       WHERE u.k = 'label' AND a.project_id = p AND a.trace_id = u.j->>'trace_id' AND a.author = session_user
                       AND a.action = 'set' AND (a.kind = 'adjudication' OR a.parent = '4847ed9b-5eb4-51ae-944c-20a13b89cd79')
                       LIMIT 1) adj ON true
    LEFT JOIN LATERAL (SELECT count(DISTINCT l.parent) AS n FROM entry l
                       WHERE u.k = 'label' AND (u.j->>'rater_id') = me.rater_id AND (u.j->>'action') = 'set'
                       AND t.label_set = 'tool-selection'
                       AND l.project_id = p AND l.trace_id = u.j->>'trace_id' AND l.kind = 'label' AND l.action = 'set'
                       AND l.parent IN (SELECT o.rater_id FROM others o)) third ON true
    LEFT JOIN LATERAL (SELECT 1 AS hit FROM entry l
                       WHERE u.k = 'label' AND (u.j->>'rater_id') = me.rater_id AND t.label_set = 'tool-selection'
                       AND l.project_id = p AND l.trace_id = u.j->>'trace_id' AND l.kind = 'label'
                       AND l.parent = me.rater_id
                       LIMIT 1) mine ON true
), fresh AS (
    SELECT c.*, row_number() OVER (ORDER BY c.n) AS r,
        CASE WHEN c.k IN ('label', 'adjudication', 'skip', 'comment', 'answer')
             THEN coalesce(least(now_ts, client_time(c.j->>'created_at', slow)), now_ts) END AS want,
        CASE c.k WHEN 'label' THEN CASE WHEN c.j->>'rater_id' IN (me.rater_id, '4847ed9b-5eb4-51ae-944c-20a13b89cd79') THEN me.person ELSE c.j->>'created_by' END
                 WHEN 'answer' THEN CASE WHEN c.j->>'rater_id' IN (me.rater_id, '4847ed9b-5eb4-51ae-944c-20a13b89cd79') THEN me.person
                                       ELSE c.j->>'created_by' END
                 WHEN 'adjudication' THEN me.person WHEN 'skip' THEN me.person WHEN 'comment' THEN me.person END AS who,
        CASE c.k WHEN 'label' THEN 'created_by' WHEN 'adjudication' THEN 'annotator' WHEN 'skip' THEN 'reviewer'
                 WHEN 'comment' THEN 'author' WHEN 'answer' THEN 'created_by' END AS who_field
    FROM checked c WHERE c.refusal IS NULL
), timed AS (
    -- the hub's time: strictly rising with the order of arrival, after the project's last stamp and never after the
    -- hub's present; the author's own time where it lies in between (then the laptop's row needs no correction)
    SELECT f.*, greatest(base + f.r * interval '1 microsecond',
                         max(coalesce(f.want, '-infinity') - f.r * interval '1 microsecond')
                             OVER (ORDER BY f.r ROWS UNBOUNDED PRECEDING) + f.r * interval '1 microsecond') AS ts
    FROM fresh f
), marked AS (
    SELECT t.*, CASE WHEN t.k IN ('label', 'adjudication', 'skip', 'comment', 'answer') THEN hub_time(t.ts) END AS at
    FROM timed t
), stamped AS (
    SELECT m.n, m.k, m.i, m.ts, m.at, m.who,
        m.at IS NOT NULL AND (m.at IS DISTINCT FROM m.j->>'created_at' OR m.who IS DISTINCT FROM m.j->>m.who_field) AS changed,
        CASE WHEN m.at IS NOT NULL AND (m.at IS DISTINCT FROM m.j->>'created_at' OR m.who IS DISTINCT FROM m.j->>m.who_field)
             THEN (m.j || jsonb_build_object(m.who_field, m.who, 'created_at', m.at))::text
             ELSE m.b END AS body,
        CASE m.k WHEN 'trace' THEN m.j->>'task_id' WHEN 'task' THEN m.j->>'label_set' WHEN 'label' THEN m.j->>'rater_id'
                 WHEN 'answer' THEN m.j->>'rater_id' END AS parent,
        CASE WHEN m.k IN ('label', 'adjudication', 'comment', 'answer') THEN m.who END AS person,
        CASE WHEN m.k IN ('label', 'adjudication', 'assignment', 'comment', 'answer') THEN m.j->>'trace_id' END AS trace_id,
        CASE WHEN m.k IN ('label', 'adjudication', 'answer') THEN m.j->>'action' END AS action
    FROM marked m
), ins AS (
    INSERT INTO entry(project_id, kind, id, body, author, parent, action, person, trace_id, received_at)
    SELECT p, s.k, s.i, s.body, session_user, s.parent, s.action, s.person, s.trace_id, clock_timestamp() FROM stamped s
    ORDER BY s.n
    ON CONFLICT (project_id, kind, id) DO NOTHING
    RETURNING entry.kind, entry.id, entry.seq, entry.body
), refs AS (
    INSERT INTO trace_ref(project_id, id, label_set, answer_len)
    SELECT p, ins.id, nt.label_set, nt.answer_len FROM ins LEFT JOIN new_traces nt ON nt.tid = ins.id WHERE ins.kind = 'trace'
    ON CONFLICT DO NOTHING
)
SELECT c.k, c.i, ins.seq,
       CASE WHEN ins.seq IS NOT NULL AND s.changed THEN s.at END,
       CASE WHEN ins.seq IS NOT NULL AND s.changed THEN s.who END,
       CASE WHEN ins.seq IS NOT NULL THEN encode(sha256(convert_to(ins.body, 'UTF8')), 'hex') END,
       c.refusal,
       CASE WHEN ins.seq IS NOT NULL THEN s.ts END
FROM checked c
LEFT JOIN stamped s ON s.n = c.n
LEFT JOIN ins ON ins.kind = c.k AND ins.id = c.i AND s.n IS NOT NULL
ORDER BY c.n
$$;

REVOKE EXECUTE ON FUNCTION push_rows(text, member, timestamptz, timestamptz, text[], text[], text[], boolean) FROM PUBLIC;

CREATE OR REPLACE FUNCTION hub_version() RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT 10 $$;
