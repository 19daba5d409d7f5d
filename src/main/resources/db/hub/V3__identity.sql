-- Tracejudge team hub, schema 3: the database binds every entry to its author, orders it and checks it.
--
-- Run by the hub's OWNER role (`tracejudge team hub`), which owns the schema; it is neither a lead nor a reviewer.
-- Leads and reviewers get no INSERT, UPDATE, DELETE or DDL on anything here: they read through row-level security
-- and write only through the SECURITY DEFINER functions below, which take the author from session_user (the login
-- role; inside these functions current_user is the owner). A hub created by schema 1-2 (then owned by its lead) is
-- first handed to the owner by its administrator (see README, "Upgrading a hub"), then migrated here.

-- Grants made by earlier versions (a reviewer could INSERT into entry directly) go: writes are functions only.
DO $$
DECLARE g record;
BEGIN
    FOR g IN SELECT DISTINCT a.grantee::regrole::text AS who FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) a
             WHERE c.relnamespace = 'tracejudge'::regnamespace AND a.grantee <> 0 AND a.grantee <> c.relowner LOOP
        EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA tracejudge FROM %s', g.who);
    END LOOP;
END $$;
REVOKE ALL ON ALL TABLES IN SCHEMA tracejudge FROM PUBLIC;

-- Roles the owner allows to create projects (`team hub --lead ROLE`). Leads of existing projects keep that right.
CREATE TABLE lead_role (role name PRIMARY KEY);
INSERT INTO lead_role SELECT DISTINCT lead FROM project ON CONFLICT DO NOTHING;

-- The hub's clock per project: the last time it gave an entry (entries get strictly increasing times, in seq order).
ALTER TABLE project ADD COLUMN clock timestamptz NOT NULL DEFAULT '-infinity';

-- A member's rater id: the only rater their labels may carry (besides the shared safety adjudication rater), and
-- nobody else's. Names are one person whatever their case ("dr b" = "Dr B").
ALTER TABLE member ADD COLUMN rater_id text;
CREATE UNIQUE INDEX member_person_ci ON member (project_id, lower(person));
CREATE UNIQUE INDEX member_rater ON member (project_id, rater_id);

-- What the hub worked out of an entry when it took it: a trace's task, a task's label set, a label's rater (`parent`),
-- a ledger entry's action (the blind policy counts only decisions, not withdrawals). `person` and `trace_id` are no
-- longer computed by parsing the body again: push fills them from the body it has parsed and checked.
ALTER TABLE entry ADD COLUMN parent text;
ALTER TABLE entry ADD COLUMN action text;
ALTER TABLE entry ALTER COLUMN person DROP EXPRESSION;
ALTER TABLE entry ALTER COLUMN trace_id DROP EXPRESSION;
ALTER TABLE entry NO FORCE ROW LEVEL SECURITY;
ALTER TABLE entry DISABLE TRIGGER entry_no_change;
UPDATE entry SET parent = CASE kind WHEN 'trace' THEN (body::json)->>'task_id' WHEN 'task' THEN (body::json)->>'label_set'
    ELSE (body::json)->>'rater_id' END
    WHERE kind IN ('trace', 'task', 'label');
UPDATE entry SET action = (body::json)->>'action' WHERE kind IN ('label', 'adjudication');
ALTER TABLE entry ENABLE TRIGGER entry_no_change;

-- Each trace's label set, in a narrow table of its own: push checks every decision's trace and value against it
-- (looking them up in entry meant a random read of a wide trace row per decision). Only the owner reads it.
CREATE TABLE trace_ref (
    project_id text NOT NULL,
    id         text NOT NULL,
    label_set  text,
    PRIMARY KEY (project_id, id)
);
INSERT INTO trace_ref(project_id, id, label_set)
SELECT t.project_id, t.id, ta.parent FROM entry t
LEFT JOIN entry ta ON ta.project_id = t.project_id AND ta.kind = 'task' AND ta.id = t.parent
WHERE t.kind = 'trace';
-- A member's adjudications (and safety adjudication labels) by trace: an adjudicator does not then label the item.
CREATE INDEX entry_adjudicated_idx ON entry (project_id, trace_id, author)
    WHERE action = 'set' AND (kind = 'adjudication' OR parent = '4847ed9b-5eb4-51ae-944c-20a13b89cd79');

DROP POLICY entry_insert_lead ON entry;
DROP POLICY entry_insert_reviewer ON entry;
DROP POLICY entry_insert_skip ON entry;

-- Reveals: a role may read others' decisions on a trace once the hub holds a decision of its own there (a label set
-- or null, an adjudication set); `revealed_at` records when. Rebuilt from the ledger: a bare withdrawal no longer counts.
ALTER TABLE decided ADD COLUMN revealed_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE decided DISABLE TRIGGER decided_no_change;
DELETE FROM decided;
ALTER TABLE decided ENABLE TRIGGER decided_no_change;
INSERT INTO decided(project_id, role, trace_id, seq)
SELECT project_id, author, trace_id, min(seq) FROM entry
WHERE kind IN ('label', 'adjudication') AND trace_id IS NOT NULL AND action IN ('set', 'null')
GROUP BY project_id, author, trace_id;

CREATE OR REPLACE FUNCTION entry_decided() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracejudge AS $$
BEGIN
    INSERT INTO decided(project_id, role, trace_id, seq)
    SELECT project_id, author, trace_id, min(seq) FROM new_rows
    WHERE kind IN ('label', 'adjudication') AND trace_id IS NOT NULL AND action IN ('set', 'null')
    GROUP BY project_id, author, trace_id
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;

-- Only blind projects one is a member of (it used to list every team's).
CREATE OR REPLACE FUNCTION blind_projects() RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = tracejudge AS
    $$ SELECT p.id FROM project p JOIN member m ON m.project_id = p.id AND m.role = session_user AND m.active WHERE p.blind $$;

-- Reading: rows as row-level security allows (policies of schema 1). Writing: the functions below.
GRANT USAGE ON SCHEMA tracejudge TO PUBLIC;
GRANT SELECT ON project, member, entry, decided TO PUBLIC;

CREATE FUNCTION hub_version() RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT 3 $$;

-- Whether text is JSON (the slow path of push: only when a batch holds something that is not).
CREATE FUNCTION json_ok(t text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    PERFORM t::jsonb;
    RETURN true;
EXCEPTION WHEN others THEN
    RETURN false;
END $$;
-- NULL or JSON; with slow = false a bad value raises (push then redoes the batch with slow = true).
CREATE FUNCTION jok(t text, slow boolean) RETURNS boolean LANGUAGE sql IMMUTABLE AS
    $$ SELECT t IS NULL OR CASE WHEN slow THEN json_ok(t) ELSE t::jsonb IS NOT NULL END $$;

-- STABLE like to_char, so that it is inlined: as a function call it cost about 40 us a time, most of a push
CREATE FUNCTION hub_time(t timestamptz) RETURNS text LANGUAGE sql STABLE AS
    $$ SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') $$;

CREATE FUNCTION role_check(lead_too boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = session_user AND (rolsuper OR rolcreaterole OR rolbypassrls)) THEN
        RAISE EXCEPTION 'role % has SUPERUSER, CREATEROLE or BYPASSRLS: it could step around the hub''s checks, so it '
            'may not lead or review (use a plain login role; the hub''s owner and administrator stay apart)', session_user
            USING ERRCODE = 'insufficient_privilege';
    END IF;
END $$;

-- Lead: creates project p led by the session's role (allowed by the owner in lead_role); nothing when it exists and
-- this role leads it.
CREATE FUNCTION create_project(p text, a_person text, a_rater text, is_blind boolean) RETURNS void LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = tracejudge, pg_temp AS $$
DECLARE led name;
BEGIN
    PERFORM role_check(true);
    IF NOT EXISTS (SELECT 1 FROM lead_role WHERE role = session_user) THEN
        RAISE EXCEPTION 'role % may not create projects on this hub (its owner allows it with: tracejudge team hub URL --lead %)',
            session_user, session_user USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF coalesce(btrim(a_person), '') = '' OR coalesce(a_rater, '') = '' THEN
        RAISE EXCEPTION 'a project needs its lead''s name' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('tracejudge:' || p));
    SELECT lead INTO led FROM project WHERE id = p;
    IF led IS NULL THEN
        INSERT INTO project(id, lead, blind) VALUES (p, session_user, is_blind);
        INSERT INTO member(project_id, role, person, duty, expert, rater_id) VALUES (p, session_user, btrim(a_person), 'lead', true, a_rater);
    ELSIF led <> session_user THEN
        RAISE EXCEPTION 'project ''%'' on the hub is led by %', p, led USING ERRCODE = 'insufficient_privilege';
    END IF;
END $$;

CREATE FUNCTION is_lead(p text) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = tracejudge, pg_temp AS
    $$ SELECT EXISTS (SELECT 1 FROM member WHERE project_id = p AND role = session_user AND active AND duty = 'lead') $$;

CREATE FUNCTION set_blind(p text, is_blind boolean) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = tracejudge, pg_temp AS $$
BEGIN
    IF NOT is_lead(p) THEN
        RAISE EXCEPTION 'only the lead of ''%'' sets its blind policy', p USING ERRCODE = 'insufficient_privilege';
    END IF;
    UPDATE project SET blind = is_blind WHERE id = p AND blind <> is_blind;
END $$;

-- Lead: binds login role r to the person `person` (whose decisions carry rater id `rater`). The role must exist (the
-- database's administrator creates login roles); a person is one member whatever the case of their name; a rater id
-- someone else already wrote under cannot be bound to another; a member's name never changes.
CREATE FUNCTION add_member(p text, r name, a_person text, a_rater text, is_expert boolean) RETURNS void LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = tracejudge, pg_temp AS $$
DECLARE had member%ROWTYPE;
    who text := btrim(a_person);
BEGIN
    IF NOT is_lead(p) THEN
        RAISE EXCEPTION 'only the lead of ''%'' adds members', p USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF coalesce(who, '') = '' OR coalesce(a_rater, '') = '' THEN
        RAISE EXCEPTION 'a member needs the name their decisions carry' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r AND rolcanlogin) THEN
        RAISE EXCEPTION 'there is no login role % on this hub (the database''s administrator creates it: CREATE ROLE % LOGIN)', r, r
            USING ERRCODE = 'undefined_object';
    END IF;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r AND (rolsuper OR rolcreaterole OR rolbypassrls)) THEN
        RAISE EXCEPTION 'role % has SUPERUSER, CREATEROLE or BYPASSRLS and could step around the hub''s checks', r
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT * INTO had FROM member WHERE project_id = p AND role = r;
    IF FOUND THEN
        IF had.duty = 'lead' THEN
            RAISE EXCEPTION '% leads ''%''', r, p USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF lower(had.person) <> lower(who) THEN
            RAISE EXCEPTION '% is ''%'' in ''%''; a member''s name does not change', r, had.person, p
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        UPDATE member SET expert = is_expert, active = true WHERE project_id = p AND role = r;
        RETURN;
    END IF;
    IF EXISTS (SELECT 1 FROM member WHERE project_id = p AND lower(member.person) = lower(who)) THEN
        RAISE EXCEPTION '''%'' is already a member of ''%'' (names compare without case)', who, p
            USING ERRCODE = 'unique_violation';
    END IF;
    IF EXISTS (SELECT 1 FROM member WHERE project_id = p AND rater_id = a_rater)
       OR EXISTS (SELECT 1 FROM entry e WHERE e.project_id = p AND e.kind = 'rater' AND e.id = a_rater AND e.author <> r)
       OR EXISTS (SELECT 1 FROM entry e WHERE e.project_id = p AND e.kind = 'rater' AND e.author <> r
                  AND CASE WHEN json_ok(e.body) THEN lower((e.body::jsonb)->>'name') = lower(who) END) THEN
        RAISE EXCEPTION 'the rater ''%'' already exists on the hub, written by someone else: add the person under another name', who
            USING ERRCODE = 'unique_violation';
    END IF;
    INSERT INTO member(project_id, role, person, duty, expert, rater_id) VALUES (p, r, who, 'reviewer', is_expert, a_rater);
END $$;

CREATE FUNCTION remove_member(p text, r name) RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = tracejudge, pg_temp AS $$
BEGIN
    IF NOT is_lead(p) THEN
        RAISE EXCEPTION 'only the lead of ''%'' removes members', p USING ERRCODE = 'insufficient_privilege';
    END IF;
    UPDATE member SET active = false WHERE project_id = p AND role = r AND duty = 'reviewer';
    RETURN FOUND;
END $$;

-- A client's ISO-8601 UTC time, or NULL when it is not one (slow: never raises).
CREATE FUNCTION safe_time(t text) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN t::timestamptz;
EXCEPTION WHEN others THEN
    RETURN NULL;
END $$;
CREATE FUNCTION client_time(t text, slow boolean) RETURNS timestamptz LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN t IS NULL OR t !~ '^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$' THEN NULL
                WHEN slow THEN safe_time(t) ELSE t::timestamptz END $$;

-- The rows of one push, checked (slow: tells bad JSON row by row instead of raising). Every row comes back: with its
-- seq when it was stored (and the hub's time and name when they differ from the body's), with seq NULL when the hub
-- had it already, or with the reason it was refused. The author fields of a decision are the hub's: created_by /
-- annotator / reviewer become the member's name, created_at the hub's time (see `timed`).
CREATE FUNCTION push_rows(p text, me member, base timestamptz, now_ts timestamptz, kinds text[], ids text[], bodies text[],
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
    SELECT x.tid AS id, ls.labels
    FROM (SELECT DISTINCT u.j->>'trace_id' AS tid FROM u
          WHERE u.k IN ('label', 'adjudication', 'skip', 'assignment') AND u.j->>'trace_id' IS NOT NULL) x
    CROSS JOIN LATERAL (SELECT r.label_set FROM trace_ref r WHERE r.project_id = p AND r.id = x.tid LIMIT 1) r
    LEFT JOIN label_sets ls ON ls.id = r.label_set
), new_traces AS (
    -- the label set of each trace this batch brings (through its task)
    SELECT x.tid, ta.parent AS label_set
    FROM (SELECT DISTINCT u.i AS tid, u.j->>'task_id' AS task FROM u WHERE u.k = 'trace') x
    LEFT JOIN LATERAL (SELECT ta.parent FROM entry ta WHERE ta.project_id = p AND ta.kind = 'task' AND ta.id = x.task
                       LIMIT 1) ta ON true
), batch_adj AS (
    -- the first safety adjudication label of each trace in this batch (an adjudicator does not then label the item)
    SELECT u.j->>'trace_id' AS tid, min(u.n) AS n FROM u
    WHERE u.k = 'label' AND u.j->>'rater_id' = '4847ed9b-5eb4-51ae-944c-20a13b89cd79' AND u.j->>'action' = 'set'
    GROUP BY 1
), checked AS (
    SELECT u.*, CASE
        WHEN u.k IS NULL OR u.i IS NULL OR u.b IS NULL THEN 'kind, id and body are needed'
        WHEN u.k NOT IN ('label_set', 'toolset', 'task', 'import_source', 'trace', 'rater', 'label', 'adjudication',
                         'meta', 'assignment', 'skip') THEN 'unknown kind ''' || u.k || ''''
        WHEN me.duty <> 'lead' AND u.k NOT IN ('rater', 'label', 'adjudication', 'skip')
            THEN 'only the lead publishes entries of kind ' || u.k
        WHEN u.j IS NULL THEN 'the body is not JSON'
        WHEN jsonb_typeof(u.j) <> 'object' THEN 'the body is not a JSON object'
        WHEN u.k <> 'meta' AND (u.j->>(CASE u.k WHEN 'label_set' THEN 'name' ELSE 'id' END)) IS DISTINCT FROM u.i
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
        -- decisions
        WHEN u.k IN ('label', 'adjudication', 'skip', 'assignment') AND t.id IS NULL
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
        WHEN u.k = 'label_set' AND NOT (jok(u.j->>'labels', slow) AND jsonb_typeof((u.j->>'labels')::jsonb) = 'array')
            THEN 'labels is not a JSON array'
        WHEN u.k = 'toolset' AND NOT jok(u.j->>'tools', slow) THEN 'tools is not JSON'
    END AS refusal
    FROM u
    LEFT JOIN traces t ON t.id = u.j->>'trace_id'
    LEFT JOIN batch_adj ba ON ba.tid = u.j->>'trace_id'
    LEFT JOIN LATERAL (SELECT 1 AS hit FROM entry a
                       WHERE u.k = 'label' AND a.project_id = p AND a.trace_id = u.j->>'trace_id' AND a.author = session_user
                       AND a.action = 'set' AND (a.kind = 'adjudication' OR a.parent = '4847ed9b-5eb4-51ae-944c-20a13b89cd79')
                       LIMIT 1) adj ON true
), fresh AS (
    SELECT c.*, row_number() OVER (ORDER BY c.n) AS r,
        CASE WHEN c.k IN ('label', 'adjudication', 'skip')
             THEN coalesce(least(now_ts, client_time(c.j->>'created_at', slow)), now_ts) END AS want,
        CASE c.k WHEN 'label' THEN CASE WHEN c.j->>'rater_id' IN (me.rater_id, '4847ed9b-5eb4-51ae-944c-20a13b89cd79') THEN me.person ELSE c.j->>'created_by' END
                 WHEN 'adjudication' THEN me.person WHEN 'skip' THEN me.person END AS who,
        CASE c.k WHEN 'label' THEN 'created_by' WHEN 'adjudication' THEN 'annotator' WHEN 'skip' THEN 'reviewer' END AS who_field
    FROM checked c WHERE c.refusal IS NULL
), timed AS (
    -- the hub's time: strictly rising with the order of arrival, after the project's last stamp and never after the
    -- hub's present; the author's own time where it lies in between (then the laptop's row needs no correction)
    SELECT f.*, greatest(base + f.r * interval '1 microsecond',
                         max(coalesce(f.want, '-infinity') - f.r * interval '1 microsecond')
                             OVER (ORDER BY f.r ROWS UNBOUNDED PRECEDING) + f.r * interval '1 microsecond') AS ts
    FROM fresh f
), marked AS (
    SELECT t.*, CASE WHEN t.k IN ('label', 'adjudication', 'skip') THEN hub_time(t.ts) END AS at
    FROM timed t
), stamped AS (
    SELECT m.n, m.k, m.i, m.ts, m.at, m.who,
        m.at IS NOT NULL AND (m.at IS DISTINCT FROM m.j->>'created_at' OR m.who IS DISTINCT FROM m.j->>m.who_field) AS changed,
        CASE WHEN m.at IS NOT NULL AND (m.at IS DISTINCT FROM m.j->>'created_at' OR m.who IS DISTINCT FROM m.j->>m.who_field)
             THEN (m.j || jsonb_build_object(m.who_field, m.who, 'created_at', m.at))::text
             ELSE m.b END AS body,
        CASE m.k WHEN 'trace' THEN m.j->>'task_id' WHEN 'task' THEN m.j->>'label_set' WHEN 'label' THEN m.j->>'rater_id' END
            AS parent,
        CASE WHEN m.k IN ('label', 'adjudication') THEN m.who END AS person,
        CASE WHEN m.k IN ('label', 'adjudication', 'assignment') THEN m.j->>'trace_id' END AS trace_id,
        CASE WHEN m.k IN ('label', 'adjudication') THEN m.j->>'action' END AS action
    FROM marked m
), ins AS (
    INSERT INTO entry(project_id, kind, id, body, author, parent, action, person, trace_id, received_at)
    SELECT p, s.k, s.i, s.body, session_user, s.parent, s.action, s.person, s.trace_id, clock_timestamp() FROM stamped s
    ORDER BY s.n
    ON CONFLICT (project_id, kind, id) DO NOTHING
    RETURNING entry.kind, entry.id, entry.seq, entry.body
), refs AS (
    INSERT INTO trace_ref(project_id, id, label_set)
    SELECT p, ins.id, nt.label_set FROM ins LEFT JOIN new_traces nt ON nt.tid = ins.id WHERE ins.kind = 'trace'
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

-- Push: appends the entries the hub does not have yet, as the session's role, after checking them (see push_rows).
-- Pushes of a project are serialised (advisory lock), so seq order is commit order and the hub's times rise with seq.
CREATE FUNCTION push(p text, kinds text[], ids text[], bodies text[])
    RETURNS TABLE (kind text, id text, seq bigint, at text, person text, digest text, refusal text)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracejudge, pg_temp AS $$
#variable_conflict use_column
DECLARE
    me member%ROWTYPE;
    base timestamptz;
    n integer := coalesce(array_length(kinds, 1), 0);
BEGIN
    PERFORM role_check(false);
    SELECT * INTO me FROM member m WHERE m.project_id = p AND m.role = session_user AND m.active;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'role % is not a member of project ''%''', session_user, p USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF n <> coalesce(array_length(ids, 1), 0) OR n <> coalesce(array_length(bodies, 1), 0) THEN
        RAISE EXCEPTION 'kinds, ids and bodies differ in length' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF n = 0 THEN
        RETURN;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('tracejudge:' || p));
    SELECT pr.clock INTO base FROM project pr WHERE pr.id = p;
    BEGIN
        CREATE TEMP TABLE IF NOT EXISTS push_out (kind text, id text, seq bigint, at text, person text, digest text,
            refusal text, stamp timestamptz) ON COMMIT DROP;
        INSERT INTO push_out SELECT * FROM push_rows(p, me, base, clock_timestamp(), kinds, ids, bodies, false);
    EXCEPTION WHEN data_exception THEN
        -- something in the batch is not JSON (or not a time): again, row by row, refusing just those rows
        CREATE TEMP TABLE IF NOT EXISTS push_out (kind text, id text, seq bigint, at text, person text, digest text,
            refusal text, stamp timestamptz) ON COMMIT DROP;
        INSERT INTO push_out SELECT * FROM push_rows(p, me, base, clock_timestamp(), kinds, ids, bodies, true);
    END;
    UPDATE project SET clock = o.m FROM (SELECT max(push_out.stamp) AS m FROM push_out) o
        WHERE project.id = p AND o.m > project.clock;
    RETURN QUERY SELECT push_out.kind, push_out.id, push_out.seq, push_out.at, push_out.person, push_out.digest,
        push_out.refusal FROM push_out;
    DROP TABLE push_out;
END $$;

REVOKE EXECUTE ON FUNCTION push_rows(text, member, timestamptz, timestamptz, text[], text[], text[], boolean) FROM PUBLIC;
