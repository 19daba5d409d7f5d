-- Tracejudge team hub, schema 1 (PostgreSQL 14+). Flyway runs this in the schema "tracejudge" as the lead's role,
-- which then owns every table here. Reviewers get SELECT/INSERT grants from `team members --add`; nobody gets
-- UPDATE or DELETE on the ledger, and triggers refuse them even to the owner.

CREATE TABLE project (
    id         text PRIMARY KEY,                 -- the project's name on the hub
    lead       name NOT NULL DEFAULT current_user,
    blind      boolean NOT NULL DEFAULT false,   -- reviewers see others' labels on a trace only after their own
    created_at timestamptz NOT NULL DEFAULT now()
);

-- Who works on a project: one PostgreSQL role per person. `person` is the name their ledger entries carry
-- (label.created_by, adjudication.annotator).
CREATE TABLE member (
    project_id text NOT NULL REFERENCES project(id),
    role       name NOT NULL,
    person     text NOT NULL,
    duty       text NOT NULL CHECK (duty IN ('lead', 'reviewer')),
    expert     boolean NOT NULL DEFAULT false,
    active     boolean NOT NULL DEFAULT true,
    PRIMARY KEY (project_id, role),
    UNIQUE (project_id, person)
);

-- Every published thing, one row each, never changed: the project's content (label sets, tool lists, tasks, import
-- sources, traces, raters), its ledgers (labels, adjudications), policies (meta) and assignments. `seq` is the hub's
-- order of arrival; a pull reads seq > its cursor. Pushes of one project take a transaction-level advisory lock, so
-- they commit in seq order and a cursor never passes an entry that commits later.
CREATE TABLE entry (
    seq         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    project_id  text NOT NULL REFERENCES project(id),
    kind        text NOT NULL CHECK (kind IN ('label_set', 'toolset', 'task', 'import_source', 'trace', 'rater',
                                              'label', 'adjudication', 'meta', 'assignment')),
    id          text NOT NULL,
    body        text NOT NULL,                     -- the row as JSON (column -> value)
    author      name NOT NULL DEFAULT current_user, -- the role that inserted it (row-level security checks it)
    -- who the entry says decided, and its trace: computed by the database from the body, never sent by a client
    person      text GENERATED ALWAYS AS (CASE kind WHEN 'label' THEN (body::json)->>'created_by'
                                                    WHEN 'adjudication' THEN (body::json)->>'annotator' END) STORED,
    trace_id    text GENERATED ALWAYS AS (CASE WHEN kind IN ('label', 'adjudication', 'assignment')
                                               THEN (body::json)->>'trace_id' END) STORED,
    received_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (project_id, kind, id)
);
CREATE INDEX entry_project_seq_idx ON entry(project_id, seq);
CREATE INDEX entry_project_trace_idx ON entry(project_id, trace_id) WHERE trace_id IS NOT NULL;

-- Traces each role has decided on (own label or adjudication): what the blind policy lets them see.
CREATE TABLE decided (
    project_id text NOT NULL,
    role       name NOT NULL,
    trace_id   text NOT NULL,
    seq        bigint NOT NULL,
    PRIMARY KEY (project_id, role, trace_id)
);

CREATE FUNCTION entry_decided() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracejudge AS $$
BEGIN
    INSERT INTO decided(project_id, role, trace_id, seq)
    SELECT project_id, author, trace_id, min(seq) FROM new_rows
    WHERE kind IN ('label', 'adjudication') AND trace_id IS NOT NULL
    GROUP BY project_id, author, trace_id
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
-- once per statement over the inserted rows (a push is one statement per batch)
CREATE TRIGGER entry_decided AFTER INSERT ON entry REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION entry_decided();

CREATE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the team hub is append-only: % on % refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
END $$;
-- statement triggers: they fire even when row-level security leaves no row to change
CREATE TRIGGER entry_no_change BEFORE UPDATE OR DELETE OR TRUNCATE ON entry FOR EACH STATEMENT EXECUTE FUNCTION append_only();
CREATE TRIGGER decided_no_change BEFORE UPDATE OR DELETE OR TRUNCATE ON decided FOR EACH STATEMENT EXECUTE FUNCTION append_only();

-- Row-level security. The owner (the lead who ran `team init`) is held to the entry policies too (FORCE), so even
-- the lead inserts only as themselves and only into projects they lead.
ALTER TABLE project ENABLE ROW LEVEL SECURITY;
ALTER TABLE member ENABLE ROW LEVEL SECURITY;
ALTER TABLE entry ENABLE ROW LEVEL SECURITY;
ALTER TABLE entry FORCE ROW LEVEL SECURITY;
ALTER TABLE decided ENABLE ROW LEVEL SECURITY;

-- Projects a role belongs to / leads. SECURITY DEFINER so that the policies below do not recurse through member's
-- own; the role is passed in because inside such a function current_user is the function's owner, and it must be
-- the session's own login role, so nobody learns another role's projects or names by calling these directly.
CREATE FUNCTION my_projects(r name) RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = tracejudge AS
    $$ SELECT project_id FROM member WHERE role = r AND r = session_user AND active $$;
CREATE FUNCTION led_projects(r name) RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = tracejudge AS
    $$ SELECT project_id FROM member WHERE role = r AND r = session_user AND active AND duty = 'lead' $$;
CREATE FUNCTION my_names(r name) RETURNS TABLE (project_id text, person text) LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = tracejudge AS $$ SELECT project_id, person FROM member WHERE role = r AND r = session_user AND active $$;
CREATE FUNCTION blind_projects() RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = tracejudge AS
    $$ SELECT id FROM project WHERE blind $$;

CREATE POLICY project_read ON project FOR SELECT USING (id IN (SELECT my_projects(current_user)));
CREATE POLICY member_read ON member FOR SELECT
    USING (role = current_user OR project_id IN (SELECT led_projects(current_user)));

CREATE POLICY entry_read_lead ON entry FOR SELECT USING (project_id IN (SELECT led_projects(current_user)));
CREATE POLICY entry_read_member ON entry FOR SELECT USING (
    project_id IN (SELECT my_projects(current_user))
    AND (kind NOT IN ('label', 'adjudication')
         OR author = current_user
         OR project_id NOT IN (SELECT blind_projects())
         OR (project_id, trace_id) IN (SELECT d.project_id, d.trace_id FROM decided d WHERE d.role = current_user)));
CREATE POLICY entry_insert_lead ON entry FOR INSERT WITH CHECK (
    author = current_user AND project_id IN (SELECT led_projects(current_user)));
CREATE POLICY entry_insert_reviewer ON entry FOR INSERT WITH CHECK (
    author = current_user
    AND project_id IN (SELECT my_projects(current_user))
    AND (kind = 'rater' OR (kind IN ('label', 'adjudication')
                            AND (project_id, person) IN (SELECT m.project_id, m.person FROM my_names(current_user) m))));

CREATE POLICY decided_read ON decided FOR SELECT USING (role = current_user);
