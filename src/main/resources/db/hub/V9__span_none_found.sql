-- Tracejudge team hub, schema 9: a span answer may be empty, "none found" (issue 49).
--
-- A rater who reads the text and finds nothing to mark answers a span question with an empty list of spans (JSON
-- `[]`): an answer, which decides the trace like any other, and not the same as no answer. Schema 7 refused it ("a
-- span answer is a non-empty array"). answer_refusal is schema 7's with that one check relaxed: the value must still be
-- an array, and each span in it is checked as before.

-- Why an answer's value does not fit question `q` (one element of a scheme form's questions), or null when it does.
CREATE OR REPLACE FUNCTION answer_refusal(q jsonb, v jsonb, answer_len integer) RETURNS text
    LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    qkey text := q->>'key';
    k text;
    opts jsonb;
    list text;
    x jsonb;
    n numeric;
    seen text[] := '{}';
BEGIN
    k := q->>'kind';
    opts := CASE WHEN jsonb_typeof(q->'options') = 'array' THEN q->'options' ELSE '[]'::jsonb END;
    SELECT string_agg(o, ', ') INTO list FROM jsonb_array_elements_text(opts) o;
    IF k = 'single_choice' THEN
        IF jsonb_typeof(v) <> 'string' THEN
            RETURN 'a single-choice answer is one option as a JSON string, not ' || v::text;
        ELSIF NOT opts ? (v #>> '{}') THEN
            RETURN 'option ''' || (v #>> '{}') || ''' is not one of ' || coalesce(list, '(none)');
        END IF;
    ELSIF k = 'multiple_choice' THEN
        IF jsonb_typeof(v) <> 'array' THEN
            RETURN 'a multiple-choice answer is an array of options, not ' || v::text;
        ELSIF jsonb_array_length(v) = 0 THEN
            RETURN 'no option chosen';
        END IF;
        FOR x IN SELECT * FROM jsonb_array_elements(v) LOOP
            IF jsonb_typeof(x) <> 'string' OR NOT opts ? (x #>> '{}') THEN
                RETURN 'option ' || x::text || ' is not one of ' || coalesce(list, '(none)');
            ELSIF (x #>> '{}') = ANY (seen) THEN
                RETURN 'option ' || x::text || ' chosen twice';
            END IF;
            seen := seen || (x #>> '{}');
        END LOOP;
    ELSIF k = 'ordinal' THEN
        IF jsonb_typeof(v) <> 'number' OR (v #>> '{}')::numeric <> trunc((v #>> '{}')::numeric) THEN
            RETURN 'an ordinal answer is a whole step, not ' || v::text;
        END IF;
        n := (v #>> '{}')::numeric;
        IF n < (q->>'from')::numeric OR n > (q->>'to')::numeric THEN
            RETURN 'step ' || v::text || ' is outside the scale ' || (q->>'from') || '–' || (q->>'to');
        END IF;
    ELSIF k = 'number' THEN
        IF jsonb_typeof(v) <> 'number' THEN
            RETURN 'a number answer is a JSON number, not ' || v::text;
        END IF;
        n := (v #>> '{}')::numeric;
        IF (q ? 'min' AND n < (q->>'min')::numeric) OR (q ? 'max' AND n > (q->>'max')::numeric) THEN
            RETURN v::text || ' is outside the range ' || coalesce(q->>'min', '-∞') || ' to ' || coalesce(q->>'max', '∞');
        END IF;
    ELSIF k = 'yes_no_per_tool' THEN
        IF jsonb_typeof(v) <> 'object' OR v = '{}'::jsonb THEN
            RETURN 'a yes/no per tool answer is an object of tool → YES or NO with at least one tool, not ' || v::text;
        END IF;
        IF EXISTS (SELECT 1 FROM jsonb_each(v) e WHERE btrim(e.key) = '' OR e.value NOT IN ('"YES"', '"NO"')) THEN
            RETURN 'each tool needs a name and YES or NO';
        END IF;
    ELSIF k = 'span' THEN
        IF jsonb_typeof(v) <> 'array' THEN
            -- an empty array is "none found"
            RETURN 'a span answer is an array of spans (empty: none found), not ' || v::text;
        END IF;
        FOR x IN SELECT * FROM jsonb_array_elements(v) LOOP
            IF jsonb_typeof(x) <> 'object' OR jsonb_typeof(x->'start') IS DISTINCT FROM 'number'
               OR jsonb_typeof(x->'end') IS DISTINCT FROM 'number' OR jsonb_typeof(x->'target') IS DISTINCT FROM 'string' THEN
                RETURN 'a span is an object with target, start and end: ' || x::text;
            ELSIF NOT coalesce(q->'targets', '[]'::jsonb) ? (x->>'target') THEN
                RETURN 'span ' || x::text || ': ''' || qkey || ''' takes spans of ' || coalesce((SELECT string_agg(t, ', ')
                    FROM jsonb_array_elements_text(q->'targets') t), '(nothing)') || ' only';
            ELSIF (x->>'start')::numeric < 0 OR (x->>'end')::numeric <= (x->>'start')::numeric
                  OR (x->>'start')::numeric <> trunc((x->>'start')::numeric)
                  OR (x->>'end')::numeric <> trunc((x->>'end')::numeric) THEN
                RETURN 'span ' || (x->>'start') || '–' || (x->>'end') || ': start must be ≥ 0 and end after start';
            ELSIF jsonb_typeof(x->'index') IS DISTINCT FROM 'number' AND x ? 'index' THEN
                RETURN 'span ' || x::text || ': index is a number';
            ELSIF coalesce((x->>'index')::numeric, 0) < 0
                  OR (x->>'target' = 'answer' AND coalesce((x->>'index')::numeric, 0) <> 0) THEN
                RETURN 'span ' || x::text || ': index ' || coalesce(x->>'index', '0')
                    || ' (the answer is index 0, others count from 0)';
            ELSIF x->>'target' = 'answer' AND answer_len IS NOT NULL AND (x->>'end')::numeric > answer_len THEN
                RETURN 'span ' || (x->>'start') || '–' || (x->>'end') || ' ends after the answer (' || answer_len
                    || ' characters)';
            ELSIF jsonb_array_length(opts) = 0 AND x ? 'option' AND x->'option' <> 'null'::jsonb THEN
                RETURN 'span ' || (x->>'start') || '–' || (x->>'end') || ': ''' || qkey || ''' has no options';
            ELSIF jsonb_array_length(opts) > 0 AND NOT opts ? coalesce(x->>'option', '') THEN
                RETURN 'span ' || (x->>'start') || '–' || (x->>'end') || ': option '
                    || coalesce(x->'option', 'null'::jsonb)::text || ' is not one of ' || list;
            END IF;
        END LOOP;
    ELSIF k = 'text' THEN
        IF jsonb_typeof(v) <> 'string' OR btrim(v #>> '{}') = '' THEN
            RETURN 'a text answer is a non-empty JSON string';
        END IF;
    ELSE
        RETURN 'question ''' || qkey || ''' has an unknown kind ' || coalesce(k, '(none)');
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION hub_version() RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT 9 $$;
