-- Schema 2: the review queue filters by annotator ("adjudicated by me") and by label value.
CREATE INDEX adjudication_annotator_idx ON adjudication(annotator, trace_id);
CREATE INDEX label_value_idx ON label(rater_id, value);
