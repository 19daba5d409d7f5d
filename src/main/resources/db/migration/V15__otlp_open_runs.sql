-- Schema 15 (issue 53): OTLP runs whose messages may still come. @opentelemetry/instrumentation-openai (and the
-- deprecated GenAI event convention generally) sends a model call's messages as log records on /v1/logs, apart from
-- its span; they may reach the project in a later import, or after `receive` wrote the run. A run imported with a
-- model span that still lacks its messages is kept here with what is needed to assemble it again: its spans (one
-- OTLP/JSON request) and the message records joined so far. Log records that arrive later for it complete the stored
-- trace (one transaction: reassembled, rewritten, earlier labels withdrawn). A run whose every model call has its
-- messages has no row here (its row, if any, is removed when it is complete).
CREATE TABLE otlp_run (
    otlp_trace_id TEXT PRIMARY KEY,                     -- the trace id the spans and log records carry (hex)
    trace_id      TEXT NOT NULL REFERENCES trace(id) DEFERRABLE INITIALLY DEFERRED,  -- the project's trace of it
    spans         TEXT NOT NULL,                        -- the run's spans as one OTLP/JSON request
    messages      TEXT NOT NULL DEFAULT '{}',           -- message records joined so far: {span id: [event, ...]}
    open_spans    INTEGER NOT NULL CHECK (open_spans > 0),  -- model spans still without their messages
    updated_at    TEXT NOT NULL
);
CREATE INDEX otlp_run_trace_idx ON otlp_run(trace_id);
PRAGMA user_version = 15;
